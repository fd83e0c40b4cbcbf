import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playsOf } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { ticketsOf } from './lottery-test-kit.ts';
import type { GameRow } from './lottery-games.ts';

/**
 * The Vietnamese client's own betting call, POST /lotto-vn/lgw/betting (research/lottery.md §1
 * "Placing bets", decision 022): contents[] placed through the same bet as /lgw/orders/betting.
 */
let t: TestApp;
// 05:01 UTC: one minute into a five-minute draw, so VNF5's numero 0145 is on sale.
const clock = Date.UTC(2026, 10, 23, 5, 1, 0);
let now = clock;
let vnf5: GameRow;
let ssc1: GameRow;
const ON_SALE = '20261123-0145';
const lo2 = playsOf('VNFAST').find((p) => p.code === 'LO2')!;
const de = playsOf('VNFAST').find((p) => p.code === 'DE')!;

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  const lottery = t.app.ctx.lottery;
  lottery.now = () => now;
  await lottery.engine.ensureNumeros(new Date(clock));
  await lottery.engine.runDraws(new Date(clock));
  vnf5 = (await lottery.games.byCode('VNF5'))!;
  ssc1 = (await lottery.games.byCode('SSC1'))!;
});
afterAll(async () => {
  await t?.close();
});

type Content = Record<string, unknown>;
/** One lô 2 số content on VNF5: a note costs 27 points (27.00 at the dollar unit). */
const content = (over: Content = {}): Content => ({
  gameId: vnf5.id,
  winStop: false,
  playId: lo2.playId,
  bettingContent: '27',
  singleBetPrice: lo2.singleBetPrice,
  bettingApproach: 1,
  bettingSlip: null,
  numero: [{ numero: ON_SALE, multiple: 1 }],
  ...over,
});
const betting = (contents: Content[], over: Record<string, unknown> = {}) => ({
  prizeMode: 'Lott',
  device: 'WEB',
  contents,
  ...over,
});

async function vnBet(token: string | undefined, payload: unknown) {
  const res = await t.call({
    method: 'POST',
    url: '/lotto-vn/lgw/betting',
    payload: payload as Record<string, unknown>,
    ...(token ? { token } : {}),
  });
  return { statusCode: res.statusCode, body: res.body, json: () => res.json() as Record<string, unknown> };
}

/** The member's stake movements in the ledger: count and sum of their postings. */
async function stakes(memberId: number): Promise<{ n: number; sum: number }> {
  const r = await sql<{ n: number; sum: number | null }>`
    select count(*)::int as n, sum(p.amount)::bigint as sum from ledger_posting p
    join ledger_transaction x on x.id = p.transaction_id
    join ledger_account a on a.id = p.account_id
    where a.member_id = ${memberId} and x.kind = 'BET_STAKE'`.execute(t.database.db);
  return { n: r.rows[0]!.n, sum: Number(r.rows[0]!.sum ?? 0) };
}

async function today(token: string) {
  return (await t.call({ method: 'GET', url: '/lgw/orders/today', token })).json() as {
    totalElements: number;
    content: {
      orderNumber: string;
      gameId: number;
      playId: number;
      betContent: string;
      numero: string;
      multiple: number;
      series: number;
      totalChase: number;
      winningStop: boolean;
      betAmount: number;
      status: number;
      orderDetailOrders: { numero: string; multiple: number; bettingSumAmount: number }[];
    }[];
  };
}

describe(`POST /lotto-vn/lgw/betting (${testDbKind})`, () => {
  it("one content on one numero places an order that shows in today's orders; the stake moves through the ledger once", async () => {
    const m = await memberWithMoney(t, 1_000_000);
    const res = await vnBet(m.token, betting([content({ numero: [{ numero: ON_SALE, multiple: 2 }] })]));
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json();
    expect('success' in placed).toBe(false);
    expect(placed).toMatchObject({
      numero: ON_SALE,
      totalBettingAmount: 54,
      notes: 1,
      chase: false,
      totalChase: 1,
    });
    expect(placed.orderNumber).toMatch(/^[0-9A-Z]{6}$/);
    expect(placed.orderNumbers).toEqual([placed.orderNumber]);
    expect(await walletMinor(t, m.memberId)).toBe(1_000_000 - 5_400);
    expect(await stakes(m.memberId)).toEqual({ n: 1, sum: -5_400 });
    const orders = await today(m.token);
    expect(orders.totalElements).toBe(1);
    expect(orders.content[0]).toMatchObject({
      orderNumber: placed.orderNumber,
      gameId: vnf5.id,
      playId: lo2.playId,
      betContent: '27',
      numero: ON_SALE,
      multiple: 2,
      // LOTT's highest series: the Vietnamese client picks none.
      series: 1956,
      totalChase: 1,
      betAmount: 54,
      status: 2,
    });
    expect(orders.content[0]!.orderDetailOrders).toEqual([
      expect.objectContaining({ numero: ON_SALE, multiple: 2, bettingSumAmount: 54 }),
    ]);
    const records = await t.call({
      method: 'GET',
      url: '/wps/relay/ODSFE2_getBetRecords?size=10&page=1',
      token: m.token,
    });
    expect(JSON.stringify(records.json())).toContain(placed.orderNumber as string);
  });

  it('several contents on one game become one order each (ABC123-001…), placed together with one stake movement', async () => {
    const m = await memberWithMoney(t, 1_000_000);
    const res = await vnBet(
      m.token,
      betting([
        content({ bettingContent: '05,27' }),
        content({ playId: de.playId, bettingContent: '99', singleBetPrice: 10, bettingApproach: 5 }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json();
    const nos = placed.orderNumbers as string[];
    expect(nos).toHaveLength(2);
    expect(nos[0]).toMatch(/^[0-9A-Z]{6}-001$/);
    expect(nos[1]).toBe(`${nos[0]!.slice(0, 6)}-002`);
    expect(placed.orderNumber).toBe(nos[0]);
    // 2 lô notes × 27 + 1 đề note × 1 × unit TEN.
    expect(placed).toMatchObject({ totalBettingAmount: 64, notes: 3 });
    expect(await stakes(m.memberId)).toEqual({ n: 1, sum: -6_400 });
    const orders = await today(m.token);
    expect(orders.content.map((o) => o.orderNumber).sort()).toEqual([...nos].sort());
  });

  it('a numero[] of three places a chase over the numeros from the one on sale, each detail at its own multiple', async () => {
    const m = await memberWithMoney(t, 1_000_000);
    const plan = [
      { numero: ON_SALE, multiple: 1 },
      { numero: '20261123-0146', multiple: 2 },
      { numero: '20261123-0147', multiple: 3 },
    ];
    const res = await vnBet(m.token, betting([content({ numero: plan })]));
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json();
    expect(placed).toMatchObject({ chase: true, totalChase: 3, numero: ON_SALE, totalBettingAmount: 162 });
    expect(await walletMinor(t, m.memberId)).toBe(1_000_000 - 16_200);
    expect(await stakes(m.memberId)).toEqual({ n: 1, sum: -16_200 });
    const tickets = await ticketsOf(t, placed.orderNumber as string);
    expect(tickets.map((x) => [x.numero, x.amount])).toEqual([
      [ON_SALE, 2_700],
      ['20261123-0146', 5_400],
      ['20261123-0147', 8_100],
    ]);
    const order = (await today(m.token)).content[0]!;
    expect(order.totalChase).toBe(3);
    expect(order.orderDetailOrders.map((d) => [d.numero, d.multiple])).toEqual(
      plan.map((p) => [p.numero, p.multiple]),
    );
    // A chase that skips a numero, or starts after the one on sale, is refused and nothing moves.
    const gap = await vnBet(
      m.token,
      betting([content({ numero: [plan[0], { numero: '20261123-0147', multiple: 1 }] })]),
    );
    expect(gap.statusCode, gap.body).toBe(422);
    expect(gap.json()).toMatchObject({ errorCode: 'invalid.input' });
    expect(gap.json().message).toContain('contents.0.numero.1.numero');
    const late = await vnBet(m.token, betting([content({ numero: plan.slice(1) })]));
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().errorCode).toBe('lottery.numero.closed');
    expect(await walletMinor(t, m.memberId)).toBe(1_000_000 - 16_200);
  });

  it("winStop is stored with the chase (the order's winningStop), and only on a chase", async () => {
    const m = await memberWithMoney(t, 1_000_000);
    const plan = [
      { numero: ON_SALE, multiple: 1 },
      { numero: '20261123-0146', multiple: 1 },
    ];
    const on = await vnBet(m.token, betting([content({ winStop: true, numero: plan })]));
    const off = await vnBet(m.token, betting([content({ winStop: false, numero: plan })]));
    const single = await vnBet(m.token, betting([content({ winStop: true })]));
    for (const r of [on, off, single]) expect(r.statusCode, r.body).toBe(200);
    const stored = await sql<{ order_no: string; win_stop: boolean; chase: boolean }>`
      select order_no, win_stop, chase from lottery_order o join member m on m.id = o.member_id
      where m.id = ${m.memberId}`.execute(t.database.db);
    const byNo = new Map(stored.rows.map((r) => [r.order_no, r]));
    expect(byNo.get(on.json().orderNumber as string)).toMatchObject({ win_stop: true, chase: true });
    expect(byNo.get(off.json().orderNumber as string)).toMatchObject({ win_stop: false, chase: true });
    expect(byNo.get(single.json().orderNumber as string)).toMatchObject({ win_stop: false, chase: false });
    const orders = await today(m.token);
    const shown = new Map(orders.content.map((o) => [o.orderNumber, o.winningStop]));
    expect(shown.get(on.json().orderNumber as string)).toBe(true);
    expect(shown.get(off.json().orderNumber as string)).toBe(false);
    // "true"/"false" as strings, as the slip call's winningStop takes them.
    const str = await vnBet(m.token, betting([content({ winStop: 'true', numero: plan })]));
    expect(str.statusCode, str.body).toBe(200);
    // The contents of one chase agree on winStop.
    const mixed = await vnBet(
      m.token,
      betting([content({ winStop: true, numero: plan }), content({ winStop: false, numero: plan })]),
    );
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().message).toContain('contents.1.winStop');
  });

  it('bad bodies are refused 422 invalid.input naming the field, and nothing is debited', async () => {
    const m = await memberWithMoney(t, 1_000_000);
    const cases: [string, unknown, string][] = [
      ['missing contents', { prizeMode: 'Lott', device: 'WEB' }, 'contents'],
      ['empty contents', betting([]), 'contents'],
      ['unknown gameId', betting([content({ gameId: 999_999 })]), 'contents.0.gameId'],
      [
        'non-integer multiple',
        betting([content({ numero: [{ numero: ON_SALE, multiple: 1.5 }] })]),
        'contents.0.numero.0.multiple',
      ],
      [
        'negative multiple',
        betting([content({ numero: [{ numero: ON_SALE, multiple: -1 }] })]),
        'contents.0.numero.0.multiple',
      ],
      [
        'zero multiple',
        betting([content({ numero: [{ numero: ON_SALE, multiple: 0 }] })]),
        'contents.0.numero.0.multiple',
      ],
      ['negative price', betting([content({ singleBetPrice: -27 })]), 'contents.0.singleBetPrice'],
      ['negative gameId', betting([content({ gameId: -1 })]), 'contents.0.gameId'],
      ['contents not a list', betting('27' as unknown as Content[]), 'contents'],
      ['a content not an object', betting([27 as unknown as Content]), 'contents.0'],
      ['gameId as a string', betting([content({ gameId: String(vnf5.id) })]), 'contents.0.gameId'],
      ['playId as a boolean', betting([content({ playId: true })]), 'contents.0.playId'],
      ['price as a string', betting([content({ singleBetPrice: '27' })]), 'contents.0.singleBetPrice'],
      ['numero not a list', betting([content({ numero: ON_SALE })]), 'contents.0.numero'],
      ['empty numero list', betting([content({ numero: [] })]), 'contents.0.numero'],
      [
        'numero as a number',
        betting([content({ numero: [{ numero: 20261123, multiple: 1 }] })]),
        'contents.0.numero.0.numero',
      ],
      ['winStop not a flag', betting([content({ winStop: 'yes' })]), 'contents.0.winStop'],
      [
        'bettingContent not rows',
        betting([content({ bettingContent: '27;05' })]),
        'contents.0.bettingContent',
      ],
      [
        'bettingApproach out of range',
        betting([content({ bettingApproach: 9 })]),
        'contents.0.bettingApproach',
      ],
      [
        'a bettingSlip string',
        betting([content({ bettingSlip: '27~1~5001~1~1956~1' })]),
        'contents.0.bettingSlip',
      ],
      ['unknown prizeMode', betting([content()], { prizeMode: 'NOPE' }), 'prizeMode'],
      ['extra top-level field', betting([content()], { chase: true }), 'chase'],
      ['extra content field', betting([content({ series: 1700 })]), 'series'],
      [
        'extra numero field',
        betting([content({ numero: [{ numero: ON_SALE, multiple: 1, unit: 2 }] })]),
        'unit',
      ],
      ['bad requestId', betting([content()], { requestId: 'short' }), 'requestId'],
      [
        'contents on two games',
        betting([
          content(),
          content({ gameId: ssc1.id, playId: 1016, bettingContent: '5____', singleBetPrice: 2 }),
        ]),
        'contents.1.gameId',
      ],
      [
        'contents on different numeros',
        betting([content(), content({ numero: [{ numero: '20261123-0146', multiple: 1 }] })]),
        'contents.1.numero',
      ],
      [
        'a numero listed twice',
        betting([
          content({
            numero: [
              { numero: ON_SALE, multiple: 1 },
              { numero: ON_SALE, multiple: 1 },
            ],
          }),
        ]),
        'contents.0.numero',
      ],
    ];
    for (const [name, payload, field] of cases) {
      const res = await vnBet(m.token, payload);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      const body = res.json();
      expect(body, name).toMatchObject({ success: false, errorCode: 'invalid.input' });
      expect(body.message, name).toContain(field);
    }
    // Bodies the schema takes but the rules refuse: the lottery's own codes, the field named.
    const rules: [string, Content, number, string, string][] = [
      ['unknown play', content({ playId: 99_999 }), 422, 'lottery.slip.invalid', 'contents.0.playId'],
      [
        'a play of another family',
        content({ playId: 1016 }),
        422,
        'lottery.slip.invalid',
        'contents.0.playId',
      ],
      [
        'content the play cannot read',
        content({ bettingContent: '7' }),
        422,
        'lottery.slip.invalid',
        'contents.0.bettingContent',
      ],
      [
        'unit not offered',
        content({ bettingApproach: 4, singleBetPrice: 0.027 }),
        422,
        'lottery.slip.invalid',
        'contents.0.bettingApproach',
      ],
      [
        'price not the play’s',
        content({ singleBetPrice: 18 }),
        409,
        'lottery.amount.mismatch',
        'contents.0.singleBetPrice',
      ],
      [
        'multiple over the limit',
        content({ numero: [{ numero: ON_SALE, multiple: 20_000 }] }),
        422,
        'lottery.limit.exceeded',
        'multiple',
      ],
    ];
    for (const [name, c, status, code, field] of rules) {
      const res = await vnBet(m.token, betting([c]));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json(), name).toMatchObject({ errorCode: code });
      expect(res.json().message, name).toContain(field);
    }
    expect(await walletMinor(t, m.memberId)).toBe(1_000_000);
    expect(await stakes(m.memberId)).toEqual({ n: 0, sum: 0 });
    expect((await today(m.token)).totalElements).toBe(0);
  });

  it('a closed numero is refused as /lgw/orders/betting refuses it: 409 lottery.numero.closed, nothing debited', async () => {
    const m = await memberWithMoney(t, 1_000_000);
    const slip = (numero: string) =>
      t.call({
        method: 'POST',
        url: '/lgw/orders/betting',
        token: m.token,
        payload: {
          gameId: vnf5.id,
          currentNumero: numero,
          prizeModeId: 1,
          bettingSlipString: `27~1~${lo2.playId}~1~1956~1`,
          betCartAmountSum: 27,
        },
      });
    const drawn = '20261123-0001';
    const vn = await vnBet(m.token, betting([content({ numero: [{ numero: drawn, multiple: 1 }] })]));
    const old = await slip(drawn);
    expect(vn.statusCode, vn.body).toBe(409);
    expect([vn.statusCode, vn.json().errorCode]).toEqual([old.statusCode, old.json().errorCode]);
    expect(vn.json().errorCode).toBe('lottery.numero.closed');
    // The numero on sale at its close (lockTime before the draw) on the server clock.
    const near = (await t.call({ method: 'GET', url: `/lgw/numeros/near?gameId=${vnf5.id}` })).json();
    now = near.currentNumero.saleEnd as number;
    try {
      const atClose = await vnBet(m.token, betting([content()]));
      const oldAtClose = await slip(ON_SALE);
      expect(atClose.statusCode, atClose.body).toBe(409);
      expect([atClose.statusCode, atClose.json().errorCode]).toEqual([
        oldAtClose.statusCode,
        oldAtClose.json().errorCode,
      ]);
    } finally {
      now = clock;
    }
    expect(await walletMinor(t, m.memberId)).toBe(1_000_000);
    expect(await stakes(m.memberId)).toEqual({ n: 0, sum: 0 });
  });

  it('the same requestId answers the first betting and takes the stake once; no money is refused 4xx', async () => {
    const m = await memberWithMoney(t, 10_000);
    const body = betting([content(), content({ bettingContent: '05' })], { requestId: 'vn-retry-0001' });
    const first = await vnBet(m.token, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await vnBet(m.token, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().orderNumbers).toEqual(first.json().orderNumbers);
    expect(again.json().totalBettingAmount).toBe(54);
    expect(await stakes(m.memberId)).toEqual({ n: 1, sum: -5_400 });
    // 46.00 left: two more notes of 27.00 cost 54.00.
    const poor = await vnBet(m.token, betting([content(), content({ bettingContent: '05' })]));
    expect(poor.statusCode).toBe(409);
    expect(poor.json().errorCode).toBe('wallet.balance.insufficient');
    expect(await walletMinor(t, m.memberId)).toBe(4_600);
  });

  it('without a token the call answers the usual 401 and places nothing', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from lottery_order`.execute(
      t.database.db,
    );
    const res = await vnBet(undefined, betting([content()]));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
    const bad = await vnBet('not-a-token', betting([content()]));
    expect(bad.statusCode).toBe(401);
    const after = await sql<{ n: number }>`select count(*)::int as n from lottery_order`.execute(
      t.database.db,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
