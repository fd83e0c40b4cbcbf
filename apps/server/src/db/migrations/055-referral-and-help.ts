import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, referral and help (decision 043).
 *
 * - referral_config: one row: what a friend must do to qualify (a first successful deposit of at
 *   least `min_first_deposit`, settled valid bets of at least `min_valid_bet`, minor units of the
 *   site's currency) and what the member who invited them is paid for it (`reward`). The REFERRAL3
 *   switch turns the programme on and off; this row only says its terms.
 * - referral_reward: one row per invited member whose referrer was paid, keyed by the invitee, so a
 *   reward is written at most once whatever runs the job; the ledger movement's key is the same
 *   invitee, a second line of defence.
 * - member.referral_bound_at: when a referrer was bound after registration (null: at registration
 *   or never): a member may bind a friend's code once, within a week of registering.
 * - Ledger kind REFERRAL_REWARD: the reward, paid from the house's bonus account.
 * - feedback and feedback_image: the feedback form (PUT /wps/feedback): who sent it (a member or a
 *   visitor), its type and text, and its images as WebP re-encoded from what was uploaded, keyed by
 *   their hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into ledger_kind (code, description) values ('REFERRAL_REWARD', 'Referral reward')
    on conflict do nothing`.execute(db);
  await sql`
    create table referral_config (
      singleton boolean primary key default true check (singleton),
      reward bigint not null default 0 check (reward >= 0),
      min_first_deposit bigint not null default 0 check (min_first_deposit >= 0),
      min_valid_bet bigint not null default 0 check (min_valid_bet >= 0),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // Demo terms in the site's minor units (2 decimals): a first deposit of 100 and 500 in valid bets
  // earn the friend who invited 50. An operator changes them (decision 043).
  await sql`insert into referral_config (reward, min_first_deposit, min_valid_bet) values (5000, 10000, 50000)`.execute(
    db,
  );

  await sql`
    create table referral_reward (
      invitee_id bigint primary key references member(id) on delete cascade,
      referrer_id bigint not null references member(id) on delete cascade,
      amount bigint not null check (amount > 0),
      ledger_transaction_id bigint not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index referral_reward_referrer on referral_reward (referrer_id)`.execute(db);
  await sql`create index member_referrer on member (referrer_id) where referrer_id is not null`.execute(db);
  await sql`alter table member add column referral_bound_at timestamptz`.execute(db);

  await sql`
    create table feedback (
      id bigserial primary key,
      member_id bigint references member(id) on delete set null,
      sender text not null default '',
      type text not null,
      content text not null,
      images text[] not null default '{}',
      ip text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table feedback_image (
      sha256 text primary key,
      bytes bytea not null,
      size integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists feedback_image`.execute(db);
  await sql`drop table if exists feedback`.execute(db);
  await sql`alter table member drop column if exists referral_bound_at`.execute(db);
  await sql`drop index if exists member_referrer`.execute(db);
  await sql`drop table if exists referral_reward`.execute(db);
  await sql`drop table if exists referral_config`.execute(db);
}
