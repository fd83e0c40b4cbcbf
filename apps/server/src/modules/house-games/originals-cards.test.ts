import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cardRank, hiloCards, hiloWins, type HiLoAction, type HiLoGuess } from '@app/contract';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { GAMES_FREE_PLAY_HOUSE, GAMES_HOUSE } from '../games/seamless-wallet.ts';
import {
  expectCreditedOnce,
  expectRevealedSeedRecomputes,
  houseState,
  houseTotal,
  housePost,
  openRoundSource,
  openRows,
  type OriginalRound,
} from './originals-test-kit.ts';

/**
 * HiLo through the HTTP stack (decision 046), PGlite and PostgreSQL: a round opens with its stake,
 * takes guesses and skips, cashes out or loses once through the ledger, recomputes from the
 * revealed seed; its state lives in the database alone (a second server plays it on); a double
 * submit of a step, of a cash-out and of a start is taken once; bad input is refused with 4xx.
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

type Round = OriginalRound<{ totalWin: number; lost: boolean; guesses: number; cards: number[] }>;
interface Open {
  roundId: string;
  bet: number;
  cards: number[];
  actions: HiLoAction[];
  guesses: number;
  cashOut: number;
  multiplier: string;
  next: Record<HiLoGuess, string | null>;
  chances: Record<HiLoGuess, number>;
  skipsLeft: number;
  nonce: number;
}
interface HiLoAnswer {
  open: Open | null;
  settled: Round | null;
  balance: number;
}
const post = <T>(token: string, url: string, payload: unknown, app?: FastifyInstance) =>
  housePost<T>(t, token, url, payload, app);
const start = (token: string, bet: unknown, app?: FastifyInstance) =>
  post<HiLoAnswer>(token, 'hilo/start', { gameCode: 'hilo', bet }, app);
const act = (token: string, action: string, step: number, app?: FastifyInstance) =>
  post<HiLoAnswer>(token, 'hilo/act', { gameCode: 'hilo', action, step }, app);
const cashOut = (token: string, app?: FastifyInstance) =>
  post<HiLoAnswer>(token, 'hilo/cashout', { gameCode: 'hilo' }, app);

/** The cards of a member's open round, read as only a test may: from the active server seed. */
async function upcoming(memberId: number, n: number): Promise<number[]> {
  return hiloCards((await openRoundSource(t, memberId, 'hilo')).source, n);
}
/** A guess that wins from `card` to `next` (there always is one: same at worst). */
const winning = (card: number, next: number): HiLoGuess =>
  (['higher', 'lower', 'same'] as const).find(
    (g) =>
      !(g === 'higher' && cardRank(card) === 13) &&
      !(g === 'lower' && cardRank(card) === 1) &&
      hiloWins(cardRank(card), cardRank(next), g),
  )!;
const losing = (card: number, next: number): HiLoGuess | null =>
  (['higher', 'lower', 'same'] as const).find(
    (g) =>
      !(g === 'higher' && cardRank(card) === 13) &&
      !(g === 'lower' && cardRank(card) === 1) &&
      !hiloWins(cardRank(card), cardRank(next), g),
  ) ?? null;

describe(`HiLo (${testDbKind})`, () => {
  it('opens with the stake, guesses and skips, cashes out once through the ledger; the revealed seed recomputes it', async () => {
    const m = await memberWithMoney(t, 100_000);
    const opened = await start(m.token, 10);
    expect(opened.statusCode, opened.message).toBe(200);
    expect(opened.value.balance).toBe(990);
    const open = opened.value.open!;
    expect(open.cards).toHaveLength(1);
    expect(open.guesses).toBe(0);
    expect(open.cashOut).toBe(0);
    // The next card never leaves the server while the round is open.
    const cards = await upcoming(m.memberId, 4);
    expect(open.cards).toEqual(cards.slice(0, 1));
    expect(JSON.stringify(opened.value)).not.toContain('serverSeed"');

    // A second start, a rotation and a cash-out before a right guess are refused.
    expect((await start(m.token, 10)).statusCode).toBe(409);
    expect((await post(m.token, 'seed/rotate', { gameCode: 'hilo' })).statusCode).toBe(409);
    expect((await cashOut(m.token)).statusCode).toBe(422);

    const skipped = await act(m.token, 'skip', 0);
    expect(skipped.statusCode, skipped.message).toBe(200);
    expect(skipped.value.open!.cards).toEqual(cards.slice(0, 2));
    expect(skipped.value.open!.skipsLeft).toBe(51);
    const g = winning(cards[1]!, cards[2]!);
    const guessed = await act(m.token, g, 1);
    expect(guessed.statusCode, guessed.message).toBe(200);
    // One right guess almost never reaches the max win: the round is still open.
    const after = guessed.value.open!;
    expect(after.guesses).toBe(1);
    expect(after.actions).toEqual(['skip', g]);
    expect(after.cashOut).toBeGreaterThanOrEqual(10);

    const cashed = await cashOut(m.token);
    expect(cashed.statusCode, cashed.message).toBe(200);
    expect(cashed.value.open).toBeNull();
    const round = cashed.value.settled!;
    expect(round.kind).toBe('hilo');
    expect(round.outcome.lost).toBe(false);
    expect(round.win).toBe(after.cashOut);
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 1_000 + round.outcome.totalWin);
    // One game round, credited once; the open row is gone.
    await expectCreditedOnce(t, round);
    expect(await openRows(t, m.memberId)).toHaveLength(0);
    // A cash-out again finds no round.
    expect((await cashOut(m.token)).statusCode).toBe(404);

    await expectRevealedSeedRecomputes(t, m.token, 'hilo', [round]);
  });

  it('a wrong guess ends the round with no win, once', async () => {
    const m = await memberWithMoney(t, 10_000);
    await start(m.token, 5);
    let step = 0;
    for (;;) {
      const cards = await upcoming(m.memberId, step + 2);
      const wrong = losing(cards[step]!, cards[step + 1]!);
      if (!wrong) {
        expect((await act(m.token, 'skip', step)).statusCode).toBe(200);
        step += 1;
        continue;
      }
      const lost = await act(m.token, wrong, step);
      expect(lost.statusCode, lost.message).toBe(200);
      expect(lost.value.open).toBeNull();
      expect(lost.value.settled!.win).toBe(0);
      expect(lost.value.settled!.outcome.lost).toBe(true);
      break;
    }
    expect(await walletMinor(t, m.memberId)).toBe(10_000 - 500);
    expect(await openRows(t, m.memberId)).toHaveLength(0);
  });

  it('the round lives in the database: a second server shows it and plays it on, and the first cashes it out', async () => {
    const m = await memberWithMoney(t, 10_000);
    const opened = await start(m.token, 2);
    expect(opened.statusCode).toBe(200);
    const shown = (await houseState<{ openHiLo: Open }>(t, m.token, 'hilo', second)).openHiLo;
    expect(shown.roundId).toBe(opened.value.open!.roundId);
    expect(shown.cards).toEqual(opened.value.open!.cards);
    const cards = await upcoming(m.memberId, 2);
    const on = await act(m.token, winning(cards[0]!, cards[1]!), 0, second);
    expect(on.statusCode, on.message).toBe(200);
    expect(on.value.open!.guesses).toBe(1);
    const cashed = await cashOut(m.token);
    expect(cashed.statusCode).toBe(200);
    expect(await walletMinor(t, m.memberId)).toBe(10_000 - 200 + cashed.value.settled!.outcome.totalWin);
  });

  it('double submits are taken once: the same step twice, two cash-outs, two starts (on two servers)', async () => {
    const m = await memberWithMoney(t, 100_000);
    // Two starts at once: one round, one stake.
    const starts = await Promise.all([start(m.token, 3), start(m.token, 3, second)]);
    expect(starts.map((s) => s.statusCode).sort()).toEqual([200, 409]);
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 300);
    // The same step submitted twice at once: one guess taken, the other refused.
    const cards = await upcoming(m.memberId, 2);
    const g = winning(cards[0]!, cards[1]!);
    const steps = await Promise.all([act(m.token, g, 0), act(m.token, g, 0, second)]);
    expect(steps.map((s) => s.statusCode).sort()).toEqual([200, 409]);
    const [row] = await openRows(t, m.memberId);
    expect(row!.moves).toEqual([g]);
    // Two cash-outs at once: paid once.
    const cashes = await Promise.all([cashOut(m.token), cashOut(m.token, second)]);
    const codes = cashes.map((c) => c.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([404, 409]).toContain(codes[1]);
    const paid = cashes.find((c) => c.statusCode === 200)!.value.settled!;
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 300 + paid.outcome.totalWin);
    await expectCreditedOnce(t, paid);
  });

  it('bad input is refused with 4xx and leaves no round: bets, actions, steps, guesses the card does not offer, another game', async () => {
    const m = await memberWithMoney(t, 100_000);
    for (const bet of [0, -1, 'x', 0.05, 1_000_000, 10_001])
      expect((await start(m.token, bet)).statusCode, `bet ${bet}`).toBeGreaterThanOrEqual(400);
    // Never a 500: every refusal above is the player's input.
    expect((await post(m.token, 'hilo/start', { gameCode: 'dice', bet: 1 })).statusCode).toBe(422);
    expect(
      (await post(m.token, 'hilo/start', { gameCode: 'hilo', bet: 1, extra: 1 })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await act(m.token, 'higher', 0)).statusCode).toBe(404);
    expect(await openRows(t, m.memberId)).toHaveLength(0);
    expect(await walletMinor(t, m.memberId)).toBe(100_000);
    await start(m.token, 1);
    expect((await act(m.token, 'double', 0)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await act(m.token, 'skip', -1)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await act(m.token, 'skip', 3)).statusCode).toBe(409);
    const [card] = await upcoming(m.memberId, 1);
    if (cardRank(card!) === 13) expect((await act(m.token, 'higher', 0)).statusCode).toBe(422);
    if (cardRank(card!) === 1) expect((await act(m.token, 'lower', 0)).statusCode).toBe(422);
    expect(
      (await post(m.token, 'hilo/act', { gameCode: 'hilo', action: 'skip' })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const res = await t.call({
      method: 'POST',
      url: '/wps/sandbox/house/hilo/start',
      payload: { gameCode: 'hilo', bet: 1 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a guess whose win would pass the max win is refused (the round plays on within it)', async () => {
    const m = await memberWithMoney(t, 1_000_000);
    // 1,000 at stake, max win 100,000: right guesses climb until "same" (13×) would pass 100×.
    await start(m.token, 1_000);
    let refused = false;
    for (let step = 0; step < 80 && !refused; step++) {
      const o = (await houseState<{ openHiLo: Open }>(t, m.token, 'hilo')).openHiLo;
      expect(o, 'the round ended before the max win was reached').not.toBeNull();
      if (o.next.same === null) {
        const r = await act(m.token, 'same', step);
        expect(r.statusCode).toBe(422);
        expect(r.message).toMatch(/more than the 100000/);
        refused = true;
        break;
      }
      const cards = await upcoming(m.memberId, step + 2);
      const r = await act(m.token, winning(cards[step]!, cards[step + 1]!), step);
      expect(r.statusCode, r.message).toBe(200);
    }
    expect(refused).toBe(true);
    const cashed = await cashOut(m.token);
    expect(cashed.statusCode).toBe(200);
    expect(cashed.value.settled!.outcome.totalWin).toBeLessThanOrEqual(10_000_000);
  });

  it('free play: a trial account plays HiLo against the free-play house, never the real one', async () => {
    const trial = await memberWithMoney(t, 10_000, { agentType: 4 });
    const realBefore = await houseTotal(t, GAMES_HOUSE);
    const freeBefore = await houseTotal(t, GAMES_FREE_PLAY_HOUSE);
    expect((await start(trial.token, 1)).statusCode).toBe(200);
    const cards = await upcoming(trial.memberId, 2);
    await act(trial.token, winning(cards[0]!, cards[1]!), 0);
    const cashed = await cashOut(trial.token);
    expect(cashed.value.settled!.freePlay).toBe(true);
    expect(await houseTotal(t, GAMES_HOUSE)).toBe(realBefore);
    expect(await houseTotal(t, GAMES_FREE_PLAY_HOUSE)).toBe(
      freeBefore + 100 - cashed.value.settled!.outcome.totalWin,
    );
  });
});
