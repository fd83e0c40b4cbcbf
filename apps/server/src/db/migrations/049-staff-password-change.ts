import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, staff self-service: an admin's password reset gives the member of staff a one-time
 * password that must be changed at the next sign-in (after the second factor, before anything
 * else opens). The flag is set by the reset and cleared by the person's own new password.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff add column password_change_required boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff drop column password_change_required`.execute(db);
}
