import { parseContent } from './content.ts';
import { checkResult } from './draw.ts';
import type { DrawResult, Family, PlayDef, PreparedBet, PrizeDef, RowSpec, Settlement } from './types.ts';
import { LotteryRuleError } from './types.ts';

/** A play's content compiled against its rows: notes, and the settlement on a result's numbers. */
export interface Compiled {
  readonly notes: number;
  settle(r: readonly number[]): Settlement;
}

export interface PlaySpec {
  readonly family: Family;
  readonly playId: number;
  readonly code: string;
  readonly group: string;
  readonly groupName: string;
  readonly name: string;
  readonly rule: string;
  readonly price: number;
  readonly rows: readonly RowSpec[];
  readonly prizes: readonly PrizeDef[];
  readonly share?: number;
  compile(rows: readonly (readonly string[])[]): Compiled;
}

// Results as numbers, checked once per result object: kept on the object under a hidden
// (non-enumerable) symbol, or in a WeakMap for frozen objects.
const INTS = Symbol('lotteryResultInts');
const frozenInts = new WeakMap<DrawResult, readonly number[]>();
export function resultInts(result: DrawResult, family: Family): readonly number[] {
  const cached = (result as { [INTS]?: readonly number[] })[INTS] ?? frozenInts.get(result);
  if (cached && result.family === family) return cached;
  if (!result || result.family !== family)
    throw new LotteryRuleError('result.invalid', `This is not a ${family} result`);
  checkResult(family, result.numbers);
  const v = Object.freeze(result.numbers.map(Number));
  if (Object.isExtensible(result)) Object.defineProperty(result, INTS, { value: v, enumerable: false });
  else frozenInts.set(result, v);
  return v;
}

export function definePlay(spec: PlaySpec): PlayDef {
  const prepare = (content: string): PreparedBet => {
    const compiled = spec.compile(parseContent(content, spec.rows));
    if (!(compiled.notes >= 1))
      throw new LotteryRuleError('content.no_notes', 'Pick more numbers: this selection makes no bet');
    return {
      notes: compiled.notes,
      settle: (result: DrawResult) => compiled.settle(resultInts(result, spec.family)),
    };
  };
  return {
    family: spec.family,
    playId: spec.playId,
    code: spec.code,
    group: spec.group,
    groupName: spec.groupName,
    name: spec.name,
    nameKey: `lottery_play_${spec.family}_${spec.code}`.toLowerCase(),
    rule: spec.rule,
    singleBetPrice: spec.price,
    rows: spec.rows,
    prizes: spec.prizes,
    share: spec.share ?? 1,
    countNotes: (content) => prepare(content).notes,
    settle: (result, content) => prepare(content).settle(result),
    prepare,
  };
}

// ---- helpers for the play modules --------------------------------------------------------------

export const NO_HIT: Settlement = { hits: [], refundNotes: 0, refund: false };

/** A settlement from (key, count) pairs and returned notes. */
export function settlement(notes: number, refundNotes: number, ...hits: [string, number][]): Settlement {
  const h = hits.filter(([, c]) => c > 0).map(([prizeKey, count]) => ({ prizeKey, count }));
  if (h.length === 0 && refundNotes === 0) return NO_HIT;
  return { hits: h, refundNotes, refund: refundNotes > 0 && refundNotes >= notes };
}

const hitMemo = new Map<string, Settlement[]>();
/** A settlement of `count` hits of one prize key and no returned stake (memoised: settling is a hot loop). */
export function hit(key: string, count = 1): Settlement {
  let byCount = hitMemo.get(key);
  if (!byCount) hitMemo.set(key, (byCount = []));
  return (byCount[count] ??= Object.freeze({
    hits: Object.freeze([Object.freeze({ prizeKey: key, count })]),
    refundNotes: 0,
    refund: false,
  }));
}

export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** Bonus rounded down to 4 decimals (TCG keeps 4). */
export const floor4 = (x: number): number => Math.floor(x * 10_000 + 1e-7) / 10_000;

export const pad = (n: number, w: number): string => String(n).padStart(w, '0');

/** Numeric options from..to, zero-padded to width. */
export function numRow(
  key: string,
  label: string,
  from: number,
  to: number,
  width: number,
  minPick: number,
  maxPick = to - from + 1,
  bigFrom = Math.floor((from + to + 1) / 2),
): RowSpec {
  const options = Array.from({ length: to - from + 1 }, (_, i) => pad(from + i, width));
  // Quick picks only where a row may take every option (not xiên, trượt: at most 16 numbers).
  return { key, label, options, minPick, maxPick, quick: maxPick >= options.length, bigFrom };
}

/** A row of named choices (B, S, O, E, D, T…). */
export const tokenRow = (key: string, label: string, options: string[], minPick = 1): RowSpec => ({
  key,
  label,
  options,
  minPick,
  maxPick: options.length,
  quick: false,
  bigFrom: 0,
});

/** A typed row: numbers of `digits` digits typed by the player. */
export const typedRow = (
  key: string,
  label: string,
  digits: number,
  minPick: number,
  maxPick: number,
): RowSpec => ({
  key,
  label,
  options: [],
  minPick,
  maxPick,
  quick: false,
  bigFrom: 0,
  digits,
});

/** Notes of ordered direct plays without repeats (11X5, PK10 front 2/3): choices of one ball per row, all different. */
export function distinctTuples(rows: readonly (readonly string[])[]): number {
  const rec = (i: number, used: ReadonlySet<string>): number => {
    if (i === rows.length) return 1;
    let n = 0;
    for (const t of rows[i]!) if (!used.has(t)) n += rec(i + 1, new Set([...used, t]));
    return n;
  };
  return rec(0, new Set());
}

/**
 * A direct play: one row per place read, a note per choice of one token per row (all different when
 * the family's balls are), winning when every place shows its row's choice.
 */
export function directPlay(o: {
  family: Family;
  playId: number;
  code: string;
  group: string;
  groupName: string;
  name: string;
  rule: string;
  rows: readonly RowSpec[];
  places: readonly number[];
  bonus: number;
  distinct: boolean;
}): PlayDef {
  return definePlay({
    family: o.family,
    playId: o.playId,
    code: o.code,
    group: o.group,
    groupName: o.groupName,
    name: o.name,
    rule: o.rule,
    price: 2,
    rows: o.rows,
    prizes: [{ key: 'DIRECT', bonus: o.bonus }],
    compile(rows): Compiled {
      const s = rows.map((r) => new Set(r.map(Number)));
      const notes = o.distinct ? distinctTuples(rows) : rows.reduce((a, r) => a * r.length, 1);
      return { notes, settle: (r) => (o.places.every((p, i) => s[i]!.has(r[p]!)) ? hit('DIRECT') : NO_HIT) };
    },
  });
}

/**
 * A position play (DWD) compiled: a note per number picked on any place, each winning when its
 * place shows it, so one draw pays once per place that hits.
 */
export function compilePositionPicks(rows: readonly (readonly string[])[]): Compiled {
  const s = rows.map((r) => new Set(r.map(Number)));
  return {
    notes: rows.reduce((a, r) => a + r.length, 0),
    settle(r) {
      let c = 0;
      for (let p = 0; p < s.length; p++) if (s[p]!.has(r[p]!)) c++;
      return c ? hit('DWD', c) : NO_HIT;
    },
  };
}

export const POSITION_LABELS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];
export const BSOE = ['B', 'S', 'O', 'E'];
