import type { Family, FamilyDef, PrizeModeCode, SeriesBand, SlotDef } from './types.ts';
import { FAMILIES, LotteryRuleError } from './types.ts';

const positions = (n: number, digits: number, min: number, max: number): SlotDef[] =>
  Array.from({ length: n }, (_, i) => ({ prize: `P${i + 1}`, digits, min, max }));

const vnSlots = (table: readonly (readonly [string, number, number])[]): SlotDef[] =>
  table.flatMap(([prize, count, digits]) =>
    Array.from({ length: count }, () => ({ prize, digits, min: 0, max: 10 ** digits - 1 })),
  );

/** North (and the fast North-style game): 27 numbers, special first. */
export const VN_NORTH_TABLE: readonly (readonly [prize: string, count: number, digits: number])[] = [
  ['DB', 1, 5],
  ['G1', 1, 5],
  ['G2', 2, 5],
  ['G3', 6, 5],
  ['G4', 4, 4],
  ['G5', 6, 4],
  ['G6', 3, 3],
  ['G7', 4, 2],
];
/** South and Central: 18 numbers, special first. */
export const VN_SOUTH_TABLE: readonly (readonly [prize: string, count: number, digits: number])[] = [
  ['DB', 1, 6],
  ['G1', 1, 5],
  ['G2', 1, 5],
  ['G3', 2, 5],
  ['G4', 7, 5],
  ['G5', 1, 4],
  ['G6', 3, 4],
  ['G7', 1, 3],
  ['G8', 1, 2],
];

const ALL_MODES: readonly PrizeModeCode[] = ['LOTT', 'ELOTT', 'SEA'];

const def = (
  family: Family,
  name: string,
  slots: SlotDef[],
  distinct: boolean,
  extra: Partial<Pick<FamilyDef, 'base' | 'prizeModes' | 'resultSource'>> = {},
): FamilyDef => ({
  family,
  name,
  nameKey: `lottery_family_${family.toLowerCase()}`,
  base: extra.base ?? 2000,
  slots,
  distinct,
  prizeModes: extra.prizeModes ?? ALL_MODES,
  resultSource: extra.resultSource ?? 'RNG',
});

const FAMILY_DEFS: Readonly<Record<Family, FamilyDef>> = {
  SSC: def('SSC', 'SSC / 5D', positions(5, 1, 0, 9), false, { prizeModes: ['LOTT', 'ZY', 'ELOTT', 'SEA'] }),
  '11X5': def('11X5', '11 choose 5', positions(5, 2, 1, 11), true, { base: 1980 }),
  K3: def('K3', 'Fast 3 (dice)', positions(3, 1, 1, 6), false),
  PK10: def('PK10', 'PK10 racing', positions(10, 2, 1, 10), true),
  VNFAST: def('VNFAST', 'Vietnam fast (North style)', vnSlots(VN_NORTH_TABLE), false),
  VNNORTH: def('VNNORTH', 'Vietnam North', vnSlots(VN_NORTH_TABLE), false, { resultSource: 'OFFICIAL' }),
  VNCENTRAL: def('VNCENTRAL', 'Vietnam Central', vnSlots(VN_SOUTH_TABLE), false, {
    resultSource: 'OFFICIAL',
  }),
  VNSOUTH: def('VNSOUTH', 'Vietnam South', vnSlots(VN_SOUTH_TABLE), false, { resultSource: 'OFFICIAL' }),
  '4D': def(
    '4D',
    '4D',
    [
      { prize: 'FIRST', digits: 4, min: 0, max: 9999 },
      { prize: 'SECOND', digits: 4, min: 0, max: 9999 },
      { prize: 'THIRD', digits: 4, min: 0, max: 9999 },
      ...Array.from({ length: 10 }, () => ({ prize: 'STARTER', digits: 4, min: 0, max: 9999 })),
      ...Array.from({ length: 10 }, () => ({ prize: 'CONSOLATION', digits: 4, min: 0, max: 9999 })),
    ],
    true,
  ),
};

export const isFamily = (x: unknown): x is Family => typeof x === 'string' && FAMILIES.includes(x as Family);

export function familyOf(family: Family | string): FamilyDef {
  if (!isFamily(family)) throw new LotteryRuleError('family.unknown', `Unknown lottery family ${family}`);
  return FAMILY_DEFS[family];
}

/** Whether the family's numbers are Vietnamese prize slots (lô, đề…). */
export const isVietnamese = (family: Family): boolean =>
  family === 'VNFAST' || family === 'VNNORTH' || family === 'VNCENTRAL' || family === 'VNSOUTH';

export const PRIZE_MODE_IDS: Readonly<Record<PrizeModeCode, number>> = { LOTT: 1, ZY: 2, ELOTT: 3, SEA: 4 };

/**
 * The platform's top prize group at base 2000 (decision 028): LOTT's highest series, and the group
 * of every member no upline has placed lower.
 */
export const PRIZE_GROUP_TOP = 1956;

/** The prize modes with a rebate: their band at base 2000, [lowest, highest] series. */
const REBATE_BANDS = { LOTT: [1700, PRIZE_GROUP_TOP], ELOTT: [1800, 1960] } as const;

/**
 * Series bands per prize mode. LOTT: the player picks a series from minSeries to maxBetSeries in
 * steps of 2 and earns (maxBetSeries − series) ÷ base as rebate; ELOTT: a narrower band; SEA: one
 * fixed series, no rebate; ZY (SSC only): series 2000 with the ZY factor of the result's first digit.
 * Bands are scaled to the base (11X5's 1980) so that the return is the same share in every family.
 * 4D pays its fixed table in every mode (series = base).
 */
export function seriesBandOf(family: Family | string, mode: PrizeModeCode): SeriesBand {
  const f = familyOf(family);
  if (!f.prizeModes.includes(mode))
    throw new LotteryRuleError('series.invalid', `${f.family} is not sold in prize mode ${mode}`);
  const base = f.base;
  const at = (share2000: number) => Math.round((share2000 * base) / 2000 / 2) * 2;
  const band = (minS: number, maxS: number, def: number = maxS): SeriesBand => ({
    prizeMode: mode,
    prizeModeId: PRIZE_MODE_IDS[mode],
    base,
    minSeries: minS,
    maxSeries: maxS,
    maxBetSeries: maxS,
    defaultSeries: def,
    step: 2,
  });
  if (f.family === '4D') return band(base, base);
  switch (mode) {
    case 'LOTT':
      return band(at(REBATE_BANDS.LOTT[0]), at(REBATE_BANDS.LOTT[1]));
    case 'ELOTT':
      return band(at(REBATE_BANDS.ELOTT[0]), at(REBATE_BANDS.ELOTT[1]));
    case 'SEA':
      return band(at(1960), at(1960));
    case 'ZY':
      return band(2000, 2000);
  }
}

/**
 * The band a member of prize group `group` (base 2000, `member.lottery_series`, decision 028) bets
 * in: the mode's band with its highest bet series lowered by as much as the group lies below the
 * platform's top, so a member at the top (every member's default) keeps the mode's band whole. In
 * LOTT at base 2000 that highest series is the group itself (1900 → 1900); ELOTT keeps its 4 above
 * LOTT (1900 → 1904), so what a member's uplines keep, (top − group) ÷ 2000, is the same share in
 * both modes. On another base (11X5's 1980) the series is mapped in proportion and rounded down to
 * the band's step (1900 → 1881 → 1880), never below the band's lowest. Fixed modes (SEA, ZY, 4D)
 * pay one series and give no rebate, so there is nothing for a group to lower: they are the same
 * for every member. `defaultSeries` is the member's highest; `maxSeries` stays the mode's top.
 */
export function memberSeriesBand(family: Family | string, mode: PrizeModeCode, group: number): SeriesBand {
  const band = seriesBandOf(family, mode);
  if (!Number.isSafeInteger(group)) throw new LotteryRuleError('series.invalid', `No prize group ${group}`);
  if (mode !== 'LOTT' && mode !== 'ELOTT') return band;
  if (band.minSeries === band.maxSeries || group >= PRIZE_GROUP_TOP) return band;
  const top2000 = REBATE_BANDS[mode][1] - (PRIZE_GROUP_TOP - group);
  const mapped = Math.floor((top2000 * band.base) / 2000 / band.step) * band.step;
  const max = Math.min(band.maxSeries, Math.max(band.minSeries, mapped));
  return { ...band, maxBetSeries: max, defaultSeries: Math.min(band.defaultSeries, max) };
}

/** The rebate rate of a series in a band, as an exact fraction of the stake: (maxBetSeries − series) ÷ base. */
export function rebateRate(series: number, band: SeriesBand): { num: number; den: number } {
  checkSeries(series, band);
  return { num: band.maxBetSeries - series, den: band.base };
}

export function checkSeries(series: number, band: SeriesBand): void {
  if (
    !Number.isSafeInteger(series) ||
    series < band.minSeries ||
    series > band.maxBetSeries ||
    (band.maxBetSeries - series) % band.step !== 0
  )
    throw new LotteryRuleError(
      'series.invalid',
      `Series must be ${band.minSeries}–${band.maxBetSeries} in steps of ${band.step}`,
    );
}

/** The series choices of a band with their rebate in per cent (for "1956/0%" … "1700/12.8%"). */
export function seriesOptions(band: SeriesBand): { series: number; rebate: number }[] {
  const out: { series: number; rebate: number }[] = [];
  for (let s = band.maxBetSeries; s >= band.minSeries; s -= band.step)
    out.push({ series: s, rebate: Math.round(((band.maxBetSeries - s) * 100_000) / band.base) / 1000 });
  return out;
}
