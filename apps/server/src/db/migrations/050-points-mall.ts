import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, the points mall (decision 033, "The mall").
 *
 * - points_goods: what the mall offers: name, image, the stock given (`quantity`) and what is left
 *   (`available`), the points one item costs and the amount requirement (the member's successful
 *   deposits, minor units of the site's currency, needed to redeem it), on sale or not. A redeem
 *   takes the row's lock and lowers `available` (never below zero: a check), so of two members
 *   redeeming the last item one gets it.
 * - points_redeem: every redeem and conversion, with the points it took (hundredths), the balance
 *   after, its status (PROCESS until the operator decides a redeem of goods; a conversion is
 *   APPROVED at once) and remark. A rejection returns the points and the item.
 * - points_config: one row: the conversion ratio (hundredths of a point per one unit of the site's
 *   currency), the smallest conversion, and whether the mall is open.
 * - Points on deposits: a points_rate row of product DEPOSIT (type DEPOSIT, rate 0: off until an
 *   operator sets one), and a trigger queueing a deposit order's amount when it turns SUCCESS, so
 *   the points fold posts them (kind POINTS_DEPOSIT) exactly once like bets' points.
 * - Ledger kind POINTS_CONVERT: the money a conversion pays from the house's cash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into ledger_kind (code, description) values ('POINTS_CONVERT', 'Points converted to money')
    on conflict do nothing`.execute(db);

  await sql`alter table points_rate drop constraint if exists points_rate_points_type_check`.execute(db);
  await sql`
    alter table points_rate add constraint points_rate_points_type_check
      check (points_type in ('LIVE','LOTTERY','PVP','SLOTS','SPORTS','DEPOSIT'))`.execute(db);
  await sql`insert into points_rate (product, points_type, rate) values ('DEPOSIT', 'DEPOSIT', 0)
    on conflict do nothing`.execute(db);

  await sql`
    create function points_deposit_success() returns trigger language plpgsql as $$
    begin
      if new.status = 'SUCCESS' and (tg_op = 'INSERT' or old.status is distinct from 'SUCCESS') then
        insert into points_queue (member_id, product, valid_bet) values (new.member_id, 'DEPOSIT', new.amount);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger deposit_order_points after insert or update of status on deposit_order
      for each row execute function points_deposit_success()`.execute(db);

  await sql`
    create table points_goods (
      id bigserial primary key,
      name text not null check (length(name) between 1 and 100),
      image text not null default '',
      quantity integer not null check (quantity >= 0),
      available integer not null check (available >= 0),
      points bigint not null check (points > 0),
      amount_requirement bigint not null default 0 check (amount_requirement >= 0),
      enabled boolean not null default true,
      sort integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table points_redeem (
      id bigserial primary key,
      member_id bigint not null references member(id),
      type text not null check (type in ('GOODS','CONVERT')),
      goods_id bigint references points_goods(id),
      goods_name text not null default '',
      quantity integer not null default 1 check (quantity > 0),
      points bigint not null check (points > 0),
      amount bigint not null default 0,
      balance_after bigint not null,
      status text not null check (status in ('PROCESS','REJECTED','APPROVED')),
      remark text not null default '',
      request_id text,
      decided_by text,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      unique (member_id, request_id)
    )`.execute(db);
  await sql`create index points_redeem_member on points_redeem (member_id, id desc)`.execute(db);
  await sql`create index points_redeem_open on points_redeem (status, id) where status = 'PROCESS'`.execute(
    db,
  );

  await sql`
    create table points_config (
      singleton boolean primary key default true check (singleton),
      ratio bigint not null default 10000 check (ratio > 0),
      min_convert bigint not null default 10000 check (min_convert > 0),
      enabled boolean not null default true
    )`.execute(db);
  await sql`insert into points_config (singleton) values (true)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists deposit_order_points on deposit_order`.execute(db);
  await sql`drop function if exists points_deposit_success`.execute(db);
  for (const t of ['points_config', 'points_redeem', 'points_goods'])
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  await sql`delete from points_rate where product = 'DEPOSIT'`.execute(db);
}
