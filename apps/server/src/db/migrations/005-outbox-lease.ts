import { sql, type Kysely } from 'kysely';

/**
 * Outbox delivery leases: a sender claims a few pending messages for a while, then talks to the
 * gateway outside any transaction. Holding a transaction open across a network call would hold a
 * pooled connection on PostgreSQL and, on PGlite, the only connection: the whole platform would
 * wait for a slow SMTP server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_message add column claimed_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_message drop column claimed_until`.execute(db);
}
