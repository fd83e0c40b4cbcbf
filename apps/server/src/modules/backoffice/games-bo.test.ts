import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The back office's Games section (issue 31, decision 035) on PGlite and PostgreSQL: the catalogue
 * paged and filtered on the server, vendors and games on and off, a vendor's maintenance window,
 * the hot and new lists; each change audited and seen at once by the player's lobby calls; the
 * CLI's `games` commands through the same service, audited as the operator who ran them. The
 * permission matrix over these calls is permissions.test.ts.
 */
const { GamesBoErrors: E, BackofficeErrors: BE } = backoffice;

let t: TestApp;
let content: SignedIn;
let support: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
  content = await createSignedIn(t, 'games-content', 'content');
  support = await createSignedIn(t, 'games-support', 'support');
}, 180_000);
afterAll(async () => t?.close());

function bo(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.call({
    method,
    url,
    headers: callerIp(),
    token: who.token,
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
}
const ok = async (res: Awaited<ReturnType<typeof bo>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const games = (query: string) => bo(content, 'GET', `/bo/api/games?${query}`).then(ok);

/** What the player's lobby answers (a visitor). */
const lobby = async (path: string, query: Record<string, string> = {}) => {
  const res = await t.call({ url: `/wps/relay/${path}?${new URLSearchParams(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
type Card = { vassalage: string; status: string; maintenanceUntil: number | null };
const cards = async (): Promise<Card[]> =>
  (await lobby('GCSGAME_gameVendor')).flatMap((s: { vendors: Card[] }) => s.vendors);
const hotList = async () =>
  (await lobby('GCSGAME_hotGamesV2', { vassalage: '' })).list.map((g: { nodeId: string }) => g.nodeId);

async function chainHolds() {
  const chain = await t.app.ctx.audit.verify();
  expect(chain.ok, JSON.stringify(chain)).toBe(true);
}

describe(`back-office games (${testDbKind})`, () => {
  it('pages the whole catalogue on the server with search and the vendor, product and on/off filters', async () => {
    const all = await games('size=5');
    expect(all.list).toHaveLength(5);
    expect(all.total).toBeGreaterThan(1000);
    const second = await games('size=5&page=2');
    expect(second.list.map((g: backoffice.BoGame) => g.nodeId)).not.toContain(all.list[0].nodeId);

    const jiliFish = await games('vassalage=jili&gameType=fish&size=200');
    expect(jiliFish.total).toBeGreaterThan(0);
    for (const g of jiliFish.list as backoffice.BoGame[])
      expect(g).toMatchObject({ vassalage: 'JILI', gameType: 'FISH', vendorEnabled: true });

    const on = await games('enabled=true&size=1');
    const off = await games('enabled=false&size=1');
    expect(on.total + off.total).toBe(all.total);

    const named = all.list[0] as backoffice.BoGame;
    const found = await games(`q=${encodeURIComponent(named.name.toUpperCase())}&size=200`);
    expect(found.list.map((g: backoffice.BoGame) => g.nodeId)).toContain(named.nodeId);
    const byNode = await games(`q=${named.nodeId}`);
    expect(byNode.list.map((g: backoffice.BoGame) => g.nodeId)).toContain(named.nodeId);
    // LIKE's wildcards mean themselves.
    expect((await games('q=%25%25%25')).total).toBe(0);

    // Bad filters are a clear 422, never a 500.
    for (const q of ['page=0', 'size=1000', 'enabled=maybe', 'vassalage=no%20such', 'list=cold'])
      expect((await bo(content, 'GET', `/bo/api/games?${q}`)).statusCode, q).toBe(422);
  });

  it('a vendor switched off leaves the lobby at once and is audited with who, where, before and after; on brings it back', async () => {
    const res = await bo(content, 'POST', '/bo/api/games/vendors/enable', {
      vassalage: 'jili',
      enabled: false,
    });
    const vendor = await ok(res);
    expect(vendor).toMatchObject({ vassalage: 'JILI', enabled: false });
    expect((await cards()).some((c) => c.vassalage === 'JILI')).toBe(false);
    expect((await lobby('GCSGAME_gameList', { vassalage: 'JILI' })).totalCount).toBe(0);
    const [entry] = (await auditOf(t, 'game.vendor.disable')).slice(-1);
    expect(entry).toMatchObject({
      actor_kind: 'staff',
      actor_id: content.id,
      actor_name: 'games-content',
      target_type: 'game_vendor',
      target_id: 'JILI',
    });
    expect(entry!.ip).toMatch(/^198\.51\.100\./);
    expect(Object.values(entry!.before as Record<string, Record<string, boolean>>)[0]).toMatchObject({
      FISH: true,
    });
    expect((entry!.after as { categories: Record<string, boolean> }).categories.FISH).toBe(false);

    const vendors = (await bo(content, 'GET', '/bo/api/games/vendors').then(ok))
      .list as backoffice.GameVendor[];
    expect(vendors.find((v) => v.vassalage === 'JILI')).toMatchObject({ enabled: false });
    await ok(await bo(content, 'POST', '/bo/api/games/vendors/enable', { vassalage: 'JILI', enabled: true }));
    expect((await cards()).filter((c) => c.vassalage === 'JILI').length).toBeGreaterThan(0);

    const unknown = await bo(content, 'POST', '/bo/api/games/vendors/enable', {
      vassalage: 'NOPE',
      enabled: false,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe(E.boVendorNotFound.code);
    const bad = await bo(content, 'POST', '/bo/api/games/vendors/enable', {
      vassalage: 'jili',
      enabled: 'no',
    });
    expect(bad.statusCode).toBe(422);
    await chainHolds();
  });

  it("a vendor's maintenance window shows on its lobby cards until it is cleared; a window in the past or backwards is refused", async () => {
    const until = Date.now() + 3_600_000 - (Date.now() % 1000);
    const v = await ok(
      await bo(content, 'POST', '/bo/api/games/vendors/maintenance', { vassalage: 'PG', from: null, until }),
    );
    expect(v).toMatchObject({ vassalage: 'PG', underMaintenance: true, maintenanceUntil: until });
    for (const c of (await cards()).filter((c) => c.vassalage === 'PG'))
      expect(c).toMatchObject({ status: 'MAINTENANCE', maintenanceUntil: until });
    const [entry] = (await auditOf(t, 'game.vendor.maintenance')).slice(-1);
    expect(entry).toMatchObject({ target_id: 'PG', before: { from: null, until: null } });
    expect((entry!.after as { until: string }).until).toBe(new Date(until).toISOString());

    for (const [body, code] of [
      [{ vassalage: 'PG', from: null, until: Date.now() - 1000 }, E.boMaintenanceWindow.code],
      [{ vassalage: 'PG', from: until + 1000, until }, E.boMaintenanceWindow.code],
      [{ vassalage: 'NOPE', from: null, until }, E.boVendorNotFound.code],
      [{ vassalage: 'PG', from: 'soon', until }, 'invalid.input'],
    ] as const) {
      const res = await bo(content, 'POST', '/bo/api/games/vendors/maintenance', body);
      expect([404, 422], res.body).toContain(res.statusCode);
      if (code !== 'invalid.input') expect(res.json().errorCode).toBe(code);
    }

    const cleared = await ok(
      await bo(content, 'POST', '/bo/api/games/vendors/maintenance', {
        vassalage: 'PG',
        from: null,
        until: null,
      }),
    );
    expect(cleared).toMatchObject({ underMaintenance: false, maintenanceFrom: null, maintenanceUntil: null });
    for (const c of (await cards()).filter((c) => c.vassalage === 'PG')) expect(c.status).toBe('ACTIVE');
    expect(await auditOf(t, 'game.vendor.maintenance.clear')).toHaveLength(1);
  });

  it('a game switched off leaves the lobby list and its search; on brings it back', async () => {
    const [game] = (await games('vassalage=PG&gameType=RNG&enabled=true&size=1')).list as backoffice.BoGame[];
    const listed = async () =>
      (
        await lobby('GCSGAME_gameList', {
          vassalage: 'PG',
          gameType: 'RNG',
          search: game!.name,
          pageSize: '200',
        })
      ).games.map((g: { nodeId: string }) => g.nodeId);
    expect(await listed()).toContain(game!.nodeId);
    const off = await ok(
      await bo(content, 'POST', '/bo/api/games/enable', { nodeId: game!.nodeId, enabled: false }),
    );
    expect(off).toMatchObject({ nodeId: game!.nodeId, enabled: false });
    expect(await listed()).not.toContain(game!.nodeId);
    expect((await games(`q=${game!.nodeId}&enabled=false`)).list[0].nodeId).toBe(game!.nodeId);
    const [entry] = (await auditOf(t, 'game.disable')).slice(-1);
    expect(entry).toMatchObject({
      target_id: game!.nodeId,
      before: { enabled: true },
      after: { enabled: false },
    });
    await ok(await bo(content, 'POST', '/bo/api/games/enable', { nodeId: game!.nodeId, enabled: true }));
    expect(await listed()).toContain(game!.nodeId);

    const unknown = await bo(content, 'POST', '/bo/api/games/enable', {
      nodeId: '999999999',
      enabled: false,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe(E.boGameNotFound.code);
    expect(
      (await bo(content, 'POST', '/bo/api/games/enable', { nodeId: 'abc', enabled: false })).statusCode,
    ).toBe(422);
  });

  it('the hot list: a game added goes last, an order is the lobby order, a partial order is refused, a removal takes it out', async () => {
    const before = (await bo(content, 'GET', '/bo/api/games/list?list=hot').then(ok))
      .games as backoffice.BoGame[];
    const [cold] = (await games('vassalage=JILI&enabled=true&size=200')).list.filter(
      (g: backoffice.BoGame) => !g.hot,
    ) as backoffice.BoGame[];
    const added = await ok(
      await bo(content, 'POST', '/bo/api/games/list/member', {
        list: 'hot',
        nodeId: cold!.nodeId,
        member: true,
      }),
    );
    const ids = (added.games as backoffice.BoGame[]).map((g) => g.nodeId);
    expect(ids).toEqual([...before.map((g) => g.nodeId), cold!.nodeId]);

    // The new game first, the rest reversed: the lobby's hot list follows.
    const order = [cold!.nodeId, ...before.map((g) => g.nodeId).reverse()];
    const ordered = await ok(
      await bo(content, 'POST', '/bo/api/games/list/order', { list: 'hot', nodeIds: order }),
    );
    expect((ordered.games as backoffice.BoGame[]).map((g) => g.nodeId)).toEqual(order);
    const shown = await hotList();
    const enabledOrder = order.filter((n) => shown.includes(n));
    expect(shown.slice(0, enabledOrder.length)).toEqual(enabledOrder.slice(0, shown.length));
    expect(shown[0]).toBe(cold!.nodeId);
    const [entry] = (await auditOf(t, 'game.hot.order')).slice(-1);
    expect(entry).toMatchObject({ target_id: 'hot', after: { list: order } });

    // An order that leaves a game out, or names one twice, is refused (the list changed meanwhile).
    for (const nodeIds of [order.slice(1), [...order, order[0]!]]) {
      const res = await bo(content, 'POST', '/bo/api/games/list/order', { list: 'hot', nodeIds });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errorCode).toBe(E.boListOrder.code);
    }
    await ok(
      await bo(content, 'POST', '/bo/api/games/list/member', {
        list: 'hot',
        nodeId: cold!.nodeId,
        member: false,
      }),
    );
    expect(await hotList()).not.toContain(cold!.nodeId);
    expect(await auditOf(t, 'game.hot.remove')).toHaveLength(1);

    // The new list the same way, and the NEW tab of the lobby.
    const newGame = await ok(
      await bo(content, 'POST', '/bo/api/games/list/member', {
        list: 'new',
        nodeId: cold!.nodeId,
        member: true,
      }),
    );
    expect((newGame.games as backoffice.BoGame[]).at(-1)!.nodeId).toBe(cold!.nodeId);
    const newTab = await lobby('GCSGAME_gameList', {
      gameSelectType: 'NEW',
      vassalage: 'JILI',
      search: cold!.name,
      pageSize: '200',
    });
    expect(newTab.games.map((g: { nodeId: string }) => g.nodeId)).toContain(cold!.nodeId);
    await ok(
      await bo(content, 'POST', '/bo/api/games/list/member', {
        list: 'new',
        nodeId: cold!.nodeId,
        member: false,
      }),
    );
    expect(
      (await bo(content, 'POST', '/bo/api/games/list/order', { list: 'warm', nodeIds: ['1'] })).statusCode,
    ).toBe(422);
    await chainHolds();
  });

  it('support (no game.manage) is refused every games call, before the body is read', async () => {
    for (const [method, url] of [
      ['GET', '/bo/api/games'],
      ['GET', '/bo/api/games/vendors'],
      ['POST', '/bo/api/games/vendors/enable'],
      ['POST', '/bo/api/games/list/order'],
    ] as const) {
      const res = await bo(support, method, url, { vassalage: 'JILI', enabled: false });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errorCode).toBe(BE.boPermissionDenied.code);
    }
  });

  it("the CLI's games commands go through the same service, audited as the operator who ran them", async () => {
    const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv, 'alice');
    expect(await ops('games', 'vendor', 'jili', 'off')).toBe('Vendor JILI is off.');
    expect(await ops('games', 'vendor', 'jili', 'on')).toBe('Vendor JILI is on.');
    const [off, on] = (await auditOf(t, 'game.vendor.disable'))
      .slice(-1)
      .concat((await auditOf(t, 'game.vendor.enable')).slice(-1));
    for (const e of [off!, on!])
      expect(e).toMatchObject({ actor_kind: 'cli', actor_name: 'alice', ip: null, target_id: 'JILI' });

    const [game] = (await games('vassalage=PG&enabled=true&size=1')).list as backoffice.BoGame[];
    await ops('games', 'game', game!.nodeId, 'off');
    await ops('games', 'game', game!.nodeId, 'on');
    expect((await auditOf(t, 'game.disable')).at(-1)).toMatchObject({
      actor_kind: 'cli',
      target_id: game!.nodeId,
    });
    await ops('games', 'hot', game!.nodeId, 'on');
    expect(await hotList()).toContain(game!.nodeId);
    await ops('games', 'hot', game!.nodeId, 'off');
    expect((await auditOf(t, 'game.hot.add')).at(-1)).toMatchObject({
      actor_kind: 'cli',
      actor_name: 'alice',
    });
    const until = new Date(Date.now() + 600_000).toISOString();
    await ops('games', 'vendor', 'PG', 'maintenance', '--from', new Date().toISOString(), '--until', until);
    await ops('games', 'vendor', 'PG', 'maintenance', 'clear');
    expect((await auditOf(t, 'game.vendor.maintenance')).at(-1)).toMatchObject({
      actor_kind: 'cli',
      target_id: 'PG',
    });
    await chainHolds();
  });
});
