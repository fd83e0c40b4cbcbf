import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { concurrently, memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { GAMES_FREE_PLAY_HOUSE, GAMES_HOUSE } from '../games/seamless-wallet.ts';
import {
  expectCreditedOnce,
  expectRevealedSeedRecomputes,
  houseTotal,
  housePost,
  type OriginalRound,
} from './originals-test-kit.ts';

/**
 * Baccarat through the HTTP stack (decision 056), PGlite and PostgreSQL: a round of several spots
 * goes through the ledger exactly once (its stake the sum of the spots) and recomputes from the
 * revealed seed; the max bet and max win hold on the server; free play stays off the real house;
 * auto-bet plays it; concurrent rounds on one balance never overdraw it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Round = OriginalRound<
  { totalWin: number; result: string; player: number[]; banker: number[] } & Record<string, unknown>
>;

const post = <T>(token: string, url: string, payload: unknown) => housePost<T>(t, token, url, payload);
const play = (token: string, bets: Record<string, unknown>) =>
  post<Round>(token, 'original', { gameCode: 'baccarat', bets });

describe(`Baccarat, a house original (${testDbKind})`, () => {
  it('a round of several spots goes through the ledger once and the revealed seed recomputes it', async () => {
    const m = await memberWithMoney(t, 100_000);
    const state = await t.call({
      method: 'GET',
      url: '/wps/sandbox/house/state?gameCode=baccarat',
      token: m.token,
    });
    expect(state.statusCode).toBe(200);
    expect(JSON.parse(state.body).value).toMatchObject({ kind: 'baccarat', name: 'Baccarat' });
    const played: Round[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await play(m.token, { banker: 2, tie: 0.5, 'player-pair': 0.25 });
      expect(r.statusCode, r.message).toBe(200);
      expect(r.value.kind).toBe('baccarat');
      expect(r.value.bet).toBe(2.75);
      expect(r.value.wager).toEqual({
        kind: 'baccarat',
        bet: 275,
        bets: { banker: 200, tie: 50, 'player-pair': 25 },
      });
      expect(r.value.outcome.player.length).toBeGreaterThanOrEqual(2);
      await expectCreditedOnce(t, r.value, 275);
      const records = await t.database.db
        .selectFrom('bet_record')
        .select('bet_no')
        .where('bet_no', '=', r.value.roundId)
        .execute();
      expect(records).toHaveLength(1);
      played.push(r.value);
    }
    expect(played.map((r) => r.nonce)).toEqual([0, 1, 2, 3].map((i) => played[0]!.nonce + i));
    const won = played.reduce((s, r) => s + r.outcome.totalWin, 0);
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 4 * 275 + won);

    await expectRevealedSeedRecomputes(t, m.token, 'baccarat', played);
  });

  it('bad spots and stakes, more than the max bet, and a bet that could win more than the max win are refused', async () => {
    const m = await memberWithMoney(t, 10_000_000);
    const refused: Record<string, unknown>[] = [
      {},
      { dragon: 1 },
      { player: 0.01 }, // under the min bet
      { player: 'x' },
      { player: 600, banker: 600 }, // 1,200 over the max bet
      { tie: 1000, 'player-pair': 0 },
    ];
    for (const bets of refused) {
      const r = await play(m.token, bets);
      expect([400, 422], JSON.stringify(bets)).toContain(r.statusCode);
      expect(r.success).toBe(false);
    }
    expect(await walletMinor(t, m.memberId)).toBe(10_000_000);
    // The most a round can win is 12× its stake (both pairs at 11:1), so at the default limits
    // (max bet 1,000, max win 100,000) every bet within the max bet fits the max win: the max bet
    // on both pairs is played (the engine's top win is checked against the max win as for every
    // layout game, originalTopMultiplier).
    const fits = await play(m.token, { 'player-pair': 500, 'banker-pair': 500 });
    expect(fits.statusCode, fits.message).toBe(200);
    expect(await walletMinor(t, m.memberId)).toBe(10_000_000 - 100_000 + fits.value.outcome.totalWin);
  });

  it('free play stays off the real house; auto-bet plays rounds; 24 concurrent rounds on one balance never overdraw it', async () => {
    const trial = await memberWithMoney(t, 10_000, { agentType: 4 });
    const realBefore = await houseTotal(t, GAMES_HOUSE);
    const freeBefore = await houseTotal(t, GAMES_FREE_PLAY_HOUSE);
    const r = await play(trial.token, { player: 1 });
    expect(r.statusCode, r.message).toBe(200);
    expect(r.value.freePlay).toBe(true);
    expect(await houseTotal(t, GAMES_HOUSE)).toBe(realBefore);
    expect(await houseTotal(t, GAMES_FREE_PLAY_HOUSE)).toBe(freeBefore + 100 - r.value.outcome.totalWin);

    const auto = await post<{ rounds: Round[]; stoppedBy: string }>(trial.token, 'original/auto', {
      gameCode: 'baccarat',
      bets: { banker: 0.2 },
      rounds: 5,
    });
    expect(auto.statusCode, auto.message).toBe(200);
    expect(auto.value.rounds).toHaveLength(5);
    for (const x of auto.value.rounds)
      expect(x.outcome.totalWin).toBe(
        x.outcome.result === 'banker' ? 39 : x.outcome.result === 'tie' ? 20 : 0,
      );

    const m = await memberWithMoney(t, 1_000); // ten rounds of 1.00
    const results = await concurrently(24, 1, (c) =>
      play(m.token, c % 2 ? { player: 1 } : { tie: 0.5, banker: 0.5 }),
    );
    const answers = results.map((x) => (x.status === 'fulfilled' ? x.value : null));
    expect(answers.every((a) => a !== null)).toBe(true);
    const rounds = answers.filter((a) => a!.statusCode === 200).map((a) => a!.value);
    for (const a of answers.filter((x) => x!.statusCode !== 200)) expect(a!.statusCode).toBe(409);
    const won = rounds.reduce((s, x) => s + x.outcome.totalWin, 0);
    const final = await walletMinor(t, m.memberId);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(final).toBe(1_000 - 100 * rounds.length + won);
  });
});
