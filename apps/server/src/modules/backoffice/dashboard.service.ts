import { sql } from 'kysely';
import { backoffice, minorToMajor } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { fail } from '../../platform/http/errors.ts';
import type { WalletService } from '../wallet/wallet.service.ts';

type Figures = backoffice.DashboardFigures;
type Day = backoffice.Dashboard['series'][number];

const E = backoffice.BackofficeErrors;
const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant in a time zone. */
export function dayIn(zone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A calendar day's number since the epoch, or null when the text is no real day (2026-02-31). */
function dayNumber(day: string): number | null {
  const t = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(t) || new Date(t).toISOString().slice(0, 10) !== day) return null;
  return t / DAY_MS;
}

interface BetRow {
  day: string;
  vendor: string;
  product: string;
  n: string | number;
  bet: string | number | null;
  valid: string | number | null;
  payout: string | number | null;
}

interface Sums {
  count: number;
  bet: number;
  valid: number;
  payout: number;
}

const zero = (): Sums => ({ count: 0, bet: 0, valid: 0, payout: 0 });

/**
 * The Dashboard's figures (issue 31, decisions 031 "Dashboard figures" and 038), per report day of
 * the report time zone. The settled bets (by day, product and vendor) and the active players are
 * the site's day figures (site_day, site_active), kept by the site fold (site-figures.ts) from the
 * triggers' queue: at most one fold (5 s) behind the bets, and a few hundred rows a day whatever
 * the number of bets. Registrations by created_at, credited deposits by completed_at and payouts by
 * paid_at (migration 041, the last two index-only), first deposits by the member's earlier credited
 * deposit (deposit_order_success) and the queues by their partial indexes are indexed range reads
 * of the few rows they count. All in parallel.
 */
export class DashboardService {
  private readonly deps: { database: Database; wallet: WalletService; timeZone: string };

  constructor(deps: { database: Database; wallet: WalletService; timeZone: string }) {
    this.deps = deps;
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.deps.wallet.currency().precision);
  }

  async read(q: { from?: string | undefined; to?: string | undefined }): Promise<backoffice.Dashboard> {
    const zone = this.deps.timeZone;
    const at = Date.now();
    const today = dayIn(zone, new Date(at));
    const from = q.from ?? q.to ?? today;
    const to = q.to ?? (q.from !== undefined ? q.from : today);
    const a = dayNumber(from);
    const b = dayNumber(to);
    if (a === null || b === null || b < a || b - a + 1 > backoffice.DASHBOARD_MAX_DAYS)
      throw fail(E.boDashboardRange);
    const days: string[] = [];
    for (let d = a; d <= b; d++) days.push(new Date(d * DAY_MS).toISOString().slice(0, 10));

    const sameAsToday = from === today && to === today;
    const [range, todayPart, pending] = await Promise.all([
      this.period(from, to),
      sameAsToday ? Promise.resolve(null) : this.period(today, today),
      this.pending(),
    ]);
    const todayFigures = todayPart ?? range;
    const { code, precision } = this.deps.wallet.currency();
    return {
      timeZone: zone,
      currency: code,
      precision,
      today,
      from,
      to,
      todayFigures: todayFigures.figures,
      rangeFigures: range.figures,
      series: days.map((day) => range.byDay.get(day) ?? emptyDay(day)),
      pending,
      at,
    };
  }

  private async pending() {
    const db = this.deps.database.db;
    const [d, w] = await Promise.all([
      db
        .selectFrom('deposit_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'PENDING')
        .executeTakeFirst(),
      // Waiting for finance: an approval or a payout (withdrawal_open).
      db
        .selectFrom('withdrawal')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['PENDING', 'APPROVED'])
        .executeTakeFirst(),
    ]);
    return { deposits: Number(d?.n ?? 0), withdrawals: Number(w?.n ?? 0) };
  }

  /** The figures of report days `from` to `to` (inclusive), in total and per day. */
  private async period(from: string, to: string) {
    const db = this.deps.database.db;
    const zone = this.deps.timeZone;
    const start = sql`(${from}::date::timestamp at time zone ${zone})`;
    const end = sql`((${to}::date + 1)::timestamp at time zone ${zone})`;
    const dayOf = (col: string) => sql`to_char(${sql.ref(col)} at time zone ${zone}, 'YYYY-MM-DD')`;

    // The settled bets and the active players from the site's day figures (decision 038): a few
    // hundred rows a day, kept by the fold, never the raw bets.
    const [bets, active, regs, deps, firsts, wds] = await Promise.all([
      sql<BetRow>`
        select day::text as day, vendor, product, sum(bets) as n, sum(bet_amount) as bet,
          sum(valid_bet) as valid, sum(payout) as payout
        from site_day where day >= ${from}::date and day <= ${to}::date
        group by day, vendor, product`.execute(db),
      // Per day: every member active that day; over the range: each member once, on its first
      // active day in it (its gap since the previous active day reaches back before the range).
      sql<{ day: string | null; n: string | number }>`
        select day::text as day, sum(members) as n from site_active
        where day >= ${from}::date and day <= ${to}::date group by day
        union all
        select null, coalesce(sum(members), 0) from site_active
        where day >= ${from}::date and day <= ${to}::date and gap > day - ${from}::date`.execute(db),
      sql<{ day: string; n: string | number }>`select ${dayOf('created_at')} as day, count(*) as n
        from member where created_at >= ${start} and created_at < ${end} group by 1`.execute(db),
      sql<{ day: string; n: string | number; amount: string | number | null }>`
        select ${dayOf('completed_at')} as day, count(*) as n, sum(amount) as amount
        from deposit_order where status = 'SUCCESS' and completed_at >= ${start} and completed_at < ${end}
        group by 1`.execute(db),
      // A first deposit: a credited deposit with no earlier credited deposit of the same member.
      sql<{ day: string; n: string | number }>`
        select ${dayOf('completed_at')} as day, count(*) as n
        from deposit_order d
        where d.status = 'SUCCESS' and d.completed_at >= ${start} and d.completed_at < ${end}
          and not exists (
            select 1 from deposit_order e
            where e.member_id = d.member_id and e.status = 'SUCCESS'
              and (e.completed_at < d.completed_at or (e.completed_at = d.completed_at and e.id < d.id)))
        group by 1`.execute(db),
      // Paid out (a refund's part came back: counted net of refund_amount).
      sql<{ day: string; n: string | number; amount: string | number | null }>`
        select ${dayOf('paid_at')} as day, count(*) as n, sum(amount - coalesce(refund_amount, 0)) as amount
        from withdrawal where paid_at is not null and paid_at >= ${start} and paid_at < ${end}
        group by 1`.execute(db),
    ]);

    const total = zero();
    const byProduct = new Map<string, Sums>();
    const byVendor = new Map<string, Sums>();
    const dayBets = new Map<string, Sums>();
    const add = (m: Map<string, Sums>, k: string, r: Sums) => {
      const s = m.get(k) ?? zero();
      s.count += r.count;
      s.bet += r.bet;
      s.valid += r.valid;
      s.payout += r.payout;
      m.set(k, s);
    };
    for (const row of bets.rows) {
      const r = {
        count: Number(row.n),
        bet: Number(row.bet ?? 0),
        valid: Number(row.valid ?? 0),
        payout: Number(row.payout ?? 0),
      };
      total.count += r.count;
      total.bet += r.bet;
      total.valid += r.valid;
      total.payout += r.payout;
      add(byProduct, row.product, r);
      add(byVendor, row.vendor, r);
      add(dayBets, row.day, r);
    }
    const out = (s: Sums) => ({
      count: s.count,
      betAmount: this.major(s.bet),
      validBet: this.major(s.valid),
      payout: this.major(s.payout),
      ggr: this.major(s.bet - s.payout),
    });
    const sorted = (m: Map<string, Sums>) => [...m.entries()].sort((x, y) => y[1].bet - x[1].bet);
    const perDay = (rows: { day: string | null; n: string | number }[]) =>
      new Map(rows.filter((r) => r.day !== null).map((r) => [r.day as string, Number(r.n)]));
    const activeDay = perDay(active.rows);
    const activeTotal = Number(active.rows.find((r) => r.day === null)?.n ?? 0);
    const regDay = perDay(regs.rows);
    const firstDay = perDay(firsts.rows);
    const depDay = new Map(deps.rows.map((r) => [r.day, { n: Number(r.n), amount: Number(r.amount ?? 0) }]));
    const wdDay = new Map(wds.rows.map((r) => [r.day, { n: Number(r.n), amount: Number(r.amount ?? 0) }]));
    const sum = <T>(m: Map<string, T>, f: (v: T) => number) => [...m.values()].reduce((s, v) => s + f(v), 0);

    const figures: Figures = {
      registrations: sum(regDay, (n) => n),
      firstDeposits: sum(firstDay, (n) => n),
      deposits: { count: sum(depDay, (v) => v.n), amount: this.major(sum(depDay, (v) => v.amount)) },
      withdrawals: { count: sum(wdDay, (v) => v.n), amount: this.major(sum(wdDay, (v) => v.amount)) },
      bets: out(total),
      activePlayers: activeTotal,
      byProduct: sorted(byProduct).map(([product, s]) => ({ product, ...out(s) })),
      byVendor: sorted(byVendor).map(([vendor, s]) => ({ vendor, ...out(s) })),
    };
    const byDay = new Map<string, Day>();
    const days = new Set([
      ...dayBets.keys(),
      ...regDay.keys(),
      ...depDay.keys(),
      ...wdDay.keys(),
      ...firstDay.keys(),
    ]);
    for (const day of days) {
      const s = dayBets.get(day) ?? zero();
      byDay.set(day, {
        day,
        registrations: regDay.get(day) ?? 0,
        firstDeposits: firstDay.get(day) ?? 0,
        deposit: this.major(depDay.get(day)?.amount ?? 0),
        withdrawal: this.major(wdDay.get(day)?.amount ?? 0),
        betAmount: this.major(s.bet),
        validBet: this.major(s.valid),
        ggr: this.major(s.bet - s.payout),
        activePlayers: activeDay.get(day) ?? 0,
      });
    }
    return { figures, byDay };
  }
}

function emptyDay(day: string): Day {
  return {
    day,
    registrations: 0,
    firstDeposits: 0,
    deposit: 0,
    withdrawal: 0,
    betAmount: 0,
    validBet: 0,
    ggr: 0,
    activePlayers: 0,
  };
}
