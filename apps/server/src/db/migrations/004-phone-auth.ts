import { sql, type Kysely } from 'kysely';

/**
 * The self-hosted phone-code provider (decision 012): a code request returns an opaque session
 * handle, stored hashed beside its code, and a confirmed code is exchanged for a single-use ID
 * token, kept in the same table with channel 'token'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table verification_code add column session_hash bytea`.execute(db);
  await sql`alter table verification_code drop constraint verification_code_channel_check`.execute(db);
  await sql`alter table verification_code add constraint verification_code_channel_check check (channel in ('sms','email','link','token'))`.execute(
    db,
  );
  await sql`create unique index verification_code_session on verification_code (session_hash) where session_hash is not null`.execute(
    db,
  );
  await sql`create index verification_code_hash on verification_code (purpose, code_hash)`.execute(db);
  // A database seeded before this switch existed gets it, off; an empty one gets it from the seed.
  await sql`
    insert into feature_switch (mod_id, parent_mod_id, enabled, label, sort)
    select 'PHONEAUTH3', 'LOGIN3', false, 'Phone-code provider for phone numbers', coalesce(max(sort), 0) + 1 from feature_switch
    having exists (select 1 from feature_switch where mod_id = 'LOGIN3')
    on conflict (mod_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from feature_switch where mod_id = 'PHONEAUTH3'`.execute(db);
  await sql`drop index verification_code_hash`.execute(db);
  await sql`drop index verification_code_session`.execute(db);
  await sql`delete from verification_code where channel = 'token'`.execute(db);
  await sql`alter table verification_code drop constraint verification_code_channel_check`.execute(db);
  await sql`alter table verification_code add constraint verification_code_channel_check check (channel in ('sms','email','link'))`.execute(
    db,
  );
  await sql`alter table verification_code drop column session_hash`.execute(db);
}
