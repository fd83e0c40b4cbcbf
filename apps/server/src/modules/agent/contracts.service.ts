import { sql, type Kysely, type Selectable } from 'kysely';
import {
  accountCentreTypes,
  actionOfWireStatus,
  checkOffer,
  contractLine,
  ContractTermsSchema,
  Errors,
  higherRateConflicts,
  higherRateWarning,
  kindConsolidatedKeys,
  paysInStatus,
  transition,
  type ContractAction,
  type ContractActor,
  type ContractKind,
  type ContractStatus,
  type ContractTerms,
  type ContractView,
  type HigherRateAffected,
  type TierIssue,
  type TransitionRefusal,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { AgentContractTable, DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';

/**
 * Agent contracts' store and offer/answer flow (issue 30, decision 030 "Server"). Every change goes
 * through the core's `transition()` under the contract row's lock (FOR UPDATE), so two answers
 * racing on one contract give one outcome and the second is refused by the status the first left.
 * Rows are locked upper line first: an agent's own contract before the contracts it gave on the
 * line (offer, modify and accept all take them in that order), so the higher-rate rule never
 * misses an offer made while its offerer accepts lower terms.
 *
 * Per-record access: an agent sees and acts only on contracts where it is the upline or the
 * downline; any other id answers the same 404 as a missing one.
 */

type Row = Selectable<AgentContractTable>;
type Answer = 'accept' | 'reject' | 'acceptTermination' | 'rejectTermination';

interface LineKey {
  kind: ContractKind;
  productType: string;
  period: string;
}

const lineOf = (terms: ContractTerms): LineKey => ({
  kind: terms.kind,
  productType: terms.productType,
  period: terms.kind === 'dividend' ? terms.computationPeriod : '',
});

const rowLine = (row: Row): LineKey => ({
  kind: row.kind,
  productType: row.product_type,
  period: row.period,
});

function parseTerms(value: unknown): ContractTerms {
  return ContractTermsSchema.parse(value);
}

/** The terms in force: the last accepted while paying, else none. */
function inForce(row: Pick<Row, 'status' | 'accepted_terms'> | undefined): ContractTerms | null {
  return row && paysInStatus(row.status) && row.accepted_terms ? parseTerms(row.accepted_terms) : null;
}

function termsRefused(issues: TierIssue[]): never {
  throw fail(Errors.contractTermsInvalid, {
    message: issues.map((i) => i.message).join('; ') || Errors.contractTermsInvalid.message,
    value: { issues },
  });
}

/** The core's refusal as the catalogue's error (the same codes). */
function refuse(code: TransitionRefusal): never {
  throw fail(
    code === Errors.contractActorInvalid.code ? Errors.contractActorInvalid : Errors.contractStatusInvalid,
  );
}

export interface ContractInfoRow {
  contractId: number;
  status: ContractStatus;
  uplineId: number | null;
  terms: ContractTerms;
}

/** The consolidated call's contract keys (research §1.3): request counts and the info keys. */
export interface ContractConsolidated {
  dailysalreqtype: number;
  divtypereq: number;
  contracthoursalreq: number;
  realtimesalreqtype: number;
  divtypecompperiodreq: number;
  divtypecompperiodinfo?: Record<string, Record<string, { agent: ContractInfoRow[] }>>;
  dailysalinfotype?: Record<string, { agent: ContractInfoRow[] }>;
  contracthoursalinfo?: Record<string, { agent: ContractInfoRow[] }>;
  realtimesalinfotype?: Record<string, { agent: ContractInfoRow[] }>;
}

export class AgentContractService {
  private readonly database: Database;

  constructor(deps: { database: Database }) {
    this.database = deps.database;
  }

  private get db(): Kysely<DB> {
    return this.database.db;
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  private async views(db: Kysely<DB>, rows: Row[]): Promise<ContractView[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.downline_id, ...(r.upline_id ? [r.upline_id] : [])]))];
    const names = new Map<number, string>();
    if (ids.length)
      for (const m of await db
        .selectFrom('member')
        .select(['id', 'username'])
        .where('id', 'in', ids)
        .execute())
        names.set(m.id, m.username);
    return rows.map((r) => {
      const terms = parseTerms(r.terms);
      return {
        id: r.id,
        kind: r.kind,
        productType: terms.productType,
        computationPeriod: terms.kind === 'dividend' ? terms.computationPeriod : null,
        status: r.status,
        uplineId: r.upline_id,
        uplineName: r.upline_id === null ? null : (names.get(r.upline_id) ?? null),
        downlineId: r.downline_id,
        downlineName: names.get(r.downline_id) ?? '',
        terms,
        acceptedTerms: r.accepted_terms ? parseTerms(r.accepted_terms) : null,
        version: r.version,
        updatedAt: r.updated_at.getTime(),
      };
    });
  }

  /** The live contracts `memberId` gave on a line, each with the terms that could exceed a cap. */
  private async givenOnLine(db: Kysely<DB>, memberId: number, line: LineKey, lock: boolean) {
    let q = db
      .selectFrom('agent_contract as c')
      .innerJoin('member as m', 'm.id', 'c.downline_id')
      .selectAll('c')
      .select('m.username')
      .where('c.upline_id', '=', memberId)
      .where('c.kind', '=', line.kind)
      .where('c.product_type', '=', line.productType)
      .where('c.period', '=', line.period)
      .where('c.status', 'in', ['P', 'E', 'A', 'V'])
      .orderBy('c.id');
    if (lock) q = q.forUpdate();
    return q.execute();
  }

  /** The downline contracts accepting `terms` would end (AG-17), both terms of an E checked. */
  private async conflicts(
    db: Kysely<DB>,
    memberId: number,
    terms: ContractTerms,
    line: LineKey,
    lock: boolean,
  ): Promise<HigherRateAffected[]> {
    const given = await this.givenOnLine(db, memberId, line, lock);
    const lineName = contractLine(terms);
    const out: HigherRateAffected[] = [];
    for (const g of given) {
      const candidates = [g.terms, ...(g.status === 'E' && g.accepted_terms ? [g.accepted_terms] : [])];
      for (const t of candidates) {
        const [hit] = higherRateConflicts(
          terms,
          [
            {
              contractId: g.id,
              downlineId: g.downline_id,
              username: g.username,
              status: g.status,
              terms: parseTerms(t),
            },
          ],
          lineName,
        );
        if (hit) {
          out.push({ ...hit, contractId: g.id, downlineId: g.downline_id, username: g.username });
          break;
        }
      }
    }
    return out;
  }

  async list(memberId: number, kind?: ContractKind) {
    let q = this.db
      .selectFrom('agent_contract')
      .selectAll()
      .where((eb) => eb.or([eb('upline_id', '=', memberId), eb('downline_id', '=', memberId)]))
      .orderBy('id');
    if (kind) q = q.where('kind', '=', kind);
    const rows = await q.execute();
    const views = await this.views(this.db, rows);
    const held = views.filter((v) => v.downlineId === memberId);
    const given = views.filter((v) => v.uplineId === memberId);
    const requests = [];
    for (const v of held) {
      if (v.status !== 'P' && v.status !== 'E' && v.status !== 'V') continue;
      // Only an accept can end downline contracts: a termination request's row carries no warning.
      const affected =
        v.status === 'V' ? [] : await this.conflicts(this.db, memberId, v.terms, lineOf(v.terms), false);
      requests.push({
        ...v,
        downlineHigherRate: affected.length ? ('Y' as const) : ('N' as const),
        affected,
      });
    }
    return { held, given, requests };
  }

  /** The row if `memberId` is one of its parties, else the 404 a missing id answers. */
  private async partyRow(db: Kysely<DB>, memberId: number, id: number, lock: boolean): Promise<Row> {
    let q = db
      .selectFrom('agent_contract')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => eb.or([eb('upline_id', '=', memberId), eb('downline_id', '=', memberId)]));
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw fail(Errors.contractNotFound);
    return row;
  }

  async history(memberId: number, contractId: number) {
    const row = await this.partyRow(this.db, memberId, contractId, false);
    const [contract] = await this.views(this.db, [row]);
    const events = await this.db
      .selectFrom('agent_contract_event as e')
      .leftJoin('member as m', 'm.id', 'e.actor_id')
      .select(['e.action', 'e.actor', 'm.username', 'e.from_status', 'e.to_status', 'e.terms', 'e.at'])
      .where('e.contract_id', '=', contractId)
      .orderBy('e.id')
      .execute();
    return {
      contract: contract!,
      events: events.map((e) => ({
        action: e.action,
        actor: e.actor,
        actorName: e.username ?? null,
        fromStatus: e.from_status,
        toStatus: e.to_status,
        terms: e.terms ? parseTerms(e.terms) : null,
        at: e.at.getTime(),
      })),
    };
  }

  /** The consolidated call's contract keys for `memberId` (research §1.3). */
  async consolidated(memberId: number): Promise<ContractConsolidated> {
    const rows = await this.db
      .selectFrom('agent_contract')
      .selectAll()
      .where('downline_id', '=', memberId)
      .where('status', 'in', ['P', 'E', 'A', 'V'])
      .orderBy('id')
      .execute();
    const waiting = (kind: ContractKind) =>
      rows.filter((r) => r.kind === kind && (r.status === 'P' || r.status === 'E' || r.status === 'V'))
        .length;
    const out: ContractConsolidated = {
      dailysalreqtype: waiting('dailySalary'),
      divtypereq: waiting('dividend'),
      contracthoursalreq: waiting('hourlySalary'),
      realtimesalreqtype: waiting('realTimeSalary'),
      divtypecompperiodreq: waiting('dividend'),
    };
    for (const r of rows) {
      const terms = inForce(r);
      if (!terms) continue;
      const row: ContractInfoRow = { contractId: r.id, status: r.status, uplineId: r.upline_id, terms };
      if (r.kind === 'dividend') {
        const byProduct = (out.divtypecompperiodinfo ??= {});
        ((byProduct[r.product_type] ??= {})[r.period] ??= { agent: [] }).agent.push(row);
      } else {
        const key = kindConsolidatedKeys[r.kind].info as
          'dailysalinfotype' | 'contracthoursalinfo' | 'realtimesalinfotype';
        ((out[key] ??= {})[r.product_type] ??= { agent: [] }).agent.push(row);
      }
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Changes

  private async event(
    db: Kysely<DB>,
    e: {
      contractId: number;
      actorId: number | null;
      actor: ContractActor | 'platform';
      action: string;
      from: string | null;
      to: ContractStatus;
      terms: ContractTerms | null;
    },
  ): Promise<void> {
    await db
      .insertInto('agent_contract_event')
      .values({
        contract_id: e.contractId,
        actor_id: e.actorId,
        actor: e.actor,
        action: e.action,
        from_status: e.from,
        to_status: e.to,
        terms: e.terms ? JSON.stringify(e.terms) : null,
      })
      .execute();
  }

  /** Moves a locked row by the core's table, writes the history; `set` adds the columns to change. */
  private async apply(
    db: Kysely<DB>,
    row: Row,
    action: ContractAction,
    actor: ContractActor,
    actorId: number | null,
    set: { terms?: ContractTerms; accepted?: ContractTerms | null } = {},
  ): Promise<Row> {
    const t = transition(row.status, action, actor);
    if (!t.ok) refuse(t.code);
    const terms = set.terms ?? parseTerms(row.terms);
    const updated = await db
      .updateTable('agent_contract')
      .set({
        status: t.next,
        ...(set.terms ? { terms: JSON.stringify(set.terms) } : {}),
        ...(t.signs ? { accepted_terms: JSON.stringify(terms) } : {}),
        ...(set.accepted !== undefined
          ? { accepted_terms: set.accepted ? JSON.stringify(set.accepted) : null }
          : {}),
        version: sql<number>`version + 1`,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.event(db, {
      contractId: row.id,
      actorId,
      actor,
      action,
      from: row.status,
      to: t.next,
      terms: set.terms ?? (t.signs ? terms : null),
    });
    return updated;
  }

  /**
   * Ends every live contract `memberId` gave on the line, and down the chain: an agent without a
   * contract on a line has no rate on it to give (decision 030, the higher-rate rule).
   */
  private async endGivenOnLine(db: Kysely<DB>, memberId: number, line: LineKey): Promise<void> {
    for (const g of await this.givenOnLine(db, memberId, line, true)) {
      const { username: _username, ...row } = g;
      await this.apply(db, row, 'autoTerminate', 'system', null);
      await this.endGivenOnLine(db, g.downline_id, line);
    }
  }

  /** The caller's own contract on a line, locked: what it may offer from. */
  private async ownOnLine(db: Kysely<DB>, memberId: number, line: LineKey): Promise<Row | undefined> {
    return db
      .selectFrom('agent_contract')
      .selectAll()
      .where('downline_id', '=', memberId)
      .where('kind', '=', line.kind)
      .where('product_type', '=', line.productType)
      .where('period', '=', line.period)
      .forUpdate()
      .executeTakeFirst();
  }

  private checkVersion(row: Row, version: number | undefined): void {
    if (version !== undefined && version !== row.version) throw fail(Errors.contractVersionStale);
  }

  /** An upline offers a contract to a direct downline agent (DEF, R, C → P). */
  async offer(memberId: number, input: { downlineId: number; terms: unknown }): Promise<ContractView> {
    const parsed = ContractTermsSchema.safeParse(input.terms);
    if (!parsed.success)
      termsRefused((checkOffer(input.terms, { offerer: null }) as { issues: TierIssue[] }).issues);
    const line = lineOf(parsed.data);
    return this.db.transaction().execute(async (trx) => {
      const downline = await trx
        .selectFrom('member')
        .select(['id'])
        .where('id', '=', input.downlineId)
        .where('upline_id', '=', memberId)
        .where('agent_type', 'in', [...accountCentreTypes])
        .executeTakeFirst();
      if (!downline) throw fail(Errors.downlineNotFound);
      const own = await this.ownOnLine(trx, memberId, line);
      const check = checkOffer(input.terms, { offerer: inForce(own) });
      if (!check.ok) termsRefused(check.issues);
      const terms = check.terms;
      await trx
        .insertInto('agent_contract')
        .values({
          kind: line.kind,
          product_type: line.productType,
          period: line.period,
          upline_id: memberId,
          downline_id: input.downlineId,
          // A line never offered is DEF: the row is written as R and moved by the table to P.
          status: 'R',
          terms: JSON.stringify(terms),
          version: 0,
        })
        .onConflict((oc) => oc.columns(['downline_id', 'kind', 'product_type', 'period']).doNothing())
        .execute();
      const row = await trx
        .selectFrom('agent_contract')
        .selectAll()
        .where('downline_id', '=', input.downlineId)
        .where('kind', '=', line.kind)
        .where('product_type', '=', line.productType)
        .where('period', '=', line.period)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const fresh = row.version === 0;
      const t = transition(fresh ? 'DEF' : row.status, 'offer', 'upline');
      if (!t.ok) refuse(t.code);
      const updated = await trx
        .updateTable('agent_contract')
        .set({
          status: 'P',
          upline_id: memberId,
          terms: JSON.stringify(terms),
          accepted_terms: null,
          version: sql<number>`version + 1`,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.event(trx, {
        contractId: row.id,
        actorId: memberId,
        actor: 'upline',
        action: 'offer',
        from: fresh ? 'DEF' : row.status,
        to: 'P',
        terms,
      });
      return (await this.views(trx, [updated]))[0]!;
    });
  }

  /** The upline re-offers new terms (P → P, A/E → E); the accepted terms keep paying meanwhile. */
  async modify(
    memberId: number,
    input: { contractId: number; terms: unknown; version?: number | undefined },
  ): Promise<ContractView> {
    return this.db.transaction().execute(async (trx) => {
      // The line never changes: read unlocked to lock the offerer's own contract first.
      const peek = await this.partyRow(trx, memberId, input.contractId, false);
      const own =
        peek.upline_id === memberId ? await this.ownOnLine(trx, memberId, rowLine(peek)) : undefined;
      const row = await this.partyRow(trx, memberId, input.contractId, true);
      const t = transition(row.status, 'modify', row.upline_id === memberId ? 'upline' : 'downline');
      if (!t.ok) refuse(t.code);
      this.checkVersion(row, input.version);
      const check = checkOffer(input.terms, { offerer: inForce(own), current: parseTerms(row.terms) });
      if (!check.ok) termsRefused(check.issues);
      if (contractLine(check.terms) !== contractLine(parseTerms(row.terms)))
        throw fail(Errors.contractTermsInvalid, {
          message: 'A modification keeps the contract on its line (kind, product type and period)',
        });
      const updated = await this.apply(trx, row, 'modify', 'upline', memberId, { terms: check.terms });
      return (await this.views(trx, [updated]))[0]!;
    });
  }

  /** The upline asks to terminate a signed contract (A → V); it stays in force until answered. */
  async requestTermination(
    memberId: number,
    input: { contractId: number; version?: number | undefined },
  ): Promise<ContractView> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.partyRow(trx, memberId, input.contractId, true);
      const actor = row.upline_id === memberId ? 'upline' : 'downline';
      const t = transition(row.status, 'requestTermination', actor);
      if (!t.ok) refuse(t.code);
      this.checkVersion(row, input.version);
      const updated = await this.apply(trx, row, 'requestTermination', actor, memberId);
      return (await this.views(trx, [updated]))[0]!;
    });
  }

  /**
   * The downline's answer. `find` locates its row (by id, or by line for the dividend relays);
   * `actionFor` turns the row's locked status into the action (the relays send a status).
   * Accepting terms that would end downline contracts (AG-17) is refused with the affected list
   * unless confirmed; confirmed, they end in the same transaction. Ending its own contract (a
   * rejected modification, an accepted termination) ends the contracts it gave on the line.
   */
  private async answerRow(
    memberId: number,
    find: (trx: Kysely<DB>) => Promise<number | undefined>,
    actionFor: (row: Row) => Answer | null,
    options: { confirm?: boolean | undefined; version?: number | undefined },
  ): Promise<ContractView> {
    return this.db.transaction().execute(async (trx) => {
      const id = await find(trx);
      if (id === undefined) throw fail(Errors.contractNotFound);
      const row = await this.partyRow(trx, memberId, id, true);
      const actor = row.downline_id === memberId ? 'downline' : 'upline';
      const action = actionFor(row);
      if (!action) throw fail(Errors.contractStatusInvalid);
      const t = transition(row.status, action, actor);
      if (!t.ok) refuse(t.code);
      this.checkVersion(row, options.version);
      const line = rowLine(row);
      if (action === 'accept') {
        const affected = await this.conflicts(trx, memberId, parseTerms(row.terms), line, true);
        if (affected.length && !options.confirm)
          throw fail(Errors.contractHigherRate, {
            message: higherRateWarning(affected),
            value: { affected },
          });
        for (const a of affected) {
          const target = await this.partyRow(trx, memberId, a.contractId, true);
          await this.apply(trx, target, 'autoTerminate', 'system', null);
          await this.endGivenOnLine(trx, target.downline_id, line);
        }
      }
      const updated = await this.apply(trx, row, action, actor, memberId);
      if (!paysInStatus(updated.status)) await this.endGivenOnLine(trx, memberId, line);
      return (await this.views(trx, [updated]))[0]!;
    });
  }

  answer(
    memberId: number,
    input: {
      contractId: number;
      action: Answer;
      confirmHigherRate?: boolean | undefined;
      version?: number | undefined;
    },
  ): Promise<ContractView> {
    return this.answerRow(
      memberId,
      async () => input.contractId,
      () => input.action,
      {
        confirm: input.confirmHigherRate,
        version: input.version,
      },
    );
  }

  /** A relay's answer: the status the modal sent, on a contract of the relay's kind found by id. */
  answerWireById(
    memberId: number,
    kind: ContractKind,
    input: { id: number; status: string; confirm?: 'Y' | 'N' | undefined },
  ): Promise<ContractView> {
    return this.answerRow(
      memberId,
      async (trx) =>
        (
          await trx
            .selectFrom('agent_contract')
            .select('id')
            .where('id', '=', input.id)
            .where('kind', '=', kind)
            .where('downline_id', '=', memberId)
            .executeTakeFirst()
        )?.id,
      (row) => actionOfWireStatus(kind, row.status, input.status),
      { confirm: input.confirm === 'Y' },
    );
  }

  /** The dividend relays' answer: the caller's dividend on (product type[, period]) waiting for it. */
  answerDividendWire(
    memberId: number,
    input: { productType: string; period?: string; status: string; confirm?: 'Y' | 'N' | undefined },
  ): Promise<ContractView> {
    return this.answerRow(
      memberId,
      async (trx) => {
        let q = trx
          .selectFrom('agent_contract')
          .select('id')
          .where('downline_id', '=', memberId)
          .where('kind', '=', 'dividend')
          .where('product_type', '=', input.productType)
          .where('status', 'in', ['P', 'E', 'V'])
          .orderBy('updated_at')
          .orderBy('id');
        if (input.period !== undefined) q = q.where('period', '=', input.period);
        return (await q.executeTakeFirst())?.id;
      },
      (row) => actionOfWireStatus('dividend', row.status, input.status),
      { confirm: input.confirm === 'Y' },
    );
  }

  /**
   * Writes a contract as the operator or the seed sets it, within the caller's transaction `db`:
   * one the platform holds with a top agent (`uplineId` null: no upline offers it), or a demo
   * contract between an agent and its direct downline, signed (A) or offered (P) for the downline
   * to answer in its modal. Its history shows the offer (and the accept).
   */
  async writeContract(
    db: Kysely<DB>,
    input: { uplineId: number | null; downlineId: number; terms: unknown; status: 'A' | 'P' },
  ): Promise<number> {
    const terms = parseTerms(input.terms);
    const line = lineOf(terms);
    const actor = input.uplineId === null ? 'platform' : 'upline';
    const row = await db
      .insertInto('agent_contract')
      .values({
        kind: line.kind,
        product_type: line.productType,
        period: line.period,
        upline_id: input.uplineId,
        downline_id: input.downlineId,
        status: input.status,
        terms: JSON.stringify(terms),
        accepted_terms: input.status === 'A' ? JSON.stringify(terms) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.event(db, {
      contractId: row.id,
      actorId: input.uplineId,
      actor,
      action: 'offer',
      from: 'DEF',
      to: 'P',
      terms,
    });
    if (input.status === 'A')
      await this.event(db, {
        contractId: row.id,
        actorId: input.uplineId === null ? null : input.downlineId,
        actor: input.uplineId === null ? 'platform' : 'downline',
        action: 'accept',
        from: 'P',
        to: 'A',
        terms,
      });
    return row.id;
  }
}
