import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function readSetting<T>(db: Kysely<DB>, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('system_setting').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value as T | undefined;
}

export async function writeSetting(db: Kysely<DB>, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('system_setting')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
}

export function listSwitches(db: Kysely<DB>) {
  return db.selectFrom('feature_switch').selectAll().orderBy('sort').orderBy('mod_id').execute();
}

export async function setSwitch(db: Kysely<DB>, modId: string, enabled: boolean): Promise<boolean> {
  const res = await db
    .updateTable('feature_switch')
    .set({ enabled })
    .where('mod_id', '=', modId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function listRegisterRules(db: Kysely<DB>) {
  return db.selectFrom('register_rule').selectAll().orderBy('sort').execute();
}

export function listResources(db: Kysely<DB>) {
  return db.selectFrom('resource').selectAll().orderBy('sort').execute();
}

export function listCustomerService(db: Kysely<DB>) {
  return db.selectFrom('customer_service').selectAll().orderBy('sort').execute();
}

export function listHelpArticles(db: Kysely<DB>) {
  return db.selectFrom('help_article').selectAll().where('active', '=', true).orderBy('sort').execute();
}

export function listDomains(db: Kysely<DB>) {
  return db.selectFrom('domain').selectAll().orderBy('sort').execute();
}

export function listCountries(db: Kysely<DB>) {
  return db.selectFrom('country').selectAll().orderBy('sort').execute();
}
