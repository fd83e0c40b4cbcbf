import { sql, type Kysely } from 'kysely';

/**
 * The agent centre's figures (migration 029, decision 028) are rows of a day updated at every fold
 * for as long as the day lasts: a member's figures of today each time it bets, its uplines' at
 * every fold, its accruals and active days likewise. At the default fill a page holds no room for
 * a row's new version, so every update wrote it into another page and a new entry into the
 * primary key, and a fold of 8,000 bets dirtied about one page a row. At fillfactor 70 the new
 * version fits the page its row is on (a heap-only update: no index touched), and a day's rows,
 * inserted together as the day's first folds find them, stay together: a fold dirties the few
 * pages of today's rows. The price is room: pages written from now on are 70 % full. Pages
 * written before keep their fill; a row on one moves once, on its first update.
 */
const tables = [
  'agent_member_day',
  'agent_team_day',
  'agent_member_active',
  'agent_team_active',
  'agent_rebate_accrual',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of tables) await sql`alter table ${sql.id(t)} set (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of tables) await sql`alter table ${sql.id(t)} reset (fillfactor)`.execute(db);
}
