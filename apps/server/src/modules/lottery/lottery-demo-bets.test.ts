import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyOf, LotteryOrderStatus as S, parseWinNo, winOf } from '@app/contract';
import { loadConfig } from '../../config.ts';
import { createSession } from '../../platform/auth/session.ts';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { walletMinor } from '../wallet/wallet-test-kit.ts';
import { DEMO_BETS_SETTING, demoBets, scheduleDemoBets } from './lottery-demo-bets.ts';
import { findPlay, unitOf } from './rules.ts';

/**
 * The demo member's lottery bets of a demo start (decision 022): placed once per database through
 * the service's bet path by whichever of two server instances gets there, settled by the draw
 * and settlement jobs; a database seeded without the mark (every test's, e2e's) gets none.
 */
let t: TestApp;
let second: FastifyInstance;
const today = new Date();
/** 10:00:02 in Vietnam on the day of the run: every game's numero is on sale, the North's too. */
let clock = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 3, 0, 2);
const OPENING = 888_800; // the seed's 8,888.00
/** The stakes of demoBets in cents: 10 × 2 × 0.1 + 2 + 1 + 27 × 0.1 × 5 + 27 × 0.1. */
const STAKES = 200 + 200 + 100 + 1350 + 270;
let demoId: number;

beforeAll(async () => {
  const services = { jobs: { tickMs: 0, onError: () => undefined } };
  t = await createTestApp({ services });
  second = await secondInstance(t, services);
  t.app.ctx.lottery.now = () => clock;
  second.ctx.lottery.now = () => clock;
  demoId = (
    await t.database.db
      .selectFrom('member')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const demoOrders = async () =>
  (
    await sql<{ order_no: string; request_key: string; code: string; amount: number; tickets: number }>`
      select o.order_no, o.request_key, g.code, o.amount,
        (select count(*)::int from lottery_ticket x where x.order_id = o.id) as tickets
      from lottery_order o join lottery_game g on g.id = o.game_id
      where o.member_id = ${demoId} order by o.id`.execute(t.database.db)
  ).rows;

const demoRecords = () =>
  t.database.db
    .selectFrom('bet_record')
    .select(['bet_no', 'status', 'bet_amount', 'payout'])
    .where('member_id', '=', demoId)
    .orderBy('id')
    .execute();

/** The demo's BET_STAKE postings, summed (minor units). */
const stakesPosted = async () =>
  (
    await sql<{ s: number }>`
      select coalesce(sum(p.amount), 0)::bigint as s from ledger_posting p
      join ledger_transaction x on x.id = p.transaction_id
      join ledger_account a on a.id = p.account_id
      where a.member_id = ${demoId} and x.kind = 'BET_STAKE'`.execute(t.database.db)
  ).rows[0]!.s;

const setMark = (value: unknown) =>
  sql`update system_setting set value = ${JSON.stringify(value)}::jsonb where key = ${DEMO_BETS_SETTING}`.execute(
    t.database.db,
  );

describe(`lottery demo bets (${testDbKind})`, () => {
  it('a database seeded without the demo mark (every test, e2e servers, main.ts without DEMO_LOTTERY_BETS) gets no demo bets', async () => {
    await t.app.ctx.jobs.runDue(new Date(clock));
    expect(await t.app.ctx.lotteryDemoBets.run()).toEqual({ state: 'none' });
    expect(await demoOrders()).toEqual([]);
    expect(loadConfig({}).demoLotteryBets).toBe(false);
    expect(loadConfig({ DEMO_LOTTERY_BETS: '1' }).demoLotteryBets).toBe(true);
  }, 120_000);

  it('a demo start: two instances place the bets once through the bet path (ledger and records), a re-run places nothing more, and the draw and settlement jobs settle them', async () => {
    await scheduleDemoBets(t.database.db);
    // The numero job made the numeros (first test); both instances try at once.
    const [a, b] = await Promise.all([t.app.ctx.lotteryDemoBets.run(), second.ctx.lotteryDemoBets.run()]);
    expect(a).toMatchObject({ state: 'placed', skipped: [] });
    expect(b).toEqual(a);
    const orders = await demoOrders();
    expect(orders.map((o) => [o.request_key, o.code, o.tickets])).toEqual(
      demoBets.map((d) => [d.key, d.gameCode, d.chase ?? 1]),
    );
    expect(orders.map((o) => o.order_no).sort()).toEqual([...(a.state === 'placed' ? a.orders : [])].sort());
    expect(orders.reduce((s, o) => s + o.amount, 0)).toBe(STAKES);
    // The ledger moved exactly the stakes; each order has its betting record.
    expect(await stakesPosted()).toBe(-STAKES);
    expect(await walletMinor(t, demoId)).toBe(OPENING - STAKES);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    const records = await demoRecords();
    expect(records.map((r) => [r.bet_no, r.status, r.bet_amount])).toEqual(
      orders.map((o) => [o.order_no, 'PENDING', o.amount]),
    );
    const mark = await t.database.db
      .selectFrom('system_setting')
      .select('value')
      .where('key', '=', DEMO_BETS_SETTING)
      .executeTakeFirstOrThrow();
    expect(mark.value).toMatchObject({ state: 'placed', orders: a.state === 'placed' ? a.orders : [] });

    // Again, on either instance, a minute later: nothing. Even with the mark set back to pending,
    // the request keys answer the first orders (on the numeros now on sale, not a new bet).
    clock += 60_000;
    expect(await t.app.ctx.lotteryDemoBets.run()).toEqual({ state: 'none' });
    expect(await second.ctx.lotteryDemoBets.run()).toEqual({ state: 'none' });
    await setMark({ state: 'pending' });
    expect(await second.ctx.lotteryDemoBets.run()).toEqual(a);
    expect(await demoOrders()).toEqual(orders);
    expect(await stakesPosted()).toBe(-STAKES);

    // 10:01:02: the draw job of both instances (one runs each window) draws the 1-minute games'
    // 10:01 numeros from their committed seeds and settles them.
    await Promise.all([t.app.ctx.jobs.runDue(new Date(clock)), second.ctx.jobs.runDue(new Date(clock))]);
    const tickets = await sql<{
      order_no: string;
      code: string;
      family: string;
      play_id: number;
      content: string;
      betting_mode_id: number;
      series: number;
      status: number;
      win_amount: number;
      win_no: string;
    }>`
      select o.order_no, g.code, g.family, o.play_id, o.content, o.betting_mode_id, o.series, t.status,
        t.win_amount, n.win_no
      from lottery_ticket t join lottery_order o on o.id = t.order_id join lottery_game g on g.id = o.game_id
      join lottery_numero n on n.id = t.numero_id
      where o.member_id = ${demoId} and g.code in ('SSC1', 'K31', 'VNF1') order by o.id`.execute(
      t.database.db,
    );
    expect(tickets.rows).toHaveLength(3);
    for (const x of tickets.rows) {
      const play = findPlay(x.family, x.play_id)!;
      const win = Number(
        winOf(play, play.settle(parseWinNo(x.family, x.win_no), x.content), {
          series: x.series,
          base: familyOf(x.family).base,
          unit: unitOf(x.betting_mode_id)!,
          multiple: 1,
          precision: 2,
        }),
      );
      expect([x.code, x.status, x.win_amount]).toEqual([x.code, win > 0 ? S.won : S.lost, win]);
    }
    // Every digit of the ten-thousands place: always one hit, 0.2 × 20 × 1960 / 2000.
    expect(tickets.rows[0]).toMatchObject({ code: 'SSC1', status: S.won, win_amount: 196 });

    // What the demo member sees: "my bets" (today's orders) and the member centre's betting records.
    const token = await createSession(t.database, demoId, '127.0.0.1');
    const mine = (await t.call({ method: 'GET', url: '/lgw/orders/today?page=1&size=20', token })).json();
    expect(mine.totalElements).toBe(demoBets.length);
    const statusOf = new Map(
      (mine.content as { gameCode: string; status: number }[]).map((o) => [o.gameCode, o.status]),
    );
    expect(statusOf.get('SSC1')).toBe(S.won);
    expect(statusOf.get('VNF5')).toBe(S.inProgress);
    expect(statusOf.get('XSMB')).toBe(S.inProgress);
    const betRecords = (await t.call({ method: 'GET', url: '/wps/relay/ODSFE2_getBetRecords', token })).json()
      .value as { totalElements: number; content: { gameName: string; status: string }[] };
    expect(betRecords.totalElements).toBe(demoBets.length);
    expect(betRecords.content.filter((r) => r.status === 'SETTLED')).toHaveLength(3);
    expect(betRecords.content.filter((r) => r.status === 'PENDING')).toHaveLength(2);

    // 18:16 in Vietnam: the chase's five draws and the North's evening draw are settled too, and
    // the wallet holds the opening less the stakes plus what the records paid.
    clock = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 11, 16, 2);
    await t.app.ctx.lottery.engine.runDraws(new Date(clock));
    const settled = await demoRecords();
    expect(settled.map((r) => r.status)).toEqual(demoBets.map(() => 'SETTLED'));
    const paid = settled.reduce((s, r) => s + r.payout, 0);
    expect(await walletMinor(t, demoId)).toBe(OPENING - STAKES + paid);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    expect(await demoOrders()).toEqual(orders);
  }, 180_000);
});
