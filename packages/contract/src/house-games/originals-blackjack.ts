import { FairStream, type BlockSource } from './fair.ts';
import { CARD_COUNT, cardRank } from './originals-cards.ts';

/**
 * Blackjack, a house original (issue 34, decision 057). Pure code shared by the server, the
 * browser's verifier and (copied, without imports) `scripts/verify-original.mjs`, on decision
 * 020's words like every original.
 *
 * The deck is HiLo's and Baccarat's: card i of a round is the i-th unbiased int(52) of its HMAC
 * stream (an "infinite deck": no card dealt changes the next one's chances). rank = card % 13 + 1;
 * value: ace 1 (or 11), 2..9 their number, tens and faces 10.
 *
 * Rules (European, no hole card): the player's first card, the dealer's up-card, the player's
 * second card, in that order. A two-card 21 of the unsplit hand is a blackjack and pays 3:2. The
 * player hits, stands, doubles on any first two cards (one more card, the stake twice), or splits
 * two cards of the same value once (no re-split; each hand then draws its second card in turn;
 * split aces take one card each; a double after a split is allowed, a 21 after a split is not a
 * blackjack). A hand at 21 stands by itself. When the player is done the dealer draws his second
 * card and on to at least 17, standing on a soft 17; when every hand busted he draws nothing, and
 * against a player's blackjack he draws only his second card. A dealer blackjack (his first two
 * cards) takes every stake, the doubled and split ones too; it pushes a player's blackjack. No
 * insurance, no surrender.
 *
 * The cards come in the order the table needs them: the deal's three, then each card a player's
 * hit, double or split asks for, then the dealer's. So a round is its seeds plus the player's
 * actions (`BlackjackWager.actions`), and its every card can be recomputed.
 */

export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split';
export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = ['hit', 'stand', 'double', 'split'];

/** A card's blackjack value: ace 1 (counted 11 when that does not bust), tens and faces 10. */
export const blackjackValue = (card: number) => Math.min(cardRank(card), 10);

export interface BlackjackHandTotal {
  /** The best total (an ace counted 11 when that keeps it at 21 or under). */
  total: number;
  /** True when an ace counts 11 in `total`. */
  soft: boolean;
}
export function blackjackTotal(cards: readonly number[]): BlackjackHandTotal {
  let hard = 0;
  let ace = false;
  for (const c of cards) {
    const v = blackjackValue(c);
    hard += v;
    if (v === 1) ace = true;
  }
  return ace && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}
/** The dealer stands on 17 and over, soft 17 included. */
export const dealerStands = (cards: readonly number[]) => blackjackTotal(cards).total >= 17;

export interface BlackjackHand {
  cards: number[];
  doubled: boolean;
  /** A hit or a double asked for a card not yet turned. */
  want: boolean;
}
export interface BlackjackTable {
  hands: BlackjackHand[];
  /** The hand in play; hands.length once the player is done. */
  active: number;
  dealer: number[];
  split: boolean;
}
export type BlackjackStatus = 'draw' | 'act' | 'over';

export const newBlackjackTable = (): BlackjackTable => ({
  hands: [{ cards: [], doubled: false, want: false }],
  active: 0,
  dealer: [],
  split: false,
});
const cloneTable = (t: BlackjackTable): BlackjackTable => ({
  hands: t.hands.map((h) => ({ ...h, cards: [...h.cards] })),
  active: t.active,
  dealer: [...t.dealer],
  split: t.split,
});

/** A two-card 21 of the unsplit hand. */
export const playerBlackjack = (t: BlackjackTable) =>
  !t.split && t.hands[0]!.cards.length === 2 && blackjackTotal(t.hands[0]!.cards).total === 21;
export const dealerBlackjack = (t: BlackjackTable) =>
  t.dealer.length === 2 && blackjackTotal(t.dealer).total === 21;
const busted = (h: BlackjackHand) => blackjackTotal(h.cards).total > 21;
const dealing = (t: BlackjackTable) => t.hands[0]!.cards.length + t.dealer.length < 3 && !t.split;

/** What the table waits for: a card, the player's action, or nothing (the round is over). */
export function blackjackStatus(t: BlackjackTable): BlackjackStatus {
  if (dealing(t)) return 'draw';
  if (t.active < t.hands.length) {
    const h = t.hands[t.active]!;
    return h.want || h.cards.length < 2 ? 'draw' : 'act';
  }
  if (t.hands.every(busted)) return 'over';
  if (playerBlackjack(t)) return t.dealer.length >= 2 ? 'over' : 'draw';
  return t.dealer.length >= 2 && dealerStands(t.dealer) ? 'over' : 'draw';
}

/** Is the active hand finished (doubled, a split ace, 21 or more)? Then play moves on. */
function handDone(t: BlackjackTable, h: BlackjackHand): boolean {
  if (h.cards.length < 2) return false;
  if (h.doubled) return true;
  if (t.split && blackjackValue(h.cards[0]!) === 1) return true;
  return blackjackTotal(h.cards).total >= 21;
}

/** The next card, where the table needs it (status 'draw'). */
export function blackjackTake(t0: BlackjackTable, card: number): BlackjackTable {
  const t = cloneTable(t0);
  if (dealing(t)) {
    if (t.hands[0]!.cards.length === 0) t.hands[0]!.cards.push(card);
    else if (t.dealer.length === 0) t.dealer.push(card);
    else {
      t.hands[0]!.cards.push(card);
      // A blackjack ends the player's part at once.
      if (playerBlackjack(t)) t.active = t.hands.length;
    }
    return t;
  }
  if (t.active < t.hands.length) {
    const h = t.hands[t.active]!;
    h.cards.push(card);
    h.want = false;
    while (t.active < t.hands.length && handDone(t, t.hands[t.active]!)) t.active += 1;
    return t;
  }
  t.dealer.push(card);
  return t;
}

/** The actions the player may take now (none unless the status is 'act'). */
export function blackjackLegal(t: BlackjackTable): BlackjackAction[] {
  if (blackjackStatus(t) !== 'act') return [];
  const h = t.hands[t.active]!;
  const out: BlackjackAction[] = ['hit', 'stand'];
  if (h.cards.length === 2) {
    out.push('double');
    if (!t.split && t.hands.length === 1 && blackjackValue(h.cards[0]!) === blackjackValue(h.cards[1]!))
      out.push('split');
  }
  return out;
}

/** Why an action cannot be played now (null: it can). */
export function blackjackActionProblem(t: BlackjackTable, action: unknown): string | null {
  if (!BLACKJACK_ACTIONS.includes(action as BlackjackAction)) return 'action is hit, stand, double or split';
  if (blackjackStatus(t) !== 'act') return 'The hand is not waiting for an action';
  if (!blackjackLegal(t).includes(action as BlackjackAction))
    return action === 'split'
      ? 'Only the first two cards of the same value split, once'
      : 'A double takes the first two cards of a hand';
  return null;
}

/** The player's action (it must be legal). A hit or a double then waits for its card. */
export function blackjackAct(t0: BlackjackTable, action: BlackjackAction): BlackjackTable {
  const problem = blackjackActionProblem(t0, action);
  if (problem) throw new RangeError(`blackjack: ${problem}`);
  const t = cloneTable(t0);
  const h = t.hands[t.active]!;
  if (action === 'stand') t.active += 1;
  else if (action === 'hit') h.want = true;
  else if (action === 'double') {
    h.doubled = true;
    h.want = true;
  } else {
    t.split = true;
    t.hands = h.cards.map((c) => ({ cards: [c], doubled: false, want: false }));
    t.active = 0;
  }
  return t;
}

export type BlackjackResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';
/**
 * What a hand returns, stake included, in halves of the bet: a loss 0, a push 2 per stake, a win 4
 * per stake (a doubled hand has two), a blackjack 5 (3:2).
 */
export function blackjackHandReturn(
  t: BlackjackTable,
  i: number,
): { result: BlackjackResult; halves: number } {
  const h = t.hands[i]!;
  const stakes = h.doubled ? 2 : 1;
  const p = blackjackTotal(h.cards).total;
  if (p > 21) return { result: 'bust', halves: 0 };
  const natural = playerBlackjack(t);
  if (dealerBlackjack(t)) return natural ? { result: 'push', halves: 2 } : { result: 'lose', halves: 0 };
  if (natural) return { result: 'blackjack', halves: 5 };
  const d = blackjackTotal(t.dealer).total;
  if (d > 21 || p > d) return { result: 'win', halves: 4 * stakes };
  if (p === d) return { result: 'push', halves: 2 * stakes };
  return { result: 'lose', halves: 0 };
}
/** Stakes of the round in bets: 1, plus one per double and one for a split. */
export const blackjackStakes = (t: BlackjackTable) => t.hands.reduce((s, h) => s + (h.doubled ? 2 : 1), 0);

/** The most a round returns per unit of its first bet: a split with both hands doubled and won (4 stakes at 2). */
export const BLACKJACK_TOP = 8;

/**
 * The exact return of perfect play, per unit of the first bet (1 + the expected net), on the
 * infinite deck under these rules: 91,107,928,183,094,269,351,207,370,055 / 13^26 =
 * 99.31823906 % (house edge 0.68176094 %). Proven by `blackjackExactReturn` (a recursion through
 * this engine's own steps) and by an independent dynamic programme over the hands, both asserted
 * by originals-blackjack.test.ts. Perfect play stakes 2,441/2,197 first bets a round on average
 * (the doubles and splits), so per unit staked the return is 99.38639 %.
 */
export const BLACKJACK_RTP = {
  num: 91_107_928_183_094_269_351_207_370_055n,
  den: 91_733_330_193_268_616_658_399_616_009n,
} as const;
/** Expected stakes per round under perfect play, in first bets. */
export const BLACKJACK_STAKED = { num: 2_441n, den: 2_197n } as const;

export interface BlackjackWager {
  kind: 'blackjack';
  /** The first bet, minor units (a double or a split adds one more each). */
  bet: number;
  actions: BlackjackAction[];
}
export interface BlackjackHandOutcome {
  cards: number[];
  total: number;
  soft: boolean;
  doubled: boolean;
  result: BlackjackResult;
  /** Minor units, stake included. */
  win: number;
}
export interface BlackjackOutcome {
  game: 'blackjack';
  bet: number;
  actions: BlackjackAction[];
  hands: BlackjackHandOutcome[];
  dealer: number[];
  dealerTotal: number;
  dealerBlackjack: boolean;
  playerBlackjack: boolean;
  /** Everything staked, minor units: the bet, plus one for each double and for the split. */
  stake: number;
  totalWin: number;
}

/**
 * The table after the deal and the given actions, drawing every card it needs from `next`; it stops
 * where it waits for an action not given, or when the round is over.
 */
export function blackjackReplay(next: () => number, actions: readonly BlackjackAction[]): BlackjackTable {
  let t = newBlackjackTable();
  let i = 0;
  for (;;) {
    const status = blackjackStatus(t);
    if (status === 'over') break;
    if (status === 'draw') {
      t = blackjackTake(t, next());
      continue;
    }
    if (i >= actions.length) break;
    t = blackjackAct(t, actions[i++]!);
  }
  if (i < actions.length) throw new RangeError('blackjack: more actions than the round took');
  return t;
}

/** The table of a round from its words and actions so far (an open round waits at 'act'). */
export function blackjackTableOf(source: BlockSource, actions: readonly BlackjackAction[]): BlackjackTable {
  const stream = new FairStream(source);
  return blackjackReplay(() => stream.nextInt(CARD_COUNT), actions);
}

/** The outcome of a finished table, the win of each hand rounded down once for the round. */
export function blackjackOutcome(t: BlackjackTable, w: BlackjackWager): BlackjackOutcome {
  if (blackjackStatus(t) !== 'over') throw new RangeError('blackjack: the round is not over');
  let halves = 0;
  const hands = t.hands.map((h, i) => {
    const r = blackjackHandReturn(t, i);
    halves += r.halves;
    const { total, soft } = blackjackTotal(h.cards);
    return {
      cards: h.cards,
      total,
      soft,
      doubled: h.doubled,
      result: r.result,
      win: Number((BigInt(w.bet) * BigInt(r.halves)) / 2n),
    };
  });
  return {
    game: 'blackjack',
    bet: w.bet,
    actions: w.actions,
    hands,
    dealer: t.dealer,
    dealerTotal: blackjackTotal(t.dealer).total,
    dealerBlackjack: dealerBlackjack(t),
    playerBlackjack: playerBlackjack(t),
    stake: w.bet * blackjackStakes(t),
    totalWin: Number((BigInt(w.bet) * BigInt(halves)) / 2n),
  };
}

/** A finished round replayed from its words and the player's actions. */
export function playBlackjack(source: BlockSource, w: BlackjackWager): BlackjackOutcome {
  return blackjackOutcome(blackjackTableOf(source, w.actions), w);
}

// ---- the exact return of optimal play -------------------------------------------------------

/** A card of each value for the enumeration: ace..nine (cards 0..8), the ten (card 9) for 10. */
const CARD_OF_VALUE = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
/** Weight of each value out of 13: one rank each, four for ten, jack, queen, king. */
const WEIGHT: readonly bigint[] = [0n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 4n];
/** Every expectation is kept as a whole number over 13^DEPTH (a round never draws that many cards). */
const DEPTH = 64;
const SCALE = 13n ** BigInt(DEPTH);

/** A position reduced to what the engine's next steps depend on (the memo key). */
function positionKey(t: BlackjackTable): string {
  const hand = (h: BlackjackHand, done: boolean) => {
    const { total, soft } = blackjackTotal(h.cards);
    if (done) return `${total > 21 ? 'x' : total}${h.doubled ? 'd' : ''}`;
    const n = h.cards.length;
    const pair = n === 2 && blackjackValue(h.cards[0]!) === blackjackValue(h.cards[1]!) ? 'p' : '';
    return `${total}${soft ? 's' : ''}:${Math.min(n, 3)}${pair}${h.doubled ? 'd' : ''}${h.want ? 'w' : ''}`;
  };
  const done = t.active >= t.hands.length;
  // Once the player is done only the hands' totals and stakes matter, in any order.
  const split = t.split ? (done ? 'S' : `S${blackjackValue(t.hands[0]!.cards[0]!)}`) : '';
  const hands = t.hands.map((h, i) => hand(h, i < t.active));
  const player = (done ? hands.sort() : hands).join(',');
  const nat = playerBlackjack(t) ? 'N' : '';
  const dealer = blackjackTotal(t.dealer);
  return `${split}${nat}|${player}|${t.active}|${dealer.total}${dealer.soft ? 's' : ''}:${Math.min(t.dealer.length, 3)}`;
}

export interface BlackjackExact {
  /** Expected return per unit of the first bet, 1 + the expected net: the stated RTP. */
  rtp: { num: bigint; den: bigint };
  /** The expected stake per round, in first bets, under that strategy (ties broken toward the smaller stake). */
  staked: { num: bigint; den: bigint };
  /** Optimal action per dealt position: key `up:first,second` (values) → action. */
  firstActions: Record<string, BlackjackAction>;
  /** Positions evaluated. */
  positions: number;
  /** The best action at any position the player can reach (null where none is asked). */
  best: (t: BlackjackTable) => BlackjackAction | null;
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b) [a, b] = [b, a % b];
  return a;
};
const lowest = (num: bigint, den: bigint) => {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
};

/**
 * The exact return of perfect play: every position the engine reaches, from the deal on, by
 * recursion through the engine's own steps (`blackjackTake`, `blackjackLegal`, `blackjackAct`,
 * `blackjackHandReturn`): a card to draw is each of the ten values at its weight of 13, an action
 * is the best of the legal ones (the largest expected net; on a tie the first of stand, hit,
 * double, split), a finished table is settled. Values are whole numbers over 13^64 (an exact
 * division asserted at each draw), the net in halves of the bet.
 */
export function blackjackExactReturn(): BlackjackExact {
  type V = { net: bigint; staked: bigint };
  const memo = new Map<string, V>();
  const order: BlackjackAction[] = ['stand', 'hit', 'double', 'split'];
  const bests = new Map<string, BlackjackAction>();
  const value = (t: BlackjackTable): V => {
    const key = positionKey(t);
    const known = memo.get(key);
    if (known) return known;
    const status = blackjackStatus(t);
    let v: V;
    if (status === 'over') {
      let halves = 0;
      for (let i = 0; i < t.hands.length; i++) halves += blackjackHandReturn(t, i).halves;
      const stakes = blackjackStakes(t);
      v = { net: BigInt(halves - 2 * stakes) * SCALE, staked: BigInt(stakes) * SCALE };
    } else if (status === 'draw') {
      let net = 0n;
      let staked = 0n;
      for (let val = 1; val <= 10; val++) {
        const c = value(blackjackTake(t, CARD_OF_VALUE[val]!));
        net += WEIGHT[val]! * c.net;
        staked += WEIGHT[val]! * c.staked;
      }
      if (net % 13n || staked % 13n) throw new Error('blackjack: a round deeper than the scale');
      v = { net: net / 13n, staked: staked / 13n };
    } else {
      let best: V | null = null;
      let bestAction: BlackjackAction = 'stand';
      const legal = blackjackLegal(t);
      for (const a of order) {
        if (!legal.includes(a)) continue;
        const c = value(blackjackAct(t, a));
        if (!best || c.net > best.net) {
          best = c;
          bestAction = a;
        }
      }
      v = best!;
      bests.set(key, bestAction);
    }
    memo.set(key, v);
    return v;
  };
  const root = value(newBlackjackTable());
  const firstActions: Record<string, BlackjackAction> = {};
  for (let up = 1; up <= 10; up++)
    for (let a = 1; a <= 10; a++)
      for (let b = a; b <= 10; b++) {
        let t = newBlackjackTable();
        for (const v of [a, up, b]) t = blackjackTake(t, CARD_OF_VALUE[v]!);
        const best = bests.get(positionKey(t));
        if (best) firstActions[`${up}:${a},${b}`] = best;
      }
  // net in halves over SCALE: rtp = 1 + net / (2 · SCALE).
  return {
    rtp: lowest(2n * SCALE + root.net, 2n * SCALE),
    staked: lowest(root.staked, SCALE),
    firstActions,
    positions: memo.size,
    best: (t) => (blackjackStatus(t) === 'act' ? (bests.get(positionKey(t)) ?? null) : null),
  };
}
