import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_VENDOR, minesMultiplier, payOf, playOriginal, withBlocks } from '@app/contract';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { concurrently, memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { GAMES_FREE_PLAY_HOUSE, GAMES_HOUSE } from '../games/seamless-wallet.ts';
import {
  expectRevealedSeedRecomputes,
  expectCreditedOnce,
  houseTotal as houseTotalOf,
  housePost,
  type HouseReply as Answer,
  type OriginalRound,
} from './originals-test-kit.ts';

/**
 * The house originals through the HTTP stack (decision 046), PGlite and PostgreSQL: each game
 * plays a round through the ledger exactly once and recomputes from the revealed seed; Mines opens,
 * reveals and cashes out; limits (max bet, max win, auto-bet) hold on the server; free play stays
 * off the real house; concurrent bets of several games on one balance never overdraw it; a spin
 * asks the responsible-gambling limits inside its own statement (decision 039).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Round = OriginalRound;
interface MinesAnswer {
  open: {
    roundId: string;
    nonce: number;
    picks: number[];
    cashOut: number;
    multiplier: string;
    nextMultiplier: string | null;
  } | null;
  settled: Round | null;
  balance: number;
}
const post = <T>(token: string, url: string, payload: unknown) => housePost<T>(t, token, url, payload);
const original = (token: string, body: Record<string, unknown>) => post<Round>(token, 'original', body);

const houseTotal = (code: string) => houseTotalOf(t, code);

describe(`house originals (${testDbKind})`, () => {
  it('Dice, Limbo and Plinko each play a round through the ledger once, and the revealed seed recomputes it', async () => {
    const m = await memberWithMoney(t, 100_000);
    const played: Round[] = [];
    for (const body of [
      { gameCode: 'dice', bet: 1, target: 4950, over: false },
      { gameCode: 'limbo', bet: 1, target: 200 },
      { gameCode: 'plinko', bet: 1, rows: 16, risk: 'high' },
    ]) {
      const r = await original(m.token, body);
      expect(r.statusCode, r.message).toBe(200);
      expect(r.value.kind).toBe(body.gameCode);
      expect(r.value.bet).toBe(1);
      played.push(r.value);
      // The round is one settled house round, its money moved once, with one betting record, and
      // nothing of a vendor's protocol: no game round, no wallet-call rows (migration 073).
      await expectCreditedOnce(t, r.value, 100);
      for (const table of ['game_round', 'game_wallet_tx'] as const)
        expect(
          await t.database.db
            .selectFrom(table)
            .select('round_id')
            .where('round_id', '=', r.value.roundId)
            .execute(),
        ).toEqual([]);
      const records = await t.database.db
        .selectFrom('bet_record')
        .select('bet_no')
        .where('bet_no', '=', r.value.roundId)
        .execute();
      expect(records).toHaveLength(1);
    }
    const won = played.reduce((s, r) => s + r.outcome.totalWin, 0);
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 300 + won);

    for (const r of played) await expectRevealedSeedRecomputes(t, m.token, r.kind, [r]);
  });

  it('Mines: opens with the stake, a tile at a time, cashes out once; the seed of an open round does not rotate', async () => {
    const m = await memberWithMoney(t, 100_000);
    const st = await t.call({
      method: 'GET',
      url: '/wps/sandbox/house/state?gameCode=mines',
      token: m.token,
    });
    expect(JSON.parse(st.body).value.limits.autoBetMaxRounds).toBeGreaterThan(0);
    // One mine: the first tiles are very likely safe, and the layout tells us which are.
    const start = await post<MinesAnswer>(m.token, 'mines/start', { gameCode: 'mines', bet: 10, mines: 1 });
    expect(start.statusCode, start.message).toBe(200);
    expect(start.value.open!.picks).toEqual([]);
    expect(start.value.balance).toBe(990);
    expect(JSON.stringify(start.value)).not.toContain('layout');
    const second = await post<MinesAnswer>(m.token, 'mines/start', { gameCode: 'mines', bet: 10, mines: 1 });
    expect(second.statusCode).toBe(409);
    const rot = await post(m.token, 'seed/rotate', { gameCode: 'mines' });
    expect(rot.statusCode).toBe(409);
    const cashEarly = await post<MinesAnswer>(m.token, 'mines/cashout', { gameCode: 'mines' });
    expect(cashEarly.statusCode).toBe(422);
    // The mine's tile, read from the database (the test is the only one who may): open two others.
    const open = await t.database.db
      .selectFrom('house_open_round' as never)
      .select(['layout' as never])
      .execute();
    const layoutOf = (v: unknown) =>
      Array.isArray(v) ? v.map(Number) : String(v).replace(/[{}]/g, '').split(',').map(Number);
    const mine = layoutOf((open.at(-1) as { layout: unknown }).layout)[0]!;
    const safe = [0, 1, 2, 3].filter((x) => x !== mine).slice(0, 2);
    for (const [i, tile] of safe.entries()) {
      const r = await post<MinesAnswer>(m.token, 'mines/reveal', { gameCode: 'mines', tile });
      expect(r.statusCode, r.message).toBe(200);
      expect(r.value.open!.picks).toHaveLength(i + 1);
    }
    const again = await post<MinesAnswer>(m.token, 'mines/reveal', { gameCode: 'mines', tile: safe[0] });
    expect(again.statusCode).toBe(422);
    // 0.99 × 25/24 × 24/23 = 1.0760..: 10.00 pays 10.76.
    const cash = await post<MinesAnswer>(m.token, 'mines/cashout', { gameCode: 'mines' });
    expect(cash.statusCode, cash.message).toBe(200);
    expect(cash.value.open).toBeNull();
    expect(cash.value.settled!.win).toBe(10.76);
    expect(cash.value.balance).toBe(1000.76);
    const twice = await post<MinesAnswer>(m.token, 'mines/cashout', { gameCode: 'mines' });
    expect(twice.statusCode).toBe(404);
    expect(await walletMinor(t, m.memberId)).toBe(100_076);
    await expectCreditedOnce(
      t,
      { roundId: cash.value.settled!.roundId, outcome: { totalWin: 1_076 } },
      1_000,
    );
    // Rotation now works and the round recomputes.
    const rotated = await post<{ revealed: { serverSeed: string } }>(m.token, 'seed/rotate', {
      gameCode: 'mines',
    });
    expect(rotated.statusCode).toBe(200);
    const s = cash.value.settled!;
    const recomputed = await withBlocks(
      { serverSeed: rotated.value.revealed.serverSeed, clientSeed: s.clientSeed, nonce: s.nonce },
      (src) => playOriginal(src, s.wager),
    );
    expect(recomputed).toEqual(s.outcome);
    expect((s.outcome as unknown as { layout: number[] }).layout).toEqual([mine]);

    // A mine ends the round with nothing paid.
    await post<MinesAnswer>(m.token, 'mines/start', { gameCode: 'mines', bet: 1, mines: 24 });
    const open2 = await t.database.db
      .selectFrom('house_open_round' as never)
      .select(['layout' as never])
      .execute();
    const layout = layoutOf((open2.at(-1) as { layout: unknown }).layout);
    const boom = await post<MinesAnswer>(m.token, 'mines/reveal', { gameCode: 'mines', tile: layout[0] });
    expect(boom.value.settled!.win).toBe(0);
    expect((boom.value.settled!.outcome as unknown as { hit: number }).hit).toBe(layout[0]);
    expect(await walletMinor(t, m.memberId)).toBe(100_076 - 100);
  });

  it('Mines lives in the database: two servers play one round on, a server whose round ended elsewhere finds the next, a refused start leaves its nonce unused, the tile a max win allows ends the round', async () => {
    const other = await secondInstance(t, {});
    try {
      const m = await memberWithMoney(t, 10_000_000);
      const on = (app: typeof other) => (url: string, payload: Record<string, unknown>) =>
        housePost<MinesAnswer>(t, m.token, `mines/${url}`, { gameCode: 'mines', ...payload }, app);
      const [here, there] = [on(t.app), on(other)];
      const nextNonce = async () => {
        const st = await t.call({
          method: 'GET',
          url: '/wps/sandbox/house/state?gameCode=mines',
          token: m.token,
        });
        return (JSON.parse(st.body) as { value: { seed: { nextNonce: number } } }).value.seed.nextNonce;
      };
      const layout = async () => {
        const rows = await t.database.db
          .selectFrom('house_open_round')
          .select(['layout', 'round_id'])
          .where('member_id', '=', m.memberId)
          .execute();
        const v = rows[0]!.layout as unknown;
        const mines = Array.isArray(v)
          ? v.map(Number)
          : String(v).replace(/[{}]/g, '').split(',').map(Number);
        return { mines, safe: [...Array(25).keys()].filter((x) => !mines.includes(x)) };
      };
      const n0 = await nextNonce();

      // Opened here, a tile there, a tile here (on the row as the other left it), cashed out there.
      const start = await here('start', { bet: 1, mines: 3 });
      expect(start.statusCode, start.message).toBe(200);
      expect(start.value.balance).toBe(100_000 - 1);
      const first = await layout();
      const a = await there('reveal', { tile: first.safe[0] });
      expect(a.statusCode, a.message).toBe(200);
      expect(a.value.open!.picks).toEqual([first.safe[0]]);
      const b = await here('reveal', { tile: first.safe[1] });
      expect(b.statusCode, b.message).toBe(200);
      expect(b.value.open!.picks).toEqual([first.safe[0], first.safe[1]]);
      expect(b.value.balance).toBe(100_000 - 1);
      expect((await here('reveal', { tile: first.safe[0] })).statusCode).toBe(422);
      // Busy on either server: 409, and no nonce taken.
      expect((await here('start', { bet: 1, mines: 3 })).statusCode).toBe(409);
      expect((await there('start', { bet: 1, mines: 3 })).statusCode).toBe(409);
      expect(await nextNonce()).toBe(n0 + 1);
      const cashed = await there('cashout', {});
      expect(cashed.statusCode, cashed.message).toBe(200);
      const paid = payOf(100, minesMultiplier(3, 2));
      expect(cashed.value.settled!.win).toBe(paid / 100);
      expect(cashed.value.balance).toBe((10_000_000 - 100 + paid) / 100);

      // The next round opens there; here still knew the first: its tile goes to the second round.
      const next = await there('start', { bet: 1, mines: 3 });
      expect(next.statusCode, next.message).toBe(200);
      expect(next.value.open!.nonce).toBe(n0 + 1);
      const second = await layout();
      const c = await here('reveal', { tile: second.safe[0] });
      expect(c.statusCode, c.message).toBe(200);
      expect(c.value.open!.roundId).toBe(next.value.open!.roundId);
      expect(c.value.open!.picks).toEqual([second.safe[0]]);
      const boom = await here('reveal', { tile: second.mines[0] });
      expect(boom.statusCode, boom.message).toBe(200);
      expect(boom.value.settled!.roundId).toBe(next.value.open!.roundId);
      expect(boom.value.settled!.win).toBe(0);
      expect((await there('cashout', {})).statusCode).toBe(404);
      expect((await here('cashout', {})).statusCode).toBe(404);
      expect(await walletMinor(t, m.memberId)).toBe(10_000_000 - 200 + paid);

      // 1,000 on 3 mines: the 19th safe tile would pay 113.85× (past the max win of 100,000), so
      // the 18th cashes out by itself at 65.05×; the 17th leaves the round open.
      const big = await here('start', { bet: 1000, mines: 3 });
      expect(big.statusCode, big.message).toBe(200);
      const third = await layout();
      for (const [i, tile] of third.safe.slice(0, 17).entries()) {
        const r = await (i % 2 ? there : here)('reveal', { tile });
        expect(r.statusCode, r.message).toBe(200);
        expect(r.value.open!.picks).toHaveLength(i + 1);
      }
      const last = await here('reveal', { tile: third.safe[17] });
      expect(last.statusCode, last.message).toBe(200);
      expect(last.value.open).toBeNull();
      expect(last.value.settled!.win).toBe(payOf(100_000, minesMultiplier(3, 18)) / 100);
      await expectCreditedOnce(t, last.value.settled!, 100_000);

      // A stake the balance does not cover leaves no round and its nonce unused.
      const poor = await memberWithMoney(t, 50);
      const poorNonce = async () => {
        const st = await t.call({
          method: 'GET',
          url: '/wps/sandbox/house/state?gameCode=mines',
          token: poor.token,
        });
        return (JSON.parse(st.body) as { value: { seed: { nextNonce: number } } }).value.seed.nextNonce;
      };
      const before = await poorNonce();
      const refused = await housePost<MinesAnswer>(t, poor.token, 'mines/start', {
        gameCode: 'mines',
        bet: 1,
        mines: 3,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.errorCode).toBe('wallet.balance.insufficient');
      expect(await poorNonce()).toBe(before);
    } finally {
      await other.close();
    }
  });

  it('Mines: a daily wager limit refuses the start that passes it, leaving no round and its nonce unused', async () => {
    const m = await memberWithMoney(t, 100_000);
    const limit = await t.call({
      method: 'POST',
      url: '/wps/responsible/limit',
      token: m.token,
      payload: { kind: 'wager', period: 'day', amount: 1.5 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const start = () => post<MinesAnswer>(m.token, 'mines/start', { gameCode: 'mines', bet: 1, mines: 24 });
    const first = await start();
    expect(first.statusCode, first.message).toBe(200);
    // Whatever the tile, 24 mines end the round (a mine, or the one safe tile cashed out).
    const ended = await post<MinesAnswer>(m.token, 'mines/reveal', { gameCode: 'mines', tile: 0 });
    expect(ended.value.settled).not.toBeNull();
    const st = await t.call({
      method: 'GET',
      url: '/wps/sandbox/house/state?gameCode=mines',
      token: m.token,
    });
    const nonce = (JSON.parse(st.body) as { value: { seed: { nextNonce: number } } }).value.seed.nextNonce;
    const refused = await start();
    expect(refused.statusCode).toBe(409);
    expect(refused.errorCode).toBe('rg.wager.limit');
    const again = await t.call({
      method: 'GET',
      url: '/wps/sandbox/house/state?gameCode=mines',
      token: m.token,
    });
    const state = JSON.parse(again.body) as { value: { seed: { nextNonce: number }; openMines: unknown } };
    expect(state.value.seed.nextNonce).toBe(nonce);
    expect(state.value.openMines).toBeNull();
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 100 + ended.value.settled!.outcome.totalWin);
  });

  it('limits hold on the server: min and max bet, a bet that could win more than the max win, settings out of range', async () => {
    const m = await memberWithMoney(t, 10_000_000);
    const refused = [
      { gameCode: 'dice', bet: 0.01, target: 4950, over: false }, // under the min bet
      { gameCode: 'dice', bet: 1001, target: 4950, over: false }, // over the max bet
      { gameCode: 'limbo', bet: 1000, target: 10_100 }, // 101× of 1,000 > 100,000
      { gameCode: 'plinko', bet: 100, rows: 16, risk: 'high' }, // 1000.12× of 100
      { gameCode: 'dice', bet: 1, target: 9900, over: false }, // 99 % chance: above 98 %
      { gameCode: 'limbo', bet: 1, target: 100 }, // 1.00×
      { gameCode: 'plinko', bet: 1, rows: 7, risk: 'low' },
      { gameCode: 'plinko', bet: 1, rows: 8, risk: 'extreme' },
    ];
    for (const body of refused) {
      const r = await original(m.token, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
    }
    const mines = await post(m.token, 'mines/start', { gameCode: 'mines', bet: 1000, mines: 24 }); // 24.75 × 1000 ok
    expect(mines.statusCode).toBe(200);
    expect(await walletMinor(t, m.memberId)).toBe(10_000_000 - 100_000);
  });

  it('auto-bet stops at its limits on the server: the rounds cap, the loss limit, the profit limit, a won or a lost round', async () => {
    const m = await memberWithMoney(t, 1_000_000);
    const over = await post(m.token, 'original/auto', {
      gameCode: 'dice',
      bet: 1,
      target: 4950,
      over: false,
      rounds: 101,
    });
    expect(over.statusCode).toBe(422);
    // Limbo at 1,000,000×... never wins in practice: a loss limit of 5 stops after 5 rounds of 1.
    const loss = await post<{ rounds: Round[]; stoppedBy: string; net: number }>(m.token, 'original/auto', {
      gameCode: 'limbo',
      bet: 0.1,
      target: 100_000_000 / 100, // 10,000×
      rounds: 100,
      stopOnLoss: 0.5,
    });
    expect(loss.statusCode, loss.message).toBe(200);
    if (loss.value.rounds.every((r) => r.win === 0)) {
      expect(loss.value.stoppedBy).toBe('loss');
      expect(loss.value.rounds).toHaveLength(5);
      expect(loss.value.net).toBe(-0.5);
    }
    // Dice at 98 %: a profit limit of 0.01 stops at the first win.
    const profit = await post<{ rounds: Round[]; stoppedBy: string }>(m.token, 'original/auto', {
      gameCode: 'dice',
      bet: 1,
      target: 9800,
      over: false,
      rounds: 50,
      stopOnProfit: 0.01,
    });
    expect(profit.statusCode).toBe(200);
    const firstWin = profit.value.rounds.findIndex((r) => r.win > r.bet);
    expect(profit.value.stoppedBy).toBe('profit');
    expect(profit.value.rounds).toHaveLength(firstWin + 1);
    const all = await post<{ rounds: Round[]; stoppedBy: string }>(m.token, 'original/auto', {
      gameCode: 'plinko',
      bet: 0.1,
      rows: 8,
      risk: 'low',
      rounds: 7,
    });
    expect(all.value.rounds).toHaveLength(7);
    expect(all.value.stoppedBy).toBe('rounds');
    expect(new Set(all.value.rounds.map((r) => r.nonce)).size).toBe(7);
    // Stop on a win: Dice at 98 % stops after its first won round; stop on a loss: Limbo at
    // 10,000x after its first lost round (the round that lost is the last one played).
    const onWin = await post<{ rounds: Round[]; stoppedBy: string }>(m.token, 'original/auto', {
      gameCode: 'dice',
      bet: 1,
      target: 9800,
      over: false,
      rounds: 50,
      stopOnWin: true,
    });
    expect(onWin.statusCode, onWin.message).toBe(200);
    expect(onWin.value.stoppedBy).toBe('win');
    expect(onWin.value.rounds.findIndex((r) => r.win > r.bet)).toBe(onWin.value.rounds.length - 1);
    const onLose = await post<{ rounds: Round[]; stoppedBy: string }>(m.token, 'original/auto', {
      gameCode: 'limbo',
      bet: 0.1,
      target: 10_000,
      rounds: 20,
      stopOnLose: true,
    });
    expect(onLose.statusCode, onLose.message).toBe(200);
    const firstLost = onLose.value.rounds.findIndex((r) => r.win < r.bet);
    if (firstLost >= 0) {
      expect(onLose.value.stoppedBy).toBe('lose');
      expect(onLose.value.rounds).toHaveLength(firstLost + 1);
    }
  });

  it('free play: a trial account plays the originals against the free-play house, never the real one', async () => {
    const trial = await memberWithMoney(t, 10_000, { agentType: 4 });
    const realBefore = await houseTotal(GAMES_HOUSE);
    const freeBefore = await houseTotal(GAMES_FREE_PLAY_HOUSE);
    const r = await original(trial.token, { gameCode: 'dice', bet: 1, target: 5000, over: true });
    expect(r.value.freePlay).toBe(true);
    const mines = await post<MinesAnswer>(trial.token, 'mines/start', {
      gameCode: 'mines',
      bet: 1,
      mines: 3,
    });
    expect(mines.statusCode).toBe(200);
    expect(await houseTotal(GAMES_HOUSE)).toBe(realBefore);
    expect(await houseTotal(GAMES_FREE_PLAY_HOUSE)).toBe(freeBefore + 100 - r.value.outcome.totalWin + 100);
  });

  it('64 concurrent bets across the four games on one balance never take it below zero, each paid once', async () => {
    const m = await memberWithMoney(t, 2_000); // twenty bets of 1.00
    const bodies = [
      { gameCode: 'dice', bet: 1, target: 100, over: false }, // 1 % chance: mostly losses
      { gameCode: 'limbo', bet: 1, target: 10_000 },
      { gameCode: 'plinko', bet: 1, rows: 8, risk: 'high' },
    ];
    const results = await concurrently(64, 1, (c): Promise<Answer<Round | MinesAnswer>> =>
      c % 4 === 3
        ? post<MinesAnswer>(m.token, 'mines/start', { gameCode: 'mines', bet: 1, mines: 3 })
        : original(m.token, bodies[c % 4]!),
    );
    const answers = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
    expect(answers.every((a) => a !== null)).toBe(true);
    const ok = answers.filter((a) => a!.statusCode === 200);
    for (const a of answers.filter((x) => x!.statusCode !== 200)) {
      expect(a!.statusCode).toBe(409);
      expect(['wallet.balance.insufficient', 'conflict']).toContain(a!.errorCode);
    }
    const rounds = ok.filter((a) => 'roundId' in (a!.value as object)).map((a) => a!.value as Round);
    const minesOpened = ok.length - rounds.length;
    expect(minesOpened).toBeLessThanOrEqual(1); // one open round per player
    const won = rounds.reduce((s, r) => s + r.outcome.totalWin, 0);
    const final = await walletMinor(t, m.memberId);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(final).toBe(2_000 - 100 * (rounds.length + minesOpened) + won);
    // Each round moved money once: its stake and its payout, one ledger posting each.
    for (const r of rounds.slice(0, 10)) await expectCreditedOnce(t, r, 100);
    const negative = await t.database.db
      .selectFrom('ledger_account')
      .select('id')
      .where('allow_negative', '=', false)
      .where('balance', '<', 0)
      .execute();
    expect(negative).toEqual([]);
  });

  it('Keno, Wheel, Roulette and Sic Bo each play a round through the ledger once (the stake of a layout is the sum of its spots), and the revealed seed recomputes it', async () => {
    const m = await memberWithMoney(t, 100_000);
    const played: Round[] = [];
    for (const [body, stake] of [
      [{ gameCode: 'keno', bet: 1, picks: [3, 9, 17, 25, 33], risk: 'medium' }, 100],
      [{ gameCode: 'wheel', bet: 1, segments: 20, risk: 'low' }, 100],
      [{ gameCode: 'roulette', bets: { 'straight:17': 1, red: 2, 'dozen:3': 0.5 } }, 350],
      [{ gameCode: 'sic-bo', bets: { small: 1, 'total:9': 0.5, 'single:4': 1 } }, 250],
    ] as const) {
      const r = await original(m.token, body);
      expect(r.statusCode, r.message).toBe(200);
      expect(r.value.bet * 100).toBe(stake);
      played.push(r.value);
      await expectCreditedOnce(t, r.value, stake);
    }
    expect(played.map((r) => r.kind)).toEqual(['keno', 'wheel', 'roulette', 'sicbo']);
    expect(played[2]!.wager).toEqual({
      kind: 'roulette',
      bet: 350,
      bets: { 'straight:17': 100, red: 200, 'dozen:3': 50 },
    });
    const won = played.reduce((s, r) => s + r.outcome.totalWin, 0);
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 800 + won);
    for (const r of played) {
      const rot = await post<{ revealed: { serverSeed: string } }>(m.token, 'seed/rotate', {
        gameCode: r.gameCode,
      });
      expect(rot.statusCode).toBe(200);
      const again = await withBlocks(
        { serverSeed: rot.value.revealed.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce },
        (src) => playOriginal(src, r.wager),
      );
      expect(again).toEqual(r.outcome);
    }
  });

  it('Keno, Wheel, Roulette and Sic Bo: bad settings, spots, stakes and a bet that could win more than the max win are refused', async () => {
    const m = await memberWithMoney(t, 10_000_000);
    const refused: Record<string, unknown>[] = [
      { gameCode: 'keno', bet: 1, picks: [], risk: 'low' },
      { gameCode: 'keno', bet: 1, picks: [1, 1], risk: 'low' },
      { gameCode: 'keno', bet: 1, picks: [41], risk: 'low' },
      { gameCode: 'keno', bet: 1, picks: [1, 2], risk: 'extreme' },
      { gameCode: 'keno', bet: 101, picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'high' }, // 999.72× of 101
      { gameCode: 'wheel', bet: 1, segments: 25, risk: 'low' },
      { gameCode: 'wheel', bet: 1, segments: 10 }, // no risk
      { gameCode: 'roulette', bets: {} },
      { gameCode: 'roulette', bet: 1 }, // no spots
      { gameCode: 'roulette', bets: { 'split:1-3': 1 } },
      { gameCode: 'roulette', bets: { red: 0.01 } }, // under the min bet
      { gameCode: 'roulette', bets: { red: 'x' } },
      { gameCode: 'roulette', bets: { red: 600, black: 600 } }, // 1,200 over the max bet
      { gameCode: 'sic-bo', bets: { 'triple:6': 600 } }, // 181 × 600 > 100,000
      { gameCode: 'sic-bo', bets: { 'total:3': 1 } },
    ];
    for (const body of refused) {
      const r = await original(m.token, body);
      expect([400, 422], JSON.stringify(body)).toContain(r.statusCode);
      expect(r.success, JSON.stringify(body)).toBe(false);
    }
    // 180 to 1 at 552: 99,912 fits the max win.
    const fits = await original(m.token, { gameCode: 'sic-bo', bets: { 'triple:6': 552 } });
    expect(fits.statusCode, fits.message).toBe(200);
    expect(await walletMinor(t, m.memberId)).toBe(10_000_000 - 55_200 + fits.value.outcome.totalWin);
  });

  it('Keno, Wheel, Roulette and Sic Bo: free play stays off the real house, auto-bet plays them, 32 concurrent bets on one balance never overdraw it', async () => {
    const trial = await memberWithMoney(t, 10_000, { agentType: 4 });
    const realBefore = await houseTotal(GAMES_HOUSE);
    const r = await original(trial.token, { gameCode: 'roulette', bets: { even: 1 } });
    expect(r.value.freePlay).toBe(true);
    expect(await houseTotal(GAMES_HOUSE)).toBe(realBefore);

    const auto = await post<{ rounds: Round[]; stoppedBy: string }>(trial.token, 'original/auto', {
      gameCode: 'sic-bo',
      bets: { big: 0.1 },
      rounds: 5,
    });
    expect(auto.statusCode, auto.message).toBe(200);
    expect(auto.value.rounds).toHaveLength(5);

    const m = await memberWithMoney(t, 1_000); // ten bets of 1.00
    const bodies = [
      { gameCode: 'keno', bet: 1, picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'high' },
      { gameCode: 'wheel', bet: 1, segments: 50, risk: 'high' },
      { gameCode: 'roulette', bets: { 'straight:0': 1 } },
      { gameCode: 'sic-bo', bets: { 'any-triple': 1 } },
    ];
    const results = await concurrently(32, 1, (c) => original(m.token, bodies[c % 4]!));
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

describe(`a spin asks the responsible-gambling limits in its own statement (decision 039, migration 073; ${testDbKind})`, () => {
  /** The member's house rounds (settled) and betting records: none for a refused round. */
  async function roundsOf(memberId: number) {
    const rounds = await t.database.db
      .selectFrom('house_round')
      .select('round_id')
      .where('member_id', '=', memberId)
      .execute();
    const records = await t.database.db
      .selectFrom('bet_record')
      .select('bet_no')
      .where('member_id', '=', memberId)
      .execute();
    return { rounds: rounds.length, records: records.length };
  }

  it("an unlimited member's and a trial account's Dice round is the one statement (no read of its own, no locked check); a member under a wager limit or a time-out is turned back by that statement (RG001) and spins through the locked check, refused past the limit or while blocked, nothing moved", async () => {
    const rg = t.app.ctx.responsible;
    const watched = vi.spyOn(rg, 'watched');
    const checked = vi.spyOn(rg, 'stake');
    const dice = { gameCode: 'dice', bet: 1, target: 4950, over: false };
    try {
      const free = await memberWithMoney(t, 10_000);
      const unlimited = await original(free.token, dice);
      expect(unlimited.statusCode, unlimited.message).toBe(200);
      await expectCreditedOnce(t, unlimited.value, 100);
      const trial = await memberWithMoney(t, 10_000, { agentType: 4 });
      const freePlay = await original(trial.token, dice);
      expect(freePlay.statusCode, freePlay.message).toBe(200);
      expect(freePlay.value.freePlay).toBe(true);
      await expectCreditedOnce(t, freePlay.value, 100);
      expect(checked).not.toHaveBeenCalled();

      // A daily wager limit of 1.50: the first 1.00 round fits, a second takes the day to 2.00.
      const limited = await memberWithMoney(t, 10_000);
      await rg.setMoneyLimit(limited.memberId, 'wager', 'day', 1.5);
      const first = await original(limited.token, dice);
      expect(first.statusCode, first.message).toBe(200);
      await expectCreditedOnce(t, first.value, 100);
      expect(checked.mock.calls.map((c) => [c[1], c[2]])).toEqual([[limited.memberId, 100]]);
      const afterFirst = await walletMinor(t, limited.memberId);
      expect(afterFirst).toBe(10_000 - 100 + first.value.outcome.totalWin);
      const realBefore = await houseTotal(GAMES_HOUSE);
      const past = await original(limited.token, dice);
      expect(past.statusCode).toBe(409);
      expect(past.errorCode).toBe('rg.wager.limit');
      expect(checked.mock.calls.map((c) => [c[1], c[2]])).toEqual([
        [limited.memberId, 100],
        [limited.memberId, 100],
      ]);
      expect(await walletMinor(t, limited.memberId)).toBe(afterFirst);
      expect(await roundsOf(limited.memberId)).toEqual({ rounds: 1, records: 1 });
      expect(await houseTotal(GAMES_HOUSE)).toBe(realBefore);

      // A time-out ends the member's sessions: the round is asked of the service, as the route does.
      const blocked = await memberWithMoney(t, 10_000);
      await rg.block(blocked.memberId, 'timeout', '24h');
      const refused = await t.app.ctx.houseGames
        .original({ memberId: blocked.memberId, vendor: SANDBOX_VENDOR }, 'dice', dice)
        .then(
          () => 'played',
          (e: { errorCode?: string }) => e.errorCode,
        );
      expect(refused).toBe('rg.time.out');
      expect(checked).toHaveBeenCalledTimes(3);
      expect(checked.mock.calls[2]!.slice(1)).toEqual([blocked.memberId, 100]);
      expect(await walletMinor(t, blocked.memberId)).toBe(10_000);
      expect(await roundsOf(blocked.memberId)).toEqual({ rounds: 0, records: 0 });
      expect(await houseTotal(GAMES_HOUSE)).toBe(realBefore);
      // The limits were asked by the spins' statements only, never in a read of their own.
      expect(watched).not.toHaveBeenCalled();
    } finally {
      watched.mockRestore();
      checked.mockRestore();
    }
  });
});
