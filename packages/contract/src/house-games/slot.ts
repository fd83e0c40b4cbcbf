import { FairStream, type BlockSource } from './fair.ts';

/**
 * "Lucky Lotus", the house slot (decision 020): 5 reels, 3 rows, 20 fixed paylines, wilds on
 * reels 2-4, scatters anywhere. Pure: the same code settles a spin on the server and replays it in
 * the verifier page. Pays are multiples of the line bet (total bet / 20); scatter pays multiples of
 * the total bet; every amount is a whole number of minor units, so no win is ever rounded.
 */

export const SlotSymbols = [
  'WILD',
  'SCATTER',
  'LOTUS',
  'DRAGON',
  'KOI',
  'LANTERN',
  'COIN',
  'A',
  'K',
  'Q',
  'J',
  'TEN',
] as const;
export type SlotSymbol = (typeof SlotSymbols)[number];

export const WILD = 0;
export const SCATTER = 1;

export interface SlotDefinition {
  rows: number;
  /** Reel strips: symbol indexes into SlotSymbols; a stop shows rows consecutive positions (wrapping). */
  strips: readonly (readonly number[])[];
  /** Row per reel of each payline. */
  paylines: readonly (readonly number[])[];
  /** Line pays by symbol index: [3 of a kind, 4, 5] in line bets (0 for WILD and SCATTER). */
  pays: readonly (readonly [number, number, number])[];
  /** Scatter pays by scatters anywhere: index = count (0..5), in total bets. */
  scatterPays: readonly number[];
  /** Free spins awarded by scatters anywhere: index = count. */
  freeSpins: readonly number[];
  /** Wins of free spins are multiplied by this. Free spins do not award more free spins. */
  freeSpinMultiplier: number;
  /** The return to player the paytable states, in percent with 2 decimals (proved exact in slot-rtp.test.ts). */
  statedRtpPercent: string;
  /** The volatility class the paytable states: `slotVolatilityOf` its exact variance (proved in slot-rtp.test.ts). */
  statedVolatility: SlotVolatility;
}

/** A slot's volatility classes, as the catalogue's `volatility` spells them (contract games.ts). */
export const SLOT_VOLATILITIES = ['LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH'] as const;
export type SlotVolatility = (typeof SLOT_VOLATILITIES)[number];

/** Builds a strip from symbol counts, spreading each symbol evenly (deterministic). */
function strip(counts: Partial<Record<SlotSymbol, number>>): number[] {
  const length = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
  const slots: (number | null)[] = Array.from({ length }, () => null);
  // Rarest first, each at evenly spaced positions, shifted to the next free place.
  const order = (Object.entries(counts) as [SlotSymbol, number][]).sort((a, b) => a[1] - b[1]);
  let offset = 0;
  for (const [name, count] of order) {
    const symbol = SlotSymbols.indexOf(name);
    for (let i = 0; i < count; i++) {
      let at = (offset + Math.floor((i * length) / count)) % length;
      while (slots[at] !== null) at = (at + 1) % length;
      slots[at] = symbol;
    }
    offset += 3;
  }
  return slots as number[];
}

const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/** Symbol counts of reels 1 and 5; reels 2-4 add four wilds. */
const OUTER = {
  SCATTER: 1,
  LOTUS: 1,
  DRAGON: 1,
  KOI: 2,
  LANTERN: 2,
  COIN: 2,
  A: 4,
  K: 4,
  Q: 4,
  J: 5,
  TEN: 5,
};

export const LUCKY_LOTUS: SlotDefinition = {
  rows: 3,
  strips: [
    strip(OUTER),
    strip({ WILD: 4, ...OUTER }),
    strip({ WILD: 4, ...OUTER }),
    strip({ WILD: 4, ...OUTER }),
    strip(OUTER),
  ],
  paylines: PAYLINES,
  pays: [
    [0, 0, 0], // WILD substitutes only
    [0, 0, 0], // SCATTER pays anywhere
    [50, 250, 1000], // LOTUS
    [40, 150, 600], // DRAGON
    [30, 100, 400], // KOI
    [25, 60, 250], // LANTERN
    [20, 50, 200], // COIN
    [12, 30, 120], // A
    [10, 25, 100], // K
    [8, 20, 80], // Q
    [7, 18, 70], // J
    [5, 15, 50], // TEN
  ],
  scatterPays: [0, 0, 0, 5, 20, 100],
  freeSpins: [0, 0, 0, 8, 12, 20],
  freeSpinMultiplier: 2,
  statedRtpPercent: '95.92',
  // σ ≈ 2.59 a unit bet (σ² = 6.714…): many small line wins, 1,000 line bets (50 bets) at most a line.
  statedVolatility: 'LOW',
};

export const SLOT_LINES = PAYLINES.length;

/** The pay of one payline's symbols (left to right, wilds substituting), and what it paid for. */
export function linePay(
  def: SlotDefinition,
  symbols: readonly number[],
): { symbol: number; count: number; pay: number } {
  let target = -1;
  let count = 0;
  for (const s of symbols) {
    if (s === SCATTER) break;
    if (s === WILD) {
      count += 1;
      continue;
    }
    if (target === -1) target = s;
    else if (s !== target) break;
    count += 1;
  }
  if (target === -1 || count < 3) return { symbol: target, count, pay: 0 };
  return { symbol: target, count, pay: def.pays[target]![count - 3]! };
}

export interface LineWin {
  /** Index into the definition's paylines. */
  line: number;
  symbol: number;
  count: number;
  /** Minor units (pay × line bet × multiplier). */
  win: number;
}

export interface SlotSpin {
  /** The first visible position of each reel's strip. */
  stops: number[];
  /** Visible symbols, reel by reel, top row first. */
  grid: number[][];
  lineWins: LineWin[];
  scatters: number;
  /** Minor units, multiplier included. */
  scatterWin: number;
  /** Free spins this spin awarded (base game only). */
  freeSpinsAwarded: number;
  /** Minor units, multiplier included. */
  win: number;
}

export interface SlotOutcome {
  game: 'slot';
  bet: number;
  base: SlotSpin;
  freeSpins: SlotSpin[];
  /** Minor units: base win plus every free spin's win. */
  totalWin: number;
}

/** The visible window of a stop. */
export function windowAt(def: SlotDefinition, stops: readonly number[]): number[][] {
  return stops.map((stop, r) => {
    const s = def.strips[r]!;
    return Array.from({ length: def.rows }, (_, row) => s[(stop + row) % s.length]!);
  });
}

function evaluate(
  def: SlotDefinition,
  stops: number[],
  lineBet: number,
  totalBet: number,
  multiplier: number,
  freeGame: boolean,
): SlotSpin {
  const grid = windowAt(def, stops);
  const lineWins: LineWin[] = [];
  let win = 0;
  const symbols: number[] = [0, 0, 0, 0, 0];
  for (let l = 0; l < def.paylines.length; l++) {
    const rows = def.paylines[l]!;
    for (let r = 0; r < rows.length; r++) symbols[r] = grid[r]![rows[r]!]!;
    const paid = linePay(def, symbols);
    if (paid.pay > 0) {
      const amount = paid.pay * lineBet * multiplier;
      lineWins.push({ line: l, symbol: paid.symbol, count: paid.count, win: amount });
      win += amount;
    }
  }
  let scatters = 0;
  for (const column of grid) for (const s of column) if (s === SCATTER) scatters += 1;
  const scatterWin = (def.scatterPays[scatters] ?? 0) * totalBet * multiplier;
  win += scatterWin;
  const freeSpinsAwarded = freeGame ? 0 : (def.freeSpins[scatters] ?? 0);
  return { stops, grid, lineWins, scatters, scatterWin, freeSpinsAwarded, win };
}

/** The total bets a slot accepts: multiples of the number of lines, in minor units. */
export function isValidSlotBet(def: SlotDefinition, bet: number): boolean {
  return Number.isSafeInteger(bet) && bet > 0 && bet % def.paylines.length === 0;
}

/**
 * One paid spin and the free spins it awards, from the round's HMAC blocks: each spin draws one
 * stop per reel, reel 1 first, uniform over the strip's positions.
 */
export function playSlot(def: SlotDefinition, source: BlockSource, bet: number): SlotOutcome {
  if (!isValidSlotBet(def, bet))
    throw new RangeError(`slot bet ${bet} is not a multiple of ${def.paylines.length}`);
  const lineBet = bet / def.paylines.length;
  const stream = new FairStream(source);
  const draw = () => def.strips.map((s) => stream.nextInt(s.length));
  const base = evaluate(def, draw(), lineBet, bet, 1, false);
  const freeSpins: SlotSpin[] = [];
  for (let i = 0; i < base.freeSpinsAwarded; i++)
    freeSpins.push(evaluate(def, draw(), lineBet, bet, def.freeSpinMultiplier, true));
  const totalWin = base.win + freeSpins.reduce((a, s) => a + s.win, 0);
  return { game: 'slot', bet, base, freeSpins, totalWin };
}
