import { sql, type Kysely } from 'kysely';

/**
 * Issue 31: an operator's "force password change" must hold at the player's next login whatever
 * the passwordExpiryChange switch says (that switch decides whether an *aged* password must be
 * changed, a site policy; a password staff believe leaked is not a policy question). The flag is
 * set by the back office and cleared by any new password.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column password_change_required boolean not null default false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member drop column password_change_required`.execute(db);
}
