import { sql, type Kysely, type Transaction } from 'kysely';
import {
  Errors,
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  type Inbox,
  type InboxQuerySchema,
  type MessagesChanged,
} from '@app/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { MemberEvents } from '../../platform/realtime/member-events.ts';
import { fail } from '../../platform/http/errors.ts';
import * as repo from './messages.repo.ts';

export interface SendResult {
  sendId: number;
  recipients: number;
}

/**
 * Platform messages (messageV2): an operator sends to one member or to all; a member lists,
 * reads and deletes only their own. Every change of a member's unread count is announced on the
 * live stream inside the same transaction (MB-14).
 */
export class MessagesService {
  private readonly database: Database;
  private readonly events: MemberEvents;

  constructor(database: Database, events: MemberEvents) {
    this.database = database;
    this.events = events;
  }

  unreadCount(memberId: number): Promise<number> {
    return repo.unreadCount(this.database.db, memberId);
  }

  async inbox(memberId: number, q: z.output<typeof InboxQuerySchema>): Promise<Inbox> {
    const db = this.database.db;
    const filter: repo.InboxFilter = {
      memberId,
      ...(q.read !== undefined ? { read: q.read === 'true' } : {}),
      ...(q.startTime !== undefined ? { start: new Date(q.startTime) } : {}),
      ...(q.endTime !== undefined ? { end: new Date(q.endTime) } : {}),
    };
    const [rows, total, unread] = await Promise.all([
      repo.page(db, filter, {
        limit: q.size,
        offset: (q.page - 1) * q.size,
        ascending: q.sort === 'sendTime:asc',
      }),
      repo.count(db, filter),
      repo.unreadCount(db, memberId),
    ]);
    return {
      content: rows.map((r) => ({
        id: r.id,
        subject: r.title,
        content: r.content,
        read: r.read_at !== null,
        sendTime: new Date(r.created_at).getTime(),
      })),
      page: q.page,
      size: q.size,
      totalElements: total,
      totalPages: Math.ceil(total / q.size),
      unread,
    };
  }

  /**
   * Runs a change on some of the member's messages. Every id must be the member's own and not
   * deleted; otherwise nothing changes and the answer is "not found", the same for another
   * member's message as for one that never existed.
   */
  private async change(
    memberId: number,
    ids: number[],
    apply: (trx: Kysely<DB>, ids: number[]) => Promise<number>,
  ): Promise<MessagesChanged> {
    const unique = [...new Set(ids)];
    return this.database.db.transaction().execute(async (trx) => {
      const owned = await repo.ownedIds(trx, memberId, unique);
      if (owned.length !== unique.length) throw fail(Errors.messageNotFound);
      const changed = await apply(trx, unique);
      if (changed) await this.events.notify(trx, 'unread', [memberId]);
      return { changed, unread: await repo.unreadCount(trx, memberId) };
    });
  }

  read(memberId: number, ids: number[]): Promise<MessagesChanged> {
    return this.change(memberId, ids, (trx, own) => repo.markRead(trx, memberId, own));
  }

  remove(memberId: number, ids: number[]): Promise<MessagesChanged> {
    return this.change(memberId, ids, (trx, own) => repo.softDelete(trx, memberId, own));
  }

  readAll(memberId: number): Promise<MessagesChanged> {
    return this.database.db.transaction().execute(async (trx) => {
      const changed = await repo.markRead(trx, memberId, 'all');
      if (changed) await this.events.notify(trx, 'unread', [memberId]);
      return { changed, unread: 0 };
    });
  }

  /**
   * An operator's message to one member (by username) or to every member ('all'). The subject is
   * plain text; the body is HTML, sanitised by the client when shown. In the caller's transaction
   * when given one (an audited send, OperationsService).
   */
  async send(
    input: { to: string; subject: string; body: string },
    inTransaction?: Transaction<DB>,
  ): Promise<SendResult> {
    const subject = input.subject.trim();
    const body = input.body.trim();
    if (!subject) throw fail(Errors.invalidInput, { message: 'A message needs a subject' });
    if (subject.length > MESSAGE_SUBJECT_MAX)
      throw fail(Errors.invalidInput, {
        message: `The subject is at most ${MESSAGE_SUBJECT_MAX} characters`,
      });
    if (!body) throw fail(Errors.invalidInput, { message: 'A message needs a body' });
    if (body.length > MESSAGE_BODY_MAX)
      throw fail(Errors.invalidInput, { message: `The body is at most ${MESSAGE_BODY_MAX} characters` });
    const to = input.to.trim();
    const run = async (trx: Transaction<DB>): Promise<SendResult> => {
      if (to.toLowerCase() === 'all') {
        const sendId = await repo.insertSend(trx, 'all', subject, body);
        const recipients = await repo.deliverToAll(trx, sendId, subject, body);
        await repo.setRecipients(trx, sendId, recipients);
        await this.events.notify(trx, 'unread', 'all');
        return { sendId, recipients };
      }
      const member = await trx
        .selectFrom('member')
        .select(['id', 'agent_type', 'status'])
        .where(sql`lower(username)`, '=', to.toLowerCase())
        .executeTakeFirst();
      if (!member) throw fail(Errors.notFound, { message: `No member "${to}"` });
      const sendId = await repo.insertSend(trx, to, subject, body);
      await repo.deliverTo(trx, sendId, member.id, subject, body);
      await repo.setRecipients(trx, sendId, 1);
      await this.events.notify(trx, 'unread', [member.id]);
      return { sendId, recipients: 1 };
    };
    return inTransaction ? run(inTransaction) : this.database.db.transaction().execute(run);
  }

  recentSends(limit: number) {
    return repo.recentSends(this.database.db, limit);
  }
}
