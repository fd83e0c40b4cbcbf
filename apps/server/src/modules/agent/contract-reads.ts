import { sql, type Kysely } from 'kysely';
import {
  accountCentreTypes,
  addZoneDays,
  buildStatementSeries,
  carryClears,
  contractLine,
  ContractStatementsQuerySchema,
  ContractTermsSchema,
  Errors,
  higherRateConflicts,
  isLive,
  lastClosedPeriods,
  paysInStatus,
  periodCodeOf,
  rateExcesses,
  tierBreakdown,
  tierFieldLabels,
  tierRuleIssues,
  type ContractStatement,
  type ContractStatementRow,
  type ContractStatementsQuery,
  type ContractStatus,
  type ContractTerms,
  type DownlineOwed,
  type Simulation,
  type SimulatorWarning,
  type StatementInput,
  zoneDayOf,
  zoneDayStart,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import { readTeamFigures, teamFigures } from './contract-figures.ts';

/**
 * The read side of contract settlement (issue 30): an agent's stored statements, the simulator,
 * and the salary and dividend sums of My Income. The simulator reads the same figures
 * (contract-figures.ts) and runs the same pure function (`buildStatementSeries`, which is
 * `buildStatements` threaded) as settlement, starting from the state settlement recorded at its
 * first period when there is one: on a settled period the two give the same statement.
 */

/** How many closed periods the simulator replays ("the last period and the last 4 periods"). */
export const SIMULATED_PERIODS = 4;

const n = (v: unknown) => Number(v ?? 0);

interface ContractRow {
  id: number;
  kind: ContractTerms['kind'];
  product_type: string;
  period: string;
  upline_id: number | null;
  downline_id: number;
  status: ContractStatus;
  terms: unknown;
  accepted_terms: unknown;
}

/** The terms a row pays on now (A, V, or E on its last accepted terms), else null. */
function inForce(r: Pick<ContractRow, 'status' | 'accepted_terms'>): ContractTerms | null {
  return paysInStatus(r.status) && r.accepted_terms ? ContractTermsSchema.parse(r.accepted_terms) : null;
}

const lineWhere = (t: ContractTerms) =>
  sql`kind = ${t.kind} and product_type = ${t.productType} and period = ${t.kind === 'dividend' ? t.computationPeriod : ''}`;

export class ContractReads {
  private readonly database: Database;
  private readonly timeZone: string;

  constructor(deps: { database: Database; timeZone: string }) {
    this.database = deps.database;
    this.timeZone = deps.timeZone;
  }

  private get db(): Kysely<DB> {
    return this.database.db;
  }

  // -------------------------------------------------------------------------------------------
  // Statements

  /** The caller's stored statements (contracts it holds), newest period first, a page. */
  async statements(agentId: number, query: ContractStatementsQuery) {
    const q = ContractStatementsQuerySchema.parse(query);
    const where = sql`s.agent_id = ${agentId}
      ${q.contractId ? sql`and s.contract_id = ${q.contractId}` : sql``}
      ${q.kind ? sql`and s.kind = ${q.kind}` : sql``}
      ${q.startDay ? sql`and s.period_end > ${new Date(this.dayStartMs(q.startDay))}` : sql``}
      ${q.endDay ? sql`and s.period_start < ${new Date(this.dayStartMs(q.endDay, 1))}` : sql``}`;
    const total = await sql<{ n: string }>`
      select count(*)::text as n from agent_contract_settlement s where ${where}`.execute(this.db);
    const rows = await sql<{
      contract_id: number;
      kind: ContractTerms['kind'];
      product_type: string;
      period_key: string;
      statement: ContractStatement;
      paid: string;
      revision: number;
      updated_at: Date;
    }>`
      select s.contract_id, s.kind, s.product_type, s.period_key, s.statement, s.paid::text, s.revision, s.updated_at
      from agent_contract_settlement s
      where ${where}
      order by s.period_end desc, s.contract_id
      limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(this.db);
    const names = await this.namesOf(
      rows.rows.flatMap((r) => r.statement.deductions.map((d) => n(d.downlineId))),
    );
    const contracts = await this.downlineContracts(
      rows.rows.map((r) => ({ agentId, kind: r.kind, productType: r.product_type, periodKey: r.period_key })),
    );
    const list: ContractStatementRow[] = rows.rows.map((r) => {
      const s = r.statement;
      return {
        contractId: n(r.contract_id),
        kind: r.kind,
        productType: s.productType,
        period: this.periodOf(s),
        statement: s,
        downlines: s.deductions.map((d) => ({
          downlineId: n(d.downlineId),
          username: names.get(n(d.downlineId)) ?? '',
          contractId: contracts.get(`${r.period_key}:${n(d.downlineId)}:${r.kind}:${r.product_type}`) ?? 0,
          amount: d.amount,
        })),
        paid: n(r.paid),
        revision: r.revision,
        settledAt: new Date(r.updated_at).getTime(),
      };
    });
    return { list, total: n(total.rows[0]?.n), page: q.page, size: q.size };
  }

  /** The settlement zone's midnight starting `day` (plus some days), epoch ms. */
  private dayStartMs(day: string, plusDays = 0): number {
    return zoneDayStart(addZoneDays(day, plusDays), this.timeZone);
  }

  private periodOf(s: ContractStatement): ContractStatementRow['period'] {
    const code = s.periodKey.slice(0, s.periodKey.indexOf(':')) as ContractStatementRow['period']['code'];
    return {
      code,
      key: s.periodKey,
      start: s.periodStart,
      end: s.periodEnd,
      startDay: zoneDayOf(s.periodStart, this.timeZone),
      endDay: zoneDayOf(s.periodEnd - 1, this.timeZone),
    };
  }

  private async namesOf(ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('member')
      .select(['id', 'username'])
      .where('id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [n(r.id), r.username]));
  }

  /** The downlines' contracts settled alongside the agent's statements: (period, downline, line) → id. */
  private async downlineContracts(
    keys: { agentId: number; kind: string; productType: string; periodKey: string }[],
  ): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (keys.length === 0) return out;
    const rows = await sql<{
      period_key: string;
      agent_id: number;
      kind: string;
      product_type: string;
      contract_id: number;
    }>`
      select period_key, agent_id, kind, product_type, contract_id from agent_contract_settlement
      where upline_id = ${keys[0]!.agentId} and period_key = any(${[...new Set(keys.map((k) => k.periodKey))]}::text[])`.execute(
      this.db,
    );
    for (const r of rows.rows)
      out.set(`${r.period_key}:${n(r.agent_id)}:${r.kind}:${r.product_type}`, n(r.contract_id));
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // The simulator

  async simulate(
    callerId: number,
    body: { contractId: number } | { downlineId?: number | undefined; terms: unknown },
    now: number = Date.now(),
  ): Promise<Simulation> {
    const db = this.db;
    let agentId: number;
    let contractId: number | null = null;
    let terms: ContractTerms;
    /** Who would pay the subject: its upline (null: the platform, which caps nothing here). */
    let offererId: number | null;
    if ('contractId' in body) {
      const row = await sql<ContractRow>`
        select id, kind, product_type, period, upline_id, downline_id, status, terms, accepted_terms
        from agent_contract where id = ${body.contractId}
          and (upline_id = ${callerId} or downline_id = ${callerId})`.execute(db);
      const r = row.rows[0];
      if (!r) throw fail(Errors.contractNotFound);
      agentId = n(r.downline_id);
      contractId = n(r.id);
      offererId = r.upline_id === null ? null : n(r.upline_id);
      terms = ContractTermsSchema.parse(r.terms);
    } else {
      const parsed = ContractTermsSchema.safeParse(body.terms);
      const issues = parsed.success ? tierRuleIssues(parsed.data) : null;
      if (!parsed.success || (issues && issues.length)) {
        const list = parsed.success
          ? issues!
          : [
              {
                code: 'contract.invalid',
                tier: null,
                field: null,
                message: parsed.error.issues[0]?.message ?? 'invalid terms',
              },
            ];
        throw fail(Errors.contractTermsInvalid, {
          message: list.map((i) => i.message).join('; ') || Errors.contractTermsInvalid.message,
          value: { issues: list },
        });
      }
      terms = parsed.data;
      if (body.downlineId !== undefined && body.downlineId !== callerId) {
        const d = await db
          .selectFrom('member')
          .select(['id'])
          .where('id', '=', body.downlineId)
          .where('upline_id', '=', callerId)
          .where('agent_type', 'in', [...accountCentreTypes])
          .executeTakeFirst();
        if (!d) throw fail(Errors.downlineNotFound);
        agentId = body.downlineId;
        offererId = callerId;
      } else {
        agentId = callerId;
        const held = await sql<{ upline_id: number | null }>`
          select upline_id from agent_contract where downline_id = ${callerId} and ${lineWhere(terms)}`.execute(
          db,
        );
        const up = await db
          .selectFrom('member')
          .select(['upline_id'])
          .where('id', '=', callerId)
          .executeTakeFirst();
        offererId = held.rows[0]
          ? held.rows[0].upline_id === null
            ? null
            : n(held.rows[0].upline_id)
          : up?.upline_id
            ? n(up.upline_id)
            : null;
      }
    }
    const warnings: SimulatorWarning[] = [];
    // A rate above the offerer's own (the offer would be refused).
    if (offererId !== null) {
      const own = await sql<ContractRow>`
        select id, kind, product_type, period, upline_id, downline_id, status, terms, accepted_terms
        from agent_contract where downline_id = ${offererId} and ${lineWhere(terms)}`.execute(db);
      const ownTerms = own.rows[0] ? inForce(own.rows[0]) : null;
      for (const x of rateExcesses(terms, ownTerms))
        warnings.push({
          code: 'rateAboveOwn',
          tier: x.tier,
          field: x.field,
          value: x.value,
          cap: x.cap,
          message:
            x.cap === null
              ? `Tier ${x.tier + 1}: the offering agent holds no ${tierFieldLabels[x.field] ?? x.field} on this line`
              : `Tier ${x.tier + 1}: ${tierFieldLabels[x.field] ?? x.field} ${x.value} is above the offering agent's highest ${x.cap}`,
        });
    }
    // What the subject gave its direct downlines on the line.
    const given = await sql<ContractRow & { username: string }>`
      select c.id, c.kind, c.product_type, c.period, c.upline_id, c.downline_id, c.status, c.terms, c.accepted_terms, m.username
      from agent_contract c join member m on m.id = c.downline_id
      where c.upline_id = ${agentId} and ${sql`c.kind = ${terms.kind} and c.product_type = ${terms.productType} and c.period = ${terms.kind === 'dividend' ? terms.computationPeriod : ''}`}
      order by c.downline_id`.execute(db);
    for (const c of higherRateConflicts(
      terms,
      given.rows
        .filter((g) => isLive(g.status))
        .map((g) => ({
          contractId: n(g.id),
          downlineId: n(g.downline_id),
          username: g.username,
          status: g.status,
          terms: ContractTermsSchema.parse(g.terms),
        })),
      contractLine(terms),
    ))
      warnings.push({
        code: 'higherRate',
        contractId: n(c.contractId),
        downlineId: n(c.downlineId),
        username: c.username ?? '',
        tier: c.tier,
        field: c.field,
        value: c.value,
        cap: c.cap,
        message: `${c.username}'s contract (tier ${c.tier + 1}, ${tierFieldLabels[c.field] ?? c.field} ${c.value}) is above these terms' highest ${c.cap ?? 0} and would end on accepting (the higher-rate rule)`,
      });

    const paying = given.rows
      .map((g) => ({ g, t: inForce(g) }))
      .filter(
        (x): x is { g: (typeof given.rows)[number]; t: ContractTerms } =>
          x.t !== null && periodCodeOf(x.t) === periodCodeOf(terms),
      );
    const names = new Map<number, string>(given.rows.map((g) => [n(g.downline_id), g.username]));
    const subject = await db
      .selectFrom('member')
      .select(['username'])
      .where('id', '=', agentId)
      .executeTakeFirst();
    const periods = lastClosedPeriods(periodCodeOf(terms), now, SIMULATED_PERIODS, this.timeZone).reverse();
    const line = { kind: terms.kind, productType: terms.productType };
    const lineKey = {
      kind: terms.kind,
      productType: terms.productType,
      period: terms.kind === 'dividend' ? terms.computationPeriod : '',
    };
    // The state settlement recorded at the first period's start, when it settled it.
    const start = await sql<{ agent_id: number; carry_in: string; deficit_in: string }>`
      select agent_id, carry_in::text, deficit_in::text from agent_contract_settlement
      where kind = ${lineKey.kind} and product_type = ${lineKey.productType} and period = ${lineKey.period}
        and period_key = ${periods[0]!.key}
        and agent_id = any(${[agentId, ...paying.map((p) => n(p.g.downline_id))]}::integer[])`.execute(db);
    const startState = new Map(
      start.rows.map((r) => [n(r.agent_id), { carry: n(r.carry_in), deficit: n(r.deficit_in) }]),
    );
    const members = [
      { agentId, uplineId: null, contractId, terms },
      ...paying.map((p) => ({
        agentId: n(p.g.downline_id),
        uplineId: agentId,
        contractId: n(p.g.id),
        terms: p.t,
      })),
    ];
    const runs: { period: (typeof periods)[number]; inputs: StatementInput[] }[] = [];
    for (const period of periods) {
      const figures = await readTeamFigures(
        db,
        line,
        period,
        members.map((m) => m.agentId),
        (id) => members.find((m) => m.agentId === id)?.terms,
      );
      runs.push({
        period,
        inputs: members.map((m) => ({
          agentId: m.agentId,
          uplineId: m.uplineId,
          contractId: m.contractId,
          terms: m.terms,
          team: teamFigures(
            figures.get(m.agentId)!,
            startState.get(m.agentId)?.carry ?? 0,
            m.terms.kind === 'dividend' ? carryClears(m.terms, period, this.timeZone) : false,
          ),
          deficitIn: startState.get(m.agentId)?.deficit ?? 0,
        })),
      });
    }
    const series = buildStatementSeries(runs, this.timeZone);
    const out: Simulation['periods'] = runs.map((run, k) => {
      const statement = series[k]![0]!;
      const downlines: DownlineOwed[] = statement.deductions.map((d) => ({
        downlineId: n(d.downlineId),
        username: names.get(n(d.downlineId)) ?? '',
        contractId: members.find((m) => m.agentId === n(d.downlineId))?.contractId ?? 0,
        amount: d.amount,
      }));
      return {
        period: run.period,
        statement,
        // The tiers on the figures the statement used: a dividend's carry as threaded into it.
        tiers: tierBreakdown(
          terms,
          run.inputs[0]!.team.kind === 'dividend'
            ? { ...run.inputs[0]!.team, carriedIn: statement.inputs.carriedIn ?? 0, clearCarry: false }
            : run.inputs[0]!.team,
        ),
        downlines,
      };
    });
    return {
      agentId,
      username: subject?.username ?? '',
      contractId,
      terms,
      periods: out,
      total: {
        amount: out.reduce((s, p) => s + p.statement.amount, 0),
        owed: out.reduce((s, p) => s + p.downlines.reduce((a, d) => a + d.amount, 0), 0),
        pay: out.reduce((s, p) => s + p.statement.pay, 0),
      },
      warnings,
    };
  }

  // -------------------------------------------------------------------------------------------
  // My Income

  incomeSums(agentId: number, startDay: string, endDay: string) {
    return contractIncome(this.db, agentId, startDay, endDay, this.timeZone);
  }
}

/**
 * My Income's salary and dividend (reports.service.ts `income()`): what the agent's statements of
 * the periods ending in [startDay, endDay] credited it, corrections included, minor units. A period
 * counts on its last day (a daily salary on its day, a weekly dividend on its Saturday), in the
 * settlement zone, which is the report zone.
 */
export async function contractIncome(
  db: Kysely<DB>,
  agentId: number,
  startDay: string,
  endDay: string,
  timeZone: string,
): Promise<{ salary: number; dividend: number }> {
  const from = new Date(zoneDayStart(startDay, timeZone));
  const to = new Date(zoneDayStart(addZoneDays(endDay, 1), timeZone));
  const r = await sql<{ salary: string; dividend: string }>`
    select coalesce(sum(paid) filter (where kind <> 'dividend'), 0)::text as salary,
      coalesce(sum(paid) filter (where kind = 'dividend'), 0)::text as dividend
    from agent_contract_settlement
    where agent_id = ${agentId} and period_end > ${from} and period_end <= ${to}`.execute(db);
  return { salary: n(r.rows[0]?.salary), dividend: n(r.rows[0]?.dividend) };
}
