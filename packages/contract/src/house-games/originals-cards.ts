import { FairStream, type BlockSource } from './fair.ts';

/**
 * The house originals played with cards (issue 34, decision 046): HiLo. Pure code shared by the
 * server, the browser's verifier and (copied, without imports) `scripts/verify-original.mjs`, on
 * decision 020's words like every original.
 *
 * A card is a whole number 0..51: rank = card % 13 + 1 (1 = ace, the lowest, … 13 = king), suit =
 * ⌊card / 13⌋ (0 spades, 1 hearts, 2 diamonds, 3 clubs). HiLo deals every card from a full deck
 * (card i of a round is the i-th unbiased int(52) of its stream: the "infinite deck" of the genre),
 * so no card seen changes the next one's chances and a guess's chance is its ranks out of 13.
 */

const gcd = (a: bigint, b: bigint): bigint => {
  while (b) [a, b] = [b, a % b];
  return a;
};
const reduce = (num: bigint, den: bigint) => {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
};

export const CARD_COUNT = 52;
export const CARD_RANKS = 13;
export const cardRank = (card: number) => (card % CARD_RANKS) + 1;
export const cardSuit = (card: number) => Math.floor(card / CARD_RANKS);
const RANK_TEXT = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_TEXT = ['♠', '♥', '♦', '♣'];
/** A card as text, `Q♥`. */
export const cardText = (card: number) => `${RANK_TEXT[cardRank(card) - 1]}${SUIT_TEXT[cardSuit(card)]}`;

// ---- HiLo -------------------------------------------------------------------------------------

/**
 * A guess on the next card's rank against the current one (r):
 * - `higher`: higher or the same (at an ace: strictly higher; not offered at a king),
 * - `lower`: lower or the same (at a king: strictly lower; not offered at an ace),
 * - `same`: the same rank, anywhere;
 * `skip` draws the next card without a guess (the multiplier stays).
 */
export type HiLoGuess = 'higher' | 'lower' | 'same';
export type HiLoAction = HiLoGuess | 'skip';
export const HILO_GUESSES: readonly HiLoGuess[] = ['higher', 'lower', 'same'];
/** Skips per round, and guesses per round (the round cashes out by itself at the last). */
export const HILO_MAX_SKIPS = 52;
export const HILO_MAX_GUESSES = 100;
/** The return of every HiLo round, whatever the guesses and wherever it is cashed out. */
export const HILO_RTP = { num: 99n, den: 100n } as const;

/** Ranks out of 13 that win `guess` from rank r (0: the guess is not offered there). */
export function hiloWinningRanks(rank: number, guess: HiLoGuess): number {
  if (guess === 'same') return 1;
  if (guess === 'higher') return rank === 13 ? 0 : rank === 1 ? 12 : 14 - rank;
  return rank === 1 ? 0 : rank === 13 ? 12 : rank;
}
export function hiloWins(rank: number, next: number, guess: HiLoGuess): boolean {
  if (guess === 'same') return next === rank;
  if (guess === 'higher') return rank === 1 ? next > 1 : next >= rank;
  return rank === 13 ? next < 13 : next <= rank;
}

/**
 * The multiplier after the correct guesses `won` (each its winning ranks out of 13):
 * 0.99 × Π 13 / w. The edge is taken once, not per guess, so cashing out after any guesses returns
 * exactly 99 % (each guess's factor 13 / w is fair: chance w / 13), like Mines.
 */
export function hiloMultiplier(winningRanks: readonly number[]): { num: bigint; den: bigint } {
  if (!winningRanks.length) return { num: 1n, den: 1n };
  let num = 99n;
  let den = 100n;
  for (const w of winningRanks) {
    num *= 13n;
    den *= BigInt(w);
  }
  return reduce(num, den);
}
/** The factor one more correct guess multiplies by: 13 / w. */
export function hiloFactor(rank: number, guess: HiLoGuess): { num: bigint; den: bigint } {
  return reduce(13n, BigInt(hiloWinningRanks(rank, guess)));
}

export interface HiLoWager {
  kind: 'hilo';
  bet: number;
  /** The player's actions in order; the round ends at the first wrong guess, else it was cashed out. */
  actions: HiLoAction[];
}
export interface HiLoStep {
  action: HiLoAction;
  /** The card the action turned. */
  card: number;
  /** A guess: right or wrong (a skip: null). */
  won: boolean | null;
}
export interface HiLoOutcome {
  game: 'hilo';
  bet: number;
  /** The first card, then one per action played. */
  cards: number[];
  steps: HiLoStep[];
  /** True when the round ended at a wrong guess. */
  lost: boolean;
  /** Correct guesses. */
  guesses: number;
  multiplier: { num: string; den: string };
  totalWin: number;
}

/** The first `n` cards of a round. */
export function hiloCards(source: BlockSource, n: number): number[] {
  const stream = new FairStream(source);
  return Array.from({ length: n }, () => stream.nextInt(CARD_COUNT));
}

/** Why an action cannot follow the actions so far from this card (null: it can). */
export function hiloActionProblem(
  card: number,
  action: unknown,
  actions: readonly HiLoAction[],
): string | null {
  if (action === 'skip') {
    if (actions.filter((a) => a === 'skip').length >= HILO_MAX_SKIPS)
      return `A round skips at most ${HILO_MAX_SKIPS} cards`;
    return null;
  }
  if (!HILO_GUESSES.includes(action as HiLoGuess)) return 'action is higher, lower, same or skip';
  if (hiloWinningRanks(cardRank(card), action as HiLoGuess) === 0)
    return action === 'higher' ? 'Nothing is higher than a king' : 'Nothing is lower than an ace';
  return null;
}

/** A round replayed from its actions. */
export function playHiLo(source: BlockSource, w: HiLoWager): HiLoOutcome {
  const stream = new FairStream(source);
  const cards = [stream.nextInt(CARD_COUNT)];
  const steps: HiLoStep[] = [];
  const won: number[] = [];
  let lost = false;
  for (const action of w.actions) {
    const current = cards.at(-1)!;
    if (hiloActionProblem(current, action, w.actions.slice(0, steps.length)))
      throw new RangeError(`hilo: ${action} cannot follow ${cardText(current)}`);
    const next = stream.nextInt(CARD_COUNT);
    cards.push(next);
    if (action === 'skip') {
      steps.push({ action, card: next, won: null });
      continue;
    }
    const right = hiloWins(cardRank(current), cardRank(next), action);
    steps.push({ action, card: next, won: right });
    if (!right) {
      lost = true;
      break;
    }
    won.push(hiloWinningRanks(cardRank(current), action));
  }
  const m = lost ? { num: 0n, den: 1n } : hiloMultiplier(won);
  return {
    game: 'hilo',
    bet: w.bet,
    cards,
    steps,
    lost,
    guesses: won.length,
    multiplier: { num: m.num.toString(), den: m.den.toString() },
    totalWin: !lost && won.length ? Number((BigInt(w.bet) * m.num) / m.den) : 0,
  };
}

/** The smallest factor a guess from this rank can take (its likeliest guess): 13 / max w. */
export function hiloLeastFactor(rank: number): { num: bigint; den: bigint } {
  const w = Math.max(...HILO_GUESSES.map((g) => hiloWinningRanks(rank, g)));
  return reduce(13n, BigInt(w));
}
