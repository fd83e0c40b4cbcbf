import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  blackjackLegal,
  blackjackStatus,
  blackjackTableOf,
  playOriginal,
  type BlackjackAction,
  type BlackjackOutcome,
  type BlackjackRound,
} from '@app/contract';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { GAMES_FREE_PLAY_HOUSE, GAMES_HOUSE } from '../games/seamless-wallet.ts';
import {
  activeSeed,
  expectCreditedOnce,
  expectRevealedSeedRecomputes,
  houseState,
  houseTotal,
  housePost,
  openRoundSource,
  openRows,
  seedSource,
  type OriginalRound,
} from './originals-test-kit.ts';

/**
 * Blackjack through the HTTP stack (decision 057), PGlite and PostgreSQL: a hand is dealt with its
 * bet, takes only legal actions (a double or a split debits one more bet), settles once through the
 * ledger (one credit for the round, stake and payout on one game round), recomputes from the
 * revealed seed; the hand lives in the database alone (a second server plays it on); a repeated
 * step is taken once; free play moves against the free-play house.
 */
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  second = await secondInstance(t, {});
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

type Round = OriginalRound<BlackjackOutcome>;
interface Answer {
  open: BlackjackRound | null;
  settled: Round | null;
  balance: number;
}

const post = <T>(token: string, url: string, payload: unknown, app?: FastifyInstance) =>
  housePost<T>(t, token, url, payload, app);
const deal = (token: string, bet: unknown, app?: FastifyInstance) =>
  post<Answer>(token, 'blackjack/start', { gameCode: 'blackjack', bet }, app);
const act = (token: string, action: string, step: number, app?: FastifyInstance) =>
  post<Answer>(token, 'blackjack/act', { gameCode: 'blackjack', action, step }, app);

/** The table of a member's open hand as only a test may read it: from the active server seed. */
async function tableOf(memberId: number) {
  const { source, moves } = await openRoundSource(t, memberId, 'blackjack');
  return blackjackTableOf(source, moves as BlackjackAction[]);
}

describe(`Blackjack (${testDbKind})`, () => {
  it('deals with the bet, splits and doubles with one more bet each, settles once through the ledger; the revealed seed recomputes it', async () => {
    const m = await memberWithMoney(t, 1_000_000);
    let balance = 1_000_000;
    let splitPlayed: Round | null = null;
    let doubled = false;
    for (let hand = 0; hand < 80 && !(splitPlayed && doubled); hand++) {
      const dealt = await deal(m.token, 10);
      expect(dealt.statusCode, dealt.message).toBe(200);
      balance -= 1_000;
      let answer = dealt.value;
      if (!answer.settled) {
        const open = answer.open!;
        expect(open.hands[0]!.cards).toHaveLength(2);
        expect(open.dealer).toHaveLength(1);
        // The dealer's second card never leaves the server while the hand is open.
        expect(JSON.stringify(answer)).not.toContain('serverSeed"');
        expect((await deal(m.token, 10)).statusCode).toBe(409);
        expect((await post(m.token, 'seed/rotate', { gameCode: 'blackjack' })).statusCode).toBe(409);
      }
      let step = 0;
      while (answer.open) {
        const legal = answer.open.legal;
        expect(legal).toEqual(blackjackLegal(await tableOf(m.memberId)));
        const action: BlackjackAction = legal.includes('split')
          ? 'split'
          : legal.includes('double') && answer.open.hands[answer.open.active]!.total <= 11
            ? 'double'
            : 'stand';
        const before = await walletMinor(t, m.memberId);
        const r = await act(m.token, action, step++);
        expect(r.statusCode, r.message).toBe(200);
        if (action === 'split' || action === 'double') {
          balance -= 1_000;
          if (r.value.open) expect(await walletMinor(t, m.memberId)).toBe(before - 1_000);
          if (action === 'double') doubled = true;
        }
        answer = r.value;
      }
      const round = answer.settled!;
      expect(round.kind).toBe('blackjack');
      balance += round.outcome.totalWin;
      expect(await walletMinor(t, m.memberId)).toBe(balance);
      expect(round.bet * 100).toBe(round.outcome.stake);
      // One game round: every stake on it, one credit, one payout.
      await expectCreditedOnce(t, round, round.outcome.stake);
      expect(await openRows(t, m.memberId)).toHaveLength(0);
      if (round.outcome.hands.length === 2) splitPlayed = round;
    }
    expect(splitPlayed, 'a pair was dealt in 80 hands').not.toBeNull();
    expect(splitPlayed!.outcome.stake).toBeGreaterThanOrEqual(2_000);
    expect((await act(m.token, 'stand', 0)).statusCode).toBe(404);

    await expectRevealedSeedRecomputes(t, m.token, 'blackjack', [splitPlayed!]);
  });

  it('a blackjack dealt settles in the deal: the bet debited and the 3:2 credited together, no hand left open', async () => {
    const m = await memberWithMoney(t, 100_000);
    const set = (clientSeed: string) => post(m.token, 'seed/client', { gameCode: 'blackjack', clientSeed });
    expect((await set('find-a-blackjack')).statusCode).toBe(200);
    // Only a test may read the server seed: it finds a client seed whose next deal is a blackjack.
    const seed = await activeSeed(t, m.memberId, 'blackjack');
    const source = (clientSeed: string) => seedSource(seed.serverSeed, clientSeed, seed.nextNonce);
    let clientSeed = '';
    for (let i = 0; !clientSeed; i++)
      if (blackjackStatus(blackjackTableOf(source(`bj-${i}`), [])) === 'over') clientSeed = `bj-${i}`;
    expect((await set(clientSeed)).statusCode).toBe(200);
    const dealt = await deal(m.token, 10);
    expect(dealt.statusCode, dealt.message).toBe(200);
    expect(dealt.value.open).toBeNull();
    const round = dealt.value.settled!;
    expect(round.outcome.actions).toEqual([]);
    expect(round.outcome.stake).toBe(1_000);
    expect(round.outcome.totalWin).toBe(playOriginal(source(clientSeed), round.wager).totalWin);
    expect([1_000, 2_500]).toContain(round.outcome.totalWin); // a push against his blackjack, or 3:2
    expect(dealt.value.balance * 100).toBe(100_000 - 1_000 + round.outcome.totalWin);
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 1_000 + round.outcome.totalWin);
    expect(await openRows(t, m.memberId)).toHaveLength(0);
    await expectCreditedOnce(t, round, 1_000);
  });

  it('only legal actions: no split without a pair, no double after a hit, a stale step refused; a second server plays the hand on', async () => {
    const m = await memberWithMoney(t, 100_000);
    let open: BlackjackRound | null = null;
    for (let i = 0; i < 30 && !open; i++) {
      const d = await deal(m.token, 1);
      expect(d.statusCode, d.message).toBe(200);
      open =
        d.value.open && !d.value.open.legal.includes('split') && d.value.open.hands[0]!.total < 20
          ? d.value.open
          : null;
      // Stand on anything else (a pair, a 20) to deal again.
      let step = 0;
      while (!open && d.value.open) {
        const r = await act(m.token, 'stand', step++);
        if (!r.value.open) break;
      }
    }
    expect(open).not.toBeNull();
    expect((await act(m.token, 'split', 0)).statusCode).toBe(422);
    expect((await act(m.token, 'surrender', 0)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await act(m.token, 'hit', 3)).statusCode).toBe(409);
    const shown = (await houseState<{ openBlackjack: BlackjackRound }>(t, m.token, 'blackjack', second))
      .openBlackjack;
    expect(shown.roundId).toBe(open!.roundId);
    // The same hit twice at once (two servers): one card drawn.
    const hits = await Promise.all([act(m.token, 'hit', 0), act(m.token, 'hit', 0, second)]);
    const codes = hits.map((h) => h.statusCode).sort();
    expect(codes[0]).toBe(200);
    // The other finds the hand moved on, or gone when the hit ended it (a bust, a 21).
    expect([404, 409]).toContain(codes[1]);
    const hit = hits.find((h) => h.statusCode === 200)!.value;
    if (hit.open) {
      expect(hit.open.hands[0]!.cards).toHaveLength(3);
      expect((await act(m.token, 'double', 1)).statusCode).toBe(422);
      const stood = await act(m.token, 'stand', 1);
      expect(stood.statusCode).toBe(200);
      expect(stood.value.settled!.outcome.actions).toEqual(['hit', 'stand']);
    } else expect(hit.settled!.outcome.actions).toEqual(['hit']);
  });

  it('a double the balance does not cover is refused whole: the hand stays as it was', async () => {
    const m = await memberWithMoney(t, 1_000);
    for (let i = 0; i < 40; i++) {
      const before = await walletMinor(t, m.memberId);
      if (before < 200) break;
      const d = await deal(m.token, before / 100);
      if (!d.value.open) continue;
      const r = await act(m.token, 'double', 0);
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
      const [row] = await openRows(t, m.memberId);
      expect(row!.moves).toEqual([]);
      expect(await walletMinor(t, m.memberId)).toBe(0);
      const done = await act(m.token, 'stand', 0);
      expect(done.statusCode).toBe(200);
      return;
    }
  });

  it('bad bets are refused with 4xx and leave no round; another game is refused', async () => {
    const m = await memberWithMoney(t, 100_000);
    for (const bet of [0, -1, 'x', 0.05, 1_000_000, 10_001])
      expect((await deal(m.token, bet)).statusCode, `bet ${bet}`).toBeGreaterThanOrEqual(400);
    expect((await post(m.token, 'blackjack/start', { gameCode: 'hilo', bet: 1 })).statusCode).toBe(422);
    expect((await act(m.token, 'hit', 0)).statusCode).toBe(404);
    expect(await openRows(t, m.memberId)).toHaveLength(0);
    expect(await walletMinor(t, m.memberId)).toBe(100_000);
  });

  it('free play: a trial account plays Blackjack against the free-play house, never the real one', async () => {
    const trial = await memberWithMoney(t, 10_000, { agentType: 4 });
    const realBefore = await houseTotal(t, GAMES_HOUSE);
    const freeBefore = await houseTotal(t, GAMES_FREE_PLAY_HOUSE);
    const d = await deal(trial.token, 1);
    expect(d.statusCode).toBe(200);
    const settled = d.value.settled ?? (await act(trial.token, 'stand', 0)).value.settled!;
    expect(settled.freePlay).toBe(true);
    expect(await houseTotal(t, GAMES_HOUSE)).toBe(realBefore);
    expect(await houseTotal(t, GAMES_FREE_PLAY_HOUSE)).toBe(freeBefore + 100 - settled.outcome.totalWin);
  });
});
