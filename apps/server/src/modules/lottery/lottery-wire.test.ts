import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playsOf, verifyDraw } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import type { GameRow } from './lottery-games.ts';

/**
 * The lottery gateway in the original's wire (research/lottery.md §1, spec A §7): bare bodies
 * under /lgw and /lotto, the token where the original asks for it, refusals as 4xx.
 */
let t: TestApp;
// 05:01 UTC: one minute into a five-minute draw, so the 5-minute games are on sale.
const clock = Date.UTC(2026, 10, 23, 5, 1, 0);
let member: TestMember;
let vnf5: GameRow;
let ssc1: GameRow;
beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  const lottery = t.app.ctx.lottery;
  lottery.now = () => clock;
  await lottery.engine.ensureNumeros(new Date(clock));
  await lottery.engine.runDraws(new Date(clock));
  vnf5 = (await lottery.games.byCode('VNF5'))!;
  ssc1 = (await lottery.games.byCode('SSC1'))!;
  member = await memberWithMoney(t, 1_000_000);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.call({ method: 'GET', url, ...(token ? { token } : {}) });
const isEnvelope = (body: unknown) => typeof body === 'object' && body !== null && 'success' in body;

describe(`lottery gateway wire (${testDbKind})`, () => {
  it('LT-01 GET /lgw/vn/games/game_menu returns the Vietnamese lottery menu: bare, keyed by group, VN games only', async () => {
    const res = await get('/lgw/vn/games/game_menu?prizeMode=SEA&device=WEB&language=EN');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(isEnvelope(body)).toBe(false);
    expect(Object.keys(body).sort()).toEqual(['VNCENTRAL', 'VNFAST', 'VNNORTH', 'VNSOUTH']);
    expect(body.VNFAST.gameMenus.map((m: { gameCode: string }) => m.gameCode)).toEqual(['VNF1', 'VNF5']);
    expect(body.VNNORTH.gameMenus[0]).toMatchObject({
      gameCode: 'XSMB',
      remark: 'Miền Bắc',
      accountTypeName: 'TCG_LOTTO_VN',
    });
    expect(body.VNSOUTH.gameMenus).toHaveLength(21);
    expect(body.VNCENTRAL.gameMenus).toHaveLength(14);
    for (const g of Object.values(body) as { gameMenus: Record<string, unknown>[] }[])
      for (const m of g.gameMenus)
        expect(Object.keys(m).sort()).toEqual(
          [
            'accountTypeName',
            'code',
            'defaultPlayType',
            'gameCode',
            'gameGroupCode',
            'gameId',
            'interval',
            'lockTime',
            'remark',
            'webIconUrl',
          ].sort(),
        );
  });

  it("LT-02 /lgw/vn/games/game_menu/recent (token) returns the member's recent Vietnamese lottery games, newest first", async () => {
    expect((await get('/lgw/vn/games/game_menu/recent')).statusCode).toBe(401);
    const lo = playsOf('VNFAST').find((p) => p.code === 'LO2')!;
    // Another member's play comes first: "the member's" recent games never include someone else's.
    const other = await memberWithMoney(t, 100_000);
    const vnf1 = (await t.app.ctx.lottery.games.byCode('VNF1'))!;
    const otherBet = await t.call({
      method: 'POST',
      url: '/lgw/orders/betting',
      token: other.token,
      payload: {
        gameId: vnf1.id,
        currentNumero: (await get(`/lgw/numeros/near?gameCode=VNF1`)).json().currentNumero.numero,
        prizeModeId: 4,
        bettingSlipString: `27~1~${lo.playId}~1~1960~1`,
        betCartAmountSum: lo.singleBetPrice,
      },
    });
    expect(otherBet.statusCode).toBe(200);
    const m = await memberWithMoney(t, 100_000);
    expect((await get('/lgw/vn/games/game_menu/recent', m.token)).json()).toEqual([]);
    expect((await get('/lgw/games/game_menus/recent', m.token)).json()).toEqual([]);
    const near = (await get(`/lgw/numeros/near?gameCode=VNF5`)).json();
    const placed = await t.call({
      method: 'POST',
      url: '/lgw/orders/betting',
      token: m.token,
      payload: {
        gameId: vnf5.id,
        currentNumero: near.currentNumero.numero,
        prizeModeId: 4,
        bettingSlipString: `27~1~${lo.playId}~1~1960~1`,
        betCartAmountSum: lo.singleBetPrice,
      },
    });
    expect(placed.statusCode).toBe(200);
    // A non-Vietnamese game played later is not in the Vietnamese list.
    const ssc = await t.call({
      method: 'POST',
      url: '/lgw/orders/betting',
      token: m.token,
      payload: {
        gameId: ssc1.id,
        currentNumero: (await get(`/lgw/numeros/near?gameId=${ssc1.id}`)).json().currentNumero.numero,
        prizeModeId: 4,
        bettingSlipString: '5____~1~1016~1~1960~1',
        betCartAmountSum: 2,
      },
    });
    expect(ssc.statusCode).toBe(200);
    const recent = (await get('/lgw/vn/games/game_menu/recent?prizeMode=SEA', m.token)).json();
    expect(recent.map((g: { gameCode: string }) => g.gameCode)).toEqual(['VNF5']);
    const all = (await get('/lgw/games/game_menus/recent?prizeMode=SEA', m.token)).json();
    expect(all.map((g: { gameCode: string }) => g.gameCode)).toEqual(['SSC1', 'VNF5']);
    // And the other member still sees only their own game.
    const theirs = (await get('/lgw/vn/games/game_menu/recent?prizeMode=SEA', other.token)).json();
    expect(theirs.map((g: { gameCode: string }) => g.gameCode)).toEqual(['VNF1']);
    const theirsAll = (await get('/lgw/games/game_menus/recent?prizeMode=SEA', other.token)).json();
    expect(theirsAll.map((g: { gameCode: string }) => g.gameCode)).toEqual(['VNF1']);
  });

  it('LT-03 /lgw/vn/numeros/opened/game returns the opened Vietnam numbers: the numero on sale of each VN game, count 100 at most (D11)', async () => {
    const res = await get('/lgw/vn/numeros/opened/game?count=100&prizeMode=SEA&device=WEB&language=EN');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(isEnvelope(body)).toBe(false);
    expect(body.serverTime).toBe(clock);
    const f5 = body.numeros.find((n: { gameCode: string }) => n.gameCode === 'VNF5');
    expect(f5).toMatchObject({
      numero: '20261123-0145',
      isSale: true,
      lockTime: 30,
      remainTime: 240_000,
      gameGroupCode: 'VNFAST',
    });
    expect(f5.lastNumero).toBe('20261123-0144');
    expect(f5.lastWinNo.split(',')).toHaveLength(27);
    expect(body.numeros.every((n: { gameGroupCode: string }) => n.gameGroupCode.startsWith('VN'))).toBe(true);
    expect(body.count).toBe(body.numeros.length);
    expect((await get('/lgw/vn/numeros/opened/game?count=2')).json().numeros).toHaveLength(2);
    expect((await get('/lgw/vn/numeros/opened/game?count=101')).statusCode).toBe(422);
  });

  it('popular lotteries: count 20 by default (D11), bare list of menu items, the most bet on first', async () => {
    const body = (await get('/lgw/games/popular?count=20&prizeMode=SEA&device=WEB&language=EN')).json();
    expect(isEnvelope(body)).toBe(false);
    expect(body.list.length).toBeLessThanOrEqual(20);
    expect(body.count).toBe(body.list.length);
    expect(body.list[0].gameCode).toMatch(/^(VNF5|SSC1)$/);
    expect((await get('/lgw/games/popular')).json().list).toHaveLength(20);
  });

  it('LT-06 /lotto/lgw/games/opened/numero (token) returns the opened numero of every game of the prize mode', async () => {
    expect((await get('/lotto/lgw/games/opened/numero?prizeMode=SEA')).statusCode).toBe(401);
    const res = await get('/lotto/lgw/games/opened/numero?prizeMode=SEA', member.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    const codes = body.map((n: { gameCode: string }) => n.gameCode);
    expect(codes).toEqual(
      expect.arrayContaining(['SSC1', 'SSC5', '11X53', 'K31', 'PK105', 'VNF1', 'VNF5', 'XSMB', '4D']),
    );
    for (const n of body) {
      expect(n.remainTime).toBeGreaterThan(0);
      expect(n.numero).toMatch(/^\d{8}(-\d{4})?$/);
    }
    expect((await get('/lgw/games/opened/numero?prizeMode=SEA', member.token)).json()).toEqual(body);
  });

  it('game menus by prize mode: ZY sells 5D only; the games call gives series bands per group', async () => {
    const sea = (await get('/lgw/games/game_menus?prizeMode=SEA')).json();
    expect(Object.keys(sea)).toEqual(expect.arrayContaining(['SSC', '11X5', 'K3', 'PK10', 'VNFAST', '4D']));
    const zy = (await get('/lgw/games/game_menus?prizeMode=ZY')).json();
    expect(Object.keys(zy)).toEqual(['SSC']);
    expect((await get('/lgw/games/game_menus?prizeMode=NOPE')).statusCode).toBe(422);
    const games = (await get('/lgw/games?prizeMode=LOTT')).json();
    const x115 = games.gameGroups.find((g: { code: string }) => g.code === '11X5');
    expect(x115.games[0].series[0]).toMatchObject({ base: 1980, prizeModeId: 1, prizeMode: 'LOTT' });
  });

  it('play menu, settings and series of a game: singleBetPrice, switches, units, limits, rebates', async () => {
    const menu = (await get(`/lgw/games/play_menu?gameId=${ssc1.id}&prizeMode=LOTT`)).json();
    expect(menu).toHaveLength(1);
    expect(menu[0].prizeModeId).toBe(1);
    const dwd = menu[0].playMenuGroups
      .flatMap((g: { playMenus: unknown[] }) => g.playMenus)
      .find((p: { playId: number }) => p.playId === 1016);
    // 20 at series 1956 of base 2000: 19.56.
    expect(dwd).toMatchObject({ singleBetPrice: 2, playSwitch: true, bonus: 19.56, allowDrawback: true });
    const setting = (await get(`/lgw/games/setting?gameId=${ssc1.id}`)).json();
    expect(setting.bettingModes.map((m: { code: string }) => m.code)).toEqual([
      'DOLLAR',
      'DIME',
      'CENT',
      'TEN',
      'HUNDRED',
      'THOUSAND',
    ]);
    expect(setting).toMatchObject({ lockTime: 5, interval: 60, resultSource: 'RNG', allowDrawback: true });
    const series = (await get(`/lgw/customers/series?gameId=${ssc1.id}&prizeMode=LOTT`)).json();
    expect(series[0]).toMatchObject({ maxBetSeries: 1956, minSeries: 1700, defaultSeries: 1956 });
    expect(series[0].options.at(-1)).toEqual({ series: 1700, rebate: 12.8 });
    expect((await get('/lgw/games/setting?gameId=999999')).statusCode).toBe(404);
  });

  it('numeros near, chase numeros, latest draws, history, hot/gap and trend in their shapes', async () => {
    const near = (await get(`/lgw/numeros/near?gameId=${vnf5.id}`)).json();
    expect(near.previousNumero).toMatchObject({ numero: '20261123-0144', status: 'settled' });
    expect(near.currentNumero).toMatchObject({
      numero: '20261123-0145',
      isSale: true,
      remainTime: 240_000,
      lockTime: 30,
    });
    expect(near.currentNumero.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(near.nextNumero.numero).toBe('20261123-0146');
    expect((await get('/lgw/numeros/near')).statusCode).toBe(422);
    const chase = (await get(`/lgw/numeros/chase?gameId=${vnf5.id}&count=5`)).json();
    expect(chase.chaseNumeros.map((n: { numero: string }) => n.numero)).toEqual([
      '20261123-0145',
      '20261123-0146',
      '20261123-0147',
      '20261123-0148',
      '20261123-0149',
    ]);
    const latest = (await get('/lgw/draw?gameCode=VNF5')).json();
    expect(latest[0]).toMatchObject({ numero: '20261123-0144', gameCode: 'VNF5' });
    expect(latest[0].slots.map((s: { prize: string }) => s.prize)).toEqual([
      'DB',
      'G1',
      'G2',
      'G3',
      'G4',
      'G5',
      'G6',
      'G7',
    ]);
    expect(latest[0].winningNumber).toBe(latest[0].winNo);
    const history = (await get(`/lgw/draw/history?gameId=${vnf5.id}&page=1&size=10`)).json();
    expect(history.content).toHaveLength(10);
    expect(history.totalElements).toBe(145); // with yesterday's last draw at midnight
    const hot = (await get(`/lgw/draw/hot_gap_info?gameId=${ssc1.id}&count=50`)).json();
    expect(Object.keys(hot.hot)).toEqual(['FIRST', 'SECOND', 'THIRD', 'FOURTH', 'FIFTH']);
    expect(hot.hot.FIRST.reduce((a: number, b: number) => a + b, 0)).toBe(50);
    expect(Math.min(...hot.gap.FIRST)).toBe(0);
    const trend = (await get(`/lgw/draw/trend?gameId=${ssc1.id}&count=20`)).json();
    expect(trend.rows).toHaveLength(20);
    const last = trend.rows.at(-1);
    expect(last.omissions[0][Number(last.winNo.split(',')[0])]).toBe(0);
  });

  it("the original client's GET /lgw/draw/code/{gameCode} answers the game's latest draw as /lgw/draw?gameCode= does; an unknown code is 404", async () => {
    for (const code of ['VNF5', 'SSC1']) {
      const byPath = await get(`/lgw/draw/code/${code}?gameCode=${code}`);
      expect(byPath.statusCode).toBe(200);
      const body = byPath.json();
      expect(isEnvelope(body)).toBe(false);
      expect(body).toEqual((await get(`/lgw/draw?gameCode=${code}`)).json());
      expect(body).toHaveLength(1);
      expect(body[0]).toMatchObject({ gameCode: code, status: 'settled' });
      expect(body[0].winNo).not.toBe('');
      expect(body[0].winningNumber).toBe(body[0].winNo);
    }
    // The path names the game; the query the original client also sends does not override it.
    expect((await get('/lgw/draw/code/VNF5?gameCode=SSC1')).json()[0].gameCode).toBe('VNF5');
    const unknown = await get('/lgw/draw/code/NOSUCHGAME');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: 'lottery.game.not.found' });
    // Bad input is a 4xx, never a 500.
    for (const bad of ['%00', 'x'.repeat(5000), '%E2%82', "1'%20or%20'1'='1"])
      expect((await get(`/lgw/draw/code/${bad}`)).statusCode).toBeLessThan(500);
  });

  it('the verifier data recomputes a draw: SHA-256(seed) is the published hash and the seed gives the result', async () => {
    const v = (await get(`/lgw/draw/verify?gameId=${vnf5.id}&numero=20261123-0144`)).json();
    expect(v).toMatchObject({
      family: 'VNFAST',
      numeroId: 'VNF5:20261123-0144',
      resultSource: 'RNG',
      status: 'settled',
    });
    const check = await verifyDraw({
      family: v.family,
      seed: v.seed,
      seedHash: v.seedHash,
      numeroId: v.numeroId,
      winNo: v.winNo,
    });
    expect(check).toMatchObject({ commitOk: true, resultOk: true });
    // Before its draw a numero shows its hash and no seed.
    const open = (await get(`/lgw/draw/verify?gameId=${vnf5.id}&numero=20261123-0145`)).json();
    expect(open.seed).toBe('');
    expect(open.seedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("POST /lgw/orders/betting takes the slip string; today's orders and the order detail show it; bad slips are 4xx", async () => {
    const m = await memberWithMoney(t, 100_000);
    const near = (await get(`/lgw/numeros/near?gameId=${ssc1.id}`)).json();
    const body = {
      gameId: ssc1.id,
      currentNumero: near.currentNumero.numero,
      prizeModeId: 4,
      bettingSlipString: '5____~1~1016~1~1960~2;1,2_3___~1~1016~2~1960~1',
      betCartAmountSum: 4.6,
      device: 'WEB',
      orderType: 1,
      requestId: 'abc12345-retry',
    };
    const res = await t.call({ method: 'POST', url: '/lgw/orders/betting', token: m.token, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json();
    expect(isEnvelope(placed)).toBe(false);
    expect(placed).toMatchObject({ totalBettingAmount: 4.6, notes: 4, chase: false, totalChase: 1 });
    expect(placed.orderNumber).toMatch(/^[0-9A-Z]{6}-001$/);
    // The same requestId answers the first order and takes nothing more.
    const again = await t.call({ method: 'POST', url: '/lgw/orders/betting', token: m.token, payload: body });
    expect(again.json().orderNumber).toBe(placed.orderNumber);
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 460);
    const today = (await get('/lgw/orders/today', m.token)).json();
    expect(today.totalElements).toBe(2);
    expect(today.content.map((o: { betContent: string }) => o.betContent).sort()).toEqual([
      '1,2_3___',
      '5____',
    ]);
    const detail = (await get(`/lgw/orders/detail?orderNumber=${placed.orderNumber}`, m.token)).json();
    expect(detail).toMatchObject({ betAmount: 4, status: 2, cancellable: true, multiple: 2 });
    expect((await get(`/lgw/orders/detail?orderNumber=${placed.orderNumber}`, member.token)).statusCode).toBe(
      404,
    );
    const records = await t.call({
      method: 'GET',
      url: '/wps/relay/ODSFE2_getBetRecords?size=10&page=1',
      token: m.token,
    });
    expect(JSON.stringify(records.json())).toContain(placed.orderNumber);
    const refuse = async (patch: Record<string, unknown>, status: number, code: string) => {
      const r = await t.call({
        method: 'POST',
        url: '/lgw/orders/betting',
        token: m.token,
        payload: { ...body, requestId: undefined, ...patch },
      });
      expect(r.statusCode, JSON.stringify(patch)).toBe(status);
      expect(r.json().errorCode).toBe(code);
    };
    await refuse({ bettingSlipString: 'x~1~1016~1~1960~1' }, 422, 'lottery.slip.invalid');
    await refuse({ bettingSlipString: '5____~1~99999~1~1960~1' }, 422, 'lottery.slip.invalid');
    await refuse(
      { bettingSlipString: '5____~1~1016~1~2000~1', betCartAmountSum: 2 },
      422,
      'lottery.slip.invalid',
    );
    await refuse({ betCartAmountSum: 5 }, 409, 'lottery.amount.mismatch');
    await refuse({ currentNumero: '20261123-0001' }, 409, 'lottery.numero.closed');
    await refuse({ gameId: 999_999 }, 404, 'lottery.game.not.found');
    await refuse(
      { bettingSlipString: '5____~1~1016~1~1960~20000', betCartAmountSum: 40000 },
      422,
      'lottery.limit.exceeded',
    );
    await refuse({ bettingSlipString: '' }, 422, 'invalid.input');
    expect((await t.call({ method: 'POST', url: '/lgw/orders/betting', payload: body })).statusCode).toBe(
      401,
    );
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - 460);
  });

  it('a number over its liability cap is sold out for that draw', async () => {
    await t.app.ctx.lottery.games.update('SSC5', { number_liability_max: 5_000 });
    const g = (await t.app.ctx.lottery.games.byCode('SSC5'))!;
    const near = (await get(`/lgw/numeros/near?gameId=${g.id}`)).json();
    const m = await memberWithMoney(t, 100_000);
    const slip = (n: string) => ({
      gameId: g.id,
      currentNumero: near.currentNumero.numero,
      prizeModeId: 4,
      bettingSlipString: `${n}____~1~1016~1~1960~1`,
      betCartAmountSum: 2,
    });
    // One hit of 7 costs 19.60; the cap is 50.00: two bets fit, the third is sold out; 8 is still open.
    for (let i = 0; i < 2; i++)
      expect(
        (await t.call({ method: 'POST', url: '/lgw/orders/betting', token: m.token, payload: slip('7') }))
          .statusCode,
      ).toBe(200);
    const third = await t.call({
      method: 'POST',
      url: '/lgw/orders/betting',
      token: m.token,
      payload: slip('7'),
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().errorCode).toBe('lottery.number.sold.out');
    expect(
      (await t.call({ method: 'POST', url: '/lgw/orders/betting', token: m.token, payload: slip('8') }))
        .statusCode,
    ).toBe(200);
    await t.app.ctx.lottery.games.update('SSC5', { number_liability_max: 0 });
  });
});
