import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';

/**
 * The launch, the winners ranking and the PvP rooms as the original client calls them
 * (research/original-wire.md "games"; spec A §3, §7; decision 019), and the sandbox vendor's
 * launch token the house game page redeems.
 */
let t: TestApp;
let rich: TestMember;
let poor: TestMember;
let trial: TestMember;
let slot: { node_id: string; game_id: string; vassalage: string };
beforeAll(async () => {
  t = await createTestApp();
  rich = await memberWithMoney(t, 500_000, { prefix: 'launchrich' });
  poor = await memberWithMoney(t, 50, { prefix: 'launchpoor' });
  trial = await memberWithMoney(t, 0, { agentType: 4, prefix: 'guest' });
  await t.app.ctx.wallet.creditFromHouse(
    trial.memberId,
    'HOUSE_FREE_PLAY',
    200_000,
    `fp:${trial.memberId}`,
    'FREE_PLAY_CREDIT',
  );
  slot = await t.database.db
    .selectFrom('game')
    .select(['node_id', 'game_id', 'vassalage'])
    .where('vassalage', '=', 'PG')
    .where('game_type', '=', 'RNG')
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
afterAll(async () => t?.close());

const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

/** GL-12's payload, as the original's client sends it. */
function payload(m: TestMember, extra: Record<string, string | number> = {}) {
  return {
    gameId: slot.game_id,
    nodeId: slot.node_id,
    accountType: 1,
    confirmTrans: 0,
    vassalage: slot.vassalage,
    launchMode: 'GLS',
    platform: 'html5-desktop',
    clientType: 3,
    username: m.username,
    token: m.token,
    merchantCode: 'SEA888',
    language: 'EN',
    ...extra,
  };
}

function launch(m: TestMember | null, q: Record<string, string | number>, language = 'en') {
  return t.call({
    url: `/wps/game/launchGame?${qs(q)}`,
    ...(m ? { token: m.token } : {}),
    headers: { language },
  });
}

async function vendorState(vassalage: string, from: Date | null, until: Date | null) {
  await t.app.ctx.games.setVendorMaintenance(vassalage, from, until);
}

describe(`launch, ranking and rooms (${testDbKind})`, () => {
  it("GL-13 launchGame: GET /wps/game/launchGame takes the original's launch payload, needs the token, answers value.content.game_url in the Language header's language, and launches a lottery too", async () => {
    const res = await launch(rich, payload(rich), 'th');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const c = body.value.content;
    // A slot title opens the house slot as its sandbox stand-in, under a code of its own, with
    // the vendor and the title the page labels it with (decision 058).
    expect(c.game_url).toMatch(
      new RegExp(
        `^/sandbox/games/lucky-lotus--${slot.game_id}\\?launch=[\\w-]+\\.\\d+\\.[\\w-]+&lang=TH&vendor=PG\\+Soft&title=[^&]+$`,
      ),
    );
    expect(body.value.gameUrl).toBe(c.game_url);
    expect(c).toMatchObject({
      vassalage: 'PG',
      gameId: slot.game_id,
      nodeId: slot.node_id,
      freePlay: false,
      language: 'TH',
    });
    // GL-14: the header decides, not the query's language label.
    const en = await launch(rich, payload(rich, { language: 'TH' }), 'en');
    expect(en.json().value.content.language).toBe('EN');
    // GL-13: without the token the launch is refused and nothing is issued.
    const visitor = await launch(null, payload(rich));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().errorCode).toBe('user.or.token.invalid');
    // The launch lands in the member's recent games (NC-40).
    const recent = await t.call({ url: '/wps/relay/GCS_recentGame', token: rich.token });
    expect(recent.json().value.list[0].nodeId).toBe(slot.node_id);
    // A lottery launch (launchMode LOTT) goes through the same call.
    const lott = await launch(rich, {
      launchMode: 'LOTT',
      lottoMode: 'SEA',
      lottoGameCode: 'lobby',
      language: 'EN',
    });
    expect(lott.statusCode, lott.body).toBe(200);
    expect(lott.json().value.content.game_url).toBe('/seaLottery?gameCode=lobby&lang=EN');
  });

  it('the sandbox launch token opens its game once, for its member, and is refused when forged or reused', async () => {
    const { sandboxVendor } = t.app.ctx;
    const url = (await launch(rich, payload(rich))).json().value.content.game_url as string;
    const token = new URL(url, 'http://x').searchParams.get('launch')!;
    await expect(sandboxVendor.redeemLaunchToken(`${token.slice(0, -2)}xx`)).rejects.toMatchObject({
      errorCode: 'game.launch_token.invalid',
    });
    const redeemed = await sandboxVendor.redeemLaunchToken(token);
    expect(redeemed).toMatchObject({
      memberId: rich.memberId,
      vassalage: 'PG',
      gameCode: `lucky-lotus--${slot.game_id}`,
      nodeId: slot.node_id,
      freePlay: false,
      roomId: null,
    });
    await expect(sandboxVendor.redeemLaunchToken(token)).rejects.toMatchObject({
      errorCode: 'game.launch_token.invalid',
    });
    await expect(sandboxVendor.redeemLaunchToken('nonsense')).rejects.toMatchObject({
      errorCode: 'game.launch_token.invalid',
    });
  });

  it('a vendor title opens its sandbox stand-in of the same kind, labelled as one: a live Roulette plays European Roulette, rounds booked under the vendor (issue 34, decision 058)', async () => {
    const live = await t.database.db
      .selectFrom('game')
      .select(['node_id', 'game_id', 'vassalage', 'names', 'rtp_bp'])
      .where('game_type', '=', 'LIVE')
      .orderBy('id')
      .execute();
    const opened = new Map<string, { url: URL; rtp: number | null; vassalage: string; gameId: string }>();
    for (const g of live.filter((r) => r.vassalage === 'EVO')) {
      const res = await launch(
        rich,
        payload(rich, { gameId: g.game_id, nodeId: g.node_id, vassalage: g.vassalage }),
        'en',
      );
      expect(res.statusCode, res.body).toBe(200);
      const url = new URL(res.json().value.content.game_url as string, 'http://x');
      opened.set(g.names.EN!, { url, rtp: g.rtp_bp, vassalage: g.vassalage, gameId: g.game_id });
    }
    const path = (title: string) => opened.get(title)!.url.pathname;
    expect(path('Roulette')).toBe(`/sandbox/games/roulette--${opened.get('Roulette')!.gameId}`);
    expect(path('Baccarat')).toBe(`/sandbox/games/baccarat--${opened.get('Baccarat')!.gameId}`);
    expect(path('Sic Bo')).toBe(`/sandbox/games/sic-bo--${opened.get('Sic Bo')!.gameId}`);
    expect(path('Dragon Tiger')).toBe(`/sandbox/games/dragon-tiger--${opened.get('Dragon Tiger')!.gameId}`);
    // The label: the vendor's name and the title, in the player's language.
    const roulette = opened.get('Roulette')!;
    expect(roulette.url.searchParams.get('vendor')).toBe('Evolution');
    expect(roulette.url.searchParams.get('title')).toBe('Roulette');
    // The card's return is the stand-in's proven one (36/37 rounded down); none where it depends on the bet.
    expect(roulette.rtp).toBe(9729);
    expect(opened.get('Baccarat')!.rtp).toBeNull();

    // The page redeems its token for a ticket and plays European Roulette under the title's code.
    const gameCode = roulette.url.pathname.split('/').pop()!;
    const ticketRes = await t.call({
      method: 'POST',
      url: '/wps/sandbox/house/ticket',
      payload: { gameCode, launchToken: roulette.url.searchParams.get('launch') },
    });
    expect(ticketRes.statusCode, ticketRes.body).toBe(200);
    const ticket = ticketRes.json().value.ticket as string;
    const state = await t.call({
      url: `/wps/sandbox/house/state?gameCode=${gameCode}`,
      headers: { 'x-house-ticket': ticket },
    });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json().value).toMatchObject({ gameCode, kind: 'roulette' });
    const bet = await t.call({
      method: 'POST',
      url: '/wps/sandbox/house/original',
      headers: { 'x-house-ticket': ticket },
      payload: { gameCode, bets: { red: 1 } },
    });
    expect(bet.statusCode, bet.body).toBe(200);
    const booked = await t.database.db
      .selectFrom('house_round')
      .select(['game_code', 'kind'])
      .where('member_id', '=', rich.memberId)
      .where('game_code', '=', gameCode)
      .execute();
    expect(booked).toEqual([{ game_code: gameCode, kind: 'roulette' }]);
  });

  it('a trial account launches with accountType 0 on free-play money; a real member cannot ask for free play', async () => {
    const res = await launch(trial, payload(trial, { accountType: 0 }));
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().value.content;
    expect(c.freePlay).toBe(true);
    const token = new URL(c.game_url, 'http://x').searchParams.get('launch')!;
    expect((await t.app.ctx.sandboxVendor.redeemLaunchToken(token)).freePlay).toBe(true);
    const real = await launch(rich, payload(rich, { accountType: 0 }));
    expect(real.statusCode).toBe(422);
  });

  it("launch_game_balance_not_enough: a balance below one unit (or a room's minimum bet) is refused with the balance and the way to a deposit", async () => {
    const res = await launch(poor, payload(poor));
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.errorCode).toBe('launch_game_balance_not_enough');
    expect(body.value).toMatchObject({ balance: 0.5, minBalance: 1, canDeposit: true });
    expect(typeof body.value.currency).toBe('string');
    // A trial account out of free-play money is told so, without a deposit.
    const broke = await memberWithMoney(t, 0, { agentType: 4, prefix: 'guest' });
    const trialRes = await launch(broke, payload(broke, { accountType: 0 }));
    expect(trialRes.json()).toMatchObject({
      errorCode: 'launch_game_balance_not_enough',
      value: { canDeposit: false },
    });
  });

  it('vendor_under_maintenance (the server half of the maintenance rule): inside the window the launch is refused with the window and open games of the category to play instead; outside it the game opens', async () => {
    const from = new Date(Date.now() - 60_000);
    const until = new Date(Date.now() + 3_600_000);
    await vendorState('PG', from, until);
    try {
      const res = await launch(rich, payload(rich));
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.errorCode).toBe('vendor_under_maintenance');
      expect(body.value).toMatchObject({
        vassalage: 'PG',
        gameType: 'RNG',
        maintenanceFrom: from.getTime(),
        maintenanceUntil: until.getTime(),
      });
      expect(body.value.suggestions.length).toBeGreaterThan(0);
      for (const g of body.value.suggestions) {
        expect(g.gameType).toBe('RNG');
        expect(g.vassalage).not.toBe('PG');
      }
      // A window that has not started yet does not stop the launch.
      await vendorState('PG', new Date(Date.now() + 3_600_000), null);
      expect((await launch(rich, payload(rich))).statusCode).toBe(200);
    } finally {
      await vendorState('PG', null, null);
    }
  });

  it('launchGame refuses a bad or foreign payload with a clean 4xx', async () => {
    const cases: Array<[Record<string, string | number>, number]> = [
      [payload(rich, { nodeId: '999999999' }), 404],
      [payload(rich, { gameId: 'OTHER' }), 422],
      [payload(rich, { vassalage: 'JILI' }), 422],
      [payload(rich, { username: poor.username }), 422],
      [payload(rich, { nodeId: 'abc' }), 422],
      [payload(rich, { roomId: 'NO-SUCH-ROOM' }), 404],
      [{ launchMode: 'GLS' }, 422],
    ];
    for (const [q, status] of cases) {
      const res = await launch(rich, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(status);
      expect(res.json().success).toBe(false);
    }
    await t.app.ctx.games.setVendorEnabled('PG', false);
    try {
      expect((await launch(rich, payload(rich))).json().errorCode).toBe('game.unavailable');
    } finally {
      await t.app.ctx.games.setVendorEnabled('PG', true);
    }
  });

  it('a lottery launch (launchMode LOTT) answers the lottery hall at value.gameUrl', async () => {
    const res = await launch(rich, {
      launchMode: 'LOTT',
      lottoMode: 'SEA',
      lottoGameCode: 'lobby',
      language: 'EN',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.gameUrl).toBe('/seaLottery?gameCode=lobby&lang=EN');
    expect(res.json().value.content.game_url).toBe('/seaLottery?gameCode=lobby&lang=EN');
  });

  it('NC-41 getRoomList: GET /wps/relay/GLS2_roomList (token) answers the PvP rooms with their stakes, seats and the players who entered them', async () => {
    expect((await t.call({ url: '/wps/relay/GLS2_roomList' })).statusCode).toBe(401);
    const res = await t.call({ url: '/wps/relay/GLS2_roomList?language=EN', token: rich.token });
    expect(res.statusCode, res.body).toBe(200);
    const rooms = res.json().value;
    expect(rooms.length).toBeGreaterThanOrEqual(6);
    for (const r of rooms) {
      expect(r).toMatchObject({ status: 'OPEN' });
      expect(typeof r.roomId).toBe('string');
      expect(r.roomName).toContain(r.gameName);
      expect(['KM', 'JILI']).toContain(r.vassalage);
      expect(r.maxBet).toBeGreaterThanOrEqual(r.minBet);
      expect(r.seats).toBeGreaterThan(0);
    }
    const room = rooms.find((r: { level: string }) => r.level === 'BEGINNER');
    const before = room.players;
    // Entering the room counts the player; a VIP room needs its minimum bet.
    const entered = await launch(rich, {
      roomId: room.roomId,
      accountType: 1,
      launchMode: 'GLS',
      language: 'EN',
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().value.content.roomId).toBe(room.roomId);
    expect(entered.json().value.content.game_url).toContain(`roomId=${room.roomId}`);
    const after = (
      await t.call({ url: `/wps/relay/GLS2_roomList?nodeId=${room.nodeId}`, token: rich.token })
    ).json().value;
    expect(after.every((r: { nodeId: string }) => r.nodeId === room.nodeId)).toBe(true);
    expect(after.find((r: { roomId: string }) => r.roomId === room.roomId).players).toBe(before + 1);
    const vip = rooms.find((r: { level: string }) => r.level === 'VIP');
    const small = await memberWithMoney(t, 5_000);
    const refused = await launch(small, { roomId: vip.roomId, launchMode: 'GLS' });
    expect(refused.json()).toMatchObject({
      errorCode: 'launch_game_balance_not_enough',
      value: { minBalance: vip.minBet },
    });
    const cn = (
      await t.call({ url: '/wps/relay/GLS2_roomList?language=CN&vassalage=KM', token: rich.token })
    ).json().value;
    expect(cn.length).toBeGreaterThan(0);
    expect(cn.every((r: { vassalage: string }) => r.vassalage === 'KM')).toBe(true);
    expect(cn[0].gameName).toMatch(/[\u4e00-\u9fff]/);
  });

  it('NC-33 getRankList: GET /wps/relay/GCSGAME_getRankList ranks real settled wins (masked names, the game in the asked language), never a loss, a free-play round or an invented winner', async () => {
    const { seamlessWallet: sw } = t.app.ctx;
    const game = await t.database.db
      .selectFrom('game')
      .select(['game_id', 'node_id', 'names'])
      .where('vassalage', '=', 'JILI')
      .where('game_type', '=', 'FISH')
      .executeTakeFirstOrThrow();
    const round = async (m: TestMember, stake: number, win: number) => {
      const roundId = `rank-${m.memberId}-${stake}-${win}-${Math.random().toString(36).slice(2)}`;
      await sw.play(
        {
          vendor: 'JILI',
          memberId: m.memberId,
          transactionId: `${roundId}:d`,
          roundId,
          amount: stake,
          product: 'FISH',
          gameCode: game.game_id,
        },
        { transactionId: `${roundId}:c`, amount: win },
      );
    };
    const before = (await t.call({ url: '/wps/relay/GCSGAME_getRankList?gameCategory=FISH' })).json().value
      .list.length;
    await round(rich, 1_000, 91_000); // +900 major, x91
    await round(rich, 100, 50_100); // +500, x501
    await round(rich, 2_000, 0); // a loss: never ranked
    await round(trial, 100, 190_000); // free play: never ranked
    const res = await t.call({
      url: '/wps/relay/GCSGAME_getRankList?gameCategory=FISH&language=CN&limitNum=10',
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.list.length).toBe(before + 2);
    const [first, second] = v.list;
    expect(first).toMatchObject({
      rank: 1,
      winAmount: 900,
      betAmount: 10,
      multiplier: 91,
      vassalage: 'JILI',
      gameCategory: 'FISH',
      nodeId: game.node_id,
    });
    expect(second).toMatchObject({ rank: 2, winAmount: 500 });
    expect(first.username).toBe(`${rich.username.slice(0, 2)}***${rich.username.slice(-2)}`);
    expect(first.gameName).toBe((game.names as Record<string, string>).CN);
    expect(v.endTime - v.startTime).toBe(7 * 86_400_000);
    const byMultiplier = (
      await t.call({ url: '/wps/relay/GCSGAME_getRankList?gameCategory=FISH&rankType=MULTIPLIER' })
    ).json().value;
    expect(byMultiplier.list[0]).toMatchObject({ winAmount: 500, multiplier: 501 });
    expect((await t.call({ url: '/wps/relay/GCSGAME_getRankList?gameCategory=POKER' })).statusCode).toBe(422);
    // The trial account's balance moved on its free-play money only.
    expect(await walletMinor(t, trial.memberId)).toBeGreaterThan(200_000);
  });
});
