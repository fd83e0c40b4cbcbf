import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SystemStatusValueSchema } from '@app/contract';
import type { DB } from '../db/schema.ts';
import { openPglite } from '../db/connection.ts';
import { createTestApp, testDbKind, type TestApp } from '../test/test-app.ts';
import { spawnServer } from '../test/server-processes.ts';
import { demoAccounts } from './demo-accounts.ts';
import {
  demoAnnouncements,
  demoBanners,
  demoCustomerService,
  demoDomains,
  demoHelp,
  demoResources,
} from './demo-content.ts';
import { seedVendors } from './games-catalogue.ts';
import {
  referenceCountries,
  referenceRegisterRules,
  referenceResources,
  referenceSettings,
  referenceSwitches,
} from './reference-data.ts';

/**
 * Issue 28: demo data arrives only through the seed, on an empty database, when asked (SEED_DEMO=1,
 * which `npm start`, the tests and the e2e servers set). A plain start, production's, seeds the
 * reference data a working site needs and nothing else.
 */
const tables = [
  'system_setting',
  'feature_switch',
  'register_rule',
  'country',
  'resource',
  'member',
  'member_message',
  'invitation_code',
  'ledger_posting',
  'game_vendor',
  'game',
  'pvp_room',
  'announcement',
  'banner',
  'help_article',
  'customer_service',
  'domain',
] as const satisfies readonly (keyof DB)[];

async function rowCounts(db: Kysely<DB>): Promise<Record<(typeof tables)[number], number>> {
  const counts = await Promise.all(
    tables.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<(typeof tables)[number], number>;
}

const reference = {
  // The seed's settings and the brand settings' row migration 058 makes (decision 040).
  system_setting: referenceSettings.length + 1,
  feature_switch: referenceSwitches.length,
  register_rule: referenceRegisterRules.length,
  country: referenceCountries.length,
};

/** The headers the web client sends on every call. */
const headers = { merchant: 'SEA888', device: 'web', language: 'en' };

// One process on a PGlite directory of its own, whichever database the run tests: the seed's SQL is
// the same on PostgreSQL, where every test database is seeded by it.
describe.runIf(testDbKind === 'pglite')('a plain server start on an empty database (issue 28)', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'seed-reference-'));
  });
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = undefined;
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('without SEED_DEMO it seeds the reference data only: no demo accounts (none printed), games, announcements, banners, help, customer service or domains, and the public calls answer', async () => {
    const { listening } = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '' });
    const server = await listening;
    child = server.child;
    const base = `http://127.0.0.1:${server.port}`;
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers });
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as { success?: boolean; value?: unknown };
      return body;
    };

    const status = await get('/wps/system/status?url=localhost');
    expect(status.success).toBe(true);
    const v = SystemStatusValueSchema.strict().parse(status.value);
    expect(v.status).toBe(0);
    expect(v.info.whitelabel.childrenNodes.map((n) => n.modId)).toEqual(
      referenceSwitches.filter((s) => s.parent === null).map((s) => s.modId),
    );
    expect(v.info.register.username).toMatchObject({ enabled: true, required: true, patternId: 1 });
    expect(v.info.countries.map((c) => c.countryCode)).toEqual(referenceCountries.map((c) => c.code));
    expect(v.info.resources.map((r) => r.name)).toEqual(['logo']);
    expect(v.info.customerService).toEqual([]);
    expect(v.info.domainRoute).toEqual([]);
    expect(v.info.imageCDNs).toEqual(['/cdn/img1', '/cdn/img2']);

    const rules = (await get('/wps/system/setting/register')).value as Record<string, unknown>;
    expect(rules.password).toMatchObject({ enabled: true, required: true });
    expect((await get('/wps/system/helpCenter')).value).toEqual([]);
    const notices = (await get('/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&execution=B')).value;
    expect(notices).toEqual({ popup: [], player: [], banners: [], promotion: [], hot: [] });
    // The lottery's games come from the migrations: on sale from the first start, demo or not.
    const near = (await (await fetch(`${base}/lgw/numeros/near?gameCode=SSC1`)).json()) as {
      currentNumero: { isSale: boolean } | null;
    };
    expect(near.currentNumero).not.toBeNull();
    // The demo accounts' passwords are printed only where those accounts exist.
    expect(server.output()).toContain('Platform running at');
    expect(server.output()).not.toContain('Demo accounts');
    for (const account of demoAccounts) expect(server.output()).not.toContain(account.password);

    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
    const database = await openPglite({ dataDir, lock: false });
    try {
      expect(await rowCounts(database.db)).toEqual({
        ...reference,
        resource: referenceResources.length,
        member: 0,
        member_message: 0,
        invitation_code: 0,
        ledger_posting: 0,
        game_vendor: 0,
        game: 0,
        pvp_room: 0,
        announcement: 0,
        banner: 0,
        help_article: 0,
        customer_service: 0,
        domain: 0,
      });
    } finally {
      await database.close();
    }
  }, 180_000);
});

describe(`the demo seed (SEED_DEMO=1; ${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every test database is seeded as a SEED_DEMO=1 start seeds an empty one (seedDemoData).
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('adds the demo content to the reference data: the demo accounts with their money, codes and messages, the game catalogue, announcements, banners, help, customer service, domains and links', async () => {
    const counts = await rowCounts(t.database.db);
    expect(counts).toMatchObject({
      ...reference,
      resource: referenceResources.length + demoResources.length,
      member: demoAccounts.length,
      announcement: demoAnnouncements.length,
      banner: demoBanners.length,
      help_article: demoHelp.length,
      customer_service: demoCustomerService.length,
      domain: demoDomains.length,
      game_vendor: seedVendors.length,
    });
    expect(counts.game).toBeGreaterThan(9_000);
    expect(counts.pvp_room).toBeGreaterThan(0);
    expect(counts.member_message).toBeGreaterThan(0);
    expect(counts.invitation_code).toBeGreaterThan(0);
    expect(counts.ledger_posting).toBeGreaterThan(0);
    const usernames = await t.database.db.selectFrom('member').select('username').execute();
    expect(usernames.map((m) => m.username).sort()).toEqual(demoAccounts.map((a) => a.username).sort());
  });
});
