import { FairStream, type BlockSource } from './fair.ts';

/**
 * Dragon Tiger, the house round game (decision 020) behind the live-table, cards, fish and PvP
 * entries of the sandbox vendor. One card to Dragon, one to Tiger, each drawn uniformly from a
 * full 52-card deck (an endless shoe: every card is a fresh draw, so the odds never depend on
 * earlier rounds). The higher rank wins (ace low, king high).
 *
 * Pays: Dragon or Tiger 1 to 1, half the stake back on a tie; Tie 11 to 1. Exact returns over the
 * 52 × 52 equally likely deals: Dragon and Tiger 25/26 (house edge 3.85%), Tie 12/13 (7.69%),
 * proved by enumeration in dragon-tiger.test.ts.
 */
export const DT_SIDES = ['DRAGON', 'TIGER', 'TIE'] as const;
export type DtSide = (typeof DT_SIDES)[number];

export interface DtBets {
  DRAGON: number;
  TIGER: number;
  TIE: number;
}

/** House edge the table states per bet, in percent (2 decimals). */
export const DT_STATED_EDGE_PERCENT: Record<DtSide, string> = { DRAGON: '3.85', TIGER: '3.85', TIE: '7.69' };
/** Tie pays 11 to 1. */
export const DT_TIE_PAYS = 11;

export interface DtCard {
  /** 0..51: suit = floor(card / 13) (spades, hearts, clubs, diamonds), rank = card % 13 + 1 (A=1 .. K=13). */
  card: number;
  rank: number;
  suit: number;
}

export interface DtOutcome {
  game: 'dragon-tiger';
  bets: DtBets;
  bet: number;
  dragon: DtCard;
  tiger: DtCard;
  result: DtSide;
  /** What each bet returns (stake included), minor units. */
  returns: DtBets;
  totalWin: number;
}

export function dtCard(card: number): DtCard {
  return { card, rank: (card % 13) + 1, suit: Math.floor(card / 13) };
}

/** Dragon and Tiger bets must be even (half comes back on a tie, never a rounded half). */
export function dtBetProblem(bets: DtBets): string | null {
  for (const side of DT_SIDES) {
    const v = bets[side];
    if (!Number.isSafeInteger(v) || v < 0) return `${side} must be a whole, non-negative amount`;
  }
  if (bets.DRAGON % 2 || bets.TIGER % 2) return 'Dragon and Tiger bets are even amounts of the smallest unit';
  if (bets.DRAGON + bets.TIGER + bets.TIE <= 0) return 'Place a bet first';
  return null;
}

/** Settles bets on a given deal (used by the engine and by the exact-return test). */
export function settleDragonTiger(
  bets: DtBets,
  dragonCard: number,
  tigerCard: number,
): Omit<DtOutcome, 'game'> {
  const dragon = dtCard(dragonCard);
  const tiger = dtCard(tigerCard);
  const result: DtSide = dragon.rank > tiger.rank ? 'DRAGON' : tiger.rank > dragon.rank ? 'TIGER' : 'TIE';
  const returns: DtBets =
    result === 'TIE'
      ? { DRAGON: bets.DRAGON / 2, TIGER: bets.TIGER / 2, TIE: bets.TIE * (DT_TIE_PAYS + 1) }
      : result === 'DRAGON'
        ? { DRAGON: bets.DRAGON * 2, TIGER: 0, TIE: 0 }
        : { DRAGON: 0, TIGER: bets.TIGER * 2, TIE: 0 };
  return {
    bets,
    bet: bets.DRAGON + bets.TIGER + bets.TIE,
    dragon,
    tiger,
    result,
    returns,
    totalWin: returns.DRAGON + returns.TIGER + returns.TIE,
  };
}

/** One round from its HMAC blocks: Dragon's card, then Tiger's. */
export function playDragonTiger(source: BlockSource, bets: DtBets): DtOutcome {
  const problem = dtBetProblem(bets);
  if (problem) throw new RangeError(problem);
  const stream = new FairStream(source);
  const d = stream.nextInt(52);
  const t = stream.nextInt(52);
  return { game: 'dragon-tiger', ...settleDragonTiger(bets, d, t) };
}
