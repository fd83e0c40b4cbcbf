import { sql, type Kysely } from 'kysely';
import { backoffice } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { handOnSettledBets, takeQueueHalf } from '../../db/queue-halves.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';

/**
 * The site's day figures (issue 31, decision 038): the queue migration 048's triggers append to in
 * every settling transaction is folded, every few seconds, into site_day (settled bets per report
 * day, product, vendor and registration channel) and the active players (site_member_day,
 * site_active), which the Dashboard and the Reports read instead of the raw bets.
 *
 * Exactly once: a fold deletes the queue rows it adds up, and the figures commit together with that
 * delete, or nothing does (a crash, a throw). Folds run one at a time across instances (an advisory
 * lock of the transaction, keyed by the schema); a fold that finds another running does nothing and
 * the next one takes its rows. Report days follow the report time zone (stats-days.ts).
 */

export const SITE_FOLD_JOB = 'backoffice.site-figures-fold';
const SITE_LOCK = 'site-figures-fold';

/**
 * Gaps between a member's active days are kept up to this many days: one past the longest range
 * a call reads (DASHBOARD_MAX_DAYS), so a distinct count over any range it accepts is exact.
 */
export const SITE_GAP_CAP = backoffice.DASHBOARD_MAX_DAYS + 1;

export interface SiteFoldSummary {
  /** Queue rows folded. */
  folded: number;
  /** 1 when another fold held the lock and this one did nothing. */
  busy: number;
}

export interface SiteFoldOptions {
  /** Test hook: throws once the day table is written, to show that the whole fold rolls back. */
  failAfterDays?: boolean;
}

export class SiteFigures {
  readonly timeZone: string;
  private readonly database: Database;

  constructor(deps: { database: Database; timeZone: string }) {
    this.database = deps.database;
    this.timeZone = deps.timeZone;
  }

  /** One fold in a transaction of its own (tests, the bench, an operator). */
  foldNow(options: SiteFoldOptions = {}): Promise<SiteFoldSummary> {
    return this.database.db.transaction().execute((trx) => this.fold(trx, options));
  }

  /** Folds until the queue is empty (or another instance is folding); the rows folded. */
  async foldAll(options: SiteFoldOptions = {}): Promise<number> {
    let total = 0;
    for (;;) {
      const r = await this.foldNow(options);
      total += r.folded;
      if (r.folded === 0 || r.busy) return total;
    }
  }

  /** When the last fold ran (the figures are as of then), or null before the first. */
  async lastFoldAt(db: Kysely<DB> = this.database.db): Promise<Date | null> {
    const r = await sql<{ at: Date | null }>`select last_fold_at as at from site_stat_state`.execute(db);
    return r.rows[0]?.at ?? null;
  }

  /** One fold inside the caller's transaction (the job's run). */
  async fold(trx: Kysely<DB>, options: SiteFoldOptions = {}): Promise<SiteFoldSummary> {
    const lock = await sql<{ ok: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(${SITE_LOCK} || current_schema(), 0)) as ok`.execute(
      trx,
    );
    if (!lock.rows[0]?.ok) return { folded: 0, busy: 1 };
    // A backlog (the first fold of a database with history) is grouped in memory, not on disk.
    if (this.database.kind === 'postgres') await sql`set local work_mem = '128MB'`.execute(trx);
    const tz = this.timeZone;

    // One half of the queue taken whole (migration 087; decision 028, "The queue in two halves"),
    // emptied with this fold's commit; the writers write to the other half meanwhile. Then the bets
    // settled so far, queued once each (migration 088, decision 066): this fold's rows of them into
    // the batch, the other folds' into their queues.
    const folded =
      (await takeQueueHalf(trx, 'site_stat_queue', 'site_fold_queue')) +
      (await handOnSettledBets(trx, { consumer: 'site', batch: 'site_fold_queue' }));
    await sql`
      create temp table site_fold_batch on commit drop as
      select member_id, (at at time zone ${tz})::date as day, product, vendor, bets, bet_amount, valid_bet,
        payout
      from site_fold_queue`.execute(trx);
    await sql`update site_stat_state set folds = folds + ${folded > 0 ? 1 : 0}, last_fold_at = now()`.execute(
      trx,
    );
    if (folded === 0) return { folded: 0, busy: 0 };

    // Each member's channel, once: fixed at registration. Looked up by index (offset 0 keeps the
    // lateral a lookup per member, where a join would hash the whole member table).
    await sql`
      insert into site_member_channel (member_id, channel)
      select b.member_id, coalesce(m.channel, '')
      from (select distinct member_id from site_fold_batch) b
      left join lateral (
        select c.member_id from site_member_channel c where c.member_id = b.member_id offset 0
      ) c on true
      left join lateral (
        select m.register_method || coalesce(':' || nullif(split_part(l.channel, ':', 1), ''), '') as channel
        from member m left join affiliate_link l on l.id = m.affiliate_link_id
        where m.id = b.member_id offset 0
      ) m on true
      where c.member_id is null
      on conflict (member_id) do nothing`.execute(trx);

    await sql`
      insert into site_day as d (day, product, vendor, channel, bets, bet_amount, valid_bet, payout)
      select x.day, x.product, x.vendor, c.channel, sum(x.bets)::bigint, sum(x.bet_amount)::bigint,
        sum(x.valid_bet)::bigint, sum(x.payout)::bigint
      from (
        select member_id, day, product, vendor, sum(bets) as bets, sum(bet_amount) as bet_amount,
          sum(valid_bet) as valid_bet, sum(payout) as payout
        from site_fold_batch group by member_id, day, product, vendor
      ) x
      cross join lateral (
        select c.channel from site_member_channel c where c.member_id = x.member_id offset 0
      ) c
      group by x.day, x.product, x.vendor, c.channel
      order by 1, 2, 3, 4
      on conflict (day, product, vendor, channel) do update set
        bets = d.bets + excluded.bets,
        bet_amount = d.bet_amount + excluded.bet_amount,
        valid_bet = d.valid_bet + excluded.valid_bet,
        payout = d.payout + excluded.payout`.execute(trx);
    if (options.failAfterDays) throw new Error('site figures: fold stopped after the day table (test)');

    await this.foldActive(trx);
    return { folded, busy: 0 };
  }

  /**
   * Active players: the batch's changes to each member's active days, and the resulting changes of
   * the gaps (days since the member's previous active day) of its days from the first changed one on.
   */
  private async foldActive(trx: Kysely<DB>): Promise<void> {
    await sql`
      create temp table site_fold_act on commit drop as
      select member_id, day, sum(bets)::integer as n
      from site_fold_batch group by member_id, day having sum(bets) <> 0`.execute(trx);
    // Only a day that becomes active (its first bet) or stops being active (its last one corrected
    // away) moves the gaps; most of a busy member's bets fall on a day already active.
    await sql`
      create temp table site_fold_affected on commit drop as
      select a.member_id, min(a.day) as first_day
      from site_fold_act a
      left join lateral (
        select m.events from site_member_day m where m.member_id = a.member_id and m.day = a.day offset 0
      ) m on true
      where (coalesce(m.events, 0) > 0) <> (coalesce(m.events, 0) + a.n > 0)
      group by a.member_id`.execute(trx);
    const upsert = sql`
      insert into site_member_day as a (member_id, day, events)
        select member_id, day, n from site_fold_act order by member_id, day
      on conflict (member_id, day) do update set events = a.events + excluded.events`;
    const flips = await sql<{ n: number }>`select count(*)::integer as n from site_fold_affected`.execute(
      trx,
    );
    if (!flips.rows[0]?.n) {
      await upsert.execute(trx);
      return;
    }
    const cap = sql.lit(SITE_GAP_CAP);
    const gaps = (sign: number) => sql`
      select g.day, least(coalesce(g.day - g.previous, ${cap}), ${cap}) as gap, ${sql.lit(sign)}::integer as sign
      from (
        select a.day, f.first_day, lag(a.day) over (partition by a.member_id order by a.day) as previous
        from site_fold_affected f
        join lateral (
          select a.member_id, a.day from site_member_day a
          where a.member_id = f.member_id and a.day >= f.first_day - ${cap} and a.events > 0 offset 0
        ) a on true
      ) g
      where g.day >= g.first_day`;
    await sql`create temp table site_fold_gap on commit drop as ${gaps(-1)}`.execute(trx);
    await upsert.execute(trx);
    await sql`insert into site_fold_gap ${gaps(1)}`.execute(trx);
    await sql`
      insert into site_active as a (day, gap, members)
        select day, gap, sum(sign)::integer from site_fold_gap
        group by day, gap having sum(sign) <> 0
        order by day, gap
      on conflict (day, gap) do update set members = a.members + excluded.members`.execute(trx);
  }
}

/** The fold job: every 5 seconds, once per window across instances (platform/jobs). */
export function registerSiteFiguresJobs(jobs: JobRunner, figures: SiteFigures): void {
  jobs.register(SITE_FOLD_JOB, { everyMs: 5_000 }, async ({ db }) => {
    const r = await figures.fold(db);
    return { folded: r.folded };
  });
}
