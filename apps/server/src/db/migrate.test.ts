import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Migrator } from 'kysely/migration';
import { sql } from 'kysely';
import { openPglite } from './connection.ts';
import { migrateToLatest, migrations } from './migrate.ts';
import { seedDemoData } from '../seed/seed.ts';

/**
 * Upgrades of a database that already holds data, as a running site's would (embedded PGlite).
 * Each test builds a new database from nothing (no test template): every migration, the 10,000-game
 * catalogue and often the seed, twice. On a busy 2-core machine that took 36–85 s, past the 30 s
 * a test gets by default (a timeout, not a failure of what they check): these get 120 s.
 */
describe('migrations on a database seeded by an earlier version', { timeout: 120_000 }, () => {
  it('004 adds the PHONEAUTH3 switch, off, to a seeded database; 005 adds the outbox lease; data survives', async () => {
    const database = await openPglite({ lock: false });
    try {
      const provider = { getMigrations: async () => migrations };
      const migrator = new Migrator({ db: database.db, provider });
      const to003 = await migrator.migrateTo('003-accounts');
      expect(to003.error).toBeUndefined();
      // What that version's seed left, written by hand: today's seed needs today's schema (the
      // ledger function of 008), so it cannot stand in for an old one. It had no PHONEAUTH3 row.
      await sql`
        insert into feature_switch (mod_id, parent_mod_id, enabled, label, sort)
        values ('LOGIN3', null, true, 'Login', 1), ('GEETEST3', 'LOGIN3', false, 'Slider', 2)`.execute(
        database.db,
      );
      await sql`
        insert into member (username, agent_type, language)
        values ('olduser', 0, 'en'), ('oldagent', 1, 'my')`.execute(database.db);
      const members = await database.db.selectFrom('member').select('username').execute();

      await migrateToLatest(database);
      const phoneAuth = await database.db
        .selectFrom('feature_switch')
        .select(['mod_id', 'parent_mod_id', 'enabled'])
        .where('mod_id', '=', 'PHONEAUTH3')
        .executeTakeFirst();
      expect(phoneAuth).toEqual({ mod_id: 'PHONEAUTH3', parent_mod_id: 'LOGIN3', enabled: false });
      const outbox = await database.db
        .insertInto('outbox_message')
        .values({
          channel: 'sms',
          recipient: '+1',
          body: 'x',
          purpose: 't',
          transport: 'outbox',
          status: 'kept',
        })
        .returning('claimed_until')
        .executeTakeFirstOrThrow();
      expect(outbox.claimed_until).toBeNull();
      expect(await database.db.selectFrom('member').select('username').execute()).toEqual(members);
      // Running again changes nothing.
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
  });
  it('007 renames the switches of a database seeded before to the original ids, keeps their state and adds the missing ones', async () => {
    const database = await openPglite({ lock: false });
    try {
      // The later migrations' tables are needed by today's seed; 007 itself is run by hand below.
      await migrateToLatest(database);
      await seedDemoData(database);
      // Make the seeded switches those of the seed before issue #12: old ids, no module switches.
      const db = database.db;
      const modules = ['HOMEPAGE', 'INBOX3', 'CBS3', 'REWCEN3', 'PTSYS3', 'PAYMENTPASS3', 'MYRBT3'];
      await db
        .deleteFrom('feature_switch')
        .where('mod_id', 'in', [...modules, 'MOBILELOGIN3'])
        .execute();
      // The switches later issues put under SITE3 (the agent centre's) did not exist then either.
      await db.deleteFrom('feature_switch').where('parent_mod_id', '=', 'SITE3').execute();
      await db.deleteFrom('feature_switch').where('mod_id', '=', 'SITE3').execute();
      const old: [string, string][] = [
        ['MOBILENUMREG3', 'MOBILEREG3'],
        ['REGMOBVERF3', 'REGSMSVERIF3'],
        ['MOBILENUMPASSREG3', 'MOBILEREGPWD3'],
        ['PWDEXPFORCECHANGE3', 'PWDEXPIRY3'],
        ['MOBILEVERCODELOGIN3', 'SMSLOGIN3'],
      ];
      for (const [now, before] of old)
        await db.updateTable('feature_switch').set({ mod_id: before }).where('mod_id', '=', now).execute();
      // The operator's choices of that site: SMS login off, SMS verification on register on.
      await db
        .updateTable('feature_switch')
        .set({ enabled: false })
        .where('mod_id', '=', 'SMSLOGIN3')
        .execute();
      await db
        .updateTable('feature_switch')
        .set({ enabled: true })
        .where('mod_id', '=', 'REGSMSVERIF3')
        .execute();

      const m007 = migrations['007-original-switch-ids']!;
      await m007.up(db);
      const rows = await db
        .selectFrom('feature_switch')
        .select(['mod_id', 'parent_mod_id', 'enabled'])
        .execute();
      const byId = new Map(rows.map((r) => [r.mod_id, r]));
      for (const [, before] of old) expect(byId.has(before), before).toBe(false);
      expect(byId.get('MOBILEVERCODELOGIN3')).toEqual({
        mod_id: 'MOBILEVERCODELOGIN3',
        parent_mod_id: 'LOGIN3',
        enabled: false,
      });
      expect(byId.get('REGMOBVERF3')?.enabled).toBe(true);
      expect(byId.get('MOBILENUMREG3')?.parent_mod_id).toBe('REGISTER3');
      expect(byId.get('MOBILENUMPASSREG3')?.enabled).toBe(true);
      expect(byId.get('PWDEXPFORCECHANGE3')?.parent_mod_id).toBe('SECURITY3');
      expect(byId.get('MOBILELOGIN3')).toEqual({
        mod_id: 'MOBILELOGIN3',
        parent_mod_id: 'LOGIN3',
        enabled: true,
      });
      for (const id of modules) expect(byId.get(id)?.parent_mod_id, id).toBe('SITE3');
      expect(byId.get('INBOX3')?.enabled).toBe(true);
      expect(byId.get('PTSYS3')?.enabled).toBe(false);
      // Running again changes nothing.
      await m007.up(db);
      expect(
        await db.selectFrom('feature_switch').select(['mod_id', 'parent_mod_id', 'enabled']).execute(),
      ).toEqual(rows);
    } finally {
      await database.close();
    }
  });

  it('007 leaves an empty database to the seed', async () => {
    const database = await openPglite({ lock: false });
    try {
      await migrateToLatest(database);
      expect(await database.db.selectFrom('feature_switch').selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
  it('migrations are history that knows no domain module: they import only Kysely, and a migrated database holds no demo data until the seed runs', async () => {
    const dir = new URL('./migrations/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const imports = [...text.matchAll(/^import[^;]*?from '([^']+)'/gms)].map((m) => m[1]);
      expect(
        imports.filter((from) => from !== 'kysely' && from !== 'kysely/migration'),
        file,
      ).toEqual([]);
    }
    const database = await openPglite({ lock: false });
    try {
      await migrateToLatest(database);
      const count = async (table: string) =>
        (await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table)}`.execute(database.db))
          .rows[0]!.n;
      // Demo data: none. Reference data a migration owns (the lottery games we run): there.
      expect(await count('game')).toBe(0);
      expect(await count('game_vendor')).toBe(0);
      expect(await count('member')).toBe(0);
      expect(await count('lottery_game')).toBeGreaterThan(0);
      await seedDemoData(database);
      expect(await count('game')).toBeGreaterThan(9_000);
      const vendor = await sql<{ display_name: string }>`
        select display_name from game_vendor where vassalage = 'TCG_LOTTO_VN'`.execute(database.db);
      expect(vendor.rows).toEqual([{ display_name: 'Vietnam Lottery' }]);
    } finally {
      await database.close();
    }
  });
});
