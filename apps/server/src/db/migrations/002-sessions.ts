import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('agent_type', 'integer', (c) => c.notNull().check(sql`agent_type in (0,1,2,4,40,41,42)`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index member_username_lower on member (lower(username))`.execute(db);
  await db.schema
    .createTable('session')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('idle_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('session_member').on('session').column('member_id').execute();
}
