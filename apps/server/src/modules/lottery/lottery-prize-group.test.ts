import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playsOf } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { DWD, numerosFrom, officialSscGame, placeBet, slipLine } from './lottery-test-kit.ts';
import type { GameRow } from './lottery-games.ts';

/**
 * Issue 29: the lottery honours the member's prize group (member.lottery_series, decision 028).
 * A member of group 1900 is offered series up to 1900 (11X5 up to 1880), is refused a bet above
 * it as a series out of the band is refused, and earns its series rebate from its own highest:
 * (1900 − series) ÷ 2000 of the stake, fixed when the bet is placed. A member at the platform's
 * top (1956, every member's default) and a caller without a session see the bands as before.
 */
let t: TestApp;
let clock = Date.UTC(2026, 10, 23, 3, 0, 30);
let ssc: GameRow;
let elevenFive: GameRow;
let group1900: TestMember;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  t.app.ctx.lottery.now = () => clock;
  ssc = await officialSscGame(t);
  elevenFive = (await t.app.ctx.lottery.games.byCode('11X53'))!;
  group1900 = await withGroup(await memberWithMoney(t, 100_000), 1900);
  member = await memberWithMoney(t, 100_000);
});
afterAll(async () => {
  await t?.close();
});

/** The member's prize group set as an upline's raise would (decision 028). */
async function withGroup(m: TestMember, group: number): Promise<TestMember> {
  await t.database.db
    .updateTable('member')
    .set({ lottery_series: group })
    .where('id', '=', m.memberId)
    .execute();
  return m;
}

const get = (url: string, token?: string) => t.call({ method: 'GET', url, ...(token ? { token } : {}) });

async function band(g: GameRow, mode: string, token?: string) {
  const res = await get(`/lgw/customers/series?gameId=${g.id}&prizeMode=${mode}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const [series] = res.json() as {
    minSeries: number;
    maxSeries: number;
    maxBetSeries: number;
    defaultSeries: number;
    options: { series: number; rebate: number }[];
  }[];
  return series!;
}

/** The test game's numeros from now on, the clock 1 s into the first one's sale. */
async function onSale(count: number) {
  await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
  const ns = await numerosFrom(t, ssc, clock + 10_000, count);
  clock = ns[0]!.sale_start.getTime() + 1000;
  return ns;
}

/** What the member has in the lottery's tables and the ledger: orders, records, postings. */
async function written(memberId: number) {
  const r = await sql<{ orders: number; records: number; postings: number }>`
    select
      (select count(*)::int from lottery_order where member_id = ${memberId}) as orders,
      (select count(*)::int from bet_record where member_id = ${memberId}) as records,
      (select count(*)::int from ledger_posting p join ledger_account a on a.id = p.account_id
        where a.member_id = ${memberId}) as postings`.execute(t.database.db);
  return r.rows[0]!;
}

/** The REBATE movements credited to a member, in order (minor units). */
async function rebates(memberId: number): Promise<number[]> {
  const r = await sql<{ amount: number }>`
    select p.amount from ledger_posting p join ledger_transaction x on x.id = p.transaction_id
      join ledger_account a on a.id = p.account_id
    where a.member_id = ${memberId} and x.kind = 'REBATE' order by p.id`.execute(t.database.db);
  return r.rows.map((x) => Number(x.amount));
}

/** One losing note on the ten-thousands digit (the draws below give 5): 20.00 at multiple 10. */
const losing = (series: number) => slipLine('1____', DWD, 10, series);

describe(`the lottery and the member's prize group (issue 29; ${testDbKind})`, () => {
  it('GET /lgw/customers/series: group 1900 is offered LOTT 1900 down to 1700 (11X5 1880), ELOTT 1904, SEA as everyone; the default member and a caller without a session see the platform top', async () => {
    const mine = await band(ssc, 'LOTT', group1900.token);
    expect(mine).toMatchObject({ minSeries: 1700, maxSeries: 1956, maxBetSeries: 1900, defaultSeries: 1900 });
    expect(mine.options[0]).toEqual({ series: 1900, rebate: 0 });
    expect(mine.options.at(-1)).toEqual({ series: 1700, rebate: 10 });
    expect(mine.options).toHaveLength(101);
    // 11X5 on base 1980: 1900 in proportion (1881) rounded down to the step.
    expect(await band(elevenFive, 'LOTT', group1900.token)).toMatchObject({
      minSeries: 1684,
      maxSeries: 1936,
      maxBetSeries: 1880,
      defaultSeries: 1880,
    });
    expect((await band(ssc, 'ELOTT', group1900.token)).maxBetSeries).toBe(1904);
    expect(await band(ssc, 'SEA', group1900.token)).toMatchObject({ maxBetSeries: 1960, minSeries: 1960 });

    for (const token of [member.token, undefined]) {
      const top = await band(ssc, 'LOTT', token);
      expect(top).toMatchObject({
        minSeries: 1700,
        maxSeries: 1956,
        maxBetSeries: 1956,
        defaultSeries: 1956,
      });
      expect(top.options[0]).toEqual({ series: 1956, rebate: 0 });
      expect(top.options.at(-1)).toEqual({ series: 1700, rebate: 12.8 });
      expect((await band(elevenFive, 'LOTT', token)).maxBetSeries).toBe(1936);
      expect((await band(ssc, 'ELOTT', token)).maxBetSeries).toBe(1960);
    }

    // The games list and the play menu report the same band and show prizes at its default.
    const games = (await get('/lgw/games?prizeMode=LOTT', group1900.token)).json() as {
      gameGroups: { code: string; games: { gameId: number; series: { maxBetSeries: number }[] }[] }[];
    };
    const entry = (id: number) => games.gameGroups.flatMap((g) => g.games).find((g) => g.gameId === id)!;
    expect(entry(ssc.id).series[0]!.maxBetSeries).toBe(1900);
    expect(entry(elevenFive.id).series[0]!.maxBetSeries).toBe(1880);
    const dwdBonus = async (token?: string) => {
      const menu = (await get(`/lgw/games/play_menu?gameId=${ssc.id}&prizeMode=LOTT`, token)).json() as {
        playMenuGroups: { playMenus: { playId: number; bonus: number }[] }[];
      }[];
      return menu[0]!.playMenuGroups.flatMap((g) => g.playMenus).find((p) => p.playId === DWD)!.bonus;
    };
    // 20 per note at series = base: 19.00 at 1900, 19.56 at the top.
    expect(await dwdBonus(group1900.token)).toBe(19);
    expect(await dwdBonus()).toBe(19.56);
  });

  it('a bet at 1902 by group 1900 is refused as a series out of the band is, and writes nothing', async () => {
    const [n] = await onSale(1);
    const before = await written(group1900.memberId);
    const balance = await walletMinor(t, group1900.memberId);
    const above = await placeBet(t, group1900.token, {
      gameId: ssc.id,
      currentNumero: n!.numero,
      prizeModeId: 1,
      bettingSlipString: losing(1902),
      betCartAmountSum: 20,
    });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toMatchObject({
      errorCode: 'lottery.slip.invalid',
      message: 'Series must be 1700–1900 in steps of 2',
    });
    // The refusal a series out of the mode's band gets, for the default member.
    const outOfBand = await placeBet(t, member.token, {
      gameId: ssc.id,
      currentNumero: n!.numero,
      prizeModeId: 1,
      bettingSlipString: losing(1958),
      betCartAmountSum: 20,
    });
    expect(outOfBand.statusCode).toBe(422);
    expect(outOfBand.json()).toMatchObject({
      errorCode: 'lottery.slip.invalid',
      message: 'Series must be 1700–1956 in steps of 2',
    });
    // ELOTT's highest for the group is 1904.
    const elott = await placeBet(t, group1900.token, {
      gameId: ssc.id,
      currentNumero: n!.numero,
      prizeModeId: 3,
      bettingSlipString: slipLine('1____', DWD, 10, 1906, 1),
      betCartAmountSum: 20,
    });
    expect(elott.statusCode).toBe(422);
    expect(elott.json()).toMatchObject({ message: 'Series must be 1800–1904 in steps of 2' });
    expect(await written(group1900.memberId)).toEqual(before);
    expect(await walletMinor(t, group1900.memberId)).toBe(balance);
  });

  it("group 1900's rebate is its own: none at 1900, (1900 − 1800) ÷ 2000 of the stake at 1800, fixed when the bet is placed; the default member's is (1956 − 1800) ÷ 2000", async () => {
    const ns = await onSale(2);
    const bet = async (m: TestMember, numero: string, series: number) => {
      const res = await placeBet(t, m.token, {
        gameId: ssc.id,
        currentNumero: numero,
        prizeModeId: 1,
        bettingSlipString: losing(series),
        betCartAmountSum: 20,
      });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      return res.json().orderNumber as string;
    };
    const atTop = await bet(group1900, ns[0]!.numero, 1900);
    clock = ns[1]!.sale_start.getTime() + 1000;
    const below = await bet(group1900, ns[1]!.numero, 1800);
    const plain = await bet(member, ns[1]!.numero, 1800);
    const orders = await sql<{ order_no: string; series: number; max_bet_series: number }>`
      select order_no, series, max_bet_series from lottery_order
      where order_no in (${atTop}, ${below}, ${plain}) order by id`.execute(t.database.db);
    expect(orders.rows).toEqual([
      { order_no: atTop, series: 1900, max_bet_series: 1900 },
      { order_no: below, series: 1800, max_bet_series: 1900 },
      { order_no: plain, series: 1800, max_bet_series: 1956 },
    ]);
    // Raised after the bet (an upline may raise a group, never lower it): the bet keeps its terms.
    await withGroup(group1900, 1950);
    const before1900 = await walletMinor(t, group1900.memberId);
    const beforePlain = await walletMinor(t, member.memberId);

    const engine = t.app.ctx.lottery.engine;
    for (const n of ns) {
      clock = n.draw_at.getTime() + 1000;
      await engine.enterResult(ssc.code, n.numero, { winNo: '5,0,0,0,0' });
      await engine.runDraws(new Date(clock));
    }
    // 20.00 at 1800 under 1900: 2,000 × 100 ÷ 2000 = 100 minor units; at 1900 none.
    expect(await rebates(group1900.memberId)).toEqual([100]);
    expect(await walletMinor(t, group1900.memberId)).toBe(before1900 + 100);
    // The default member as before: 2,000 × 156 ÷ 2000 = 156.
    expect(await rebates(member.memberId)).toEqual([156]);
    expect(await walletMinor(t, member.memberId)).toBe(beforePlain + 156);
    await withGroup(group1900, 1900);
  });

  it("the Vietnamese client's betting takes the member's highest series, not the platform's", async () => {
    const vnf5 = (await t.app.ctx.lottery.games.byCode('VNF5'))!;
    clock = Date.UTC(2026, 10, 23, 5, 1, 0);
    await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
    const near = (await get(`/lgw/numeros/near?gameId=${vnf5.id}`)).json() as {
      currentNumero: { numero: string };
    };
    const lo2 = playsOf('VNFAST').find((p) => p.code === 'LO2')!;
    const series: number[] = [];
    for (const m of [group1900, member]) {
      const res = await t.call({
        method: 'POST',
        url: '/lotto-vn/lgw/betting',
        token: m.token,
        payload: {
          prizeMode: 'Lott',
          device: 'WEB',
          contents: [
            {
              gameId: vnf5.id,
              winStop: false,
              playId: lo2.playId,
              bettingContent: '27',
              singleBetPrice: lo2.singleBetPrice,
              bettingApproach: 1,
              bettingSlip: null,
              numero: [{ numero: near.currentNumero.numero, multiple: 1 }],
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const o = await t.database.db
        .selectFrom('lottery_order')
        .select(['series', 'max_bet_series'])
        .where('order_no', '=', res.json().orderNumber as string)
        .executeTakeFirstOrThrow();
      expect(o.max_bet_series).toBe(o.series);
      series.push(o.series);
    }
    expect(series).toEqual([1900, 1956]);
  });
});
