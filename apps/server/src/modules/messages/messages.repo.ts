import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface InboxFilter {
  memberId: number;
  read?: boolean;
  start?: Date;
  end?: Date;
}

function filtered(db: Kysely<DB>, f: InboxFilter) {
  let q = db.selectFrom('member_message').where('member_id', '=', f.memberId).where('deleted_at', 'is', null);
  if (f.read === true) q = q.where('read_at', 'is not', null);
  if (f.read === false) q = q.where('read_at', 'is', null);
  if (f.start) q = q.where('created_at', '>=', f.start);
  if (f.end) q = q.where('created_at', '<', f.end);
  return q;
}

export async function page(
  db: Kysely<DB>,
  f: InboxFilter,
  opts: { limit: number; offset: number; ascending: boolean },
) {
  const dir = opts.ascending ? 'asc' : 'desc';
  return filtered(db, f)
    .select(['id', 'title', 'content', 'read_at', 'created_at'])
    .orderBy('created_at', dir)
    .orderBy('id', dir)
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
}

export async function count(db: Kysely<DB>, f: InboxFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function unreadCount(db: Kysely<DB>, memberId: number): Promise<number> {
  return count(db, { memberId, read: false });
}

/** Of `ids`, those that are this member's and not deleted, locked for the change that follows. */
export async function ownedIds(db: Kysely<DB>, memberId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('member_message')
    .select('id')
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function markRead(db: Kysely<DB>, memberId: number, ids: number[] | 'all'): Promise<number> {
  let q = db
    .updateTable('member_message')
    .set({ read_at: sql`now()` })
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function softDelete(db: Kysely<DB>, memberId: number, ids: number[]): Promise<number> {
  const res = await db
    .updateTable('member_message')
    .set({ deleted_at: sql`now()` })
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function insertSend(db: Kysely<DB>, audience: string, subject: string, content: string) {
  const row = await db
    .insertInto('message_send')
    .values({ audience, subject, content })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Delivers a send to one member; returns the message id. */
export async function deliverTo(
  db: Kysely<DB>,
  sendId: number,
  memberId: number,
  subject: string,
  content: string,
) {
  const row = await db
    .insertInto('member_message')
    .values({ member_id: memberId, title: subject, content, send_id: sendId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Delivers a send to every active account that can read messages, in one statement. Trial
 * accounts (type 4) are throw-away guest logins and get none; nor does a member on a time-out or
 * self-excluded (decision 039: no marketing while a block runs).
 */
export async function deliverToAll(db: Kysely<DB>, sendId: number, subject: string, content: string) {
  const res = await sql`
    insert into member_message (member_id, title, content, send_id)
    select id, ${subject}, ${content}, ${sendId} from member where status = 'active' and agent_type <> 4
      and not exists (select 1 from rg_setting r where r.member_id = member.id and r.block_until > now())`.execute(
    db,
  );
  return Number(res.numAffectedRows ?? 0);
}

export async function setRecipients(db: Kysely<DB>, sendId: number, recipients: number) {
  await db.updateTable('message_send').set({ recipients }).where('id', '=', sendId).execute();
}

export async function recentSends(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('message_send')
    .select(['id', 'audience', 'subject', 'recipients', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
