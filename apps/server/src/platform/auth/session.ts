import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { accountCentreTypes, AgentType, Errors } from '@app/contract';
import { fail } from '../http/errors.ts';
import { PreparedRead } from '../prepared-read.ts';
import { announceSessionsEnded } from '../realtime/member-events.ts';

export interface SessionContext {
  sessionId: number;
  memberId: number;
  agentType: number;
  username: string;
  /**
   * The member's prize group at base 2000 (member.lottery_series, decision 028): the lottery's
   * series bands and bets follow it. Read with the session, so a bet costs no extra round trip.
   */
  lotterySeries: number;
}

export interface SessionPolicy {
  /** Idle time-out, extended by activity. */
  idleMs: number;
  /** Absolute lifetime from login. */
  absoluteMs: number;
}

export const defaultSessionPolicy: SessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

/** Activity extends the idle deadline at most this often, so a busy client does not write per call. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A new opaque token (256 bits); only its hash is stored. */
export async function createSession(
  database: Database,
  memberId: number,
  ip: string,
  policy = defaultSessionPolicy,
  rememberId: number | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await database.db
    .insertInto('session')
    .values({
      token_hash: hashToken(token),
      member_id: memberId,
      ip,
      idle_expires_at: new Date(now + policy.idleMs),
      absolute_expires_at: new Date(now + policy.absoluteMs),
      remember_id: rememberId,
    })
    .execute();
  return token;
}

/**
 * Ends every credential a password change or reset must end: the member's live sessions but one
 * (the caller's own, after a change), every remember token (including the kept session's: a token
 * saved on a device before the change must not log in again), pending second-factor logins, and
 * outstanding reset links and forgot-password codes. One transaction, so no credential survives
 * half a revocation; the live streams of the ended sessions end when it commits, on every instance.
 */
export async function revokeMemberSessions(
  database: Database,
  memberId: number,
  exceptSessionId: number | null = null,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('session')
      .set({ revoked_at: sql`now()` })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId !== null) q = q.where('id', '!=', exceptSessionId);
    await q.execute();
    await trx
      .updateTable('remember_token')
      .set({ revoked_at: sql`now()` })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('pending_login')
      .set({ used_at: sql`now()` })
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('verification_code')
      .set({ used_at: sql`now()` })
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .where('purpose', 'in', ['reset-link', 'forgot'])
      .execute();
    await announceSessionsEnded(trx, [memberId]);
  });
}

/**
 * Ends a session, and the remember token it was opened with (logout forgets the device too). The
 * session's live streams end at once, on whichever instance holds them.
 */
export async function revokeSession(database: Database, sessionId: number): Promise<void> {
  const row = await database.db
    .updateTable('session')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .returning(['remember_id', 'member_id'])
    .executeTakeFirst();
  if (!row) return;
  await announceSessionsEnded(database.db, [row.member_id]);
  if (row.remember_id) {
    await database.db
      .updateTable('remember_token')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', row.remember_id)
      .execute();
  }
}

/** Reads the raw token of the `Authorization` header (no "Bearer", DESIGN.md §2; a Bearer prefix is tolerated). */
export function tokenOf(req: FastifyRequest): string | null {
  const raw = req.headers.authorization;
  if (!raw) return null;
  const token = raw.startsWith('Bearer ') ? raw.slice(7) : raw;
  return token.length >= 16 && token.length <= 256 ? token : null;
}

interface SessionRow {
  sessionId: number;
  memberId: number;
  agentType: number;
  username: string;
  lotterySeries: number;
  lastSeen: Date;
}

/** The token check of every authenticated call: a live, unrevoked session of an active member. */
const sessionByToken = new PreparedRead<SessionRow, { tokenHash: Uint8Array }>(
  'session_by_token',
  (db, param) =>
    db
      .selectFrom('session as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select([
        's.id as sessionId',
        's.member_id as memberId',
        'm.agent_type as agentType',
        'm.username as username',
        'm.lottery_series as lotterySeries',
        's.last_seen_at as lastSeen',
      ])
      .where('s.token_hash', '=', param('tokenHash') as Buffer)
      .where('s.revoked_at', 'is', null)
      .where('s.idle_expires_at', '>', sql<Date>`now()`)
      .where('s.absolute_expires_at', '>', sql<Date>`now()`)
      .where('m.status', '=', 'active'),
);

/**
 * How stale the last extension may get before a call extends the idle deadline again: a minute, or
 * a quarter of a short idle time-out. So a busy client costs one write a minute, not one a call,
 * and the deadline is never more than this step short of "idle time-out after the last call".
 */
export function touchStepMs(policy: SessionPolicy): number {
  return Math.min(TOUCH_INTERVAL_MS, policy.idleMs / 4);
}

/**
 * The header a client sends on a call the player did not make (a poll of the balance or of the
 * unread count, decision 050): it is answered as any call but does not extend the idle deadline,
 * so a page left open still times out and its warning (WCAG 2.2.1) means something.
 */
export const PASSIVE_CALL_HEADER = 'session-activity';

export async function findSession(
  database: Database,
  token: string,
  policy = defaultSessionPolicy,
  options: { passive?: boolean } = {},
): Promise<SessionContext | null> {
  const row = await sessionByToken.executeTakeFirst(database, { tokenHash: hashToken(token) });
  if (!row) return null;
  const lastSeen = new Date(row.lastSeen).getTime();
  if (!options.passive && Date.now() - lastSeen > touchStepMs(policy)) {
    // Calls in flight together all read the same old time: only the first one writes. The stored
    // time has microseconds and the one read is cut to milliseconds, hence the bound.
    await database.db
      .updateTable('session')
      .set({
        last_seen_at: sql`now()`,
        idle_expires_at: sql`least(absolute_expires_at, now() + ${policy.idleMs} * interval '1 millisecond')`,
      })
      .where('id', '=', row.sessionId)
      .where('last_seen_at', '<', new Date(lastSeen + 1))
      .execute();
  }
  return {
    sessionId: row.sessionId,
    memberId: row.memberId,
    agentType: row.agentType,
    username: row.username,
    lotterySeries: row.lotterySeries,
  };
}

/** The caller's session when the request carries a live token, else null (resolved once per request). */
export async function resolveSession(req: FastifyRequest): Promise<SessionContext | null> {
  if (req.session !== undefined) return req.session;
  const token = tokenOf(req);
  req.session = token
    ? await findSession(req.server.ctx.database, token, req.server.ctx.sessionPolicy, {
        passive: req.headers[PASSIVE_CALL_HEADER] === 'passive',
      })
    : null;
  return req.session;
}

export async function requireSession(req: FastifyRequest): Promise<SessionContext> {
  const session = await resolveSession(req);
  if (!session) throw fail(tokenOf(req) ? Errors.sessionEnded : Errors.notLoggedIn);
  return session;
}

/**
 * Agent calls (the agent centre) are for agent types 1, 2, 41 and 42 only (ER-28, ER-29): a player,
 * a trial account or a non-playing account is refused before anything is read.
 */
export function requireAgent(session: SessionContext): SessionContext {
  if (!accountCentreTypes.includes(session.agentType)) throw fail(Errors.nonAgent);
  return session;
}

/** Trial accounts (type 4) are barred from member-only calls (decision D5). */
export function requireRealAccount(session: SessionContext): SessionContext {
  if (session.agentType === AgentType.trial) throw fail(Errors.trialForbidden);
  return session;
}
