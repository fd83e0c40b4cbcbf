/**
 * The pure rules of the lottery (issue 9, decision 021): game families, their plays, how a bet
 * counts its notes and settles against a result, prizes in integer minor units, series and
 * rebate, and the provable draw (a result derived from HMAC-SHA256 bytes). Shared by the server
 * and the browser: no node-only API, no zod.
 */

/** A game family: the shape of its result and the plays it offers. Equal to the contract's gameGroupCode. */
export type Family = 'SSC' | '11X5' | 'K3' | 'PK10' | 'VNFAST' | 'VNNORTH' | 'VNCENTRAL' | 'VNSOUTH' | '4D';

export const FAMILIES: readonly Family[] = [
  'SSC',
  '11X5',
  'K3',
  'PK10',
  'VNFAST',
  'VNNORTH',
  'VNCENTRAL',
  'VNSOUTH',
  '4D',
];

/** Prize modes (brand `prizeModes`). */
export type PrizeModeCode = 'LOTT' | 'ZY' | 'ELOTT' | 'SEA';

/**
 * A drawn result: every number as its decimal text, in the family's slot order (see `FamilyDef.slots`):
 * SSC 5 digits "0"…"9" (ten-thousands … units); 11X5 5 distinct balls "01"…"11" in drawn order;
 * K3 3 dice "1"…"6"; PK10 the 10 places' cars "01"…"10"; Vietnamese games the 27 (North, fast) or
 * 18 (Central, South) numbers from the special prize down (special, 1st, 2nd…, 7th or 8th), each
 * with its prize's number of digits; 4D 23 distinct "0000"…"9999": 1st, 2nd, 3rd, 10 starters, 10 consolations.
 */
export interface DrawResult {
  readonly family: Family;
  readonly numbers: readonly string[];
}

/** One slot (position) of a family's result. */
export interface SlotDef {
  /** Prize or position key: P1…P10 for fast games; DB, G1…G8 for Vietnamese; FIRST…CONSOLATION for 4D. */
  readonly prize: string;
  /** Characters of the number ("1" for a digit, "01" style 2 for 11X5/PK10, 2–6 for Vietnamese, 4 for 4D). */
  readonly digits: number;
  /** Smallest and largest value. */
  readonly min: number;
  readonly max: number;
}

/** Series (prize group) band of a family in a prize mode. */
export interface SeriesBand {
  readonly prizeMode: PrizeModeCode;
  readonly prizeModeId: number;
  /** The prize formula's base: 1980 for 11X5, 2000 otherwise. */
  readonly base: number;
  readonly minSeries: number;
  readonly maxSeries: number;
  /** The highest series a bet may use; lower series earn the rebate (maxBetSeries − series) ÷ base. */
  readonly maxBetSeries: number;
  readonly defaultSeries: number;
  /** Series step of the choices (2: each −2 adds 0.1 % rebate on base 2000). */
  readonly step: number;
}

export interface FamilyDef {
  readonly family: Family;
  /** English display name and its i18n key. */
  readonly name: string;
  readonly nameKey: string;
  /** Prize formula base: 1980 for 11X5, 2000 otherwise. */
  readonly base: number;
  /** Slots of the result in order. */
  readonly slots: readonly SlotDef[];
  /** Whether the numbers of a result are all different (11X5, PK10, 4D). */
  readonly distinct: boolean;
  /** Prize modes this family is sold in. */
  readonly prizeModes: readonly PrizeModeCode[];
  /** Whether results are drawn by our RNG or, for traditional Vietnamese draws, entered from the official draw. */
  readonly resultSource: 'RNG' | 'OFFICIAL';
}

/** A row of a play's picker: one position or one list of choices. */
export interface RowSpec {
  /** Row key (P1…, "PICK", "SUM"…) and its English label; the i18n key is `lottery_row_<key lower-case>`. */
  readonly key: string;
  readonly label: string;
  /** Tokens the row offers, in display order (exactly as they are written in the content). */
  readonly options: readonly string[];
  /** Fewest picks for the row to count (0: the row may stay empty, e.g. positional plays). */
  readonly minPick: number;
  /** Most picks allowed in the row. */
  readonly maxPick: number;
  /** Whether the quick picks (all, big, small, odd, even, clear) apply: numeric options only. */
  readonly quick: boolean;
  /** Numeric options ≥ bigFrom are "big" for the quick pick. */
  readonly bigFrom: number;
  /** Typed rows (no option list: lô 3/4 số, 3/4 càng, 4D): every token is exactly this many digits. */
  readonly digits?: number;
}

/** One prize level of a play: the bonus paid per note at series = base, unit 1, multiple 1 (major units). */
export interface PrizeDef {
  readonly key: string;
  /** Payout of one note (stake `singleBetPrice`) at series = base, in major units, at most 4 decimals. */
  readonly bonus: number;
}

/** What a bet wins on a result: hits per prize key (lô pays per occurrence) and notes whose stake is returned (ties). */
export interface Settlement {
  readonly hits: readonly { readonly prizeKey: string; readonly count: number }[];
  /** Notes whose stake is returned (a tie: neither won nor lost). */
  readonly refundNotes: number;
  /** True when every note of the bet is returned (the bet is a tie, status 16). */
  readonly refund: boolean;
}

/** A bet's content parsed once: its notes and a settle function (for settling many results or tickets fast). */
export interface PreparedBet {
  readonly notes: number;
  settle(result: DrawResult): Settlement;
}

export interface PlayDef {
  readonly family: Family;
  /** Stable numeric id (the slip's playId); never reused. */
  readonly playId: number;
  /** Stable code, unique in the family (e.g. "5X_DIRECT", "LO2"). */
  readonly code: string;
  /** Play group (tab) code and English name. */
  readonly group: string;
  readonly groupName: string;
  /** English name; i18n key `lottery_play_<family>_<code>` lower-case (see nameKey). */
  readonly name: string;
  readonly nameKey: string;
  /** The rule in one or two English sentences (the rules page). */
  readonly rule: string;
  /** Stake of one note at unit 1, multiple 1 (major units): 2 for fast games, the slot count for lô. */
  readonly singleBetPrice: number;
  /** Picker rows, in content order. */
  readonly rows: readonly RowSpec[];
  /** Prize levels. */
  readonly prizes: readonly PrizeDef[];
  /** Expected return of one unit staked at series = base (1 = 100 %), as the exhaustive tests check. */
  readonly share: number;
  /** Notes of a content; throws LotteryRuleError when it is malformed or makes no note. */
  countNotes(content: string): number;
  /** Hits and returned notes of a content on a result; throws LotteryRuleError on a bad content or result. */
  settle(result: DrawResult, content: string): Settlement;
  /** Parses once; the answer settles any result. */
  prepare(content: string): PreparedBet;
}

/** A line of the bet slip string: `content~1~playId~bettingModeId~series~multiple`. */
export interface BetSlip {
  readonly content: string;
  readonly playId: number;
  /** bettingModeId 1–7 (the unit). */
  readonly bettingModeId: number;
  readonly series: number;
  readonly multiple: number;
}

/** An exact ratio (ZY factors, units). */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

export type LotteryRuleReason =
  | 'family.unknown'
  | 'play.unknown'
  | 'content.invalid'
  | 'content.no_notes'
  | 'content.too_long'
  | 'result.invalid'
  | 'bytes.exhausted'
  | 'slip.invalid'
  | 'amount.invalid'
  | 'series.invalid'
  | 'seed.invalid';

/** The one error the rules throw: a reason code (mapped by the server to its catalogue) and a sentence. */
export class LotteryRuleError extends Error {
  readonly reason: LotteryRuleReason;
  constructor(reason: LotteryRuleReason, message: string) {
    super(message);
    this.name = 'LotteryRuleError';
    this.reason = reason;
  }
}

export const isLotteryRuleError = (e: unknown): e is LotteryRuleError => e instanceof LotteryRuleError;
