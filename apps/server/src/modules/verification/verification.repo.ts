import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export function latestCode(db: Kysely<DB>, purpose: string, target: string) {
  return db
    .selectFrom('verification_code')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countSince(
  db: Kysely<DB>,
  column: 'target' | 'ip',
  value: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('verification_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', value)
    .where('channel', 'in', ['sms', 'email'])
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countSmsSince(db: Kysely<DB>, since: Date): Promise<number> {
  const row = await db
    .selectFrom('verification_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('channel', '=', 'sms')
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Retires the unused codes of a purpose and target: only the newest code may be used. */
export async function retire(db: Kysely<DB>, purpose: string, target: string): Promise<void> {
  await db
    .updateTable('verification_code')
    .set({ used_at: sql`now()` })
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .where('used_at', 'is', null)
    .execute();
}

export async function insert(
  db: Kysely<DB>,
  values: {
    purpose: string;
    channel: 'sms' | 'email' | 'link' | 'token';
    target: string;
    member_id: number | null;
    code_hash: Buffer;
    session_hash?: Buffer | null;
    expires_at: Date;
    ip: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('verification_code')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks a code used if it still is unused: true for exactly one caller. */
export async function markUsed(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db
    .updateTable('verification_code')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function countFailure(db: Kysely<DB>, id: number): Promise<number> {
  const row = await db
    .updateTable('verification_code')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export function byCodeHash(db: Kysely<DB>, purpose: string, codeHash: Buffer) {
  return db
    .selectFrom('verification_code')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

export function bySessionHash(db: Kysely<DB>, sessionHash: Buffer) {
  return db
    .selectFrom('verification_code')
    .selectAll()
    .where('session_hash', '=', sessionHash)
    .executeTakeFirst();
}
