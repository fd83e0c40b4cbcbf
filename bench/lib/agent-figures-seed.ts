/**
 * The agent benches' history, seeded set-based (decision 028, docs/benchmarks.md session 25): the
 * generated bets are inserted with bet_record's insert trigger off (the agent figures', the
 * points', the site figures' and bet_win), then the team figures the fold would make of them are
 * written with one grouped INSERT ... SELECT per table (the players' own rebates in the member
 * rows, as the fold keeps them: decision 059), and the agents' differentials accrued by the fold's
 * own accrueRebates over the bets summed per member and product. A fresh 10M-bet tree seeds in
 * minutes where folding its queue took more than an hour (4,405 s in session 24).
 *
 * `checkSeededFigures` proves the shortcut honest on a small tree: it deletes the seeded figures of
 * the bench's members, queues their registrations and bets as the triggers would have, folds them
 * with the real fold and compares every row of every figures table (bench/agent-stats.bench.ts
 * runs it with BENCH_AGENT_SEED_CHECK=1).
 *
 * Loaded inside a bench's worker (it imports the server's modules).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import {
  ActiveMetric,
  ACTIVE_GAP_CAP,
  ALL_PRODUCTS,
  FIGURE_COLUMNS,
  type AgentStats,
} from '../../apps/server/src/modules/agent/stats.ts';
import { AgentType } from '@app/contract';
import {
  accrueRebates,
  LOTTERY_PRODUCTS,
  resolveFoldMembers,
} from '../../apps/server/src/modules/agent/rebate-job.ts';

/**
 * bet_record's insert trigger, which queues a settled bet (agent figures, points, site figures;
 * one trigger since migration 076). It also writes the winners board's bet_win rows, which the
 * history then lacks: no agent bench reads them.
 */
const QUEUEING_TRIGGERS = ['bet_record_insert'];

/** Runs `work` with bet_record's queueing insert triggers disabled (the bulk insert of history). */
export async function withoutQueueing(db: Kysely<DB>, work: () => Promise<void>): Promise<void> {
  const set = async (on: boolean) => {
    for (const t of QUEUEING_TRIGGERS)
      await sql`alter table bet_record ${sql.raw(on ? 'enable' : 'disable')} trigger ${sql.id(t)}`.execute(
        db,
      );
  };
  await set(false);
  try {
    await work();
  } finally {
    await set(true);
  }
}

const cols = FIGURE_COLUMNS.join(', ');
const sums = FIGURE_COLUMNS.map((c) => `sum(${c})::bigint as ${c}`).join(', ');
const adds = (t: string) => FIGURE_COLUMNS.map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', ');

/** One statement in a transaction of its own with room to hash and sort in memory. */
async function big(db: Kysely<DB>, statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '512MB'`.execute(trx);
    await statement.execute(trx);
  });
}

/**
 * The figures of the settled bets of `vendor` (inserted without the queueing triggers), as the fold
 * would have added them: agent_member_day (each product and the whole day), agent_member_first and
 * the first bets, agent_team_day (summed per direct upline, then up member_tree), the team's month
 * rows (agent_team_month; the members' come from their closed days, migration 085), the gaps of the
 * bettors' active days (their whole-day rows) per upline, and the rebates the bets earn. The bets' members must have no
 * bets folded before (the bench's tree is new): the first bets are theirs.
 */
export async function seedBetFigures(
  db: Kysely<DB>,
  stats: Pick<AgentStats, 'timeZone'>,
  vendor: string,
  log: (s: string) => void = () => {},
): Promise<void> {
  const tz = stats.timeZone;
  const cap = sql.lit(ACTIVE_GAP_CAP);
  const step = async (name: string, statement: ReturnType<typeof sql>) => {
    const t0 = performance.now();
    await big(db, statement);
    log(`seed figures: ${name} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  };
  await sql`drop table if exists bench_seed_member`.execute(db);
  const zeros = FIGURE_COLUMNS.filter((c) => !['bets', 'bet_amount', 'valid_bet', 'payout'].includes(c))
    .map((c) => `0::bigint as ${c}`)
    .join(', ');
  await step(
    'per member, day and product',
    sql`
      create unlogged table bench_seed_member as
      select member_id, day, coalesce(product, ${ALL_PRODUCTS}) as product,
        count(*)::bigint as bets, sum(bet_amount)::bigint as bet_amount, sum(valid_bet)::bigint as valid_bet,
        sum(payout)::bigint as payout, ${sql.raw(zeros)}
      from (
        select member_id, (coalesce(settled_at, bet_at) at time zone ${tz})::date as day, product, bet_amount,
          valid_bet, payout
        from bet_record where vendor = ${vendor} and status = 'SETTLED'
      ) b
      group by grouping sets ((member_id, day, product), (member_id, day))`,
  );
  await step(
    'first bets',
    sql`
      insert into agent_member_first (member_id, first_bet_day)
      select member_id, min(day) from bench_seed_member where product = ${ALL_PRODUCTS} group by member_id`,
  );
  await step(
    'first bets in the whole days',
    sql`
      update bench_seed_member s set first_bets = 1
      from agent_member_first f
      where f.member_id = s.member_id and s.product = ${ALL_PRODUCTS} and s.day = f.first_bet_day`,
  );
  // A day's rows together, as the folds of a live day write them; a product's row with the
  // player's own rebate its bets earn at its rate (other products than the lottery's, no trial
  // account), as the fold keeps it until the hourly payment (decision 059).
  const seeded = FIGURE_COLUMNS.map((c) => `s.${c}`).join(', ');
  await step(
    'agent_member_day',
    sql`
      insert into agent_member_day as d (member_id, day, product, ${sql.raw(cols)}, own_rebate)
        select s.member_id, s.day, s.product, ${sql.raw(seeded)},
          case when s.product <> ${ALL_PRODUCTS} and s.product not in ${LOTTERY_PRODUCTS}
            and m.agent_type <> ${AgentType.trial}
            then s.valid_bet::numeric * coalesce(mr.rate_bp, 0) * 2 else 0 end
        from bench_seed_member s
        join member m on m.id = s.member_id
        left join member_rebate mr on mr.member_id = s.member_id and mr.product = s.product
        order by s.day, s.member_id, s.product
      on conflict (member_id, product, day) do update set ${sql.raw(adds('d'))},
        own_rebate = d.own_rebate + excluded.own_rebate`,
  );
  await step(
    'the own rebates\u2019 first day',
    sql`
      update agent_stat_state set own_rebate_from = least(own_rebate_from,
        (select min(day) from bench_seed_member where product <> ${ALL_PRODUCTS}))`,
  );
  await step(
    'agent_team_day',
    sql`
      insert into agent_team_day as d (ancestor_id, day, product, ${sql.raw(cols)})
        select t.ancestor_id, u.day, u.product, ${sql.raw(sums)}
        from (
          select m.upline_id, s.day, s.product, ${sql.raw(sums)}
          from bench_seed_member s join member m on m.id = s.member_id
          where m.upline_id is not null
          group by m.upline_id, s.day, s.product
        ) u
        join member_tree t on t.descendant_id = u.upline_id
        group by t.ancestor_id, u.day, u.product
        order by u.day, t.ancestor_id, u.product
      on conflict (ancestor_id, product, day) do update set ${sql.raw(adds('d'))}`,
  );
  // The team's month rows (migration 081, decision 063): the sums of the same day rows. The
  // members' are added from closed days by AgentStats.rollMemberMonths (migration 085), as live.
  await step(
    'agent_team_month',
    sql`
      insert into agent_team_month as d (ancestor_id, product, month, ${sql.raw(cols)})
        select t.ancestor_id, u.product, u.month, ${sql.raw(sums)}
        from (
          select m.upline_id, date_trunc('month', s.day)::date as month, s.product, ${sql.raw(sums)}
          from bench_seed_member s join member m on m.id = s.member_id
          where m.upline_id is not null
          group by m.upline_id, date_trunc('month', s.day)::date, s.product
        ) u
        join member_tree t on t.descendant_id = u.upline_id
        group by t.ancestor_id, u.month, u.product
      on conflict (ancestor_id, product, month) do update set ${sql.raw(adds('d'))}`,
  );
  // The bettors' active days are their whole-day rows with bets (migration 052): no rows of their own.
  await step(
    'agent_team_active (bettors)',
    sql`
      insert into agent_team_active as a (ancestor_id, day, metric, gap, members)
        select t.ancestor_id, u.day, ${sql.lit(ActiveMetric.bettor)}, u.gap, sum(u.members)::integer
        from (
          select m.upline_id, g.day, g.gap, count(*) as members
          from (
            select member_id, day,
              least(coalesce(day - lag(day) over (partition by member_id order by day), ${cap}), ${cap}) as gap
            from bench_seed_member where product = ${ALL_PRODUCTS}
          ) g
          join member m on m.id = g.member_id
          where m.upline_id is not null
          group by m.upline_id, g.day, g.gap
        ) u
        join member_tree t on t.descendant_id = u.upline_id
        group by t.ancestor_id, u.day, u.gap
      on conflict (ancestor_id, day, metric, gap) do update set members = a.members + excluded.members`,
  );
  // The agents' differentials: the fold's own accrual over the bets summed per member and product
  // (what each bet earns is its valid bet times a rate of its member and product: the sum earns
  // the same).
  const t0 = performance.now();
  await db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '512MB'`.execute(trx);
    await sql`create temp table agent_fold_batch (like agent_stat_queue) on commit drop`.execute(trx);
    await sql`
      insert into agent_fold_batch (slot, member_id, at, event, product, kind, reference, bets, bet_amount,
        valid_bet, payout, amount)
      select 0, member_id, now(), 'BET', product, '', '', sum(bets), 0, sum(valid_bet), 0, 0
      from bench_seed_member where product <> ${ALL_PRODUCTS}
      group by member_id, product`.execute(trx);
    await resolveFoldMembers(trx);
    await sql`
      create temp table agent_fold_member on commit drop as
      select b.member_id, current_date as day, b.product, b.valid_bet, case
          when b.product in ${LOTTERY_PRODUCTS} then 0 else coalesce(mr.rate_bp, 0) end as rate_bp
      from agent_fold_batch b
      left join member_rebate mr on mr.member_id = b.member_id and mr.product = b.product`.execute(trx);
    await accrueRebates(trx);
  });
  log(`seed figures: rebate accruals (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  await sql`drop table bench_seed_member`.execute(db);
}

/** The figures tables and the member column each is keyed by. */
const FIGURE_TABLES = [
  ['agent_member_day', 'member_id'],
  ['agent_team_day', 'ancestor_id'],
  ['agent_member_month', 'member_id'],
  ['agent_team_month', 'ancestor_id'],
  ['agent_member_active', 'member_id'],
  ['agent_team_active', 'ancestor_id'],
  ['agent_member_first', 'member_id'],
  ['agent_rebate_accrual', 'member_id'],
] as const;

/**
 * Proves `seedBetFigures` equal to the fold: the bench members' (username `bench_…`) rows of every
 * figures table are kept aside, deleted, and made again by the real fold from their registrations
 * and `vendor`'s bets queued as the triggers queue them; every row must come back the same. Throws
 * with the differing rows' counts otherwise. For a small tree: the fold takes the whole history.
 */
export async function checkSeededFigures(db: Kysely<DB>, stats: AgentStats, vendor: string): Promise<string> {
  const bench = sql`(select id from member where username like 'bench\\_%')`;
  for (const [table, key] of FIGURE_TABLES) {
    await sql`drop table if exists ${sql.id(`bench_check_${table}`)}`.execute(db);
    await sql`
      create table ${sql.id(`bench_check_${table}`)} as
      select * from ${sql.id(table)} where ${sql.id(key)} in ${bench}`.execute(db);
    await sql`delete from ${sql.id(table)} where ${sql.id(key)} in ${bench}`.execute(db);
  }
  await sql`
    insert into agent_stat_queue (member_id, at, event)
    select id, created_at, 'REGISTER' from member where username like 'bench\\_%' order by id`.execute(db);
  await sql`
    insert into agent_stat_queue (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
    select member_id, coalesce(settled_at, bet_at), 'BET', product, 1, bet_amount, valid_bet, payout
    from bet_record where vendor = ${vendor} and status = 'SETTLED' order by id`.execute(db);
  await stats.foldAll();
  const said: string[] = [];
  let bad = 0;
  for (const [table, key] of FIGURE_TABLES) {
    const r = await sql<{ seeded: number; folded: number; rows: number }>`
      select
        (select count(*) from (select * from ${sql.id(`bench_check_${table}`)}
          except all select * from ${sql.id(table)} where ${sql.id(key)} in ${bench}) x)::integer as seeded,
        (select count(*) from (select * from ${sql.id(table)} where ${sql.id(key)} in ${bench}
          except all select * from ${sql.id(`bench_check_${table}`)}) y)::integer as folded,
        (select count(*) from ${sql.id(`bench_check_${table}`)})::integer as rows`.execute(db);
    const { seeded, folded, rows } = r.rows[0]!;
    bad += seeded + folded;
    said.push(`${table}: ${rows} rows, ${seeded} only seeded, ${folded} only folded`);
    await sql`drop table ${sql.id(`bench_check_${table}`)}`.execute(db);
  }
  if (bad) throw new Error(`the seeded figures differ from the fold's: ${said.join('; ')}`);
  return said.join('; ');
}
