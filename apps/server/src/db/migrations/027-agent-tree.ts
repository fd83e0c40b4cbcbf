import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, the agent tree (decision 028).
 *
 * - member_tree: the closure of member.upline_id, one row per (ancestor, descendant) pair with the
 *   distance between them, each member also its own ancestor at depth 0. "The whole team of X" is
 *   `ancestor_id = X and depth > 0`, "X's direct downlines" `ancestor_id = X and depth = 1`, and
 *   "X's uplines" `descendant_id = X`: all from the primary key or the descendant index. The trigger
 *   keeps it: every insert of a member, whatever code path wrote it, gets its rows in the same
 *   statement; a change of upline moves the member's whole subtree (an operator's move).
 * - member.lottery_series: the member's prize group (奖金组) at base 2000, the highest series the
 *   member may bet at; the lottery rebate the member's upline keeps on the member's team is the
 *   difference of the two groups (decision 028). 1956 is the platform's top, what every member
 *   had before agents existed.
 * - member.remark: the upline's note on a downline (team management).
 * - member_rebate: the rebate percentage of the other products, in basis points, per member.
 * - affiliate_link: an agent's registration link, with the account type, prize group and rebates it
 *   gives, its expiry and channel; member.affiliate_link_id records the link a member came through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column lottery_series integer not null default 1956
    check (lottery_series between 1700 and 2000)`.execute(db);
  await sql`alter table member add column remark text not null default ''`.execute(db);

  await sql`
    create table member_tree (
      ancestor_id bigint not null references member(id),
      descendant_id bigint not null references member(id),
      depth integer not null check (depth >= 0),
      primary key (ancestor_id, descendant_id)
    )`.execute(db);
  // Uplines of one member, nearest first; and the direct downlines of one member (depth = 1).
  await sql`create index member_tree_descendant on member_tree (descendant_id, depth)`.execute(db);
  await sql`create index member_tree_direct on member_tree (ancestor_id, depth, descendant_id)`.execute(db);

  await sql`
    create function member_tree_on_insert() returns trigger language plpgsql as $$
    begin
      insert into member_tree (ancestor_id, descendant_id, depth)
        select new.id, new.id, 0
        union all
        select t.ancestor_id, new.id, t.depth + 1 from member_tree t
          where new.upline_id is not null and t.descendant_id = new.upline_id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger member_tree_insert after insert on member
      for each row execute function member_tree_on_insert()`.execute(db);

  // Moving a member moves its subtree: the paths from its old uplines to every member of the
  // subtree go, the paths from its new uplines come. A member can never become its own upline.
  await sql`
    create function member_tree_on_move() returns trigger language plpgsql as $$
    begin
      if new.upline_id is not null and exists (
        select 1 from member_tree where ancestor_id = new.id and descendant_id = new.upline_id
      ) then
        raise exception 'member %: upline % is in its own team', new.id, new.upline_id using errcode = 'AG001';
      end if;
      delete from member_tree d
        using member_tree sub, member_tree up
        where sub.ancestor_id = new.id and up.descendant_id = new.id and up.depth > 0
          and d.ancestor_id = up.ancestor_id and d.descendant_id = sub.descendant_id;
      insert into member_tree (ancestor_id, descendant_id, depth)
        select up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
        from member_tree up, member_tree sub
        where new.upline_id is not null and up.descendant_id = new.upline_id and sub.ancestor_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger member_tree_move after update of upline_id on member
      for each row when (old.upline_id is distinct from new.upline_id)
      execute function member_tree_on_move()`.execute(db);

  // The members that exist now, uplines first (a recursive walk from the roots).
  await sql`
    insert into member_tree (ancestor_id, descendant_id, depth)
    with recursive walk(ancestor_id, descendant_id, depth) as (
      select id, id, 0 from member
      union all
      select w.ancestor_id, m.id, w.depth + 1 from walk w join member m on m.upline_id = w.descendant_id
    )
    select ancestor_id, descendant_id, depth from walk`.execute(db);

  await sql`
    create table member_rebate (
      member_id bigint not null references member(id),
      product text not null check (product in ('LIVE','RNG','SPORTS','FISH','PVP','ELOTT')),
      rate_bp integer not null check (rate_bp between 0 and 10000),
      primary key (member_id, product)
    )`.execute(db);

  await sql`
    create table affiliate_link (
      id bigserial primary key,
      member_id bigint not null references member(id),
      code text not null unique,
      account_type integer not null,
      lottery_series integer not null check (lottery_series between 1700 and 2000),
      rebates jsonb not null default '{}'::jsonb,
      channel text not null default '',
      expires_at timestamptz,
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index affiliate_link_member on affiliate_link (member_id, id desc) where deleted_at is null`.execute(
    db,
  );
  await sql`alter table member add column affiliate_link_id bigint references affiliate_link(id)`.execute(db);
  await sql`create index member_affiliate_link on member (affiliate_link_id) where affiliate_link_id is not null`.execute(
    db,
  );
}
