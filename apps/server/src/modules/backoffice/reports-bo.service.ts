import { sql, type RawBuilder } from 'kysely';
import { backoffice, minorToMajor } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { fail } from '../../platform/http/errors.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { dayIn } from './dashboard.service.ts';

type Query = backoffice.ReportQuery;
const E = backoffice.BackofficeErrors;
const DAY_MS = 86_400_000;

/** The figure columns every base row carries, in minor units (null where the kind has none). */
interface Base {
  bets: string | number;
  bet_amount: string | number;
  valid_bet: string | number;
  payout: string | number;
  registrations: string | number | null;
  deposit: string | number | null;
  withdrawal: string | number | null;
  first_deposits: string | number | null;
}
type Row = Base & { day: string | null; key: string; label: string; total?: string | number };

/** A member's channel as the site fold files it (migration 048): register method and link kind. */
const CHANNEL_OF = sql`m.register_method || coalesce(':' || nullif(split_part(l.channel, ':', 1), ''), '')`;

/** What each sort orders by (the base row's column; key by the label a person reads). */
const SORT_COLUMN: Record<backoffice.ReportSort, string> = {
  day: 'day',
  key: 'label',
  bets: 'bets',
  betAmount: 'bet_amount',
  validBet: 'valid_bet',
  payout: 'payout',
  ggr: 'ggr',
  registrations: 'registrations',
  deposit: 'deposit',
  withdrawal: 'withdrawal',
};

/**
 * The Reports (issue 31, decision 038): daily figures by product, vendor, registration channel or
 * agent over a range of report days. By product, vendor and channel from the site's day figures
 * (site_day, kept by the site fold: a few hundred rows a day); registrations by channel from
 * member(created_at), an indexed range read of the day's registrations. By agent from the agent
 * centre's team figures (decision 028): an agent's row is its own figures (agent_member_day) and its
 * team's (agent_team_day), product '*'. No raw bet is read. Each call is three reads of the same
 * base rows in parallel: the page (sorted and paged in SQL, with the count), the totals of the whole
 * filter and the per-day points of the chart.
 */
export class ReportsBoService {
  private readonly deps: { database: Database; wallet: WalletService; timeZone: string };

  constructor(deps: { database: Database; wallet: WalletService; timeZone: string }) {
    this.deps = deps;
  }

  async read(q: Query): Promise<backoffice.Report> {
    const zone = this.deps.timeZone;
    const today = dayIn(zone);
    const from = q.from ?? q.to ?? today;
    const to = q.to ?? (q.from !== undefined ? q.from : today);
    const a = dayNumber(from);
    const b = dayNumber(to);
    if (a === null || b === null || b < a || b - a + 1 > backoffice.REPORT_MAX_DAYS)
      throw fail(E.boReportRange);
    const days: string[] = [];
    for (let d = a; d <= b; d++) days.push(new Date(d * DAY_MS).toISOString().slice(0, 10));

    const db = this.deps.database.db;
    let agent: backoffice.Report['agent'] = null;
    if (q.kind === 'agent' && q.agentId !== undefined) {
      const row = await db
        .selectFrom('member')
        .select(['id', 'username', 'agent_type'])
        .where('id', '=', q.agentId)
        .executeTakeFirst();
      if (!row || row.agent_type === 0 || row.agent_type === 4) throw fail(E.boReportAgentNotFound);
      agent = { id: row.id, username: row.username };
    }
    const base = this.base(q, from, to);
    const daily = q.daily === 'true';
    const figures = sql.raw(
      [
        'bets',
        'bet_amount',
        'valid_bet',
        'payout',
        'registrations',
        'deposit',
        'withdrawal',
        'first_deposits',
      ]
        .map((c) => `sum(${c}) as ${c}`)
        .join(', '),
    );
    const rows = daily
      ? sql`select day, key, label, bets, bet_amount, valid_bet, payout, registrations, deposit, withdrawal,
          first_deposits from base`
      : sql`select null::text as day, key, min(label) as label, ${figures} from base group by key`;
    const dir = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
    const sortBy =
      q.sort === 'ggr'
        ? sql`(bet_amount - payout)`
        : sql.raw(daily || q.sort !== 'day' ? SORT_COLUMN[q.sort] : 'label');
    const offset = (q.page - 1) * q.size;
    const [page, totals, series, folded] = await Promise.all([
      sql<Row>`
        with base as (${base}), r as (${rows})
        select r.*, count(*) over () as total from r
        order by ${sortBy} ${dir} nulls last, day desc, label asc
        limit ${q.size} offset ${offset}`.execute(db),
      sql<Base>`with base as (${base}) select ${figures} from base`.execute(db),
      sql<
        Base & { day: string }
      >`with base as (${base}) select day, ${figures} from base group by day`.execute(db),
      sql<{ at: Date | null }>`
        select last_fold_at as at from ${sql.table(q.kind === 'agent' ? 'agent_stat_state' : 'site_stat_state')}`.execute(
        db,
      ),
    ]);
    const total = Number(page.rows[0]?.total ?? 0);
    const byDay = new Map(series.rows.map((r) => [r.day, r]));
    const { code, precision } = this.deps.wallet.currency();
    return {
      kind: q.kind,
      timeZone: zone,
      currency: code,
      precision,
      from,
      to,
      agent,
      list: page.rows.map((r) => ({
        day: r.day,
        key: String(r.key),
        label: r.label,
        ...this.figures(r, q.kind),
      })),
      total,
      page: q.page,
      size: q.size,
      totals: this.figures(totals.rows[0], q.kind),
      series: days.map((day) => ({ day, ...this.figures(byDay.get(day), q.kind) })),
      figuresAt: folded.rows[0]?.at ? new Date(folded.rows[0].at).getTime() : null,
    };
  }

  private major(minor: string | number | null | undefined): number {
    return minorToMajor(Number(minor ?? 0), this.deps.wallet.currency().precision);
  }

  private figures(r: Base | undefined, kind: backoffice.ReportKind): backoffice.ReportFigures {
    const bet = Number(r?.bet_amount ?? 0);
    const payout = Number(r?.payout ?? 0);
    const money = kind === 'agent';
    return {
      bets: Number(r?.bets ?? 0),
      betAmount: this.major(bet),
      validBet: this.major(r?.valid_bet),
      payout: this.major(payout),
      ggr: this.major(bet - payout),
      registrations: kind === 'agent' || kind === 'channel' ? Number(r?.registrations ?? 0) : null,
      deposit: money ? this.major(r?.deposit) : null,
      withdrawal: money ? this.major(r?.withdrawal) : null,
      firstDeposits: money ? Number(r?.first_deposits ?? 0) : null,
    };
  }

  /** The base rows: one per report day and key, in minor units. */
  private base(q: Query, from: string, to: string): RawBuilder<unknown> {
    const range = sql`day >= ${from}::date and day <= ${to}::date`;
    const none = sql`null::bigint as registrations, null::bigint as deposit, null::bigint as withdrawal,
      null::bigint as first_deposits`;
    const sums = sql`sum(bets) as bets, sum(bet_amount) as bet_amount, sum(valid_bet) as valid_bet,
      sum(payout) as payout`;
    if (q.kind === 'product' || q.kind === 'vendor') {
      const col = sql.ref(q.kind);
      return sql`
        select day::text as day, ${col} as key, ${col} as label, ${sums}, ${none}
        from site_day where ${range} ${q.key !== undefined ? sql`and ${col} = ${q.key}` : sql``}
        group by day, ${col}`;
    }
    if (q.kind === 'channel') {
      const zone = this.deps.timeZone;
      const start = sql`(${from}::date::timestamp at time zone ${zone})`;
      const end = sql`((${to}::date + 1)::timestamp at time zone ${zone})`;
      return sql`
        select coalesce(b.day, g.day) as day, coalesce(b.channel, g.channel) as key,
          coalesce(b.channel, g.channel) as label,
          coalesce(b.bets, 0) as bets, coalesce(b.bet_amount, 0) as bet_amount,
          coalesce(b.valid_bet, 0) as valid_bet, coalesce(b.payout, 0) as payout,
          coalesce(g.n, 0) as registrations, null::bigint as deposit, null::bigint as withdrawal,
          null::bigint as first_deposits
        from (
          select day::text as day, channel, ${sums} from site_day
          where ${range} ${q.key !== undefined ? sql`and channel = ${q.key}` : sql``}
          group by day, channel
        ) b
        full join (
          select x.day, x.channel, count(*) as n from (
            select to_char(m.created_at at time zone ${zone}, 'YYYY-MM-DD') as day, ${CHANNEL_OF} as channel
            from member m left join affiliate_link l on l.id = m.affiliate_link_id
            where m.created_at >= ${start} and m.created_at < ${end}
          ) x
          ${q.key !== undefined ? sql`where x.channel = ${q.key}` : sql``}
          group by x.day, x.channel
        ) g on g.day = b.day and g.channel = b.channel`;
    }
    // By agent: the top-level agents, or an agent's direct downlines, each with its team.
    const who =
      q.agentId !== undefined
        ? sql`select m.id, m.username from member_tree t join member m on m.id = t.descendant_id
            where t.ancestor_id = ${q.agentId} and t.depth = 1`
        : sql`select m.id, m.username from member m
            where m.upline_id is null and m.agent_type not in (0, 4)`;
    const cols = sql`bets, bet_amount, valid_bet, payout, registrations, deposit, withdrawal, first_deposits`;
    return sql`
      select f.day::text as day, w.id::text as key, w.username as label,
        sum(f.bets) as bets, sum(f.bet_amount) as bet_amount, sum(f.valid_bet) as valid_bet,
        sum(f.payout) as payout, sum(f.registrations) as registrations, sum(f.deposit) as deposit,
        sum(f.withdrawal) as withdrawal, sum(f.first_deposits) as first_deposits
      from (${who}) w
      cross join lateral (
        select day, ${cols} from agent_member_day
        where member_id = w.id and product = '*' and ${range}
        union all
        select day, ${cols} from agent_team_day
        where ancestor_id = w.id and product = '*' and ${range}
      ) f
      ${q.key !== undefined ? sql`where w.id::text = ${q.key}` : sql``}
      group by f.day, w.id, w.username`;
  }
}

/** A calendar day's number since the epoch, or null when the text is no real day (2026-02-31). */
function dayNumber(day: string): number | null {
  const t = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(t) || new Date(t).toISOString().slice(0, 10) !== day) return null;
  return t / DAY_MS;
}
