import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, VIP levels and missions (decision 042). Amounts are minor units of the site's currency.
 *
 * - vip_config: one row, the rolling window (report days) a level's figures are summed over.
 * - vip_level: the ladder: a rank, its club label, what it needs over the window (deposits and
 *   valid bets, both) and the cash reward of reaching it. Rank 1 needs nothing: every member's
 *   level when its figures reach no other (member.rank_level's default since migration 003).
 * - vip_reward: one row per member and rank rewarded, so a level's reward is credited once ever,
 *   whatever instance or re-run writes it (a member who falls back and climbs again is not paid
 *   twice); the ledger key names the same pair, a second line of defence.
 * - mission and mission_reward: a mission's target over a period, and one row per mission, period
 *   and member paid (the same two lines of defence).
 * - agent_member_day_all_by_day: the members with figures on a day, for the level and mission jobs
 *   (the table's key starts with the member). Partial on the whole-day rows: the agent fold
 *   updates those in place without touching an indexed column, so the index costs an insert per
 *   member and day, not a write per fold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into ledger_kind (code, description) values
      ('VIP_REWARD', 'VIP level reward'), ('MISSION_REWARD', 'Mission reward')
    on conflict do nothing`.execute(db);

  await sql`
    create table vip_config (
      singleton boolean primary key default true check (singleton),
      window_days integer not null default 30 check (window_days between 1 and 92),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into vip_config default values`.execute(db);

  await sql`
    create table vip_level (
      rank_level integer primary key check (rank_level between 1 and 20),
      label text not null check (length(label) between 1 and 40),
      min_deposit bigint not null default 0 check (min_deposit >= 0),
      min_valid_bet bigint not null default 0 check (min_valid_bet >= 0),
      reward bigint not null default 0 check (reward >= 0),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // The ladder a new site starts with (2 decimals: 100000 is 1,000.00); an operator redefines it
  // with npm run ops -- vip level.
  await sql`
    insert into vip_level (rank_level, label, min_deposit, min_valid_bet, reward) values
      (1, 'Bronze', 0, 0, 0),
      (2, 'Silver', 100000, 500000, 1800),
      (3, 'Gold', 500000, 3000000, 5800),
      (4, 'Platinum', 2000000, 15000000, 18800),
      (5, 'Diamond', 8000000, 60000000, 58800),
      (6, 'Crown', 30000000, 250000000, 188800)`.execute(db);

  await sql`
    create table vip_reward (
      member_id bigint not null references member(id),
      rank_level integer not null,
      amount bigint not null check (amount >= 0),
      ledger_transaction_id bigint,
      created_at timestamptz not null default now(),
      primary key (member_id, rank_level)
    )`.execute(db);

  await sql`
    create table mission (
      id serial primary key,
      title text not null check (length(title) between 1 and 80),
      kind text not null check (kind in ('BET', 'DEPOSIT', 'LOGIN')),
      product text not null default '',
      period text not null check (period in ('DAILY', 'WEEKLY', 'MONTHLY')),
      target bigint not null check (target > 0),
      reward bigint not null check (reward >= 0),
      active boolean not null default true,
      sort integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (kind = 'BET' or product = '')
    )`.execute(db);
  await sql`
    create table mission_reward (
      mission_id integer not null references mission(id),
      period_start date not null,
      member_id bigint not null references member(id),
      amount bigint not null check (amount >= 0),
      ledger_transaction_id bigint,
      created_at timestamptz not null default now(),
      primary key (mission_id, period_start, member_id)
    )`.execute(db);
  await sql`create index mission_reward_created on mission_reward (created_at)`.execute(db);

  await sql`
    create index agent_member_day_all_by_day on agent_member_day (day, member_id) where product = '*'`.execute(
    db,
  );
}
