import { FairStream, type BlockSource } from './fair.ts';
import { CARD_COUNT, cardRank } from './originals-cards.ts';

/**
 * Baccarat (Punto Banco), a house original (issue 34, decision 056). Pure code shared by the
 * server and the browser's verifier, on decision 020's words like every original.
 *
 * The deck model is HiLo's (decision 046): card i of a round is the i-th unbiased int(52) of its
 * HMAC stream, every card from a full deck (an "infinite deck": each card drawn independently, so
 * no card dealt changes the next one's chances). A card is 0..51, rank = card % 13 + 1 (ace 1 …
 * king 13), value = rank for 1..9, 0 for tens and faces. Cards are dealt in the table's order:
 * player, banker, player, banker, then the player's third card (if drawn), then the banker's.
 *
 * Bets (stake included, in hundredths): Player 1:1 (200), Banker 0.95:1 (195, the 5 % commission),
 * Tie 8:1 (900; Player and Banker push on a tie: 100), Player Pair and Banker Pair 11:1 (1200: the
 * side's first two cards of the same rank). The round pays the total of its spots rounded down to
 * a whole minor unit once. The exact return of every bet is `BACCARAT_RTP` (proven by enumeration
 * in originals-baccarat.test.ts, computed by `baccaratExactReturns`).
 */

export type BaccaratSpot = 'player' | 'banker' | 'tie' | 'player-pair' | 'banker-pair';
export const BACCARAT_SPOTS: readonly BaccaratSpot[] = [
  'player',
  'banker',
  'tie',
  'player-pair',
  'banker-pair',
];
export type BaccaratResult = 'player' | 'banker' | 'tie';

/** A card's baccarat value: ace 1, 2..9 their number, tens and faces 0. */
export const baccaratValue = (card: number) => {
  const r = cardRank(card);
  return r >= 10 ? 0 : r;
};
const handTotal = (cards: readonly number[]) => cards.reduce((t, c) => t + baccaratValue(c), 0) % 10;

/** Does the banker draw a third card, with total b, given the player's third card's value (null: the player stood)? */
export function bankerDraws(b: number, playerThird: number | null): boolean {
  if (playerThird === null) return b <= 5;
  if (b <= 2) return true;
  if (b === 3) return playerThird !== 8;
  if (b === 4) return playerThird >= 2 && playerThird <= 7;
  if (b === 5) return playerThird >= 4 && playerThird <= 7;
  if (b === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

export interface BaccaratHands {
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  result: BaccaratResult;
  /** True when a two-card 8 or 9 ended the deal. */
  natural: boolean;
  playerPair: boolean;
  bankerPair: boolean;
}

/** The standard Punto Banco tableau, cards taken from `next` in the table's order. */
export function dealBaccarat(next: () => number): BaccaratHands {
  const p1 = next();
  const b1 = next();
  const p2 = next();
  const b2 = next();
  const player = [p1, p2];
  const banker = [b1, b2];
  let pt = handTotal(player);
  let bt = handTotal(banker);
  const natural = pt >= 8 || bt >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (pt <= 5) {
      const c = next();
      player.push(c);
      playerThird = baccaratValue(c);
      pt = handTotal(player);
    }
    if (bankerDraws(bt, playerThird)) {
      banker.push(next());
      bt = handTotal(banker);
    }
  }
  return {
    player,
    banker,
    playerTotal: pt,
    bankerTotal: bt,
    result: pt > bt ? 'player' : bt > pt ? 'banker' : 'tie',
    natural,
    playerPair: cardRank(p1) === cardRank(p2),
    bankerPair: cardRank(b1) === cardRank(b2),
  };
}

/** What a unit staked on a spot returns for a deal, stake included, in hundredths. */
export function baccaratReturn(spot: BaccaratSpot, h: BaccaratHands): number {
  switch (spot) {
    case 'player':
      return h.result === 'player' ? 200 : h.result === 'tie' ? 100 : 0;
    case 'banker':
      return h.result === 'banker' ? 195 : h.result === 'tie' ? 100 : 0;
    case 'tie':
      return h.result === 'tie' ? 900 : 0;
    case 'player-pair':
      return h.playerPair ? 1200 : 0;
    case 'banker-pair':
      return h.bankerPair ? 1200 : 0;
  }
}
/** The most a unit on a spot can return, hundredths. */
export const BACCARAT_TOP: Record<BaccaratSpot, number> = {
  player: 200,
  banker: 195,
  tie: 900,
  'player-pair': 1200,
  'banker-pair': 1200,
};

/**
 * The exact return of each bet (stake included) on the infinite deck, in lowest terms: proven by
 * `baccaratExactReturns` (enumeration) and asserted by the test. Player 366,733/371,293 =
 * 98.7719 %, Banker 23,877,259/24,134,045 = 98.9360 %, Tie 4,145,409/4,826,809 = 85.8830 %, a pair
 * 12/13 = 92.3077 %.
 */
export const BACCARAT_RTP: Record<BaccaratSpot, { num: bigint; den: bigint }> = {
  player: { num: 366_733n, den: 371_293n },
  banker: { num: 23_877_259n, den: 24_134_045n },
  tie: { num: 4_145_409n, den: 4_826_809n },
  'player-pair': { num: 12n, den: 13n },
  'banker-pair': { num: 12n, den: 13n },
};

export interface BaccaratWager {
  kind: 'baccarat';
  /** The total staked, minor units (the sum of `bets`). */
  bet: number;
  /** Spot → stake in minor units. */
  bets: Partial<Record<BaccaratSpot, number>>;
}
export interface BaccaratOutcome extends BaccaratHands {
  game: 'baccarat';
  bet: number;
  bets: Partial<Record<BaccaratSpot, number>>;
  /** The spots that returned something (a win or a push), in the table's order (BACCARAT_SPOTS). */
  winning: BaccaratSpot[];
  totalWin: number;
}

export function baccaratProblem(bets: unknown): string | null {
  if (!bets || typeof bets !== 'object' || Array.isArray(bets)) return 'bets is an object of spot: amount';
  const entries = Object.entries(bets as Record<string, unknown>);
  if (!entries.length) return 'Place at least one bet';
  for (const [key, v] of entries) {
    if (!BACCARAT_SPOTS.includes(key as BaccaratSpot))
      return `${key.slice(0, 40)} is not a spot of this table`;
    if (!Number.isInteger(v) || (v as number) <= 0) return `the stake on ${key} is a positive amount`;
  }
  return null;
}

function baccaratWin(bets: BaccaratWager['bets'], h: BaccaratHands) {
  const winning: BaccaratSpot[] = [];
  let hundredths = 0n;
  // In the table's order, not the bets' (a stored wager's keys come back in jsonb's order).
  for (const key of BACCARAT_SPOTS) {
    const stake = bets[key];
    if (!stake) continue;
    const back = baccaratReturn(key, h);
    if (back) {
      winning.push(key);
      hundredths += BigInt(stake) * BigInt(back);
    }
  }
  return { winning, total: Number(hundredths / 100n) };
}

/** One round: the deal from the round's words, then the bets settled on it. */
export function playBaccarat(source: BlockSource, w: BaccaratWager): BaccaratOutcome {
  const stream = new FairStream(source);
  const hands = dealBaccarat(() => stream.nextInt(CARD_COUNT));
  const { winning, total } = baccaratWin(w.bets, hands);
  return { game: 'baccarat', bet: w.bet, bets: w.bets, ...hands, winning, totalWin: total };
}

/** The most a set of bets can win (Player and Banker never both win, a tie pays the tie, the pushes and both pairs). */
export function baccaratTopWin(bets: BaccaratWager['bets']): number {
  const s = (k: BaccaratSpot) => BigInt(bets[k] ?? 0);
  const pairs = (s('player-pair') + s('banker-pair')) * 1200n;
  const player = s('player') * 200n;
  const banker = s('banker') * 195n;
  const tie = (s('player') + s('banker')) * 100n + s('tie') * 900n;
  const best = [player, banker, tie].reduce((a, b) => (a > b ? a : b));
  return Number((best + pairs) / 100n);
}

/**
 * The exact return of each spot (stake included) by enumerating every deal of the infinite deck
 * through `dealBaccarat`, exact rationals over 13^6. Player, Banker and Tie depend on the cards'
 * values only: every value sequence a deal takes (4 to 6 cards) is played, a value of 0 standing
 * for its four ranks (ten, jack, queen, king: weight 4 of 13) and 1..9 for one each; a shorter
 * deal weighs 13 for each card it did not take. The pairs depend on the first four cards' ranks:
 * all 13^4 of them are played (the cards after them are kings: they do not change a pair).
 */
export function baccaratExactReturns(): Record<BaccaratSpot, { num: bigint; den: bigint }> {
  const sums: Record<BaccaratSpot, bigint> = {
    player: 0n,
    banker: 0n,
    tie: 0n,
    'player-pair': 0n,
    'banker-pair': 0n,
  };
  const KING = 12;
  // A card of value v: ace..nine (cards 0..8), or the ten (card 9) for 0.
  const cardOfValue = (v: number) => (v === 0 ? 9 : v - 1);
  const prefix: number[] = [];
  const walk = (weight: bigint) => {
    let i = 0;
    let wanted = false;
    const hands = dealBaccarat(() => {
      if (i < prefix.length) return cardOfValue(prefix[i++]!);
      wanted = true;
      return KING;
    });
    if (wanted) {
      for (let v = 0; v <= 9; v++) {
        prefix.push(v);
        walk(weight * (v === 0 ? 4n : 1n));
        prefix.pop();
      }
      return;
    }
    if (i !== prefix.length) throw new Error('a deal took fewer cards than it was given');
    const w = weight * 13n ** BigInt(6 - prefix.length);
    for (const spot of ['player', 'banker', 'tie'] as const)
      sums[spot] += w * BigInt(baccaratReturn(spot, hands));
  };
  walk(1n);
  for (let a = 0; a < 13; a++)
    for (let b = 0; b < 13; b++)
      for (let c = 0; c < 13; c++)
        for (let d = 0; d < 13; d++) {
          const first = [a, b, c, d];
          let i = 0;
          const hands = dealBaccarat(() => first[i++] ?? KING);
          sums['player-pair'] += 169n * BigInt(baccaratReturn('player-pair', hands));
          sums['banker-pair'] += 169n * BigInt(baccaratReturn('banker-pair', hands));
        }
  const gcd = (a: bigint, b: bigint): bigint => {
    while (b) [a, b] = [b, a % b];
    return a;
  };
  const out = {} as Record<BaccaratSpot, { num: bigint; den: bigint }>;
  for (const spot of BACCARAT_SPOTS) {
    const den = 13n ** 6n * 100n;
    const g = gcd(sums[spot], den) || 1n;
    out[spot] = { num: sums[spot] / g, den: den / g };
  }
  return out;
}
