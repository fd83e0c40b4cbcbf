import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { backoffice } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';

type AuditEntry = backoffice.AuditEntry;
type AuditVerifyResult = backoffice.AuditVerifyResult;

/** Who did it: a member of staff, the operator CLI (as the OS user who ran it), or the platform itself. */
export interface AuditActor {
  kind: backoffice.AuditActorKind;
  /** The staff id (staff only). */
  id: number | null;
  /** The staff username, the OS user name of the CLI, or the job's name. */
  name: string;
  /** Where from: the caller's IP (null for the CLI and the platform). */
  ip: string | null;
}

/** What was done: an action name (`staff.create`), its target, and the state before and after. */
export interface AuditEvent {
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** The previous hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The chain's lock (a transaction advisory lock): appends from every instance and CLI take it in
 * turn, so each reads the true last hash and takes the next id, and the chain never forks.
 */
const CHAIN_LOCK = 31_031_001;

/** JSON with every object's keys sorted, at every depth: one text per value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** A value as it comes back from a jsonb column: through JSON (dates become strings, undefined goes). */
function asStored(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

interface HashedFields {
  id: number;
  at: Date;
  actorKind: string;
  actorId: number | null;
  actorName: string;
  ip: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

/** hash = SHA-256(prev_hash || canonical JSON of the entry), both as text, in lower-case hex. */
export function entryHash(prevHash: string, e: HashedFields): string {
  const body = canonicalJson({
    id: e.id,
    at: e.at.toISOString(),
    actorKind: e.actorKind,
    actorId: e.actorId,
    actorName: e.actorName,
    ip: e.ip,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    before: e.before,
    after: e.after,
  });
  return createHash('sha256').update(prevHash, 'utf8').update(body, 'utf8').digest('hex');
}

type AuditRow = {
  id: number;
  at: Date;
  actor_kind: 'staff' | 'cli' | 'system';
  actor_id: number | null;
  actor_name: string;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  prev_hash: string;
  hash: string;
};

const fieldsOf = (r: AuditRow): HashedFields => ({
  id: r.id,
  at: new Date(r.at),
  actorKind: r.actor_kind,
  actorId: r.actor_id,
  actorName: r.actor_name,
  ip: r.ip,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  before: r.before,
  after: r.after,
});

export interface AuditListFilter {
  before?: number | undefined;
  size: number;
  actorKind?: backoffice.AuditActorKind | undefined;
  actorName?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * The audit log (decision 031): who did what, when, from where, to what, with the state before and
 * after. Append-only in the database (migration 035's trigger) and hash-chained here, so an edit or
 * a removal of a past entry is found by `verify`.
 */
export class AuditLog {
  private readonly database: Database;

  constructor(database: Database) {
    this.database = database;
  }

  /**
   * Appends one entry inside the caller's transaction: it is kept exactly when the action it records
   * commits. Holds the chain's lock until that transaction ends (so keep the rest of it short).
   */
  async append(
    trx: Transaction<DB>,
    actor: AuditActor,
    event: AuditEvent,
  ): Promise<{ id: number; hash: string }> {
    await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
    const last = await trx
      .selectFrom('audit_log')
      .select('hash')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const prevHash = last?.hash ?? GENESIS_HASH;
    const { rows } = await sql<{ id: number }>`select nextval('audit_log_id_seq') as id`.execute(trx);
    const fields: HashedFields = {
      id: Number(rows[0]!.id),
      at: new Date(),
      actorKind: actor.kind,
      actorId: actor.id,
      actorName: actor.name.slice(0, 200),
      ip: actor.ip,
      action: event.action,
      targetType: event.targetType ?? null,
      targetId: event.targetId === null || event.targetId === undefined ? null : String(event.targetId),
      before: asStored(event.before),
      after: asStored(event.after),
    };
    const hash = entryHash(prevHash, fields);
    await trx
      .insertInto('audit_log')
      .values({
        id: fields.id,
        at: fields.at,
        actor_kind: actor.kind,
        actor_id: fields.actorId,
        actor_name: fields.actorName,
        ip: fields.ip,
        action: fields.action,
        target_type: fields.targetType,
        target_id: fields.targetId,
        before: fields.before === null ? null : JSON.stringify(fields.before),
        after: fields.after === null ? null : JSON.stringify(fields.after),
        prev_hash: prevHash,
        hash,
      })
      .execute();
    return { id: fields.id, hash };
  }

  /** Appends one entry in a transaction of its own: for what has no transaction (a refused sign-in). */
  record(actor: AuditActor, event: AuditEvent): Promise<{ id: number; hash: string }> {
    return this.database.db.transaction().execute((trx) => this.append(trx, actor, event));
  }

  /**
   * Walks the chain from the first entry: each entry's prev_hash must be its predecessor's hash
   * (else an entry before it was removed or rewritten) and its hash must be that of its own
   * contents (else it was edited). Names the first entry that fails. With `expect`, the head an
   * operator kept from an earlier run must still be on the chain, unchanged: that is what reveals
   * a rewrite of the whole chain from some point on.
   */
  async verify(expect?: { id: number; hash: string }): Promise<AuditVerifyResult> {
    const db: Kysely<DB> = this.database.db;
    let prev = GENESIS_HASH;
    let head: { id: number; hash: string } | null = null;
    let entries = 0;
    let expectSeen = false;
    let after = 0;
    for (;;) {
      const batch = (await db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .execute()) as AuditRow[];
      for (const row of batch) {
        const broken = (reason: string) => ({ ok: false, entries, head, broken: { id: row.id, reason } });
        if (row.prev_hash !== prev)
          return broken(
            head
              ? `its prev_hash is not the hash of entry ${head.id}: an entry between them was removed, or one was rewritten`
              : 'its prev_hash is not the chain start: entries before it were removed, or it was rewritten',
          );
        if (entryHash(row.prev_hash, fieldsOf(row)) !== row.hash)
          return broken('its contents do not match its hash: the entry was edited');
        if (expect && row.id === expect.id) {
          if (row.hash !== expect.hash)
            return broken(`its hash is not the kept head's ${expect.hash}: the chain was rewritten`);
          expectSeen = true;
        }
        entries++;
        prev = row.hash;
        head = { id: row.id, hash: row.hash };
      }
      if (batch.length < 1000) break;
      after = batch[batch.length - 1]!.id;
    }
    if (expect && !expectSeen)
      return {
        ok: false,
        entries,
        head,
        broken: { id: expect.id, reason: 'the kept head is no longer on the chain: entries were removed' },
      };
    return { ok: true, entries, head, broken: null };
  }

  /** A page of the log, newest first, by keyset (`before` the last id seen). */
  async list(filter: AuditListFilter): Promise<{ list: AuditEntry[]; next: number | null }> {
    let q = this.database.db.selectFrom('audit_log').selectAll();
    if (filter.before !== undefined) q = q.where('id', '<', filter.before);
    if (filter.actorKind) q = q.where('actor_kind', '=', filter.actorKind);
    if (filter.actorName) q = q.where('actor_name', '=', filter.actorName);
    if (filter.action) {
      const action = filter.action;
      q = action.endsWith('.')
        ? q.where(sql<boolean>`starts_with(action, ${action})`)
        : q.where('action', '=', action);
    }
    if (filter.targetType) q = q.where('target_type', '=', filter.targetType);
    if (filter.targetId) q = q.where('target_id', '=', filter.targetId);
    if (filter.from !== undefined) q = q.where('at', '>=', new Date(filter.from));
    if (filter.to !== undefined) q = q.where('at', '<', new Date(filter.to));
    const rows = (await q
      .orderBy('id', 'desc')
      .limit(filter.size + 1)
      .execute()) as AuditRow[];
    const page = rows.slice(0, filter.size);
    return {
      list: page.map((r) => ({
        id: r.id,
        at: new Date(r.at).getTime(),
        actorKind: r.actor_kind,
        actorId: r.actor_id,
        actorName: r.actor_name,
        ip: r.ip,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        before: r.before,
        after: r.after,
        prevHash: r.prev_hash,
        hash: r.hash,
      })),
      next: rows.length > filter.size ? page[page.length - 1]!.id : null,
    };
  }
}
