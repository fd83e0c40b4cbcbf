import type { z } from 'zod';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  backoffice,
  ContractStatementSchema,
  periodAt,
  type ContractKind,
  type ContractStatement,
  type PeriodCode,
  type SettlementPeriod,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { AgentReportsService } from '../agent/reports.service.ts';
import type { ContractReads } from '../agent/contract-reads.ts';
import {
  lineName,
  lockSettlements,
  type ContractLine,
  type ContractSettlement,
  type SettleSummary,
} from '../agent/contract-settlement.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';
import { prefixEnd } from './players.service.ts';

type TreeQuery = z.output<typeof backoffice.AgentTreeQuerySchema>;
type SearchQuery = z.output<typeof backoffice.AgentSearchQuerySchema>;
type ProfileQuery = z.output<typeof backoffice.AgentProfileQuerySchema>;
type StatementsQuery = z.output<typeof backoffice.AgentStatementsQuerySchema>;
type RerunTarget = z.output<typeof backoffice.AgentRerunTargetSchema>;
type RerunResult = backoffice.AgentRerunResult;

const E = backoffice.BackofficeErrors;
const n = (v: unknown) => Number(v ?? 0);
const ms = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());
/** The agent types that have a team (the account centre's). */
const AGENT_TYPES = [1, 2, 41, 42];

interface NodeRow {
  id: number;
  username: string;
  agent_type: number;
  status: string;
  lottery_series: number;
  upline_id: number | null;
  created_at: Date;
  direct: string;
  direct_agents: string;
}

const nodeColumns = sql`m.id, m.username, m.agent_type, m.status, m.lottery_series, m.upline_id, m.created_at,
  (select count(*) from member_tree t where t.ancestor_id = m.id and t.depth = 1)::text as direct,
  (select count(*) from member c where c.upline_id = m.id
     and c.agent_type in (${sql.join(AGENT_TYPES)}))::text as direct_agents`;

const nodeOf = (r: NodeRow): backoffice.AgentNode => ({
  id: n(r.id),
  username: r.username,
  agentType: r.agent_type,
  status: r.status,
  lotterySeries: r.lottery_series,
  uplineId: r.upline_id === null ? null : n(r.upline_id),
  directDownlines: n(r.direct),
  directAgents: n(r.direct_agents),
  createdAt: new Date(r.created_at).getTime(),
});

/** One agent's stored row of a period, as the re-run compares it. */
interface PeriodRow {
  contract_id: number;
  agent_id: number;
  statement: ContractStatement;
  pay: string;
  paid: string;
  deficit_out: string;
  carry_out: string;
  revision: number;
}

/** Thrown inside a dry run's transaction so that everything it did rolls back; carries the result. */
class DryRun extends Error {
  readonly result: RerunResult;
  constructor(result: RerunResult) {
    super('dry run');
    this.result = result;
  }
}

/**
 * The back office's Agents section (issue 31, decision 037). Reads come from the agent module's
 * own services: the team figures from the agent centre's overview (pre-aggregated day tables,
 * decision 028; never a scan of raw bets), the statements from the contracts' read side. A re-run
 * of a period goes through the contract settlement's own `settleLine` under its own lock, in a
 * transaction that also appends the audit entry (before and after); the dry run is the very same
 * run, rolled back. The CLI's `contracts settle` and `contracts rerun` act through this service too.
 */
export class AgentsBoService {
  private readonly deps: {
    database: Database;
    wallet: WalletService;
    audit: AuditLog;
    reports: AgentReportsService;
    contractReads: ContractReads;
    settlement: ContractSettlement;
  };

  constructor(deps: AgentsBoService['deps']) {
    this.deps = deps;
  }

  private get db(): Kysely<DB> {
    return this.deps.database.db;
  }

  // ---- the tree -------------------------------------------------------------------------------

  private async node(id: number): Promise<backoffice.AgentNode> {
    const row = await sql<NodeRow>`select ${nodeColumns} from member m where m.id = ${id}`.execute(this.db);
    if (!row.rows[0]) throw fail(E.boAgentNotFound);
    return nodeOf(row.rows[0]);
  }

  /** The top agents (no upline), or a member's direct downlines: agents only, or everyone. */
  async tree(q: TreeQuery): Promise<backoffice.AgentTree> {
    const parent = q.parentId ? await this.node(q.parentId) : null;
    const agentsOnly = q.show === 'agents';
    const where = sql`${q.parentId ? sql`m.upline_id = ${q.parentId}` : sql`m.upline_id is null`}
      ${agentsOnly ? sql`and m.agent_type in (${sql.join(AGENT_TYPES)})` : sql``}`;
    const [rows, total] = await Promise.all([
      sql<NodeRow>`select ${nodeColumns} from member m where ${where}
        order by m.id limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(this.db),
      sql<{ n: string }>`select count(*)::text as n from member m where ${where}`.execute(this.db),
    ]);
    return { parent, list: rows.rows.map(nodeOf), total: n(total.rows[0]?.n), page: q.page, size: q.size };
  }

  /** Members by a username prefix (any case), agents first, in the username index's order. */
  async search(q: SearchQuery) {
    const prefix = q.q.toLowerCase();
    const end = prefixEnd(prefix);
    const cap = backoffice.AGENT_SEARCH_COUNT_CAP;
    const match = sql`lower(m.username) ~>=~ ${prefix} and lower(m.username) ~<~ ${end}`;
    const [rows, count] = await Promise.all([
      sql<NodeRow>`select ${nodeColumns} from member m where ${match}
        order by lower(m.username) using ~<~, m.id limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(
        this.db,
      ),
      sql<{
        n: string;
      }>`select count(*)::text as n from (select 1 from member m where ${match} limit ${cap + 1}) x`.execute(
        this.db,
      ),
    ]);
    const total = n(count.rows[0]?.n);
    return {
      list: rows.rows.map(nodeOf),
      total: Math.min(total, cap),
      capped: total > cap,
      page: q.page,
      size: q.size,
    };
  }

  // ---- an agent's page ------------------------------------------------------------------------

  async profile(q: ProfileQuery): Promise<backoffice.AgentProfile> {
    const agent = await this.node(q.id);
    const [member, uplines, rebates, team] = await Promise.all([
      this.db
        .selectFrom('member')
        .select(['email', 'last_login_at'])
        .where('id', '=', q.id)
        .executeTakeFirstOrThrow(),
      sql<{ id: number; username: string }>`
        select m.id, m.username from member_tree t join member m on m.id = t.ancestor_id
        where t.descendant_id = ${q.id} and t.depth > 0 order by t.depth desc`.execute(this.db),
      this.db
        .selectFrom('member_rebate')
        .select(['product', 'rate_bp'])
        .where('member_id', '=', q.id)
        .orderBy('product')
        .execute(),
      this.deps.reports.overview(q.id, q.range),
    ]);
    const { code, precision } = this.deps.wallet.currency();
    return {
      agent,
      uplines: uplines.rows.map((u) => ({ id: n(u.id), username: u.username })),
      email: member.email,
      lastLoginAt: ms(member.last_login_at),
      rebates: rebates.map((r) => ({ product: r.product, rateBp: r.rate_bp })),
      team,
      currency: { code, precision },
    };
  }

  async contracts(id: number): Promise<backoffice.AgentContracts> {
    await this.node(id);
    const cap = backoffice.AGENT_GIVEN_CONTRACTS_CAP;
    const select = this.db
      .selectFrom('agent_contract as c')
      .innerJoin('member as d', 'd.id', 'c.downline_id')
      .leftJoin('member as u', 'u.id', 'c.upline_id')
      .select([
        'c.id',
        'c.kind',
        'c.product_type',
        'c.period',
        'c.upline_id',
        'u.username as upline_username',
        'c.downline_id',
        'd.username as downline_username',
        'c.status',
        'c.terms',
        'c.accepted_terms',
        'c.version',
        'c.created_at',
        'c.updated_at',
      ]);
    const [held, given, givenTotal] = await Promise.all([
      select
        .where('c.downline_id', '=', id)
        .orderBy('c.kind')
        .orderBy('c.product_type')
        .orderBy('c.id')
        .execute(),
      select
        .where('c.upline_id', '=', id)
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id')
        .limit(cap)
        .execute(),
      this.db
        .selectFrom('agent_contract')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('upline_id', '=', id)
        .executeTakeFirstOrThrow(),
    ]);
    const ids = [...held, ...given].map((c) => n(c.id));
    const events = ids.length
      ? await this.db
          .selectFrom('agent_contract_event as e')
          .leftJoin('member as m', 'm.id', 'e.actor_id')
          .select([
            'e.contract_id',
            'e.at',
            'e.actor',
            'm.username',
            'e.action',
            'e.from_status',
            'e.to_status',
            'e.terms',
          ])
          .where('e.contract_id', 'in', ids)
          .orderBy('e.id')
          .execute()
      : [];
    const byContract = new Map<number, backoffice.AgentContract['events']>();
    for (const e of events) {
      const list = byContract.get(n(e.contract_id)) ?? [];
      list.push({
        at: new Date(e.at).getTime(),
        actor: e.actor,
        actorUsername: e.username,
        action: e.action,
        fromStatus: e.from_status,
        toStatus: e.to_status,
        terms: e.terms ?? null,
      });
      byContract.set(n(e.contract_id), list);
    }
    const contractOf = (c: (typeof held)[number]): backoffice.AgentContract => ({
      id: n(c.id),
      kind: c.kind,
      productType: c.product_type,
      period: c.period,
      uplineId: c.upline_id === null ? null : n(c.upline_id),
      uplineUsername: c.upline_username,
      downlineId: n(c.downline_id),
      downlineUsername: c.downline_username,
      status: c.status,
      terms: c.terms,
      acceptedTerms: c.accepted_terms ?? null,
      version: c.version,
      createdAt: new Date(c.created_at).getTime(),
      updatedAt: new Date(c.updated_at).getTime(),
      events: byContract.get(n(c.id)) ?? [],
    });
    return { held: held.map(contractOf), given: given.map(contractOf), givenTotal: n(givenTotal.n) };
  }

  /** The agent's stored statements, newest period first (the agent centre's own read). */
  async statements(q: StatementsQuery): Promise<backoffice.AgentStatements> {
    await this.node(q.id);
    return this.deps.contractReads.statements(q.id, {
      page: q.page,
      size: q.size,
      ...(q.contractId ? { contractId: q.contractId } : {}),
      ...(q.kind ? { kind: q.kind } : {}),
    });
  }

  // ---- re-run ---------------------------------------------------------------------------------

  /** The line of a contract and the settled period of the key: 404 / 409 when there is none. */
  private async targetOf(t: RerunTarget): Promise<{ line: ContractLine; period: SettlementPeriod }> {
    const c = await this.db
      .selectFrom('agent_contract')
      .select(['kind', 'product_type', 'period'])
      .where('id', '=', t.contractId)
      .executeTakeFirst();
    if (!c) throw fail(E.boAgentNotFound, { message: 'No such contract' });
    const line: ContractLine = { kind: c.kind, productType: c.product_type, period: c.period };
    const stored = await this.db
      .selectFrom('agent_contract_settlement')
      .select('period_start')
      .where('period_key', '=', t.periodKey)
      .where('kind', '=', line.kind)
      .where('product_type', '=', line.productType)
      .where('period', '=', line.period)
      .limit(1)
      .executeTakeFirst();
    if (!stored) throw fail(E.boAgentPeriodNotSettled);
    const code = t.periodKey.slice(0, t.periodKey.indexOf(':')) as PeriodCode;
    const period = periodAt(code, new Date(stored.period_start).getTime(), this.deps.settlement.timeZone);
    if (period.key !== t.periodKey || period.end > Date.now()) throw fail(E.boAgentPeriodNotSettled);
    return { line, period };
  }

  private async periodRows(db: Kysely<DB>, line: ContractLine, key: string): Promise<PeriodRow[]> {
    const rows = await sql<PeriodRow>`
      select contract_id, agent_id, statement, pay::text, paid::text, deficit_out::text, carry_out::text, revision
      from agent_contract_settlement
      where period_key = ${key} and kind = ${line.kind} and product_type = ${line.productType}
        and period = ${line.period}
      order by agent_id`.execute(db);
    return rows.rows;
  }

  /**
   * Re-runs a settled period of a contract's line through the settlement's own code, under its
   * lock: only differences are credited, once (decision 030), and the audit entry records every
   * agent's statement figures before and after with the reason, in the same transaction. A dry run
   * is the same run rolled back. Two people re-running at once queue on the settlement's lock; the
   * second finds the first's statements and changes nothing.
   */
  async rerun(actor: AuditActor, target: RerunTarget, reason: string | null): Promise<RerunResult> {
    const { line, period } = await this.targetOf(target);
    const dryRun = reason === null;
    try {
      return await this.db.transaction().execute(async (trx) => {
        await lockSettlements(trx);
        const before = await this.periodRows(trx, line, period.key);
        const summary = await this.deps.settlement.settleLine(trx, line, period);
        const after = await this.periodRows(trx, line, period.key);
        const result = await this.resultOf(trx, dryRun, line, period, summary, before, after);
        if (dryRun) throw new DryRun(result);
        const figures = (rows: PeriodRow[]) =>
          rows.map((r) => ({
            agentId: n(r.agent_id),
            contractId: n(r.contract_id),
            pay: n(r.pay),
            paid: n(r.paid),
            deficitOut: n(r.deficit_out),
            carryOut: n(r.carry_out),
            revision: r.revision,
          }));
        await this.deps.audit.append(trx as Transaction<DB>, actor, {
          action: 'agent.settle.rerun',
          targetType: 'contract-period',
          targetId: `${lineName(line)}:${period.key}`,
          before: { statements: figures(before) },
          after: {
            statements: figures(after),
            credited: summary.credited,
            corrected: summary.corrected,
            contractId: target.contractId,
            reason,
          },
        });
        return result;
      });
    } catch (e) {
      if (e instanceof DryRun) return e.result;
      throw e;
    }
  }

  private async resultOf(
    db: Kysely<DB>,
    dryRun: boolean,
    line: ContractLine,
    period: SettlementPeriod,
    summary: SettleSummary,
    before: PeriodRow[],
    after: PeriodRow[],
  ): Promise<RerunResult> {
    const was = new Map(before.map((r) => [n(r.agent_id), r]));
    const ids = after.map((r) => n(r.agent_id));
    const names = ids.length
      ? await db.selectFrom('member').select(['id', 'username']).where('id', 'in', ids).execute()
      : [];
    const nameOf = new Map(names.map((m) => [n(m.id), m.username]));
    const changes = after.map((r) => {
      const b = was.get(n(r.agent_id));
      const paidBefore = b ? n(b.paid) : 0;
      return {
        agentId: n(r.agent_id),
        username: nameOf.get(n(r.agent_id)) ?? '',
        contractId: n(r.contract_id),
        before: b ? ContractStatementSchema.parse(b.statement) : null,
        after: ContractStatementSchema.parse(r.statement),
        paidBefore,
        paidAfter: n(r.paid),
        credit: n(r.paid) - paidBefore,
        changed: !b || b.revision !== r.revision,
      };
    });
    return {
      dryRun,
      line: { kind: line.kind as ContractKind, productType: line.productType, period: line.period },
      period: { key: period.key, start: period.start, end: period.end },
      statements: summary.statements,
      credited: summary.credited,
      corrected: summary.corrected,
      changes,
    };
  }

  /**
   * The CLI's `contracts settle`: the windows of the codes ending at `end` settled now (as a job's
   * run), with its audit entry in the same transaction.
   */
  async settleWindow(actor: AuditActor, code: PeriodCode, end: number): Promise<SettleSummary> {
    return this.db.transaction().execute(async (trx) => {
      const s = await this.deps.settlement.settleDue(trx, [code], end, false);
      await this.deps.audit.append(trx as Transaction<DB>, actor, {
        action: 'agent.settle.window',
        targetType: 'contract-window',
        targetId: `${code}:${new Date(end).toISOString()}`,
        before: null,
        after: { ...s },
      });
      return s;
    });
  }
}
