import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, the agent centre's Announcement page: announcements the operator addresses to agents.
 * `audience` says who reads one: ALL (everyone, through the public announcement calls, as before)
 * or AGENTS (agents only, through GET /wps/agent/announcements, never the public calls). A column
 * rather than a sixth type: the public call's types are the original's five (NM-03), and an agents'
 * notice is still a notice. Every existing row stays ALL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table announcement
      add column audience text not null default 'ALL' check (audience in ('ALL', 'AGENTS'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table announcement drop column audience`.execute(db);
}
