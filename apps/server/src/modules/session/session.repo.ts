import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function recordFailure(db: Kysely<DB>, usernameKey: string, ip: string): Promise<void> {
  await db.insertInto('login_failure').values({ username_key: usernameKey, ip }).execute();
}

export async function failuresSince(db: Kysely<DB>, usernameKey: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('login_failure')
    .select('at')
    .where('username_key', '=', usernameKey)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => new Date(r.at));
}

export async function ipFailuresSince(db: Kysely<DB>, ip: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_failure')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Failures older than any rule looks back are dead weight. */
export async function sweepFailures(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('login_failure').where('at', '<', before).execute();
}

export async function clearFailures(db: Kysely<DB>, usernameKey: string): Promise<void> {
  await db.deleteFrom('login_failure').where('username_key', '=', usernameKey).execute();
}

export async function insertRemember(
  db: Kysely<DB>,
  tokenHash: Buffer,
  memberId: number,
  expiresAt: Date,
): Promise<number> {
  const row = await db
    .insertInto('remember_token')
    .values({ token_hash: tokenHash, member_id: memberId, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes a live remember token and returns it: exactly one caller wins a rotation. */
export function takeRemember(db: Kysely<DB>, tokenHash: Buffer) {
  return db
    .updateTable('remember_token')
    .set({ revoked_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'member_id', 'expires_at'])
    .executeTakeFirst();
}

export async function insertPending(
  db: Kysely<DB>,
  values: { token_hash: Buffer; member_id: number; ip: string; remember_me: boolean; expires_at: Date },
) {
  await db.insertInto('pending_login').values(values).execute();
}

export function pendingByHash(db: Kysely<DB>, tokenHash: Buffer) {
  return db.selectFrom('pending_login').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function countPendingAttempt(db: Kysely<DB>, id: number): Promise<number> {
  const row = await db
    .updateTable('pending_login')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function usePending(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db
    .updateTable('pending_login')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}
