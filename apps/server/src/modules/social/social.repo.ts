import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export function identity(db: Kysely<DB>, provider: string, subject: string) {
  return db
    .selectFrom('member_identity')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Kysely<DB>,
  values: { provider: string; subject: string; member_id: number; email: string | null },
): Promise<void> {
  await db.insertInto('member_identity').values(values).execute();
}

/** The members whose e-mail is this one, any case (at most two are read: one is the answer). */
export function membersByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('member')
    .select(['id', 'agent_type'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .limit(2)
    .execute();
}

export interface NewFlow {
  state_hash: Buffer;
  provider: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  intent: 'login' | 'register';
  affiliate_code: string;
  referral_code: string;
  domain: string;
  age_confirmed: boolean;
  language: string;
  ip: string;
  expires_at: Date;
}

export async function insertFlow(db: Kysely<DB>, values: NewFlow): Promise<void> {
  await db.insertInto('social_flow').values(values).execute();
}

/** Takes a live flow by its state's hash, once: a second take (a replay) finds nothing. */
export function takeFlow(db: Kysely<DB>, stateHash: Buffer) {
  return db
    .updateTable('social_flow')
    .set({ used_at: sql`now()` })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

export async function setTicket(
  db: Kysely<DB>,
  stateHash: Buffer,
  memberId: number,
  ticketHash: Buffer,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable('social_flow')
    .set({ member_id: memberId, ticket_hash: ticketHash, ticket_expires_at: expiresAt })
    .where('state_hash', '=', stateHash)
    .execute();
}

/** Spends a live ticket, once; its member, else undefined. */
export async function takeTicket(db: Kysely<DB>, ticketHash: Buffer): Promise<number | undefined> {
  const row = await db
    .updateTable('social_flow')
    .set({ ticket_used_at: sql`now()` })
    .where('ticket_hash', '=', ticketHash)
    .where('ticket_used_at', 'is', null)
    .where('ticket_expires_at', '>', sql<Date>`now()`)
    .returning('member_id')
    .executeTakeFirst();
  return row?.member_id ?? undefined;
}

/** Forgets flows that ended a day ago (their rows are no use after their ticket's two minutes). */
export async function sweepFlows(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('social_flow').where('expires_at', '<', before).execute();
}
