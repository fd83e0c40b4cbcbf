import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blockMessage, FairStream, withBlocks, type BlockSource } from './fair.ts';
import { originalTopMultiplier, playOriginal, type OriginalWager } from './originals.ts';
import {
  BLACKJACK_RTP,
  BLACKJACK_STAKED,
  blackjackAct,
  blackjackActionProblem,
  blackjackExactReturn,
  blackjackLegal,
  blackjackOutcome,
  blackjackReplay,
  blackjackStatus,
  blackjackTake,
  blackjackTotal,
  newBlackjackTable,
  type BlackjackOutcome,
  type BlackjackAction,
  type BlackjackTable,
} from './originals-blackjack.ts';

/**
 * Blackjack (decision 057): the rules played through the engine, the exact return of perfect play
 * by two independent computations (a recursion through the engine's own steps, and a dynamic
 * programme over the hands written here from the rules alone), a seeded HMAC simulation of perfect
 * play inside its interval, the published vectors replayed, and illegal actions refused.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const vectorsPath = `${root}docs/provably-fair-vectors-blackjack.json`;

/** Cards by rank (1 = ace … 13 = king), spades, in the order the table asks for them. */
const S = (...ranks: number[]) => ranks.map((r) => r - 1);
const table = (ranks: number[], actions: BlackjackAction[]) => {
  const cards = S(...ranks);
  let i = 0;
  const t = blackjackReplay(() => {
    if (i >= cards.length) throw new Error('the table asked for more cards');
    return cards[i++]!;
  }, actions);
  expect(i, 'every card given was used').toBe(cards.length);
  return t;
};
const settle = (ranks: number[], actions: BlackjackAction[], bet = 100) =>
  blackjackOutcome(table(ranks, actions), { kind: 'blackjack', bet, actions });

const hmac =
  (serverSeed: string, clientSeed: string, nonce: number): BlockSource =>
  (cursor) =>
    new Uint8Array(
      createHmac('sha256', serverSeed)
        .update(blockMessage(clientSeed, nonce, cursor))
        .digest(),
    );

describe('Blackjack: the rules through the engine', () => {
  it('totals: an ace counts 11 unless that busts, tens and faces 10', () => {
    expect(blackjackTotal(S(1, 6))).toEqual({ total: 17, soft: true });
    expect(blackjackTotal(S(1, 6, 10))).toEqual({ total: 17, soft: false });
    expect(blackjackTotal(S(1, 1, 9))).toEqual({ total: 21, soft: true });
    expect(blackjackTotal(S(13, 12))).toEqual({ total: 20, soft: false });
  });

  it('deals player, dealer, player; a blackjack pays 3:2 after the dealer draws only his second card', () => {
    const o = settle([1, 9, 13, 7], []);
    expect(o.hands[0]!.cards).toEqual(S(1, 13));
    expect(o.dealer).toEqual(S(9, 7));
    expect(o).toMatchObject({ playerBlackjack: true, totalWin: 250, stake: 100 });
    // The half unit of an odd bet is rounded down once: 3 at 3:2 returns 7.5 → 7.
    expect(settle([1, 9, 13, 7], [], 3).totalWin).toBe(7);
    // A dealer blackjack pushes a player's blackjack.
    expect(settle([1, 1, 13, 12], [])).toMatchObject({ dealerBlackjack: true, totalWin: 100 });
  });

  it('the dealer stands on soft 17 and draws to 17; no card when every hand busted', () => {
    // Player 10+8 stands; dealer A, 6 = soft 17 stands.
    expect(settle([10, 1, 8, 6], ['stand'])).toMatchObject({ dealerTotal: 17, totalWin: 200 });
    // Dealer 6, 10 = 16 draws a 5: 21.
    const o = settle([10, 6, 9, 10, 5], ['stand']);
    expect(o.dealer).toEqual(S(6, 10, 5));
    expect(o.hands[0]!.result).toBe('lose');
    // The player busts: the dealer turns nothing more.
    const b = settle([10, 6, 6, 10], ['hit']);
    expect(b.dealer).toEqual(S(6));
    expect(b.hands[0]!.result).toBe('bust');
  });

  it('a double takes one card and two stakes; a dealer blackjack takes them both (no hole card)', () => {
    const won = settle([6, 9, 5, 10, 9], ['double']);
    expect(won).toMatchObject({ stake: 200, totalWin: 400 });
    expect(won.hands[0]).toMatchObject({ doubled: true, total: 21, result: 'win' });
    const lost = settle([6, 10, 5, 9, 1], ['double']);
    expect(lost).toMatchObject({ dealerBlackjack: true, stake: 200, totalWin: 0 });
  });

  it('a pair splits once; each hand draws in turn; split aces take one card; a 21 after a split is no blackjack', () => {
    // 8, 8 against a 6: split; the first hand draws a 3 (11) and doubles, a 10; then the second draws.
    const o = settle([8, 6, 8, 3, 10, 9, 10, 10], ['split', 'double', 'stand']);
    expect(o.hands.map((h) => h.cards)).toEqual([S(8, 3, 10), S(8, 9)]);
    expect(o.dealer).toEqual(S(6, 10, 10));
    expect(o).toMatchObject({ stake: 300, totalWin: 600 });
    // No second split of a new pair.
    const t = table([8, 6, 8, 8], ['split']);
    expect(blackjackLegal(t)).toEqual(['hit', 'stand', 'double']);
    // Aces: one card each, no action; A+K is 21 but not a blackjack (pays 1:1).
    expect(() => table([1, 7, 1, 13, 5, 10], ['split', 'stand'])).toThrow(/more actions/);
    const aces = settle([1, 7, 1, 13, 5, 10], ['split']);
    expect(aces.hands.map((h) => h.result)).toEqual(['win', 'lose']);
    expect(aces).toMatchObject({ playerBlackjack: false, stake: 200, totalWin: 200 });
    // Tens of different ranks split (same value).
    expect(blackjackLegal(table([10, 6, 13], []))).toContain('split');
  });

  it('a hand at 21 stands by itself; only legal actions are taken', () => {
    expect(settle([5, 9, 6, 10, 10], ['hit']).hands[0]).toMatchObject({ total: 21, result: 'win' });
    expect(() => table([5, 9, 6, 10, 10], ['hit', 'stand'])).toThrow(/more actions/);
    const three = table([5, 9, 6, 2], ['hit']);
    expect(blackjackLegal(three)).toEqual(['hit', 'stand']);
    expect(blackjackActionProblem(three, 'double')).toMatch(/first two cards/);
    expect(blackjackActionProblem(three, 'split')).toMatch(/same value/);
    expect(blackjackActionProblem(three, 'surrender')).toMatch(/hit, stand, double or split/);
    expect(() => blackjackAct(three, 'double')).toThrow(RangeError);
    const over = table([1, 9, 13, 7], []);
    expect(blackjackActionProblem(over, 'hit')).toMatch(/not waiting/);
    expect(() => table([1, 9, 13, 7], ['hit'])).toThrow(RangeError);
    expect(originalTopMultiplier({ kind: 'blackjack', bet: 1, actions: [] })).toEqual({ num: 8n, den: 1n });
  });
});

// ---- an independent computation: the classic dynamic programme over the hands, from the rules ----

type Q = [bigint, bigint];
const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b) [a, b] = [b, a % b];
  return a;
};
const q = (n: bigint, d = 1n): Q => {
  const k = gcd(n, d) || 1n;
  return [n / k, d / k];
};
const add = (a: Q, b: Q) => q(a[0] * b[1] + b[0] * a[1], a[1] * b[1]);
const mul = (a: Q, b: Q) => q(a[0] * b[0], a[1] * b[1]);
const max = (...xs: Q[]) => xs.reduce((m, x) => (x[0] * m[1] > m[0] * x[1] ? x : m));
const chance = (v: number): Q => q(v === 10 ? 4n : 1n, 13n);
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const best = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);

/**
 * The expected return of perfect play per first bet, written from the rules alone (no engine
 * code): the dealer's final outcome per up-card (blackjack, 17..21, bust; no hole card), then per
 * deal the best of stand, hit, double and split, each hand of a split its own best (the deck is
 * infinite, so the hands are independent and the best joint play is each hand's best).
 */
function classicReturn(): Q {
  const dealer = (hard: number, ace: boolean, n: number): Map<string, Q> => {
    const t = best(hard, ace);
    const out = new Map<string, Q>();
    if (n === 2 && t === 21) return out.set('bj', q(1n));
    if (t > 21) return out.set('bust', q(1n));
    if (n >= 2 && t >= 17) return out.set(String(t), q(1n));
    for (const v of VALUES)
      for (const [k, p] of dealer(hard + v, ace || v === 1, n + 1))
        out.set(k, add(out.get(k) ?? q(0n), mul(chance(v), p)));
    return out;
  };
  let total = q(0n);
  for (const up of VALUES) {
    const dist = dealer(up, up === 1, 1);
    const pbj = dist.get('bj') ?? q(0n);
    const stand = (p: number): Q => {
      if (p > 21) return q(-1n);
      let ev = q(0n);
      for (const [k, pr] of dist) {
        const r = k === 'bj' ? -1n : k === 'bust' ? 1n : p > Number(k) ? 1n : p < Number(k) ? -1n : 0n;
        ev = add(ev, mul(pr, q(r)));
      }
      return ev;
    };
    const memo = new Map<string, Q>();
    const play = (hard: number, ace: boolean): Q => {
      const t = best(hard, ace);
      if (t > 21) return q(-1n);
      if (t === 21) return stand(21);
      const key = `${hard}${ace}`;
      const known = memo.get(key);
      if (known) return known;
      let hit = q(0n);
      for (const v of VALUES) hit = add(hit, mul(chance(v), play(hard + v, ace || v === 1)));
      const r = max(stand(t), hit);
      memo.set(key, r);
      return r;
    };
    const double = (hard: number, ace: boolean): Q => {
      let ev = q(0n);
      for (const v of VALUES) ev = add(ev, mul(chance(v), stand(best(hard + v, ace || v === 1))));
      return mul(q(2n), ev);
    };
    const hit = (hard: number, ace: boolean): Q => {
      let ev = q(0n);
      for (const v of VALUES) ev = add(ev, mul(chance(v), play(hard + v, ace || v === 1)));
      return ev;
    };
    const splitHand = (v: number): Q => {
      let ev = q(0n);
      for (const c of VALUES) {
        const hard = v + c;
        const ace = v === 1 || c === 1;
        const t = best(hard, ace);
        const r = v === 1 || t === 21 ? stand(t) : max(stand(t), hit(hard, ace), double(hard, ace));
        ev = add(ev, mul(chance(c), r));
      }
      return ev;
    };
    for (const a of VALUES)
      for (const b of VALUES) {
        const hard = a + b;
        const ace = a === 1 || b === 1;
        const t = best(hard, ace);
        let ev: Q;
        if (t === 21) ev = mul(q(3n, 2n), add(q(1n), mul(q(-1n), pbj)));
        else {
          const options = [stand(t), hit(hard, ace), double(hard, ace)];
          if (a === b) options.push(mul(q(2n), splitHand(a)));
          ev = max(...options);
        }
        total = add(total, mul(chance(up), mul(chance(a), mul(chance(b), ev))));
      }
  }
  return add(q(1n), total);
}

/** Perfect play driven through the engine on a round's words. */
function perfectRound(source: BlockSource, pick: (t: BlackjackTable) => BlackjackAction | null) {
  const stream = new FairStream(source);
  let t = newBlackjackTable();
  const actions: BlackjackAction[] = [];
  for (;;) {
    const status = blackjackStatus(t);
    if (status === 'over') break;
    if (status === 'draw') t = blackjackTake(t, stream.nextInt(52));
    else {
      const a = pick(t)!;
      actions.push(a);
      t = blackjackAct(t, a);
    }
  }
  return { t, actions };
}

describe('Blackjack: the exact return of perfect play (infinite deck)', () => {
  const exact = blackjackExactReturn();
  const pct = (r: { num: bigint; den: bigint }, digits = 8) =>
    Number((r.num * 10n ** BigInt(digits + 2)) / r.den) / 10 ** digits;

  it('the recursion through the engine and the classic programme over the hands give exactly the stated RTP (99.318239 % with perfect strategy)', () => {
    expect(exact.rtp).toEqual(BLACKJACK_RTP);
    const [num, den] = classicReturn();
    expect({ num, den }).toEqual({ num: BLACKJACK_RTP.num, den: BLACKJACK_RTP.den });
    expect(BLACKJACK_RTP.den).toBe(13n ** 26n);
    expect(pct(BLACKJACK_RTP)).toBeCloseTo(99.31823906, 8);
    // Perfect play stakes 2,441/2,197 first bets a round: per unit staked it returns 99.386 %.
    expect(exact.staked).toEqual(BLACKJACK_STAKED);
    const net = Number(BLACKJACK_RTP.num - BLACKJACK_RTP.den) / Number(BLACKJACK_RTP.den);
    const staked = Number(BLACKJACK_STAKED.num) / Number(BLACKJACK_STAKED.den);
    expect(1 + net / staked).toBeCloseTo(0.99386, 5);
  }, 120_000);

  it('perfect play is the familiar no-hole-card basic strategy', () => {
    const row = (a: number, b: number) =>
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 1]
        .map(
          (up) => ({ hit: 'h', stand: 's', double: 'd', split: 'p' })[exact.firstActions[`${up}:${a},${b}`]!],
        )
        .join('');
    // Columns: dealer 2..10, then ace. h hit, s stand, d double, p split.
    expect(row(5, 6)).toBe('ddddddddhh'); // 11: no double against a ten or an ace without a peek
    expect(row(6, 10)).toBe('ssssshhhhh');
    expect(row(2, 10)).toBe('hhssshhhhh');
    expect(row(1, 7)).toBe('sddddsshhh');
    expect(row(8, 8)).toBe('pppppppphh'); // no 8s split against a ten or an ace
    expect(row(1, 1)).toBe('ppppppppph');
    expect(row(9, 9)).toBe('pppppsppss');
    expect(row(10, 10)).toBe('ssssssssss');
  });

  it('a seeded 30,000-round HMAC simulation of perfect play sits inside four standard errors of the exact return', () => {
    const rounds = 30_000;
    let sum = 0;
    let squares = 0;
    const seed = 'c0ffee'.repeat(10) + 'beef';
    for (let n = 0; n < rounds; n++) {
      const { t, actions } = perfectRound(hmac(seed, 'sim', n), exact.best);
      const o = blackjackOutcome(t, { kind: 'blackjack', bet: 2, actions });
      const net = (o.totalWin - o.stake) / 2;
      sum += net;
      squares += net * net;
    }
    const mean = sum / rounds;
    const sd = Math.sqrt(squares / rounds - mean * mean);
    const exactNet = Number(BLACKJACK_RTP.num - BLACKJACK_RTP.den) / Number(BLACKJACK_RTP.den);
    expect(Math.abs(mean - exactNet)).toBeLessThan((4 * sd) / Math.sqrt(rounds));
  }, 120_000);
});

describe('Blackjack: published test vectors', () => {
  interface Vector {
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
    firstBlock: string;
    wager: OriginalWager;
    outcome: Record<string, unknown>;
  }
  const vectors = (JSON.parse(readFileSync(vectorsPath, 'utf8')) as { vectors: Vector[] }).vectors;

  it('every vector of docs/provably-fair-vectors-blackjack.json is what the engine plays (node:crypto and Web Crypto)', async () => {
    expect(vectors.length).toBe(11);
    const outcomes = vectors.map((v) => v.outcome as unknown as BlackjackOutcome);
    expect(outcomes.some((o) => o.playerBlackjack)).toBe(true);
    expect(outcomes.some((o) => o.dealerBlackjack)).toBe(true);
    expect(outcomes.some((o) => o.hands.length === 2)).toBe(true);
    expect(outcomes.some((o) => o.hands.some((h) => h.doubled))).toBe(true);
    expect(outcomes.some((o) => o.hands.some((h) => h.result === 'bust'))).toBe(true);
    for (const v of vectors) {
      expect(createHash('sha256').update(v.serverSeed).digest('hex')).toBe(v.serverSeedHash);
      const source = hmac(v.serverSeed, v.clientSeed, v.nonce);
      expect(Buffer.from(source(0)).toString('hex')).toBe(v.firstBlock);
      expect(playOriginal(source, v.wager)).toEqual(v.outcome);
      expect(await withBlocks(v, (s) => playOriginal(s, v.wager), 1)).toEqual(v.outcome);
    }
  });

  it('the standalone verifier script (no project import) recomputes every Blackjack vector', () => {
    const out = execFileSync(process.execPath, [`${root}scripts/verify-original.mjs`, vectorsPath], {
      encoding: 'utf8',
    });
    expect(out).toContain(`${vectors.length} of ${vectors.length} vectors match`);
  });
});
