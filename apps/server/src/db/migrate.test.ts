import { describe, expect, it } from 'vitest';
import { Migrator } from 'kysely/migration';
import { openPglite } from './connection.ts';
import { migrateToLatest, migrations } from './migrate.ts';
import { seedDemoData } from '../seed/seed.ts';

/** Upgrades of a database that already holds data, as a running site's would (embedded PGlite). */
describe('migrations on a database seeded by an earlier version', () => {
  it('004 adds the PHONEAUTH3 switch, off, to a seeded database; 005 adds the outbox lease; data survives', async () => {
    const database = await openPglite({ lock: false });
    try {
      const provider = { getMigrations: async () => migrations };
      const migrator = new Migrator({ db: database.db, provider });
      const to003 = await migrator.migrateTo('003-accounts');
      expect(to003.error).toBeUndefined();
      // The seed of that version had no PHONEAUTH3 row.
      await seedDemoData(database);
      await database.db.deleteFrom('feature_switch').where('mod_id', '=', 'PHONEAUTH3').execute();
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
});
