import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import * as repo from './games.repo.ts';

/**
 * The in-memory game index (games-index.ts) answers the visitor's lists exactly as the database
 * query it replaced (`search_text like '%…%'`, a count and a page), and a catalogue change made
 * through the operator's commands reaches the next answer and its ETag.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const hidden = async () => {
  const rows = await t.app.ctx.games.vendorRows();
  const on = new Set(rows.filter((r) => r.enabled).map((r) => r.vassalage));
  return [...new Set(rows.map((r) => r.vassalage))].filter((v) => !on.has(v));
};

/** The list as the database query answers it: the reference the index must match. */
async function fromDatabase(
  f: { gameType?: string; vassalage?: string; search?: string; selection: 'ALL' | 'NEW' | 'HOT' },
  pageNo: number,
  pageSize: number,
) {
  const { rows, total } = await repo.pageGames(
    t.database.db,
    {
      hiddenVendors: await hidden(),
      gameType: f.gameType,
      vassalage: f.vassalage,
      search: f.search?.trim().toLowerCase() || undefined,
      selection: f.selection,
      memberId: null,
    },
    { offset: (pageNo - 1) * pageSize, limit: pageSize },
  );
  return { nodes: rows.map((r) => r.node_id), total };
}

async function fromIndex(
  f: { gameType?: string; vassalage?: string; search?: string; selection: 'ALL' | 'NEW' | 'HOT' },
  pageNo: number,
  pageSize: number,
) {
  const page = await t.app.ctx.games.gameList({ ...f, pageNo, pageSize, language: 'en' }, null);
  return { nodes: page.games.map((g) => g.nodeId), total: page.totalCount };
}

// Typed one key at a time, as the lobby's search box sends them (each narrows the one before),
// then names in other scripts, LIKE's own wildcards and escape, and spaces.
const searches = [
  'd',
  'dr',
  'dra',
  'drag',
  'dragon',
  'k',
  'ko',
  'koi',
  'golden dragon',
  '  Golden DRAGON ',
  '黄金龙',
  'vàng',
  '%',
  '_',
  '\\',
  'a%b',
  'zzzz',
  '',
];
const filters = [
  { gameType: 'RNG' },
  { gameType: 'RNG', vassalage: 'PG' },
  { vassalage: 'JILI' },
  {},
  { gameType: 'FISH' },
];

async function expectSame(
  selection: 'ALL' | 'NEW' | 'HOT',
  terms: readonly string[] = searches,
  pages: ReadonlyArray<readonly [number, number]> = [
    [1, 100],
    [3, 7],
  ],
) {
  for (const filter of filters)
    for (const search of terms)
      for (const [pageNo, pageSize] of pages) {
        const f = { ...filter, search, selection };
        const want = await fromDatabase(f, pageNo, pageSize);
        expect(await fromIndex(f, pageNo, pageSize), JSON.stringify([f, pageNo, pageSize])).toEqual(want);
      }
}

describe(`games index (${testDbKind})`, () => {
  it('answers every list, search and page as the database query does', async () => {
    await expectSame('ALL');
    // Past the last page: nothing, with the total.
    await expectSame('ALL', ['', 'd'], [[1000, 100]]);
    await expectSame('NEW', ['', 'd', 'dragon', '%']);
    await expectSame('HOT', ['', 'd', 'dragon', '%']);
  });

  it('an operator change (vendor off, hot flag) reaches the next list, its searches and its ETag', async () => {
    const list = { gameType: 'RNG', gameSelectType: 'HOT', gameName: 'a', pageSize: '100', language: 'en' };
    const url = `/wps/relay/GCSGAME_gameList?${new URLSearchParams(list)}`;
    const first = await t.call({ url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect((await t.call({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    // A game matching the search that is not hot yet becomes hot.
    const game = await t.database.db
      .selectFrom('game')
      .select('node_id')
      .where('game_type', '=', 'RNG')
      .where('is_hot', '=', false)
      .where('search_text', 'like', '%a%')
      .orderBy('sort')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(await t.app.ctx.games.setGameHot(game.node_id, true)).not.toBeNull();
    const after = await t.call({ url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().value.totalCount).toBe(first.json().value.totalCount + 1);
    await expectSame('HOT', ['', 'a', 'd']);

    // A vendor switched off leaves every list and search, and comes back when switched on.
    expect(await t.app.ctx.games.setVendorEnabled('PG', false)).toBe(true);
    const off = await t.app.ctx.games.gameList(
      { gameType: 'RNG', search: 'd', selection: 'ALL', pageNo: 1, pageSize: 100, language: 'en' },
      null,
    );
    expect(off.games.length).toBeGreaterThan(0);
    expect(off.games.filter((g) => g.vassalage === 'PG')).toEqual([]);
    await expectSame('ALL', ['', 'd', 'dr']);
    expect(await t.app.ctx.games.setVendorEnabled('PG', true)).toBe(true);
    expect(await t.app.ctx.games.setGameHot(game.node_id, false)).not.toBeNull();
    expect((await t.call({ url })).headers.etag).toBe(etag);
  });
});
