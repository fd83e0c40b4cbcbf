import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR, playsOf } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { secureCall } from '../session/accounts-test-kit.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { HouseAccount } from '../wallet/wallet.service.ts';
import { LOTTERY_PRIZE_HELD } from './lottery-engine.ts';
import { DRAW_JOB, HELD_PRIZES_JOB } from './lottery.jobs.ts';
import { DWD, numerosFrom, officialSscGame, placeBet, slipLine, ticketsOf } from './lottery-test-kit.ts';
import type { GameRow } from './lottery-games.ts';

/**
 * Issue 28's lottery defects, through the real HTTP calls: free play never touches the real house
 * or a numero's liability (3); a retry key reused for another bet is refused on both betting calls
 * (4); a player's cancel and the draw of its numero never both give the stake back (7). And a
 * winner whose wallet is at the balance ceiling no longer stalls the draw's payout for the others.
 * A bet asks the responsible-gambling limits inside its own statement (decision 039).
 */
let t: TestApp;
let clock = Date.UTC(2026, 10, 23, 3, 0, 30);
let device = 0;
beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  t.app.ctx.lottery.now = () => clock;
});
afterAll(async () => {
  await t?.close();
});

/** A game of the test's own, its numeros made, the clock 1 s into the sale of the next `count`. */
async function gameOnSale(count = 1, over: { rng?: boolean } = {}) {
  const g: GameRow = over.rng
    ? await t.app.ctx.lottery.games.add({
        code: `R${process.pid % 100}${Math.floor(Math.random() * 1e5)}`,
        remark: 'RNG test',
        family: 'SSC',
        intervalS: 60,
        lockS: 5,
        resultSource: 'RNG',
      })
    : await officialSscGame(t);
  await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
  const ns = await numerosFrom(t, g, clock + 10_000, count);
  clock = ns[0]!.sale_start.getTime() + 1000;
  return { g, ns };
}

/** A trial account as a guest gets one: the free-play login (LG-08), with its 2,000.00 of play money. */
async function trialLogin(): Promise<{ token: string; memberId: number }> {
  const res = await secureCall(t, {
    url: '/wps/session/login/freeplay',
    payload: {
      os: 'Windows',
      platform: 'W',
      randomString: `lottery-trial-device-${process.pid}-${++device}`,
      gatewayVersion: 3,
    },
    headers: { 'x-forwarded-for': `198.51.100.${device}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().value.token as string;
  const row = await t.database.db
    .selectFrom('member')
    .select(['id', 'agent_type'])
    .where('username', '=', res.json().value.userName as string)
    .executeTakeFirstOrThrow();
  expect(row.agent_type).toBe(4);
  return { token, memberId: row.id };
}

/** The balance of a house account over all its shards (`HOUSE_CASH:USD`, `HOUSE_CASH:USD:3`…). */
async function house(code: string): Promise<number> {
  const r = await sql<{ b: string | null }>`
    select sum(balance)::text as b from ledger_account where code like ${code + ':%'}`.execute(t.database.db);
  return Number(r.rows[0]?.b ?? 0);
}

async function liability(numeroId: number): Promise<{ number_key: string; amount: number }[]> {
  const r = await sql<{ number_key: string; amount: number }>`
    select number_key, amount from lottery_liability where numero_id = ${numeroId} order by number_key`.execute(
    t.database.db,
  );
  return r.rows;
}

/** What the ledger moved to or from a member for lottery orders: [kind, amount] in order. */
async function movements(memberId: number): Promise<[string, number][]> {
  const r = await sql<{ kind: string; amount: number }>`
    select x.kind, p.amount from ledger_posting p join ledger_transaction x on x.id = p.transaction_id
      join ledger_account a on a.id = p.account_id
    where a.member_id = ${memberId} and x.kind in ('BET_STAKE','BET_PAYOUT','BET_REFUND','REBATE','ADJUSTMENT')
    order by p.id`.execute(t.database.db);
  return r.rows.map((x) => [x.kind, Number(x.amount)]);
}

/** Every digit on the first place: one of the ten notes always wins (19.60 for 20.00 staked). */
const ALL_DIGITS = '0,1,2,3,4,5,6,7,8,9____';

const cancelDetails = (token: string, ids: number[]) =>
  t.call({ method: 'POST', url: '/lgw/orders/suborders/cancel', token, payload: { orderDetailIds: ids } });

describe(`lottery free play (issue 28, defect 3; ${testDbKind})`, () => {
  it('a trial login bets 1,000.00 and wins 980.00 on free-play money: the real house and the numero liability do not move, the order and its record are marked free play; its cancel, corrected win and void move against the free-play house too', async () => {
    const { g, ns } = await gameOnSale(4);
    // A liability cap the trial bet alone would pass (980.00 on its selection against 500.00).
    await t.app.ctx.lottery.games.update(g.code, { number_liability_max: 50_000 });
    const trial = await trialLogin();
    expect(await walletMinor(t, trial.memberId)).toBe(200_000);
    const real = await memberWithMoney(t, 100_000);
    const cashBefore = await house('HOUSE_CASH');
    const freeBefore = await house('HOUSE_LOTTERY_FREE_PLAY');

    const bet = await placeBet(t, trial.token, {
      gameId: g.id,
      currentNumero: ns[0]!.numero,
      prizeModeId: 4,
      bettingSlipString: slipLine(ALL_DIGITS, DWD, 50),
      betCartAmountSum: 1000,
    });
    expect(bet.statusCode, JSON.stringify(bet.json())).toBe(200);
    const orderNo = bet.json().orderNumber as string;
    expect(await walletMinor(t, trial.memberId)).toBe(100_000);
    // The stake went to the free-play house; no share of the number's liability was taken.
    expect(await house('HOUSE_CASH')).toBe(cashBefore);
    expect(await house('HOUSE_LOTTERY_FREE_PLAY')).toBe(freeBefore + 100_000);
    expect(await liability(ns[0]!.id)).toEqual([]);
    // A real member's bet on the same number is measured against the cap alone: 196.00 fits.
    const realBet = await placeBet(t, real.token, {
      gameId: g.id,
      currentNumero: ns[0]!.numero,
      prizeModeId: 4,
      bettingSlipString: slipLine('5____', DWD, 10),
      betCartAmountSum: 20,
    });
    expect(realBet.statusCode, JSON.stringify(realBet.json())).toBe(200);
    expect(await liability(ns[0]!.id)).toEqual([{ number_key: 'DWD:5____', amount: 19_600 }]);
    expect(await house('HOUSE_CASH')).toBe(cashBefore + 2_000);

    // The draw: 5 on the first digit, one of the trial's ten notes: 50 × 19.60 = 980.00.
    clock = ns[0]!.draw_at.getTime() + 1000;
    await t.app.ctx.lottery.engine.enterResult(g.code, ns[0]!.numero, { winNo: '5,0,0,0,0' });
    await t.app.ctx.lottery.engine.runDraws(new Date(clock));
    expect((await ticketsOf(t, orderNo)).map((x) => [x.status, x.win_amount])).toEqual([[4, 98_000]]);
    expect(await walletMinor(t, trial.memberId)).toBe(100_000 + 98_000);
    expect(await house('HOUSE_LOTTERY_FREE_PLAY')).toBe(freeBefore + 100_000 - 98_000);
    // The real house paid the real member's 196.00 only.
    expect(await walletMinor(t, real.memberId)).toBe(100_000 - 2_000 + 19_600);
    expect(await house('HOUSE_CASH')).toBe(cashBefore + 2_000 - 19_600);

    // Marked: the order, and its betting record (as a game round's is, decision 019).
    const order = await sql<{ free_play: boolean; member_id: number }>`
      select free_play, member_id from lottery_order where order_no = ${orderNo}`.execute(t.database.db);
    expect(order.rows).toEqual([{ free_play: true, member_id: trial.memberId }]);
    const realOrder = await sql<{ free_play: boolean }>`
      select free_play from lottery_order where order_no = ${realBet.json().orderNumber as string}`.execute(
      t.database.db,
    );
    expect(realOrder.rows).toEqual([{ free_play: false }]);
    const record = await t.database.db
      .selectFrom('bet_record')
      .select(['status', 'payout', 'detail'])
      .where('vendor', '=', 'TCG_SEA')
      .where('bet_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ status: 'SETTLED', payout: 98_000, detail: { freePlay: true } });

    // A trial detail cancelled on sale comes back from the free-play house too.
    clock = ns[1]!.sale_start.getTime() + 1000;
    const next = await placeBet(t, trial.token, {
      gameId: g.id,
      currentNumero: ns[1]!.numero,
      prizeModeId: 4,
      bettingSlipString: slipLine('7____', DWD, 10),
      betCartAmountSum: 20,
    });
    expect(next.statusCode).toBe(200);
    const [detail] = await ticketsOf(t, next.json().orderNumber as string);
    const cancelled = await cancelDetails(trial.token, [detail!.id]);
    expect(cancelled.json()).toEqual({ cancelled: [detail!.id], refundAmount: 20 });
    expect(await walletMinor(t, trial.memberId)).toBe(198_000);
    expect(await house('HOUSE_CASH')).toBe(cashBefore + 2_000 - 19_600);
    expect(await house('HOUSE_LOTTERY_FREE_PLAY')).toBe(freeBefore + 2_000);

    // A corrected result takes a trial win back against the free-play house, a real one against
    // the real house; a void draw refunds a trial stake from the free-play house.
    const engine = t.app.ctx.lottery.engine;
    const both = async (n: (typeof ns)[number], content: string) => {
      for (const token of [trial.token, real.token]) {
        const r = await placeBet(t, token, {
          gameId: g.id,
          currentNumero: n.numero,
          prizeModeId: 4,
          bettingSlipString: slipLine(content, DWD, 10),
          betCartAmountSum: 20,
        });
        expect(r.statusCode).toBe(200);
      }
    };
    clock = ns[2]!.sale_start.getTime() + 1000;
    await both(ns[2]!, '5____');
    clock = ns[2]!.draw_at.getTime() + 1000;
    await engine.enterResult(g.code, ns[2]!.numero, { winNo: '5,1,1,1,1' });
    await engine.runDraws(new Date(clock));
    expect(await walletMinor(t, trial.memberId)).toBe(198_000 - 2_000 + 19_600);
    await engine.enterResult(g.code, ns[2]!.numero, { winNo: '6,1,1,1,1' });
    await engine.runDraws(new Date(clock));
    expect(await walletMinor(t, trial.memberId)).toBe(198_000 - 2_000);
    expect(await walletMinor(t, real.memberId)).toBe(100_000 - 2_000 + 19_600 - 2_000);
    clock = ns[3]!.sale_start.getTime() + 1000;
    await both(ns[3]!, '8____');
    await engine.voidNumero(g.code, ns[3]!.numero, 'test: draw void');
    expect(await walletMinor(t, trial.memberId)).toBe(198_000 - 2_000);
    expect(await walletMinor(t, real.memberId)).toBe(100_000 - 2_000 + 19_600 - 2_000);
    // Over all of it the real house moved by the real member's money alone; the free-play house
    // holds what the trial account lost: 20.00 (1,000.00 − 980.00) and the corrected draw's 20.00.
    expect(await house('HOUSE_CASH')).toBe(cashBefore + 2_000 - 19_600 + 2_000);
    expect(await house('HOUSE_LOTTERY_FREE_PLAY')).toBe(freeBefore + 2_000 + 2_000);
    const adjustments = await sql<{ kind: string; code: string; amount: number }>`
      select x.kind, a.code, p.amount from ledger_posting p join ledger_transaction x on x.id = p.transaction_id
        join ledger_account a on a.id = p.account_id
      where x.idempotency_key like ${`lottery:adjust:${ns[2]!.id}:%`} and a.code is not null
      order by a.code`.execute(t.database.db);
    expect(adjustments.rows.map((r) => [r.kind, r.code.split(':')[0], Number(r.amount)])).toEqual([
      ['ADJUSTMENT', 'HOUSE_CASH', 19_600],
      ['ADJUSTMENT', 'HOUSE_LOTTERY_FREE_PLAY', 19_600],
    ]);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    clock += 120_000;
  });
});

describe(`lottery retry keys (issue 28, defect 4; ${testDbKind})`, () => {
  it('POST /lgw/orders/betting: the same requestId with the same bet answers the first order; with another bet (150.00 after 6.00, other numbers, another unit) 409 idempotency.key.reused, nothing moves', async () => {
    const { g, ns } = await gameOnSale(1);
    const m = await memberWithMoney(t, 100_000);
    const body = (multiple: number, amount: number) => ({
      gameId: g.id,
      currentNumero: ns[0]!.numero,
      prizeModeId: 4,
      bettingSlipString: slipLine('1,2,3____', DWD, multiple),
      betCartAmountSum: amount,
      requestId: 'retry-key-1',
    });
    const first = await placeBet(t, m.token, body(1, 6));
    expect(first.statusCode).toBe(200);
    // A retry of the same bet, written differently (the device named, no spacing change matters).
    const retry = await placeBet(t, m.token, { ...body(1, 6), device: 'MOBILE' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 600);

    for (const other of [
      body(25, 150),
      { ...body(1, 6), bettingSlipString: slipLine('1,2,4____', DWD, 1) },
      { ...body(1, 6), bettingSlipString: slipLine('1,2,3____', DWD, 1, 1960, 2), betCartAmountSum: 0.6 },
    ]) {
      const refused = await placeBet(t, m.token, other);
      expect(refused.statusCode, JSON.stringify(refused.json())).toBe(409);
      expect(refused.json()).toMatchObject({ errorCode: 'idempotency.key.reused' });
    }
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 600);
    expect(await movements(m.memberId)).toEqual([
      ['ADJUSTMENT', 100_000],
      ['BET_STAKE', -600],
    ]);
    // Another member's key is their own.
    const other = await memberWithMoney(t, 100_000);
    expect((await placeBet(t, other.token, body(25, 150))).statusCode).toBe(200);

    // The same key sent with two different bets at once: one is placed, the other refused.
    const racer = await memberWithMoney(t, 100_000);
    const raced = await Promise.all([
      placeBet(t, racer.token, { ...body(1, 6), requestId: 'raced-key' }),
      placeBet(t, racer.token, { ...body(2, 12), requestId: 'raced-key' }),
    ]);
    expect(raced.map((r) => r.statusCode).sort(), JSON.stringify(raced.map((r) => r.json()))).toEqual([
      200, 409,
    ]);
    const won = raced.find((r) => r.statusCode === 200)!.json();
    expect(await walletMinor(t, racer.memberId)).toBe(100_000 - (won.totalBettingAmount as number) * 100);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    clock += 120_000;
  });

  it('POST /lotto-vn/lgw/betting: the same requestId with the same contents answers the first betting; with other contents, or after the slip call used it, 409 idempotency.key.reused', async () => {
    const vnf5 = (await t.app.ctx.lottery.games.byCode('VNF5'))!;
    await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
    const [n] = await numerosFrom(t, vnf5, clock, 1);
    clock = Math.max(clock, n!.sale_start.getTime() + 1000);
    const lo2 = playsOf('VNFAST').find((p) => p.code === 'LO2')!;
    const m = await memberWithMoney(t, 1_000_000);
    const vn = (content: string, multiple: number, requestId = 'vn-key-1') =>
      t.call({
        method: 'POST',
        url: '/lotto-vn/lgw/betting',
        token: m.token,
        payload: {
          prizeMode: 'Lott',
          device: 'WEB',
          requestId,
          contents: [
            {
              gameId: vnf5.id,
              winStop: false,
              playId: lo2.playId,
              bettingContent: content,
              singleBetPrice: lo2.singleBetPrice,
              bettingApproach: 1,
              bettingSlip: null,
              numero: [{ numero: n!.numero, multiple }],
            },
          ],
        },
      });
    const first = await vn('27', 1);
    expect(first.statusCode, first.body).toBe(200);
    const again = await vn('27', 1);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const spent = 1_000_000 - (await walletMinor(t, m.memberId));
    expect(spent).toBe(lo2.singleBetPrice * 100);
    for (const refused of [await vn('27', 2), await vn('28', 1)]) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ errorCode: 'idempotency.key.reused' });
    }
    // A key the slip call placed a bet under is not answered by the Vietnamese call, nor back.
    const slip = await placeBet(t, m.token, {
      gameId: vnf5.id,
      currentNumero: n!.numero,
      prizeModeId: 4,
      bettingSlipString: `27~1~${lo2.playId}~1~1960~1`,
      betCartAmountSum: lo2.singleBetPrice,
      requestId: 'slip-key',
    });
    expect(slip.statusCode).toBe(200);
    const crossed = await vn('27', 1, 'slip-key');
    expect(crossed.statusCode).toBe(409);
    expect(crossed.json()).toMatchObject({ errorCode: 'idempotency.key.reused' });
    expect(1_000_000 - (await walletMinor(t, m.memberId))).toBe(2 * lo2.singleBetPrice * 100);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    clock += 600_000;
  });
});

describe(`a player's cancel against the draw (issue 28, defect 7; ${testDbKind})`, () => {
  async function placedOnRng() {
    const { g, ns } = await gameOnSale(1, { rng: true });
    const m = await memberWithMoney(t, 10_000);
    const placed = await placeBet(t, m.token, {
      gameId: g.id,
      currentNumero: ns[0]!.numero,
      prizeModeId: 4,
      bettingSlipString: slipLine(ALL_DIGITS, DWD),
      betCartAmountSum: 20,
    });
    expect(placed.statusCode).toBe(200);
    const [detail] = await ticketsOf(t, placed.json().orderNumber as string);
    expect(await walletMinor(t, m.memberId)).toBe(8_000);
    return { g, n: ns[0]!, m, detail: detail! };
  }

  it('a cancel before the draw is refunded and the settlement pays nothing; a cancel after it is refused and the win paid once', async () => {
    const first = await placedOnRng();
    expect((await cancelDetails(first.m.token, [first.detail.id])).statusCode).toBe(200);
    await t.app.ctx.lottery.engine.runDraws(new Date(first.n.draw_at.getTime() + 1000));
    expect(await movements(first.m.memberId)).toEqual([
      ['ADJUSTMENT', 10_000],
      ['BET_STAKE', -2_000],
      ['BET_REFUND', 2_000],
    ]);
    const cancelledTicket = await sql<{ status: number }>`
      select status from lottery_ticket where id = ${first.detail.id}`.execute(t.database.db);
    expect(cancelledTicket.rows[0]!.status).toBe(8);

    clock = first.n.draw_at.getTime() + 120_000;
    const second = await placedOnRng();
    await t.app.ctx.lottery.engine.runDraws(new Date(second.n.draw_at.getTime() + 1000));
    const late = await cancelDetails(second.m.token, [second.detail.id]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorCode: 'lottery.cancel.not.allowed' });
    expect(await movements(second.m.memberId)).toEqual([
      ['ADJUSTMENT', 10_000],
      ['BET_STAKE', -2_000],
      ['BET_PAYOUT', 1_960],
    ]);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    clock = second.n.draw_at.getTime() + 120_000;
  });

  it.skipIf(testDbKind !== 'postgres')(
    'a cancel held open across the draw (its refund waiting on a lock) ends with exactly one of refund or payout, and the ledger exact',
    async () => {
      const { n, m, detail } = await placedOnRng();
      const pool = (t.database as unknown as { pool: pg.Pool }).pool;
      // Another transaction holds the member's wallet row: the cancel locks its numero and its
      // ticket, cancels the ticket, then waits in its refund, its transaction open.
      const holder = await pool.connect();
      const waiting = async (pattern: string) =>
        Number(
          (
            await pool.query<{ n: string }>(
              `select count(*) as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
              [pattern],
            )
          ).rows[0]!.n,
        );
      const until = async (what: () => Promise<boolean>) => {
        const deadline = Date.now() + 20_000;
        while (!(await what())) {
          if (Date.now() > deadline) throw new Error('timed out waiting for a lock wait');
          await new Promise((r) => setImmediate(r));
        }
      };
      let cancel: ReturnType<typeof cancelDetails> | undefined;
      let draw: Promise<unknown> | undefined;
      try {
        await holder.query('begin');
        await holder.query(
          `select id from ledger_account where member_id = $1 and wallet_type = 'MAIN' for update`,
          [m.memberId],
        );
        cancel = cancelDetails(m.token, [detail.id]);
        await until(async () => (await waiting('%ledger_post%')) >= 1);
        // The draw comes while the cancel is open: its time has passed, the job runs.
        draw = t.app.ctx.lottery.engine.runDraws(new Date(n.draw_at.getTime() + 1000));
        await until(async () => (await waiting('%lottery_%')) >= 1);
        await holder.query('commit');
      } finally {
        holder.release();
      }
      const cancelled = await cancel;
      await draw;
      // A pass after (the job's next window) finishes whatever the first left.
      await t.app.ctx.lottery.engine.runDraws(new Date(n.draw_at.getTime() + 6000));
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const moved = await movements(m.memberId);
      expect(moved).toEqual([
        ['ADJUSTMENT', 10_000],
        ['BET_STAKE', -2_000],
        ['BET_REFUND', 2_000],
      ]);
      expect(await walletMinor(t, m.memberId)).toBe(10_000);
      const status = await sql<{ status: string }>`
        select status from lottery_numero where id = ${n.id}`.execute(t.database.db);
      expect(status.rows[0]!.status).toBe('settled');
      const ticket = await sql<{ status: number; win_amount: number }>`
        select status, win_amount from lottery_ticket where id = ${detail.id}`.execute(t.database.db);
      expect(ticket.rows[0]).toEqual({ status: 8, win_amount: 2_000 });
      const record = await sql<{ status: string; payout: number }>`
        select r.status, r.payout from bet_record r join lottery_order o on o.order_no = r.bet_no
        join lottery_ticket x on x.order_id = o.id where x.id = ${detail.id} and r.vendor = 'TCG_SEA'`.execute(
        t.database.db,
      );
      expect(record.rows[0]).toMatchObject({ payout: 2_000 });
      expect((await t.app.ctx.wallet.check()).ok).toBe(true);
      clock = n.draw_at.getTime() + 120_000;
    },
    60_000,
  );
});

describe(`a winner whose wallet is at the balance ceiling (${testDbKind})`, () => {
  /** Credits the member's main wallet from the house in movements within the movement ceiling. */
  async function topUp(memberId: number, amount: number) {
    for (let i = 0, left = amount; left > 0; i++) {
      const step = Math.min(left, MAX_AMOUNT_MINOR);
      await t.app.ctx.wallet.transfer({
        from: { house: HouseAccount.cash },
        to: { memberId },
        amount: step,
        kind: 'ADJUSTMENT',
        reference: `ceiling-${memberId}`,
        idempotencyKey: `test:lottery-ceiling:${memberId}:${i}`,
      });
      left -= step;
    }
  }

  /** The postings of the ledger movement `key`: [wallet type or house code, member, amount]. */
  async function movement(key: string): Promise<[string, number | null, number][]> {
    const r = await sql<{ account: string; member_id: number | null; amount: number }>`
      select coalesce(split_part(a.code, ':', 1), a.wallet_type) as account, a.member_id, p.amount
      from ledger_posting p join ledger_transaction x on x.id = p.transaction_id
        join ledger_account a on a.id = p.account_id
      where x.idempotency_key = ${key} order by a.member_id nulls last, p.amount`.execute(t.database.db);
    return r.rows.map((x) => [x.account, x.member_id, Number(x.amount)]);
  }

  /** Movements of the held-prizes job for the member's held account. */
  async function releases(memberId: number): Promise<number[]> {
    const r = await sql<{ amount: number }>`
      select p.amount from ledger_posting p join ledger_transaction x on x.id = p.transaction_id
        join ledger_account a on a.id = p.account_id
      where a.member_id = ${memberId} and a.wallet_type = 'MAIN' and x.idempotency_key like 'lottery:prize-held:%'
      order by p.id`.execute(t.database.db);
    return r.rows.map((x) => Number(x.amount));
  }

  it("two winners of one draw, one whose wallet is 12.00 below MAX_BALANCE_MINOR: the draws racing pay the other exactly once and hold the first one's 19.60 in LOTTERY_PRIZE_HELD (no cent made or lost, ledger exact); the held-prizes job keeps it held while the wallet has no room, pays it once when it has, and re-runs of both jobs move nothing more", async () => {
    const { g, ns } = await gameOnSale(1);
    const n = ns[0]!;
    const full = await memberWithMoney(t, 0);
    const other = await memberWithMoney(t, 10_000);
    // After its 2.00 stake the full member's wallet is 12.00 below the ceiling: a 19.60 win does not fit.
    await topUp(full.memberId, MAX_BALANCE_MINOR - 1_000);
    const cashBefore = await house('HOUSE_CASH');
    const orders: string[] = [];
    for (const m of [full, other]) {
      const bet = await placeBet(t, m.token, {
        gameId: g.id,
        currentNumero: n.numero,
        prizeModeId: 4,
        bettingSlipString: slipLine('5____', DWD),
        betCartAmountSum: 2,
      });
      expect(bet.statusCode, JSON.stringify(bet.json())).toBe(200);
      orders.push(bet.json().orderNumber as string);
    }
    expect(await walletMinor(t, full.memberId)).toBe(MAX_BALANCE_MINOR - 1_200);
    expect(await walletMinor(t, other.memberId)).toBe(9_800);

    // The draw: 5 first, each member's one note wins 19.60. The job's window and two direct
    // passes (a second instance, the operator's `lottery draw`) race for it.
    clock = n.draw_at.getTime() + 6_000;
    await t.app.ctx.lottery.engine.enterResult(g.code, n.numero, { winNo: '5,0,0,0,0' });
    const engine = t.app.ctx.lottery.engine;
    const jobs = t.app.ctx.jobs;
    const [drawWindow] = jobs.dueWindows(DRAW_JOB, new Date(clock)).slice(-1);
    const raced = await Promise.all([
      jobs.runWindow(DRAW_JOB, drawWindow!.start),
      engine.runDraws(new Date(clock)),
      engine.runDraws(new Date(clock)),
    ]);
    expect(raced[0]).toBe('ran');
    for (const r of raced.slice(1)) expect(r).toMatchObject({ failed: 0 });
    const numero = await sql<{
      status: string;
    }>`select status from lottery_numero where id = ${n.id}`.execute(t.database.db);
    expect(numero.rows[0]!.status).toBe('settled');

    // The other winner is paid exactly once; the full one's win is held, in the same movement.
    expect(await walletMinor(t, other.memberId)).toBe(9_800 + 1_960);
    expect(await walletMinor(t, full.memberId)).toBe(MAX_BALANCE_MINOR - 1_200);
    expect(await walletMinor(t, full.memberId, LOTTERY_PRIZE_HELD)).toBe(1_960);
    expect(await movement(`lottery:win:${n.id}`)).toEqual(
      [
        [LOTTERY_PRIZE_HELD, full.memberId, 1_960],
        ['MAIN', other.memberId, 1_960],
        ['HOUSE_CASH', null, -3_920],
      ].sort((a, b) => (a[1] === null ? 1 : b[1] === null ? -1 : Number(a[1]) - Number(b[1]))),
    );
    const payouts = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transaction where kind = 'BET_PAYOUT' and reference = ${`${g.code}-${n.numero}`}`.execute(
      t.database.db,
    );
    expect(payouts.rows[0]!.n).toBe(1);
    // Both tickets won 19.60 and both betting records say so: the prize is owed, held or paid.
    for (const orderNo of orders) {
      expect((await ticketsOf(t, orderNo)).map((x) => [x.status, x.win_amount])).toEqual([[4, 1_960]]);
      const record = await sql<{ status: string; payout: number }>`
        select status, payout from bet_record where vendor = 'TCG_SEA' and bet_no = ${orderNo}`.execute(
        t.database.db,
      );
      expect(record.rows[0]).toMatchObject({ status: 'SETTLED', payout: 1_960 });
    }
    // No cent made or lost: the house took two stakes and paid two wins, one of them held.
    expect(await house('HOUSE_CASH')).toBe(cashBefore + 400 - 3_920);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);

    // Re-runs of the draw change nothing.
    expect(await engine.runDraws(new Date(clock))).toMatchObject({ drawn: 0, settled: 0, failed: 0 });
    expect(await jobs.runWindow(DRAW_JOB, drawWindow!.start)).toBe('done-already');
    expect(await walletMinor(t, other.memberId)).toBe(11_760);
    expect(await walletMinor(t, full.memberId, LOTTERY_PRIZE_HELD)).toBe(1_960);

    // The held-prizes job: still no room, so still held, and nothing moves.
    const minute = Math.floor(clock / 60_000) * 60_000;
    expect(await jobs.runWindow(HELD_PRIZES_JOB, new Date(minute))).toBe('ran');
    expect(await engine.payHeldPrizes()).toEqual({ released: 0, stillHeld: 1, failed: 0 });
    expect(await walletMinor(t, full.memberId)).toBe(MAX_BALANCE_MINOR - 1_200);
    expect(await walletMinor(t, full.memberId, LOTTERY_PRIZE_HELD)).toBe(1_960);
    expect(await releases(full.memberId)).toEqual([]);

    // The member spends 50.00: now the wallet has room, and the next run pays the held prize, once,
    // however many runs race for it.
    await t.app.ctx.wallet.transfer({
      from: { memberId: full.memberId },
      to: { house: HouseAccount.cash },
      amount: 5_000,
      kind: 'ADJUSTMENT',
      reference: `spend-${full.memberId}`,
      idempotencyKey: `test:lottery-ceiling-spend:${full.memberId}`,
    });
    const paid = await Promise.all([
      jobs.runWindow(HELD_PRIZES_JOB, new Date(minute + 60_000)),
      engine.payHeldPrizes(),
      engine.payHeldPrizes(),
    ]);
    expect(paid[0]).toBe('ran');
    expect(await releases(full.memberId)).toEqual([1_960]);
    expect(await walletMinor(t, full.memberId)).toBe(MAX_BALANCE_MINOR - 1_200 - 5_000 + 1_960);
    expect(await walletMinor(t, full.memberId, LOTTERY_PRIZE_HELD)).toBe(0);
    expect(await jobs.runWindow(HELD_PRIZES_JOB, new Date(minute + 60_000))).toBe('done-already');
    expect(await jobs.runWindow(HELD_PRIZES_JOB, new Date(minute + 120_000))).toBe('ran');
    expect(await engine.payHeldPrizes()).toEqual({ released: 0, stillHeld: 0, failed: 0 });
    expect(await releases(full.memberId)).toEqual([1_960]);
    expect(await walletMinor(t, other.memberId)).toBe(11_760);
    expect(await house('HOUSE_CASH')).toBe(cashBefore + 400 - 3_920 + 5_000);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    clock = n.draw_at.getTime() + 120_000;
  }, 60_000);
});

describe(`a bet asks the responsible-gambling limits in its own statement (decision 039, migration 075; ${testDbKind})`, () => {
  it("an unlimited member's and a trial account's bet is the one statement (no read of its own, no locked check); a member under a wager limit or a block is turned back by that statement and bets through the locked check, refused past the limit or while blocked, nothing moved", async () => {
    const { g, ns } = await gameOnSale(1);
    const rg = t.app.ctx.responsible;
    const watched = vi.spyOn(rg, 'watched');
    const checked = vi.spyOn(rg, 'stake');
    const bet = (amount: number, requestId?: string) => ({
      gameId: g.id,
      currentNumero: ns[0]!.numero,
      prizeModeId: 4,
      bettingSlipString: slipLine('5____', DWD, amount / 2),
      betCartAmountSum: amount,
      ...(requestId ? { requestId } : {}),
    });
    try {
      const free = await memberWithMoney(t, 100_000);
      expect((await placeBet(t, free.token, bet(20))).statusCode).toBe(200);
      const trial = await trialLogin();
      expect((await placeBet(t, trial.token, bet(20))).statusCode).toBe(200);
      expect(checked).not.toHaveBeenCalled();

      const limited = await memberWithMoney(t, 100_000);
      await rg.setMoneyLimit(limited.memberId, 'wager', 'day', 30);
      const first = await placeBet(t, limited.token, bet(20, 'rg-limited-1'));
      expect(first.statusCode, JSON.stringify(first.json())).toBe(200);
      expect(checked.mock.calls.map((c) => [c[1], c[2]])).toEqual([[limited.memberId, 2_000]]);
      const past = await placeBet(t, limited.token, bet(20));
      expect(past.statusCode).toBe(409);
      expect(past.json()).toMatchObject({ errorCode: 'rg.wager.limit' });
      // A retry of the first bet is checked too (the statement asks before it answers a key).
      expect((await placeBet(t, limited.token, bet(20, 'rg-limited-1'))).statusCode).toBe(409);
      expect(checked).toHaveBeenCalledTimes(3);
      expect(await walletMinor(t, limited.memberId)).toBe(100_000 - 2_000);

      const blocked = await memberWithMoney(t, 100_000);
      await rg.block(blocked.memberId, 'timeout', '24h');
      const refused = await t.app.ctx.lottery
        .placeOrder(blocked.memberId, { ...bet(20), chase: false, winningStop: false, device: 'WEB' })
        .then(
          () => 'placed',
          (e: { errorCode?: string }) => e.errorCode,
        );
      expect(refused).toBe('rg.time.out');
      expect(checked).toHaveBeenCalledTimes(4);
      expect(await walletMinor(t, blocked.memberId)).toBe(100_000);
      // The limits were asked by the bets' statements only, never in a read of their own.
      expect(watched).not.toHaveBeenCalled();
      expect(await ordersOf(limited.memberId)).toBe(1);
      expect(await ordersOf(blocked.memberId)).toBe(0);
    } finally {
      watched.mockRestore();
      checked.mockRestore();
    }
    clock += 120_000;
  });
});

async function ordersOf(memberId: number): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from lottery_order where member_id = ${memberId}`.execute(t.database.db);
  return r.rows[0]!.n;
}
