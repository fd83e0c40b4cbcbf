import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backoffice, FeatureSwitch } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The back office's Site section (issue 31, decision 035) on PGlite and PostgreSQL: maintenance
 * with an end time, blocked regions, feature switches and the brand config; each change audited
 * and met at once by the player's calls; the CLI's `status` and `switch` commands through the same
 * service, audited as the operator who ran them. The permission matrix is permissions.test.ts.
 */
const { SiteBoErrors: E, BackofficeErrors: BE } = backoffice;

let t: TestApp;
let admin: SignedIn;
let content: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
  admin = await createSignedIn(t, 'site-admin', 'admin');
  content = await createSignedIn(t, 'site-content', 'content');
}, 180_000);
afterEach(async () => {
  await t.app.ctx.system.setNormal();
});
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
/** What a player from `ip` meets. */
const playerStatus = async (ip = '8.8.8.8') =>
  (await t.call({ url: '/wps/system/status', headers: { 'x-forwarded-for': ip } })).json().value;

describe(`back-office site (${testDbKind})`, () => {
  it('maintenance with an end time closes the site for players at once (the back office stays open), audited; ending it opens the site', async () => {
    const until = Date.now() + 3_600_000 - (Date.now() % 1000);
    const set = await ok(await bo(admin, 'POST', '/bo/api/site/maintenance', { on: true, until }));
    expect(set).toMatchObject({
      maintenance: true,
      maintenanceUntil: until,
      status: 1,
      maintenanceEndTime: until,
    });
    expect(await playerStatus()).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: until });
    expect((await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements' })).statusCode).toBe(503);
    // Staff keep working during the maintenance.
    expect((await ok(await bo(admin, 'GET', '/bo/api/site/status'))).status).toBe(1);
    const [entry] = (await auditOf(t, 'site.maintenance.start')).slice(-1);
    expect(entry).toMatchObject({
      actor_kind: 'staff',
      actor_name: 'site-admin',
      target_type: 'site',
      before: { maintenance: false, maintenanceUntil: null },
      after: { maintenance: true, maintenanceUntil: new Date(until).toISOString() },
    });
    expect(entry!.ip).toMatch(/^198\.51\.100\./);

    const ended = await ok(await bo(admin, 'POST', '/bo/api/site/maintenance', { on: false }));
    expect(ended).toMatchObject({ maintenance: false, status: 0, maintenanceEndTime: null });
    expect(await playerStatus()).toMatchObject({ status: 0, maintenance: false });
    expect(await auditOf(t, 'site.maintenance.end')).toHaveLength(1);

    // Without an end time; refused in the past, and for bad input.
    expect(
      await ok(await bo(admin, 'POST', '/bo/api/site/maintenance', { on: true, until: null })),
    ).toMatchObject({
      status: 1,
      maintenanceEndTime: null,
    });
    const past = await bo(admin, 'POST', '/bo/api/site/maintenance', { on: true, until: Date.now() - 1000 });
    expect(past.statusCode).toBe(422);
    expect(past.json().errorCode).toBe(E.boMaintenanceUntil.code);
    for (const body of [{}, { on: 'yes' }, { on: true, until: 'tomorrow' }])
      expect((await bo(admin, 'POST', '/bo/api/site/maintenance', body)).statusCode).toBe(422);
  });

  it('region blocks refuse callers from those countries only, keep maintenance as it is, and are audited', async () => {
    const v = await ok(await bo(admin, 'POST', '/bo/api/site/regions', { countries: ['us', 'GB', 'US'] }));
    expect(v).toMatchObject({ blockedCountries: ['US', 'GB'], status: 0 });
    expect(v.knownCountries.length).toBeGreaterThan(0);
    expect(await playerStatus('8.8.8.8')).toMatchObject({ status: 2, regionRestriction: true });
    expect((await playerStatus('110.54.1.1')).status).toBe(0);
    const [entry] = (await auditOf(t, 'site.regions')).slice(-1);
    expect(entry).toMatchObject({
      before: { blockedCountries: [] },
      after: { blockedCountries: ['US', 'GB'] },
    });
    for (const countries of [['USA'], ['1A'], 'US'])
      expect((await bo(admin, 'POST', '/bo/api/site/regions', { countries })).statusCode).toBe(422);
    await ok(await bo(admin, 'POST', '/bo/api/site/regions', { countries: [] }));
    expect((await playerStatus('8.8.8.8')).status).toBe(0);
  });

  it('a feature switch turned off reaches the whitelabel tree at once, audited; unknown switches are a 404', async () => {
    const list = (await ok(await bo(admin, 'GET', '/bo/api/site/switches')))
      .list as backoffice.FeatureSwitchRow[];
    const inbox = list.find((s) => s.modId === FeatureSwitch.inbox)!;
    expect(inbox.enabled).toBe(true);
    const whitelabel = async () =>
      JSON.stringify((await t.call({ url: '/wps/system/whitelabel' })).json().value);
    const off = await ok(
      await bo(admin, 'POST', '/bo/api/site/switches/set', {
        modId: inbox.modId.toLowerCase(),
        enabled: false,
      }),
    );
    expect(off).toMatchObject({ modId: inbox.modId, enabled: false });
    expect(await whitelabel()).toContain(`{"modId":"${inbox.modId}","enabled":"0"`);
    expect((await auditOf(t, 'site.switch')).at(-1)).toMatchObject({
      target_id: inbox.modId,
      before: { enabled: true },
      after: { enabled: false },
    });
    await ok(await bo(admin, 'POST', '/bo/api/site/switches/set', { modId: inbox.modId, enabled: true }));
    expect(await whitelabel()).toContain(`{"modId":"${inbox.modId}","enabled":"1"`);
    const unknown = await bo(admin, 'POST', '/bo/api/site/switches/set', { modId: 'NOSUCH', enabled: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe(E.boSwitchNotFound.code);
    expect(
      (await bo(admin, 'POST', '/bo/api/site/switches/set', { modId: 'a b', enabled: true })).statusCode,
    ).toBe(422);
  });

  it('the brand config is shown as the players are served it', async () => {
    const v = await ok(await bo(admin, 'GET', '/bo/api/site/brand'));
    expect(v.config).toEqual(t.app.ctx.brand.get());
    expect(v.path).toBe(t.app.ctx.brand.path);
  });

  it('content staff (no site.switches) are refused every site call', async () => {
    for (const [method, url] of [
      ['GET', '/bo/api/site/status'],
      ['POST', '/bo/api/site/maintenance'],
      ['POST', '/bo/api/site/regions'],
      ['POST', '/bo/api/site/switches/set'],
      ['GET', '/bo/api/site/brand'],
    ] as const) {
      const res = await bo(content, method, url, { on: true });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errorCode).toBe(BE.boPermissionDenied.code);
    }
    expect((await playerStatus()).status).toBe(0);
  });

  it("the CLI's status and switch commands go through the same service, audited as the operator who ran them", async () => {
    const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv, 'bob');
    const until = new Date(Date.now() + 600_000).toISOString();
    await ops('status', 'maintenance', '--until', until);
    expect((await playerStatus()).status).toBe(1);
    await ops('status', 'region', '--block', 'us');
    await ops('status', 'normal');
    await ops('switch', FeatureSwitch.inbox.toLowerCase(), 'off');
    await ops('switch', FeatureSwitch.inbox, 'on');
    const cli = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind', 'actor_name', 'ip'])
      .where('actor_name', '=', 'bob')
      .orderBy('id')
      .execute();
    expect(cli.map((e) => e.action)).toEqual([
      'site.maintenance.start',
      'site.regions',
      'site.normal',
      'site.switch',
      'site.switch',
    ]);
    for (const e of cli) expect(e).toMatchObject({ actor_kind: 'cli', ip: null });
    const chain = await t.app.ctx.audit.verify();
    expect(chain.ok, JSON.stringify(chain)).toBe(true);
  });
});
