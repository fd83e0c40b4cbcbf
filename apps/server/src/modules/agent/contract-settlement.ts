import { sql, type Kysely } from 'kysely';
import {
  buildStatements,
  carryClears,
  ContractTermsSchema,
  DEFAULT_CONTRACT_TIME_ZONE,
  paysInStatus,
  periodAt,
  previousPeriod,
  zoneOffsetAt,
  type ContractKind,
  type ContractStatement,
  type ContractTerms,
  type LedgerKind,
  type PeriodCode,
  type SettlementPeriod,
  type StatementInput,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { JobRunner, JobWindow } from '../../platform/jobs/job-runner.ts';
import type { HouseCode, Posting, WalletService } from '../wallet/wallet.service.ts';
import { readTeamFigures, teamFigures } from './contract-figures.ts';

/**
 * The settlement of agent contracts (issue 30, decision 030 "Settlement"): per line (kind, product
 * type, dividend period) and period, every paying contract's statement from the pure core's
 * `buildStatements` on the team figures of contract-figures.ts, stored per (contract, period key,
 * agent) in agent_contract_settlement, and one credit per agent of its pay from the house's contract
 * account, in the transaction that stores the statement.
 *
 * Exactly once: a line's period is settled under a transaction-scoped advisory lock, and its rows'
 * primary key (contract, period key, agent) is the payment's idempotency key. A run takes the
 * period's stored rows (their contracts, terms, upline and starting state) and any contract in force
 * the period has no statement of; a stored statement recomputed the same changes nothing, a changed
 * one is credited only what its new pay adds beyond what was paid (a lower pay pays nothing back:
 * the difference joins the agent's deficit on the line), a new one is inserted and credited its pay
 * unless it is empty. The carry and the deficit are threaded through agent_contract_state, which each
 * run moves by its own change only.
 */

/** The house account contracts are paid from (the wallet's house accounts, created on first use). */
export const HOUSE_AGENT_CONTRACT = 'HOUSE_AGENT_CONTRACT' as HouseCode;

/** The ledger kind of each contract kind's credits (labelled in wallet.ts, migration 038). */
export const contractLedgerKind: Record<ContractKind, LedgerKind> = {
  dividend: 'AGENT_DIVIDEND',
  dailySalary: 'AGENT_DAILY_SALARY',
  hourlySalary: 'AGENT_HOURLY_SALARY',
  realTimeSalary: 'AGENT_REALTIME_SALARY',
};

/** Agents credited by one ledger movement at most (the rebate job's measured sweet spot). */
const POSTINGS_PER_MOVEMENT = 50;

export interface ContractLine {
  kind: ContractKind;
  productType: string;
  /** The dividend's computation period; '' for the other kinds. */
  period: string;
}

export const lineName = (l: ContractLine) => `${l.kind}:${l.productType}${l.period ? `:${l.period}` : ''}`;

export interface SettleSummary {
  /** Statements written or rewritten. */
  statements: number;
  /** Minor units credited by this run. */
  credited: number;
  /** Statements a re-run found changed. */
  corrected: number;
}

export interface SettleOptions {
  /** Test hook: throws once the credits are posted, to show that a run rolls back whole. */
  failAfterPosting?: boolean;
}

interface Participant {
  contractId: number;
  agentId: number;
  uplineId: number | null;
  terms: ContractTerms;
  carryIn: number;
  deficitIn: number;
}

interface StoredRow {
  contract_id: number;
  agent_id: number;
  upline_id: number | null;
  terms: unknown;
  carry_in: string;
  deficit_in: string;
  statement: ContractStatement;
  pay: string;
  paid: string;
  carry_out: string;
  deficit_out: string;
  revision: number;
}

const n = (v: unknown) => Number(v ?? 0);

/** A statement with nothing in it: no bet, no amount, nothing owed or paid, no state moved. */
function isEmpty(s: ContractStatement, p: { carryIn: number; deficitIn: number }): boolean {
  return (
    s.inputs.bet === 0 &&
    s.amount === 0 &&
    s.pay === 0 &&
    s.deductions.every((d) => d.amount === 0) &&
    s.deficitOut === p.deficitIn &&
    (s.carryOut ?? 0) === Math.min(0, p.carryIn) &&
    (s.inputs.periodNet ?? 0) === 0
  );
}

/** JSON with keys sorted: a statement read back from jsonb (whose keys it reorders) compares equal. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );
}

/** The period code of a line. */
export function lineCode(line: ContractLine): PeriodCode {
  switch (line.kind) {
    case 'dividend':
      return line.period as PeriodCode;
    case 'dailySalary':
      return 'D';
    case 'realTimeSalary':
      return 'fiveMinutes';
    case 'hourlySalary':
      // An hourly line holds H and BH contracts alike: the terms' frequency picks (see settleLine).
      return 'hour';
  }
}

export class ContractSettlement {
  private readonly database: Database;
  private readonly wallet: WalletService;
  readonly timeZone: string;

  constructor(deps: { database: Database; wallet: WalletService; timeZone?: string }) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.timeZone = deps.timeZone ?? DEFAULT_CONTRACT_TIME_ZONE;
  }

  /** Settles a line's period in a transaction of its own (tests, the bench, an operator's re-run). */
  settleNow(
    line: ContractLine,
    period: SettlementPeriod,
    options: SettleOptions = {},
  ): Promise<SettleSummary> {
    return this.database.db.transaction().execute(async (trx) => {
      await lockSettlements(trx);
      return this.settleLine(trx, line, period, options);
    });
  }

  /**
   * The lines that have something to settle for a period code: those with a paying contract, and
   * those already settled for the period (a re-run recomputes them even if the contracts ended).
   */
  async linesFor(
    db: Kysely<DB>,
    codes: readonly PeriodCode[],
    periodKeys: readonly string[],
  ): Promise<ContractLine[]> {
    const rows = await sql<ContractLine>`
      select distinct kind, product_type as "productType", period from (
        select kind, product_type, period from agent_contract
        where status in ('A', 'V', 'E') and accepted_terms is not null
        union all
        select kind, product_type, period from agent_contract_settlement
        where period_key = any(${periodKeys as string[]}::text[])
      ) x
      order by kind, "productType", period`.execute(db);
    return rows.rows.filter((l) => codes.some((c) => this.lineHasCode(l, c)));
  }

  private lineHasCode(line: ContractLine, code: PeriodCode): boolean {
    if (line.kind === 'hourlySalary') return code === 'hour' || code === 'halfHour';
    return lineCode(line) === code;
  }

  /**
   * Settles (or re-settles) one line's period inside `trx`. Hourly lines hold hour and half-hour
   * contracts: each is settled on its own frequency's period, so `period.code` picks which.
   */
  async settleLine(
    trx: Kysely<DB>,
    line: ContractLine,
    period: SettlementPeriod,
    options: SettleOptions = {},
  ): Promise<SettleSummary> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`agent-contract:${lineName(line)}:${period.key}:`} || current_schema(), 0))`.execute(
      trx,
    );
    // A window's read of a 10M-bet table is estimated costly enough for PostgreSQL to JIT-compile it,
    // which took 1.4 s of a 1.2 s query on the bench's 50,000-ticket window: the reads here are
    // index ranges and small groups, never worth compiling.
    await sql`set local jit = off`.execute(trx);
    const stored = await sql<StoredRow>`
      select contract_id, agent_id, upline_id, terms, carry_in::text, deficit_in::text, statement,
        pay::text, paid::text, carry_out::text, deficit_out::text, revision
      from agent_contract_settlement
      where period_key = ${period.key} and kind = ${line.kind} and product_type = ${line.productType}
        and period = ${line.period}
      order by agent_id`.execute(trx);
    // The period's own set (its stored contracts on their stored terms, upline and starting state),
    // and any contract in force now that the period has no statement of (a team that had nothing in
    // it when it was first settled, or a first run).
    const known = new Set(stored.rows.map((r) => n(r.agent_id)));
    const participants: Participant[] = stored.rows.map((r) => ({
      contractId: n(r.contract_id),
      agentId: n(r.agent_id),
      uplineId: r.upline_id === null ? null : n(r.upline_id),
      terms: ContractTermsSchema.parse(r.terms),
      carryIn: n(r.carry_in),
      deficitIn: n(r.deficit_in),
    }));
    for (const p of await this.payingContracts(trx, line, period))
      if (!known.has(p.agentId)) participants.push(p);
    // One order, whichever rows were stored: a statement's deductions follow it, and a re-run compares.
    participants.sort((x, y) => x.agentId - y.agentId);
    if (participants.length === 0) return { statements: 0, credited: 0, corrected: 0 };
    const statements = await this.computeStatements(trx, line, period, participants);
    const revision = stored.rows.length ? Math.max(...stored.rows.map((r) => r.revision)) + 1 : 1;
    const byAgent = new Map(stored.rows.map((r) => [n(r.agent_id), r]));

    const inserts: { p: Participant; s: ContractStatement }[] = [];
    const updates: { row: StoredRow; s: ContractStatement; credit: number; paid: number }[] = [];
    const credits: { agentId: number; contractId: number; amount: number }[] = [];
    const moves: { agent: number; carry: number; deficit: number }[] = [];
    participants.forEach((p, k) => {
      const s = statements[k]!;
      const row = byAgent.get(p.agentId);
      if (!row) {
        // A statement with nothing in it (no bet, no amount, no pay, no state moved) is not stored:
        // a real-time line would otherwise store every agent every 5 minutes.
        if (isEmpty(s, p)) return;
        inserts.push({ p, s });
        if (s.pay > 0) credits.push({ agentId: p.agentId, contractId: p.contractId, amount: s.pay });
        moves.push({
          agent: p.agentId,
          carry: (s.carryOut ?? 0) - p.carryIn,
          deficit: s.deficitOut - p.deficitIn,
        });
        return;
      }
      if (canonical(s) === canonical(row.statement)) return;
      const paid = n(row.paid);
      // Paid beyond what the statement now says: owed back, as deficit, never taken from the wallet.
      const overpaidBefore = Math.max(0, paid - n(row.pay));
      const overpaidNow = Math.max(0, paid - s.pay);
      const credit = Math.max(0, s.pay - paid);
      updates.push({ row, s, credit, paid: paid + credit });
      if (credit > 0) credits.push({ agentId: p.agentId, contractId: p.contractId, amount: credit });
      moves.push({
        agent: p.agentId,
        carry: (s.carryOut ?? 0) - n(row.carry_out),
        deficit: s.deficitOut - n(row.deficit_out) + (overpaidNow - overpaidBefore),
      });
    });
    if (inserts.length === 0 && updates.length === 0) return { statements: 0, credited: 0, corrected: 0 };
    const credited = await this.credit(trx, line, period, revision, credits);
    if (options.failAfterPosting) throw new Error('contract settlement stopped after its credits (test)');
    if (inserts.length)
      await sql`
        insert into agent_contract_settlement (contract_id, period_key, agent_id, upline_id, kind, product_type,
          period, period_start, period_end, terms, carry_in, deficit_in, statement, amount, pay, paid, carry_out,
          deficit_out, revision)
        select x.contract, ${period.key}, x.agent, x.upline, ${line.kind}, ${line.productType}, ${line.period},
          ${new Date(period.start)}, ${new Date(period.end)}, x.terms, x.carry_in, x.deficit_in, x.statement,
          x.amount, x.pay, x.pay, x.carry_out, x.deficit_out, ${revision}
        from jsonb_to_recordset(${JSON.stringify(
          inserts.map(({ p, s }) => ({
            contract: p.contractId,
            agent: p.agentId,
            upline: p.uplineId,
            terms: p.terms,
            carry_in: p.carryIn,
            deficit_in: p.deficitIn,
            statement: s,
            amount: s.amount,
            pay: s.pay,
            carry_out: s.carryOut ?? 0,
            deficit_out: s.deficitOut,
          })),
        )}::jsonb) as x(contract bigint, agent integer, upline integer, terms jsonb, carry_in bigint,
          deficit_in bigint, statement jsonb, amount bigint, pay bigint, carry_out bigint, deficit_out bigint)`.execute(
        trx,
      );
    if (updates.length)
      await sql`
        update agent_contract_settlement a set statement = x.statement, amount = x.amount, pay = x.pay,
          paid = x.paid, carry_out = x.carry_out, deficit_out = x.deficit_out, revision = ${revision},
          updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(
          updates.map((u) => ({
            contract: n(u.row.contract_id),
            agent: n(u.row.agent_id),
            statement: u.s,
            amount: u.s.amount,
            pay: u.s.pay,
            paid: u.paid,
            carry_out: u.s.carryOut ?? 0,
            deficit_out: u.s.deficitOut,
          })),
        )}::jsonb) as x(contract bigint, agent integer, statement jsonb, amount bigint, pay bigint, paid bigint,
          carry_out bigint, deficit_out bigint)
        where a.contract_id = x.contract and a.agent_id = x.agent and a.period_key = ${period.key}`.execute(
        trx,
      );
    // The line's state moves by this run's change only: a first run from the state it read (so it
    // ends as what the period leaves), a re-run by its difference (later periods already started
    // from the old figures, and what they carried is theirs).
    await this.moveState(trx, line, moves);
    return { statements: inserts.length + updates.length, credited, corrected: updates.length };
  }

  /**
   * The statements of a set of contracts of one line for one period, on the figures of
   * contract-figures.ts: what settlement stores, and what the simulator shows.
   */
  async computeStatements(
    db: Kysely<DB>,
    line: ContractLine,
    period: SettlementPeriod,
    participants: readonly Participant[],
  ): Promise<ContractStatement[]> {
    const terms = new Map(participants.map((p) => [p.agentId, p.terms]));
    const figures = await readTeamFigures(
      db,
      { kind: line.kind, productType: line.productType },
      period,
      participants.map((p) => p.agentId),
      (id) => terms.get(id),
    );
    const inSet = new Set(participants.map((p) => p.agentId));
    const inputs: StatementInput[] = participants.map((p) => ({
      agentId: p.agentId,
      uplineId: p.uplineId !== null && inSet.has(p.uplineId) ? p.uplineId : null,
      contractId: p.contractId,
      terms: p.terms,
      team: teamFigures(
        figures.get(p.agentId)!,
        p.carryIn,
        p.terms.kind === 'dividend' ? carryClears(p.terms, period, this.timeZone) : false,
      ),
      deficitIn: p.deficitIn,
    }));
    return buildStatements(period, inputs);
  }

  /**
   * The contracts that pay a line's period: in force now (A, V, or E on the terms last accepted),
   * of the period's frequency, with each agent's carry and deficit on the line.
   */
  private async payingContracts(
    trx: Kysely<DB>,
    line: ContractLine,
    period: SettlementPeriod,
  ): Promise<Participant[]> {
    const rows = await sql<{
      id: number;
      downline_id: number;
      upline_id: number | null;
      status: 'A' | 'V' | 'E';
      accepted_terms: unknown;
      carry: string | null;
      deficit: string | null;
    }>`
      select c.id, c.downline_id, c.upline_id, c.status, c.accepted_terms, s.carry::text, s.deficit::text
      from agent_contract c
      left join agent_contract_state s on s.member_id = c.downline_id and s.kind = c.kind
        and s.product_type = c.product_type and s.period = c.period
      where c.kind = ${line.kind} and c.product_type = ${line.productType} and c.period = ${line.period}
        and c.status in ('A', 'V', 'E') and c.accepted_terms is not null
      order by c.downline_id`.execute(trx);
    const out: Participant[] = [];
    for (const r of rows.rows) {
      if (!paysInStatus(r.status)) continue;
      const terms = ContractTermsSchema.parse(r.accepted_terms);
      // An hourly line: the hour run pays the H contracts, the half-hour run the BH ones.
      if (terms.kind === 'hourlySalary' && (terms.frequency === 'BH') !== (period.code === 'halfHour'))
        continue;
      out.push({
        contractId: n(r.id),
        agentId: n(r.downline_id),
        uplineId: r.upline_id === null ? null : n(r.upline_id),
        terms,
        carryIn: n(r.carry),
        deficitIn: n(r.deficit),
      });
    }
    return out;
  }

  /** Moves each agent's state on the line by a change, the carry never above 0 nor the deficit below. */
  private async moveState(
    trx: Kysely<DB>,
    line: ContractLine,
    moves: { agent: number; carry: number; deficit: number }[],
  ): Promise<void> {
    const changed = moves.filter((m) => m.carry !== 0 || m.deficit !== 0);
    if (changed.length === 0) return;
    const agents = changed.map((r) => r.agent);
    await sql`
      insert into agent_contract_state (member_id, kind, product_type, period)
      select x, ${line.kind}, ${line.productType}, ${line.period} from unnest(${agents}::integer[]) as x
      on conflict do nothing`.execute(trx);
    await sql`
      update agent_contract_state s set carry = least(s.carry + x.carry, 0),
        deficit = greatest(s.deficit + x.deficit, 0), updated_at = now()
      from unnest(${agents}::integer[], ${changed.map((r) => r.carry)}::bigint[],
        ${changed.map((r) => r.deficit)}::bigint[]) as x(agent, carry, deficit)
      where s.member_id = x.agent and s.kind = ${line.kind} and s.product_type = ${line.productType}
        and s.period = ${line.period}`.execute(trx);
  }

  /**
   * One credit per agent of `amount`, from the house's contract account, in movements of at most
   * POSTINGS_PER_MOVEMENT agents. Keys name the line, the period and the run's revision, so a
   * period's first run and each correction post under keys of their own, and a replayed key means
   * a run's payments were made twice: refused.
   */
  private async credit(
    trx: Kysely<DB>,
    line: ContractLine,
    period: SettlementPeriod,
    revision: number,
    credits: { agentId: number; contractId: number; amount: number }[],
  ): Promise<number> {
    if (credits.length === 0) return 0;
    const kind = contractLedgerKind[line.kind];
    const sorted = [...credits].sort((a, b) => a.agentId - b.agentId);
    let total = 0;
    for (let part = 0; part * POSTINGS_PER_MOVEMENT < sorted.length; part++) {
      const rows = sorted.slice(part * POSTINGS_PER_MOVEMENT, (part + 1) * POSTINGS_PER_MOVEMENT);
      const sum = rows.reduce((s, r) => s + r.amount, 0);
      const postings: Posting[] = rows.map((r) => ({ account: { memberId: r.agentId }, amount: r.amount }));
      postings.push({ account: { house: HOUSE_AGENT_CONTRACT }, amount: -sum });
      const key = `agent-contract:${lineName(line)}:${period.key}:r${revision}:${part}`;
      const posted = await this.wallet.post(
        {
          idempotencyKey: key,
          kind,
          reference: period.key,
          memo: `${lineName(line)} ${period.key}${revision > 1 ? ` (correction ${revision - 1})` : ''}`,
          postings,
        },
        trx,
      );
      if (posted.replayed) throw new Error(`contract settlement: ledger key ${key} was used`);
      total += sum;
    }
    return total;
  }

  // -------------------------------------------------------------------------------------------
  // The jobs

  /**
   * Settles every line of the given codes for the period of each code that ends at `end`, and
   * re-runs the period before it (late-settled bets and corrections since: only differences move).
   */
  async settleDue(
    trx: Kysely<DB>,
    codes: readonly PeriodCode[],
    end: number,
    rerunPrevious: boolean,
  ): Promise<SettleSummary> {
    const periods: SettlementPeriod[] = [];
    for (const code of codes) {
      const p = periodAt(code, end - 1, this.timeZone);
      if (p.end !== end) continue;
      if (rerunPrevious) periods.push(previousPeriod(p, this.timeZone));
      periods.push(p);
    }
    const total: SettleSummary = { statements: 0, credited: 0, corrected: 0 };
    if (periods.length === 0) return total;
    await lockSettlements(trx);
    const lines = await this.linesFor(
      trx,
      codes,
      periods.map((p) => p.key),
    );
    for (const p of periods)
      for (const line of lines) {
        if (!this.lineHasCode(line, p.code)) continue;
        const s = await this.settleLine(trx, line, p);
        total.statements += s.statements;
        total.credited += s.credited;
        total.corrected += s.corrected;
      }
    return total;
  }
}

/**
 * One settlement transaction at a time across instances and kinds. A run settles several lines and
 * periods (a window and the re-run of the one before), each under its own (line, period) lock and
 * crediting the same agents from the same house account: two runs taking those locks and accounts
 * in different orders deadlocked (the real-time job's window and the previous window's re-run on two
 * instances at once), and PostgreSQL failed one of them. Runs are short (the bench's whole tree: a
 * second or two), so serialising them costs nothing a job would notice.
 */
export async function lockSettlements(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('agent-contract-settlement:' || current_schema(), 0))`.execute(
    trx,
  );
}

/** How long after a period ends its settlement waits: late commits, and the stats fold's lag. */
export const SETTLE_LAG_MS = { window: 60_000, day: 10 * 60_000 } as const;

export const CONTRACT_JOBS = {
  realTime: 'agent.contract.realtime',
  hourly: 'agent.contract.hourly',
  daily: 'agent.contract.daily',
} as const;

/**
 * The settlement jobs, once per window across instances (platform/jobs): the real-time salary
 * every 5 minutes, the hourly salary every half hour (hour contracts on the hour), the daily
 * salary and every dividend once a day after the zone's midnight. Each waits its lag after the
 * period ends, then settles it and re-runs the period before. Windows missed while no server ran
 * are made up (catchUpWindows: an hour of real-time windows, a day of half hours, a week of days).
 */
export function registerContractJobs(jobs: JobRunner, settlement: ContractSettlement): void {
  const run =
    (codes: PeriodCode[], lag: number, rerun: boolean) =>
    async (r: { db: Kysely<DB>; window: JobWindow }) => ({
      ...(await settlement.settleDue(r.db, codes, r.window.end.getTime() - lag, rerun)),
    });
  jobs.register(
    CONTRACT_JOBS.realTime,
    { everyMs: 300_000, offsetMs: SETTLE_LAG_MS.window, catchUpWindows: 12 },
    run(['fiveMinutes'], SETTLE_LAG_MS.window, true),
  );
  jobs.register(
    CONTRACT_JOBS.hourly,
    { everyMs: 1_800_000, offsetMs: SETTLE_LAG_MS.window, catchUpWindows: 48 },
    run(['halfHour', 'hour'], SETTLE_LAG_MS.window, true),
  );
  // The zone's midnight plus the lag, as an offset of UTC days (the zone's offset now: a zone that
  // changes its clock shifts the job by the change until a restart; the default GMT+8 never does).
  const day = 86_400_000;
  const offset = (((SETTLE_LAG_MS.day - zoneOffsetAt(Date.now(), settlement.timeZone)) % day) + day) % day;
  jobs.register(
    CONTRACT_JOBS.daily,
    { everyMs: day, offsetMs: offset, catchUpWindows: 7 },
    run(['D', 'W', 'H', 'M'], SETTLE_LAG_MS.day, true),
  );
}
