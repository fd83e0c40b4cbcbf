import { describe, expect, it } from 'vitest';
import {
  decimalRatio,
  formatSlip,
  formatSlips,
  isLotteryRuleError,
  memberSeriesBand,
  parseSlip,
  parseSlips,
  parseWinNo,
  playOf,
  PRIZE_GROUP_TOP,
  prizeOf,
  rebateOf,
  rebateRate,
  refundOf,
  seriesBandOf,
  seriesOptions,
  stakeOf,
  checkSeries,
  topPrizeOf,
  winOf,
  zyFactor,
  FAMILIES,
  type LotteryRuleReason,
  type PrizeModeCode,
} from './index.ts';

const reason = (f: () => unknown): LotteryRuleReason | undefined => {
  try {
    f();
  } catch (e) {
    return isLotteryRuleError(e) ? e.reason : undefined;
  }
  return undefined;
};

describe('money in integer minor units', () => {
  it('reads decimals exactly, never as floats', () => {
    expect(decimalRatio(0.1)).toEqual({ num: 1n, den: 10n });
    expect(decimalRatio('7.38')).toEqual({ num: 738n, den: 100n });
    expect(reason(() => decimalRatio(1e-7))).toBe('amount.invalid');
    expect(reason(() => decimalRatio(-1))).toBe('amount.invalid');
  });

  it('prize = bonus × series ÷ base × unit × multiple, rounded down once to the minor unit', () => {
    // SSC 5-star direct: 200,000 at 2000 → at 1956, unit 1, multiple 1: 195,600.00
    expect(prizeOf(200_000, 1956, 2000, 1, 1)).toBe(19_560_000n);
    // 11X5 any 5: 924 × 1936 ÷ 1980 = 903.466… → 903.46 (cents, rounded down)
    expect(prizeOf(924, 1936, 1980, 1, 1)).toBe(90_346n);
    // Cent unit, multiple 3: 20 × 1956/2000 × 0.01 × 3 = 0.5868 → 0.58
    expect(prizeOf(20, 1956, 2000, 0.01, 3)).toBe(58n);
    // Same with 4 decimals: 5868
    expect(prizeOf(20, 1956, 2000, 0.01, 3, { precision: 4 })).toBe(5868n);
    // ZY: ten-thousands digit 9 → × 0.9, 6 → × 0.6, else × 1
    expect(prizeOf(200_000, 2000, 2000, 1, 1, { factor: zyFactor(parseWinNo('SSC', '92345')) })).toBe(
      18_000_000n,
    );
    expect(zyFactor(parseWinNo('SSC', '62345'))).toEqual({ num: 6n, den: 10n });
    expect(zyFactor(parseWinNo('SSC', '12345'))).toEqual({ num: 1n, den: 1n });
    expect(reason(() => prizeOf(20, 1956, 2000, 1, 0))).toBe('amount.invalid');
    expect(reason(() => prizeOf(20, 1956.5, 2000, 1, 1))).toBe('amount.invalid');
  });

  it('stake = notes × singleBetPrice × unit × multiple, exact or refused', () => {
    expect(stakeOf(4, 2, 1, 1)).toBe(800n);
    expect(stakeOf(3, 2, 0.1, 5)).toBe(300n); // 3 × 2 × 0.1 × 5 = 3.00
    expect(stakeOf(1, 27, 1, 1, 0)).toBe(27n); // a North lô point, whole currency units
    expect(reason(() => stakeOf(1, 2, 0.001, 1))).toBe('amount.invalid'); // 0.002 is not a cent
    expect(stakeOf(1, 2, 0.001, 5)).toBe(1n); // 0.01
    expect(reason(() => stakeOf(0, 2, 1, 1))).toBe('amount.invalid');
  });

  it('win and refund of a settlement: lô pays count × one hit; ties return their stake', () => {
    const lo = playOf('VNNORTH', 'LO2');
    const s = { hits: [{ prizeKey: 'LO2', count: 3 }], refundNotes: 0, refund: false };
    const one = prizeOf(100, 1960, 2000, 1, 2);
    expect(winOf(lo, s, { series: 1960, base: 2000, unit: 1, multiple: 2 })).toBe(3n * one);
    const dt = playOf('SSC', 'DT');
    const tie = dt.settle(parseWinNo('SSC', '50005'), 'D,T');
    expect(refundOf(dt, tie, 0.1, 3)).toBe(stakeOf(2, 2, 0.1, 3));
    expect(winOf(dt, tie, { series: 1956, base: 2000, unit: 1, multiple: 1 })).toBe(0n);
    // Win per note at the top bonus: K3 sums top out at 4 and 17 (144).
    expect(topPrizeOf(playOf('K3', 'SUM'), { series: 1956, base: 2000, unit: 1, multiple: 1 })).toBe(
      prizeOf(144, 1956, 2000, 1, 1),
    );
  });
});

describe('series and rebate', () => {
  it('LOTT 1700–1956 (11X5 1684–1936), ELOTT, SEA fixed, ZY for SSC only at 2000, 4D at base', () => {
    expect(seriesBandOf('SSC', 'LOTT')).toMatchObject({ base: 2000, minSeries: 1700, maxBetSeries: 1956 });
    expect(seriesBandOf('11X5', 'LOTT')).toMatchObject({ base: 1980, minSeries: 1684, maxBetSeries: 1936 });
    expect(seriesBandOf('K3', 'SEA')).toMatchObject({ minSeries: 1960, maxBetSeries: 1960 });
    expect(seriesBandOf('SSC', 'ZY')).toMatchObject({ minSeries: 2000, maxBetSeries: 2000, prizeModeId: 2 });
    expect(reason(() => seriesBandOf('K3', 'ZY'))).toBe('series.invalid');
    expect(seriesBandOf('4D', 'LOTT')).toMatchObject({ minSeries: 2000, maxBetSeries: 2000 });
  });

  it('rebate = (maxBetSeries − series) ÷ base: 1956 → 1700 gives 12.8 %, each −2 adds 0.1 %', () => {
    const band = seriesBandOf('SSC', 'LOTT');
    expect(rebateRate(1700, band)).toEqual({ num: 256, den: 2000 });
    expect(rebateOf(10_000n, 1700, 1956, 2000)).toBe(1280n);
    expect(rebateOf(10_000n, 1954, 1956, 2000)).toBe(10n);
    expect(rebateOf(333n, 1954, 1956, 2000)).toBe(0n); // 0.333 rounded down
    const opts = seriesOptions(band);
    expect(opts[0]).toEqual({ series: 1956, rebate: 0 });
    expect(opts[1]).toEqual({ series: 1954, rebate: 0.1 });
    expect(opts.at(-1)).toEqual({ series: 1700, rebate: 12.8 });
    expect(reason(() => checkSeries(1957, band))).toBe('series.invalid');
    expect(reason(() => checkSeries(1955, band))).toBe('series.invalid');
    expect(reason(() => checkSeries(1698, band))).toBe('series.invalid');
  });
});

describe("a member's prize group (decision 028)", () => {
  const modes: PrizeModeCode[] = ['LOTT', 'ZY', 'ELOTT', 'SEA'];
  const sold = (family: string) =>
    modes.filter((m) => reason(() => seriesBandOf(family, m)) === undefined).map((m) => [family, m] as const);

  it('the platform top (every member by default) keeps every band of every family whole', () => {
    expect(PRIZE_GROUP_TOP).toBe(1956);
    for (const family of FAMILIES)
      for (const [, mode] of sold(family)) {
        expect(memberSeriesBand(family, mode, 1956), `${family} ${mode}`).toEqual(seriesBandOf(family, mode));
        // A group above the top (not one the rules give) raises nothing.
        expect(memberSeriesBand(family, mode, 1990), `${family} ${mode}`).toEqual(seriesBandOf(family, mode));
      }
  });

  it('group 1900: LOTT up to 1900 (11X5 1880, in proportion and rounded down), ELOTT 4 above, fixed modes unchanged', () => {
    const ssc = memberSeriesBand('SSC', 'LOTT', 1900);
    expect(ssc).toEqual({ ...seriesBandOf('SSC', 'LOTT'), maxBetSeries: 1900, defaultSeries: 1900 });
    expect(ssc.maxSeries).toBe(1956); // the mode's top, as the original's series object has it
    expect(seriesOptions(ssc)[0]).toEqual({ series: 1900, rebate: 0 });
    expect(seriesOptions(ssc).at(-1)).toEqual({ series: 1700, rebate: 10 });
    expect(seriesOptions(ssc)).toHaveLength(101);
    expect(reason(() => checkSeries(1902, ssc))).toBe('series.invalid');
    expect(reason(() => checkSeries(1900, ssc))).toBeUndefined();
    expect(rebateOf(10_000n, 1800, ssc.maxBetSeries, ssc.base)).toBe(500n); // (1900 − 1800) ÷ 2000
    expect(rebateOf(10_000n, 1900, ssc.maxBetSeries, ssc.base)).toBe(0n);
    // 1900 × 1980 ÷ 2000 = 1881, down to the step: 1880.
    expect(memberSeriesBand('11X5', 'LOTT', 1900)).toMatchObject({ minSeries: 1684, maxBetSeries: 1880 });
    expect(memberSeriesBand('K3', 'ELOTT', 1900)).toMatchObject({ minSeries: 1800, maxBetSeries: 1904 });
    // 1904 × 0.99 = 1884.96 → 1884.
    expect(memberSeriesBand('11X5', 'ELOTT', 1900)).toMatchObject({ minSeries: 1782, maxBetSeries: 1884 });
    for (const family of FAMILIES)
      for (const [, mode] of sold(family))
        if (mode !== 'LOTT' && mode !== 'ELOTT')
          expect(memberSeriesBand(family, mode, 1900), `${family} ${mode}`).toEqual(
            seriesBandOf(family, mode),
          );
    expect(memberSeriesBand('4D', 'LOTT', 1700)).toEqual(seriesBandOf('4D', 'LOTT'));
  });

  it('mapped in proportion, never below the band: 11X5 1800 → 1782, 1700 → 1684; ELOTT at 1700 → its 1800', () => {
    expect(memberSeriesBand('11X5', 'LOTT', 1800).maxBetSeries).toBe(1782);
    expect(memberSeriesBand('11X5', 'LOTT', 1954).maxBetSeries).toBe(1934);
    expect(memberSeriesBand('11X5', 'LOTT', 1700).maxBetSeries).toBe(1684);
    expect(seriesOptions(memberSeriesBand('SSC', 'LOTT', 1700))).toEqual([{ series: 1700, rebate: 0 }]);
    expect(memberSeriesBand('PK10', 'ELOTT', 1700)).toMatchObject({ minSeries: 1800, maxBetSeries: 1800 });
    expect(memberSeriesBand('SSC', 'LOTT', 0).maxBetSeries).toBe(1700);
    expect(memberSeriesBand('SSC', 'LOTT', 1901).maxBetSeries).toBe(1900);
    expect(reason(() => memberSeriesBand('SSC', 'LOTT', 1900.5))).toBe('series.invalid');
    expect(reason(() => memberSeriesBand('K3', 'ZY', 1956))).toBe('series.invalid');
  });
});

describe('bet slip strings', () => {
  it('content~1~playId~bettingModeId~series~multiple, lines joined by ;', () => {
    const a = { content: '1,2_3_4_5_6', playId: 1001, bettingModeId: 1, series: 1956, multiple: 2 };
    const b = { content: 'D', playId: 1020, bettingModeId: 3, series: 1700, multiple: 1 };
    expect(formatSlip(a)).toBe('1,2_3_4_5_6~1~1001~1~1956~2');
    expect(parseSlips(formatSlips([a, b]))).toEqual([a, b]);
    for (const bad of [
      '1~1~1001~1~1956',
      '1~2~1001~1~1956~1',
      '1~1~1001~8~1956~1',
      '1~1~1001~1~1956~0',
      '~1~1~1~1956~1',
    ])
      expect(
        reason(() => parseSlip(bad)),
        bad,
      ).toBe('slip.invalid');
    expect(reason(() => parseSlips(''))).toBe('slip.invalid');
    expect(reason(() => parseSlips(Array(101).fill(formatSlip(a)).join(';')))).toBe('slip.invalid');
  });
});
