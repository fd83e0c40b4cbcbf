import { sql } from 'kysely';
import type { Database } from './connection.ts';

/**
 * The living text of the database's SQL functions. Migrations are history: a function is created
 * in one and may be replaced by a later one, so its current text used to be found by searching
 * them. `db/functions/<name>.sql` holds what the migrated database has now, each function with
 * the triggers that call it; `npm run db:functions` writes the folder from a freshly migrated
 * database, and schema.test.ts fails when the folder and the migrations disagree.
 */
export const FUNCTIONS_DIR = new URL('./functions/', import.meta.url);

/** File name → content, for every function of the current schema. */
export async function currentFunctionFiles(database: Database): Promise<Map<string, string>> {
  const functions = await sql<{ name: string; definition: string }>`
    select p.proname as name, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema()
    order by p.proname, p.oid`.execute(database.db);
  const triggers = await sql<{ fn: string; definition: string }>`
    select p.proname as fn, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t
    join pg_proc p on p.oid = t.tgfoid
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and n.nspname = current_schema()
    order by t.tgname`.execute(database.db);
  const files = new Map<string, string>();
  for (const f of functions.rows) {
    const calledBy = triggers.rows.filter((t) => t.fn === f.name).map((t) => `${t.definition};\n`);
    const text = [
      `-- The current definition of ${f.name}, as the migrations leave it (written by npm run db:functions).\n`,
      `${f.definition.trimEnd()};\n`,
      ...(calledBy.length ? ['\n-- Triggers that call it:\n', ...calledBy] : []),
    ].join('');
    files.set(`${f.name}.sql`, (files.get(`${f.name}.sql`) ?? '') + text);
  }
  return files;
}
