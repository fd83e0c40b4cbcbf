import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithSession } from '../records/test-members.ts';

/**
 * The catalogue, favourite and recent calls as the original web client makes them
 * (research/original-wire.md, "games"): the original's query, and every field it reads after.
 */
let t: TestApp;
let alice: { memberId: number; token: string };
let bob: { memberId: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  alice = await memberWithSession(t, 'gamesalice');
  bob = await memberWithSession(t, 'gamesbob');
});
afterAll(async () => t?.close());

const url = (path: string, query: Record<string, string | number> = {}) =>
  `/wps/relay/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

async function get(path: string, query: Record<string, string | number> = {}, token?: string) {
  const res = await t.call({ url: url(path, query), ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

const categories = ['LOTT', 'ELOTT', 'LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'CARDS', 'BINGO'];

function expectCard(c: Record<string, unknown>) {
  expect(typeof c.vassalage).toBe('string');
  expect(typeof c.displayName).toBe('string');
  expect(categories).toContain(c.gameType);
  expect(typeof c.accountTypeId).toBe('number');
  expect([0, 1]).toContain(c.isHot);
  expect(typeof c.name).toBe('string');
  expect(typeof c.page).toBe('string');
  expect(c.imageUrl).toBe(`/cdn/img1/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE2/${c.gameType}-${c.vassalage}.png`);
  if (['FISH', 'LIVE', 'RNG', 'PVP'].includes(c.gameType as string)) {
    expect(c.page).toBe(`/${(c.gameType as string).toLowerCase()}?vassalage=${c.vassalage}`);
  }
}

function expectGame(g: Record<string, unknown>) {
  expect(g.nodeId).toMatch(/^\d+$/);
  expect(typeof g.gameId).toBe('string');
  expect((g.gameName as string).length).toBeGreaterThan(0);
  expect(typeof g.vassalage).toBe('string');
  expect(categories).toContain(g.gameType);
  expect([0, 1]).toContain(g.isNew);
  expect([0, 1]).toContain(g.isHot);
  expect(typeof g.isFavorite).toBe('boolean');
  expect(typeof g.imageUrl).toBe('string');
}

describe(`the original client's game catalogue calls (${testDbKind})`, () => {
  it("getGameVendor: GET /wps/relay/GCSGAME_gameVendor answers the original's fields", async () => {
    const v = await get('GCSGAME_gameVendor', { merchantCode: 'SEA888' });
    expect(v.map((s: { gameCategory: string }) => s.gameCategory)).toEqual(categories);
    const codes = new Set<string>();
    for (const s of v) {
      expect(s.vendors.length).toBeGreaterThan(0);
      for (const c of s.vendors) {
        expectCard(c);
        expect(c.gameType).toBe(s.gameCategory);
        codes.add(c.vassalage);
      }
    }
    for (const code of ['TCG_SEA', 'BGS', 'YBG', 'DS88', 'SV388', 'IMES', 'TF', 'IA', 'PG', 'EVO', 'SABA']) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  it("getNewGameVendor: GET /wps/relay/GCSGAME_newGameVendor answers the original's fields", async () => {
    const v = await get('GCSGAME_newGameVendor', { platform: 'html5-desktop' });
    expect(Array.isArray(v.data.lanes)).toBe(true);
    expect(v.data.lanes.length).toBe(categories.length);
    for (const lane of v.data.lanes) {
      expect(typeof lane.title).toBe('string');
      expect(lane.gameClassify).toBe(lane.title);
      expect(lane.cards.length).toBeGreaterThan(0);
      for (const c of lane.cards) expectCard(c);
    }
    // E-sports vendors are their own lane, not SPORTS' (NC-26).
    const sports = v.data.lanes.find((l: { title: string }) => l.title === 'SPORTS');
    expect(sports.cards.map((c: { vassalage: string }) => c.vassalage).sort()).toEqual(['DS88', 'SABA']);
  });

  it("NC-31 getVassGameTypeGLS2 and getVassGameType: GET /wps/relay/GLS2_getVassGameType and GCSGAME_getVassGameType answer the original's fields", async () => {
    const all = await get('GLS2_getVassGameType');
    expect(all.length).toBeGreaterThan(20);
    const jili = await get('GCSGAME_getVassGameType', { vassalage: 'JILI' }, alice.token);
    expect(jili.map((x: { gameType: string }) => x.gameType).sort()).toEqual(['BINGO', 'FISH', 'PVP', 'RNG']);
    for (const x of jili) {
      expect(x.vassalage).toBe('JILI');
      expect(x.gameCount).toBeGreaterThan(0);
    }
  });

  it("getGameList: GET /wps/relay/GCSGAME_gameList answers the original's fields", async () => {
    const query = {
      vassalage: 'PG',
      gameType: 'RNG',
      platform: 'html5-desktop',
      pageNo: 1,
      pageSize: 30,
      language: 'EN',
    };
    const started = performance.now();
    const v = await get('GCSGAME_gameList', query, alice.token);
    console.log(`GCSGAME_gameList page of 30 of PG's slots: ${(performance.now() - started).toFixed(1)} ms`);
    expect(v.games.length).toBe(30);
    for (const g of v.games) {
      expectGame(g);
      expect(g.vassalage).toBe('PG');
      expect(g.gameType).toBe('RNG');
      expect(g.rtp).toBeGreaterThanOrEqual(94);
      expect(g.rtp).toBeLessThanOrEqual(97.5);
      expect(['LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH']).toContain(g.volatility);
    }
    expect(v.pageNo).toBe(1);
    expect(v.totalPages).toBe(Math.ceil(v.totalCount / 30));
    // The next page continues where this one stopped.
    const next = await get('GCSGAME_gameList', { ...query, pageNo: 2 }, alice.token);
    const seen = new Set(v.games.map((g: { nodeId: string }) => g.nodeId));
    for (const g of next.games) expect(seen.has(g.nodeId)).toBe(false);
  });

  it('NC-45 the slots catalogue holds nearly 10,000 games', async () => {
    const v = await get('GCSGAME_gameList', { gameType: 'RNG', pageSize: 1 });
    expect(v.totalCount).toBeGreaterThanOrEqual(9500);
    expect(v.totalCount).toBeLessThanOrEqual(10000);
  });

  it('getGameList searches names in any offered language, names the games in the asked one, and filters NEW and HOT', async () => {
    const en = await get('GCSGAME_gameList', { gameType: 'RNG', gameName: 'golden dragon', language: 'EN' });
    expect(en.totalCount).toBeGreaterThan(0);
    for (const g of en.games) expect(g.gameName.toLowerCase()).toContain('golden dragon');
    const node = en.games[0].nodeId;
    const cn = await get('GCSGAME_gameList', { gameType: 'RNG', gameName: '黄金龙', language: 'CN' });
    expect(cn.games.map((g: { nodeId: string }) => g.nodeId)).toContain(node);
    for (const g of cn.games) expect(g.gameName).toContain('黄金龙');
    const vi = await get('GCSGAME_gameList', { gameType: 'RNG', gameName: 'golden dragon', language: 'VI' });
    expect(vi.games[0].gameName).toMatch(/^Vàng Rồng/);
    // A search for LIKE's wildcards means the characters themselves.
    expect((await get('GCSGAME_gameList', { gameName: '%' })).totalCount).toBe(0);
    const fresh = await get('GCSGAME_gameList', { gameType: 'RNG', gameSelectType: 'NEW', pageSize: 100 });
    expect(fresh.totalCount).toBeGreaterThan(0);
    for (const g of fresh.games) expect(g.tags).toContain('NEW');
    const hot = await get('GCSGAME_gameList', { gameType: 'RNG', gameSelectType: 'HOT', pageSize: 100 });
    for (const g of hot.games) expect(g.isHot).toBe(1);
  });

  it('getGameList refuses a bad page or an unknown category with a clean 4xx, and FAV without a token', async () => {
    const bad: Array<Record<string, string | number>> = [
      { pageNo: 0 },
      { pageSize: 1000 },
      { gameType: 'POKER' },
      { vassalage: "PG'--" },
    ];
    for (const q of bad) {
      const res = await t.call({ url: url('GCSGAME_gameList', q) });
      expect(res.statusCode, JSON.stringify(q)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
    const fav = await t.call({ url: url('GCSGAME_gameList', { gameSelectType: 'FAV' }) });
    expect(fav.statusCode).toBe(401);
  });

  it('catalogue answers carry an ETag; the same request with If-None-Match is a bodiless 304', async () => {
    for (const [path, query] of [
      ['GCSGAME_newGameVendor', { platform: 'html5-desktop' }],
      ['GCSGAME_gameVendor', { merchantCode: 'SEA888' }],
      ['GCSGAME_gameList', { gameType: 'RNG', pageSize: 200 }],
      ['GCSGAME_hotGamesV2', { vassalage: '', language: 'EN' }],
    ] as const) {
      const first = await t.call({ url: url(path, query) });
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await t.call({ url: url(path, query), headers: { 'if-none-match': etag } });
      expect(again.statusCode, path).toBe(304);
      expect(again.body).toBe('');
      const other = await t.call({ url: url(path, query), headers: { 'if-none-match': '"stale"' } });
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).toBe(etag);
    }
  });

  it("getHotGames: GET /wps/relay/GCSGAME_hotGamesV2 answers the original's fields", async () => {
    const v = await get('GCSGAME_hotGamesV2', {
      merchantCode: 'SEA888',
      isPlatform: 2,
      vassalage: '',
      platform: 'flash,html5-desktop',
      language: 'EN',
    });
    expect(v.list.length).toBeGreaterThan(0);
    const vendors = new Set<string>();
    for (const g of v.list) {
      expectGame(g);
      expect(g.isHot).toBe(1);
      vendors.add(g.vassalage);
    }
    // vassalage "" means every vendor.
    expect(vendors.size).toBeGreaterThan(1);
  });

  it("getWinnerBoard: GET /wps/relay/ODSFE2_getWinnerBoard answers the original's fields from settled bets only", async () => {
    const query = { gameCategory: 'ALL', language: 'EN', limitNum: 100 };
    expect((await get('ODSFE2_getWinnerBoard', query)).list).toEqual([]);
    const { records } = t.app.ctx;
    await records.placeBet({
      memberId: alice.memberId,
      vendor: 'PG',
      betNo: 'w-1',
      product: 'RNG',
      gameName: 'Lucky Koi',
      betAmount: 1000,
    });
    await records.settleBet({ vendor: 'PG', betNo: 'w-1', payout: 51000 });
    await records.placeBet({
      memberId: bob.memberId,
      vendor: 'EVO',
      betNo: 'w-2',
      product: 'LIVE',
      gameName: 'Baccarat',
      betAmount: 2000,
    });
    await records.settleBet({ vendor: 'EVO', betNo: 'w-2', payout: 0 });
    await records.placeBet({
      memberId: bob.memberId,
      vendor: 'EVO',
      betNo: 'w-3',
      product: 'LIVE',
      gameName: 'Roulette',
      betAmount: 500,
    });
    const v = await get('ODSFE2_getWinnerBoard', query);
    // A lost bet and a pending one are no wins.
    expect(v.list).toHaveLength(1);
    const [w] = v.list;
    expect(w.username).toBe('ga***ce');
    expect(w.gameName).toBe('Lucky Koi');
    expect(w.vassalage).toBe('PG');
    expect(w.gameCategory).toBe('RNG');
    expect(w.winAmount).toBe(t.app.ctx.wallet.toMajor(50000));
    expect(typeof w.currency).toBe('string');
    expect(w.time).toBeGreaterThan(Date.now() - 60_000);
    expect((await get('ODSFE2_getWinnerBoard', { ...query, gameCategory: 'LIVE' })).list).toEqual([]);
  });
});

describe(`the original client's favourite and recent calls (${testDbKind})`, () => {
  async function nodeIds(n: number): Promise<string[]> {
    const v = await get('GCSGAME_gameList', { vassalage: 'PP', gameType: 'RNG', pageSize: n });
    return v.games.map((g: { nodeId: string }) => g.nodeId);
  }
  const add = (token: string, nodeId: unknown) =>
    t.call({ method: 'POST', url: '/wps/relay/MCSFE_addFavoriteGameV2', token, payload: { nodeId } });
  const remove = (token: string, nodeId: unknown) =>
    t.call({ method: 'DELETE', url: '/wps/relay/MCSFE_removeFavoriteGameV2', token, payload: { nodeId } });

  it("NC-36 NC-37 addFavoriteGame and removeFavoriteGame: POST MCSFE_addFavoriteGameV2 and DELETE MCSFE_removeFavoriteGameV2 take the original's nodeId, once each", async () => {
    const [a, b] = await nodeIds(2);
    const first = await add(alice.token, a);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toEqual({ nodeId: a, favorite: true, changed: true });
    // Adding it again changes nothing (NC-38's skip, also on the server).
    expect((await add(alice.token, a)).json().value).toEqual({ nodeId: a, favorite: true, changed: false });
    // A number works as well as the original's string.
    expect((await add(alice.token, Number(b))).json().value.changed).toBe(true);
    expect((await remove(alice.token, b)).json().value).toEqual({
      nodeId: b,
      favorite: false,
      changed: true,
    });
    expect((await remove(alice.token, b)).json().value.changed).toBe(false);
    for (const bad of ['999999999', 'abc', '', null]) {
      const res = await add(alice.token, bad);
      expect(res.statusCode, String(bad)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await remove(alice.token, '999999999')).statusCode).toBe(404);
    expect((await add('', a)).statusCode).toBe(401);
    expect((await remove('', a)).statusCode).toBe(401);
  });

  it("NC-34 NC-35 getFavoriteGamesList and getFavoriteGames: GET MCSFE_getFavoriteGamesList and MCSFE_getFavoriteGames answer the original's fields, the caller's own only", async () => {
    const ids = await nodeIds(5);
    for (const id of ids) await add(bob.token, id);
    const page = await get(
      'MCSFE_getFavoriteGamesList',
      { pageNo: 1, pageSize: 2, language: 'EN' },
      bob.token,
    );
    expect(page.content).toHaveLength(2);
    expect(page.pageNum).toBe(1);
    expect(page.totalPages).toBe(3);
    // Newest first.
    expect(page.content.map((g: { nodeId: string }) => g.nodeId)).toEqual([ids[4], ids[3]]);
    for (const g of page.content) {
      expectGame(g);
      expect(g.isFavorite).toBe(true);
    }
    const all = await get('MCSFE_getFavoriteGames', {}, bob.token);
    expect(all.map((g: { nodeId: string }) => g.nodeId).sort()).toEqual([...ids].sort());
    // Alice's favourites are not Bob's, and Bob's are not hers.
    const hers = await get('MCSFE_getFavoriteGames', {}, alice.token);
    for (const g of hers) expect(ids.slice(1)).not.toContain(g.nodeId);
    const favTab = await get('GCSGAME_gameList', { gameSelectType: 'FAV', pageSize: 50 }, bob.token);
    expect(favTab.totalCount).toBe(5);
    const list = await get('GCSGAME_gameList', { vassalage: 'PP', gameType: 'RNG', pageSize: 5 }, bob.token);
    for (const g of list.games) expect(g.isFavorite).toBe(true);
    expect((await t.call({ url: url('MCSFE_getFavoriteGames') })).statusCode).toBe(401);
    expect((await t.call({ url: url('MCSFE_getFavoriteGamesList') })).statusCode).toBe(401);
  });

  it("NC-40 getRecentGames: GET /wps/relay/GCS_recentGame answers the original's fields, the caller's own only", async () => {
    const [a, b] = await nodeIds(2);
    // Launches (a later slice of issue 8) write the recent list; here it is written as they will.
    const gameId = async (nodeId: string) =>
      Number(
        (
          await t.database.db
            .selectFrom('game')
            .select('id')
            .where('node_id', '=', nodeId)
            .executeTakeFirstOrThrow()
        ).id,
      );
    await t.database.db
      .insertInto('game_recent')
      .values([
        { member_id: alice.memberId, game_id: await gameId(a!), played_at: new Date(Date.now() - 60_000) },
        { member_id: alice.memberId, game_id: await gameId(b!), played_at: new Date() },
      ])
      .execute();
    const v = await get('GCS_recentGame', { pageNo: 1, pageSize: 10 }, alice.token);
    expect(v.list.map((g: { nodeId: string }) => g.nodeId)).toEqual([b, a]);
    for (const g of v.list) expectGame(g);
    expect(v.totalPages).toBe(1);
    expect((await get('GCS_recentGame', {}, bob.token)).list).toEqual([]);
    expect((await t.call({ url: url('GCS_recentGame') })).statusCode).toBe(401);
  });
});
