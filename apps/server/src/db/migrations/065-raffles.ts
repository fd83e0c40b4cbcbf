import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, raffles (decision 053). Amounts are minor units of the site's currency.
 *
 * - raffle: one schedule of a raffle promotion: the entry window, the draw time, the cash prizes by
 *   place, and the draw's commitment: a secret seed chosen at creation, its SHA-256 published
 *   from then on, the seed itself shown once drawn.
 * - raffle_entry: a member's one ticket in a raffle (the primary key makes it one however many
 *   claims race); the ticket number is the entry's id, the order the draw reads.
 * - raffle_winner: one row per place paid, and one place per member, so of two draws at once the
 *   second writes nothing; the ledger key names the same (raffle, place).
 * - RAFFLE_PRIZE: the ledger kind of a prize, house bonus account → the member's main wallet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into ledger_kind (code, description) values ('RAFFLE_PRIZE', 'Raffle prize')
    on conflict do nothing`.execute(db);

  await sql`
    create table raffle (
      id serial primary key,
      title text not null check (length(title) between 1 and 80),
      description text not null default '' check (length(description) <= 500),
      opens_at timestamptz not null,
      closes_at timestamptz not null,
      draw_at timestamptz not null,
      prizes bigint[] not null check (cardinality(prizes) between 1 and 50 and 0 < all (prizes)),
      status text not null default 'SCHEDULED' check (status in ('SCHEDULED', 'DRAWN', 'CANCELLED')),
      seed text not null check (seed ~ '^[0-9a-f]{64}$'),
      seed_hash text not null check (seed_hash ~ '^[0-9a-f]{64}$'),
      entries integer,
      entries_hash text,
      drawn_at timestamptz,
      cancelled_at timestamptz,
      cancel_reason text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (opens_at < closes_at and closes_at <= draw_at),
      check ((status = 'DRAWN') = (drawn_at is not null)),
      check ((status = 'CANCELLED') = (cancelled_at is not null))
    )`.execute(db);
  await sql`create index raffle_due on raffle (draw_at) where status = 'SCHEDULED'`.execute(db);
  await sql`create index raffle_by_draw on raffle (draw_at desc)`.execute(db);

  await sql`
    create table raffle_entry (
      id bigserial unique,
      raffle_id integer not null references raffle(id),
      member_id bigint not null references member(id),
      created_at timestamptz not null default now(),
      primary key (raffle_id, member_id)
    )`.execute(db);
  await sql`create index raffle_entry_member on raffle_entry (member_id, raffle_id)`.execute(db);

  await sql`
    create table raffle_winner (
      raffle_id integer not null references raffle(id),
      place integer not null check (place >= 1),
      member_id bigint not null references member(id),
      ticket bigint not null,
      amount bigint not null check (amount > 0),
      ledger_transaction_id bigint,
      created_at timestamptz not null default now(),
      primary key (raffle_id, place),
      unique (raffle_id, member_id)
    )`.execute(db);
  await sql`create index raffle_winner_member on raffle_winner (member_id)`.execute(db);
}
