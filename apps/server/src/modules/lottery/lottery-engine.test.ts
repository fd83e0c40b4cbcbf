import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { slotsBetween } from './schedule.ts';
import { DWD, numerosFrom, officialSscGame, placeBet, slipLine, ticketsOf } from './lottery-test-kit.ts';
import type { GameRow } from './lottery-games.ts';

/**
 * The draw engine on a game whose results the test enters: the close boundary, chase win-stop,
 * a correction settled by the difference, a void draw, concurrent bets, numeros across a restart.
 */
let t: TestApp;
let clock = Date.UTC(2026, 10, 23, 3, 0, 30);
beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  t.app.ctx.lottery.now = () => clock;
});
afterAll(async () => {
  await t?.close();
});

async function newGame(): Promise<GameRow> {
  const g = await officialSscGame(t);
  await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
  return g;
}

/** The game's next numeros, the clock moved to 1 s after the first one opened for sale. */
async function onSale(g: GameRow, count: number) {
  const ns = await numerosFrom(t, g, clock + 10_000, count);
  clock = ns[0]!.sale_start.getTime() + 1000;
  return ns;
}

const bet = (g: GameRow, numero: string, content: string, extra: Record<string, unknown> = {}) => ({
  gameId: g.id,
  currentNumero: numero,
  prizeModeId: 4,
  bettingSlipString: slipLine(content, DWD),
  betCartAmountSum: 2,
  ...extra,
});

async function settleAt(at: number) {
  return t.app.ctx.lottery.engine.runDraws(new Date(at));
}

describe(`lottery engine (${testDbKind})`, () => {
  it('sales close lockTime before the draw on the server clock: 1 ms before is accepted, at the close refused and nothing moves', async () => {
    const g = await newGame();
    const [n0] = await onSale(g, 1);
    expect(n0!.draw_at.getTime() - n0!.sale_end.getTime()).toBe(g.lock_s * 1000);
    const m = await memberWithMoney(t, 10_000);
    clock = n0!.sale_end.getTime() - 1;
    const ok = await placeBet(t, m.token, bet(g, n0!.numero, '5____'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ numero: n0!.numero, totalBettingAmount: 2, notes: 1 });
    expect(await walletMinor(t, m.memberId)).toBe(9_800);
    clock = n0!.sale_end.getTime();
    const late = await placeBet(t, m.token, bet(g, n0!.numero, '5____'));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorCode: 'lottery.numero.closed' });
    expect(await walletMinor(t, m.memberId)).toBe(9_800);
    // The near call agrees: not on sale any more, the countdown at lockTime.
    const near = (await t.call({ method: 'GET', url: `/lgw/numeros/near?gameId=${g.id}` })).json();
    expect(near.currentNumero).toMatchObject({
      numero: n0!.numero,
      isSale: false,
      lockTime: 5,
      remainTime: 5000,
    });
    clock += 60_000;
  });

  it('a chase with win-stop hitting on the 2nd of 5 numeros pays the hit and cancels (6) and refunds the last 3', async () => {
    const g = await newGame();
    const ns = await onSale(g, 5);
    const m = await memberWithMoney(t, 100_000);
    const placed = await placeBet(
      t,
      m.token,
      bet(g, ns[0]!.numero, '5____', {
        chase: 'true',
        winningStop: true,
        betCartAmountSum: 10,
        chaseSlip: { numero: ns[0]!.numero, multiples: [1, 1, 1, 1, 1] },
      }),
    );
    expect(placed.statusCode).toBe(200);
    const orderNo = placed.json().orderNumber as string;
    expect(placed.json()).toMatchObject({ chase: true, totalChase: 5, totalBettingAmount: 10 });
    expect(await walletMinor(t, m.memberId)).toBe(99_000);
    const engine = t.app.ctx.lottery.engine;
    clock = ns[0]!.draw_at.getTime() + 1000;
    await engine.enterResult(g.code, ns[0]!.numero, { winNo: '1,1,1,1,1' });
    await settleAt(clock);
    clock = ns[1]!.draw_at.getTime() + 1000;
    await engine.enterResult(g.code, ns[1]!.numero, { winNo: '5,0,0,0,0' });
    await settleAt(clock);
    const tickets = await ticketsOf(t, orderNo);
    expect(tickets.map((x) => x.status)).toEqual([5, 4, 6, 6, 6]);
    // 20 × 1960 ÷ 2000 = 19.60 for the hit, 3 × 2.00 back.
    expect(tickets[1]!.win_amount).toBe(1960);
    expect(await walletMinor(t, m.memberId)).toBe(99_000 + 1960 + 600);
    const order = (
      await t.call({ method: 'GET', url: `/lgw/orders/detail?orderNumber=${orderNo}`, token: m.token })
    ).json();
    expect(order).toMatchObject({
      totalChase: 5,
      actualChase: 2,
      winAmount: 19.6,
      status: 4,
      cancellable: false,
    });
    expect(order.orderDetailOrders.map((d: { orderStatus: number }) => d.orderStatus)).toEqual([
      5, 4, 6, 6, 6,
    ]);
    const record = await sql<{ status: string; payout: number; valid_bet: number; bet_amount: number }>`
      select status, payout, valid_bet, bet_amount from bet_record where vendor = 'TCG_SEA' and bet_no = ${orderNo}`.execute(
      t.database.db,
    );
    expect(record.rows[0]).toEqual({
      status: 'SETTLED',
      payout: 1960 + 600,
      valid_bet: 400,
      bet_amount: 1000,
    });
    // Later draws of the stopped numeros change nothing for it.
    clock = ns[4]!.draw_at.getTime() + 1000;
    for (const n of ns.slice(2)) await engine.enterResult(g.code, n.numero, { winNo: '5,5,5,5,5' });
    await settleAt(clock);
    expect(await walletMinor(t, m.memberId)).toBe(99_000 + 1960 + 600);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('a corrected result re-settles only the difference through the ledger, and a re-run pays nothing twice', async () => {
    const g = await newGame();
    const [n] = await onSale(g, 1);
    const a = await memberWithMoney(t, 10_000);
    const b = await memberWithMoney(t, 10_000);
    expect((await placeBet(t, a.token, bet(g, n!.numero, '5____'))).statusCode).toBe(200);
    expect((await placeBet(t, b.token, bet(g, n!.numero, '1____'))).statusCode).toBe(200);
    const engine = t.app.ctx.lottery.engine;
    clock = n!.draw_at.getTime() + 1000;
    await engine.enterResult(g.code, n!.numero, { winNo: '5,2,3,4,6' });
    await settleAt(clock);
    await settleAt(clock);
    expect(await walletMinor(t, a.memberId)).toBe(9_800 + 1960);
    expect(await walletMinor(t, b.memberId)).toBe(9_800);
    const out = await engine.enterResult(g.code, n!.numero, { winNo: '1,2,3,4,6' });
    expect(out.revision).toBe(1);
    await Promise.all([settleAt(clock), settleAt(clock)]);
    await settleAt(clock);
    expect(await walletMinor(t, a.memberId)).toBe(9_800);
    expect(await walletMinor(t, b.memberId)).toBe(9_800 + 1960);
    const moves = await sql<{ kind: string; account: number; amount: number; member_id: number | null }>`
      select tx.kind, p.account_id as account, p.amount, acc.member_id from ledger_transaction tx
      join ledger_posting p on p.transaction_id = tx.id join ledger_account acc on acc.id = p.account_id
      where tx.reference = ${`${g.code}-${n!.numero}`} order by tx.id, p.amount`.execute(t.database.db);
    expect(moves.rows.filter((r) => r.kind === 'BET_PAYOUT').map((r) => [r.member_id, r.amount])).toEqual([
      [null, -1960],
      [a.memberId, 1960],
    ]);
    // The correction moves the difference from A to B: no house posting, nothing else.
    expect(moves.rows.filter((r) => r.kind === 'ADJUSTMENT').map((r) => [r.member_id, r.amount])).toEqual([
      [a.memberId, -1960],
      [b.memberId, 1960],
    ]);
    // Correcting to the same result again is no new revision.
    expect((await engine.enterResult(g.code, n!.numero, { winNo: '1,2,3,4,6' })).revision).toBe(1);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('series rebate (decision 021): a bet below the highest series gets stake × (max − series) ÷ base as its own REBATE movement at settlement, once; none at the highest series or on a tie, and a correction to a tie takes it back', async () => {
    const g = await newGame();
    const [n] = await onSale(g, 1);
    const a = await memberWithMoney(t, 100_000);
    const b = await memberWithMoney(t, 10_000);
    const c = await memberWithMoney(t, 10_000);
    // LOTT (prize mode 1): SSC series 1700…1956. A: dragon at 1700, ×50 (100.00); B: digit at 1956
    // (the highest: no rebate); C: digit at 1700 (2.00).
    const lott = (content: string, playId: number, multiple: number, series: number, sum: number) => ({
      gameId: g.id,
      currentNumero: n!.numero,
      prizeModeId: 1,
      bettingSlipString: slipLine(content, playId, multiple, series),
      betCartAmountSum: sum,
    });
    expect((await placeBet(t, a.token, lott('D', 1020, 50, 1700, 100))).statusCode).toBe(200);
    expect((await placeBet(t, b.token, lott('5____', DWD, 1, 1956, 2))).statusCode).toBe(200);
    expect((await placeBet(t, c.token, lott('5____', DWD, 1, 1700, 2))).statusCode).toBe(200);
    // Nothing is paid back at bet time.
    expect(await walletMinor(t, a.memberId)).toBe(90_000);
    const engine = t.app.ctx.lottery.engine;
    const writer = vi.spyOn(t.app.ctx.records, 'settleBetsFrom');
    clock = n!.draw_at.getTime() + 1000;
    await engine.enterResult(g.code, n!.numero, { winNo: '1,0,0,0,9' });
    await settleAt(clock);
    await settleAt(clock);
    // All three lost: A's rebate 10,000 × (1956 − 1700) ÷ 2000 = 1,280; C's 200 × 256 ÷ 2000 = 25.6 → 25.
    expect(await walletMinor(t, a.memberId)).toBe(90_000 + 1280);
    expect(await walletMinor(t, b.memberId)).toBe(9_800);
    expect(await walletMinor(t, c.memberId)).toBe(9_800 + 25);
    const rebates = async () =>
      (
        await sql<{ key: string; member_id: number | null; amount: number }>`
          select tx.idempotency_key as key, acc.member_id, p.amount from ledger_transaction tx
          join ledger_posting p on p.transaction_id = tx.id join ledger_account acc on acc.id = p.account_id
          where tx.kind = 'REBATE' and tx.reference = ${`${g.code}-${n!.numero}`} order by tx.id, p.amount`.execute(
          t.database.db,
        )
      ).rows.map((r) => [r.key, r.member_id, r.amount]);
    const key = `lottery:rebate:${n!.id}`;
    expect(await rebates()).toEqual([
      [key, null, -1305],
      [key, c.memberId, 25],
      [key, a.memberId, 1280],
    ]);
    // The betting records were settled through the records writer's bulk method.
    expect(writer).toHaveBeenCalledWith('TCG_SEA', expect.anything(), expect.anything());
    const records = await sql<{ bet_no: string; status: string; valid_bet: number; payout: number }>`
      select r.bet_no, r.status, r.valid_bet, r.payout from bet_record r
      join lottery_order o on o.order_no = r.bet_no and r.vendor = 'TCG_SEA'
      where o.game_id = ${g.id} order by o.id`.execute(t.database.db);
    expect(records.rows.map((r) => [r.status, r.valid_bet, r.payout])).toEqual([
      ['SETTLED', 10_000, 0],
      ['SETTLED', 200, 0],
      ['SETTLED', 200, 0],
    ]);
    // Corrected to 5,0,0,0,5: A's dragon ties (stake back, no rebate: it is taken back), B and C win
    // (their rebates stand: C keeps 25, B had none).
    await engine.enterResult(g.code, n!.numero, { winNo: '5,0,0,0,5' });
    await settleAt(clock);
    await settleAt(clock);
    expect(await walletMinor(t, a.memberId)).toBe(100_000);
    expect(await walletMinor(t, b.memberId)).toBe(9_800 + 1956);
    expect(await walletMinor(t, c.memberId)).toBe(9_800 + 25 + 1700);
    expect((await rebates()).slice(3)).toEqual([
      [`${key}:r1`, a.memberId, -1280],
      [`${key}:r1`, null, 1280],
    ]);
    const after = await sql<{ status: string; valid_bet: number; payout: number }>`
      select r.status, r.valid_bet, r.payout from bet_record r
      join lottery_order o on o.order_no = r.bet_no and r.vendor = 'TCG_SEA'
      where o.game_id = ${g.id} order by o.id`.execute(t.database.db);
    expect(after.rows.map((r) => [r.status, r.valid_bet, r.payout])).toEqual([
      ['SETTLED', 0, 10_000],
      ['SETTLED', 200, 1956],
      ['SETTLED', 200, 1700],
    ]);
    writer.mockRestore();
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('a void draw refunds every bet on it (12) and cancels the betting records', async () => {
    const g = await newGame();
    const [n] = await onSale(g, 1);
    const players = await Promise.all([1, 2, 3].map(() => memberWithMoney(t, 10_000)));
    const orders: string[] = [];
    for (const p of players) {
      const r = await placeBet(t, p.token, bet(g, n!.numero, '3,4____', { betCartAmountSum: 4 }));
      expect(r.statusCode).toBe(200);
      orders.push(r.json().orderNumber as string);
    }
    for (const p of players) expect(await walletMinor(t, p.memberId)).toBe(9_600);
    const out = await t.app.ctx.lottery.engine.voidNumero(g.code, n!.numero, 'draw machine fault');
    expect(out).toEqual({ tickets: 3, refunded: 1200 });
    for (const p of players) expect(await walletMinor(t, p.memberId)).toBe(10_000);
    for (const o of orders) expect((await ticketsOf(t, o)).map((x) => x.status)).toEqual([12]);
    const records = await sql<{ status: string }>`
      select status from bet_record where vendor = 'TCG_SEA' and bet_no = any(${orders}::text[])`.execute(
      t.database.db,
    );
    expect(records.rows.map((r) => r.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    // Voiding again refunds nothing more; a void numero takes no result.
    expect(await t.app.ctx.lottery.engine.voidNumero(g.code, n!.numero, 'again')).toEqual({
      tickets: 0,
      refunded: 0,
    });
    await expect(
      t.app.ctx.lottery.engine.enterResult(g.code, n!.numero, { winNo: '1,2,3,4,5' }),
    ).rejects.toThrow();
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('concurrent bets never take a balance below zero: of 12 bets of 2.00 on a balance of 10.00, 5 are taken', async () => {
    const g = await newGame();
    const [n] = await onSale(g, 1);
    const m = await memberWithMoney(t, 1_000);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => placeBet(t, m.token, bet(g, n!.numero, '7____'))),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ errorCode: 'wallet.balance.insufficient' });
    expect(await walletMinor(t, m.memberId)).toBe(0);
    const orders = await sql<{ n: number }>`
      select count(*)::int as n from lottery_order where member_id = ${m.memberId}`.execute(t.database.db);
    expect(orders.rows[0]!.n).toBe(5);
  });

  it('the same requestId sent four times at once places one order and takes its stake once; every answer names that order', async () => {
    const g = await newGame();
    const [n] = await onSale(g, 1);
    const m = await memberWithMoney(t, 10_000);
    const body = bet(g, n!.numero, '5____', { requestId: `same-${g.code}` });
    const answers = await Promise.all([1, 2, 3, 4].map(() => placeBet(t, m.token, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().orderNumber)).size).toBe(1);
    expect(await walletMinor(t, m.memberId)).toBe(9_800);
  });

  it('a player cancels a detail still on sale (8) and is refunded; a drawn one cannot be cancelled', async () => {
    const g = await newGame();
    const ns = await onSale(g, 3);
    const m = await memberWithMoney(t, 10_000);
    const r = await placeBet(
      t,
      m.token,
      bet(g, ns[0]!.numero, '5____', {
        chase: true,
        betCartAmountSum: 6,
        chaseSlip: { numero: ns[0]!.numero, multiples: [1, 1, 1] },
      }),
    );
    const orderNo = r.json().orderNumber as string;
    const tickets = await ticketsOf(t, orderNo);
    const other = await memberWithMoney(t, 0);
    const foreign = await t.call({
      method: 'POST',
      url: '/lgw/orders/suborders/cancel',
      token: other.token,
      payload: { orderDetailIds: [tickets[2]!.id] },
    });
    expect(foreign.statusCode).toBe(404);
    const res = await t.call({
      method: 'POST',
      url: '/lgw/orders/suborders/cancel',
      token: m.token,
      payload: { orderDetailIds: [tickets[2]!.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cancelled: [tickets[2]!.id], refundAmount: 2 });
    expect(await walletMinor(t, m.memberId)).toBe(10_000 - 600 + 200);
    const again = await t.call({
      method: 'POST',
      url: '/lgw/orders/suborders/cancel',
      token: m.token,
      payload: { orderDetailIds: [tickets[2]!.id] },
    });
    expect(again.statusCode).toBe(409);
    clock = ns[0]!.draw_at.getTime() + 1000;
    const closed = await t.call({
      method: 'POST',
      url: '/lgw/orders/suborders/cancel',
      token: m.token,
      payload: { orderDetailIds: [tickets[0]!.id] },
    });
    expect(closed.statusCode).toBe(409);
    expect((await ticketsOf(t, orderNo)).map((x) => x.status)).toEqual([2, 2, 8]);
  });

  it('numeros: a scheduler restarted mid-day (and two at once) leaves no numero of the day missing or doubled', async () => {
    const g = await officialSscGame(t, { intervalS: 180, lockS: 15 });
    const engine = t.app.ctx.lottery.engine;
    const morning = Date.UTC(2026, 10, 24, 2, 7, 0); // 09:07 in UTC+7
    await engine.ensureNumeros(new Date(morning));
    // Down until the afternoon; then two instances start at once.
    const afternoon = morning + 5 * 3_600_000;
    await Promise.all([engine.ensureNumeros(new Date(afternoon)), engine.ensureNumeros(new Date(afternoon))]);
    const dayStart = Date.UTC(2026, 10, 23, 17, 0, 0); // 00:00 on the 24th in UTC+7
    const expected = slotsBetween(
      {
        code: g.code,
        intervalS: 180,
        drawTime: '00:00',
        drawDays: [0, 1, 2, 3, 4, 5, 6],
        lockS: 15,
        utcOffsetMin: 420,
        calendar: {},
      },
      new Date(dayStart + 1),
      new Date(afternoon + 2 * 3_600_000),
    );
    const rows = await sql<{ numero: string; draw_at: Date }>`
      select numero, draw_at from lottery_numero where game_id = ${g.id}
        and draw_at > ${new Date(dayStart)} and draw_at < ${new Date(afternoon + 2 * 3_600_000)}
      order by draw_at`.execute(t.database.db);
    expect(rows.rows.map((r) => r.numero)).toEqual(expected.map((s) => s.numero));
    expect(rows.rows[0]!.numero).toBe('20261124-0001');
    expect(rows.rows[0]!.draw_at.getTime()).toBe(dayStart + 180_000);
    for (let i = 1; i < rows.rows.length; i++)
      expect(rows.rows[i]!.draw_at.getTime() - rows.rows[i - 1]!.draw_at.getTime()).toBe(180_000);
  });
});
