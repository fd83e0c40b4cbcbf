import { sql, type Kysely } from 'kysely';

/**
 * The member's profile (issue 7, "Security centre and profile"; MC-10; decision 023).
 *
 * - member_profile: one row per member that has filled any of the KYC fields the member table
 *   does not already hold (the full name is member.payee_name, the nickname member.nickname),
 *   and the bank account withdrawals default to. Values are stored as the member typed them
 *   after the contract's normalisation; the checks here are the last line behind the service's.
 *   The birthday is a YYYY-MM-DD text: a calendar date, never shifted by a time zone.
 * - An uploaded avatar needs no table: it is re-encoded to a small WebP and kept as a data URL in
 *   member.avatar with avatar_type CUSTOM, so only its owner's member info ever carries it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_profile (
      member_id bigint primary key references member(id) on delete cascade,
      telegram text check (telegram ~ '^[A-Za-z][A-Za-z0-9_]{4,31}$'),
      zalo text check (zalo ~ '^\\+?[0-9]{8,15}$'),
      birthday text check (birthday ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      address text check (char_length(address) between 5 and 200),
      nationality text check (nationality ~ '^[A-Z]{2}$'),
      occupation text check (char_length(occupation) between 2 and 60),
      source_of_income text check (source_of_income in
        ('SALARY','BUSINESS','INVESTMENT','SAVINGS','PENSION','FAMILY','OTHER')),
      place_of_birth text check (char_length(place_of_birth) between 2 and 100),
      default_bank_account_id bigint references bank_account(id),
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_profile`.execute(db);
}
