import { sql, type Kysely } from 'kysely';
import {
  AgentType,
  CHAT_SEND_PER_10S,
  CHAT_SEND_PER_MINUTE,
  ChatErrors,
  Errors,
  FeatureSwitch,
  cleanChatText,
  type ChatGroup,
  type ChatLaunch,
  type ChatMessage,
  type backoffice,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import type { MemberEvents } from '../../platform/realtime/member-events.ts';
import type { SystemService } from '../system/system.service.ts';
import type { AuditActor, AuditLog } from '../backoffice/audit.service.ts';
import { maskUsername } from '../referral/referral.service.ts';

/** Unread counts stop here (the badge reads "99+"): a long history never costs a long count. */
export const CHAT_UNREAD_CAP = 100;

export interface ChatDeps {
  database: Database;
  system: Pick<SystemService, 'isOn'>;
  events: MemberEvents;
  audit: AuditLog;
}

/** Who is asking: the session's member and agent type. */
export interface ChatCaller {
  memberId: number;
  agentType: number;
}

interface GroupRow {
  id: number;
  name: string;
  description: string;
  min_rank: number;
}

/** A unique violation (PostgreSQL and PGlite alike: SQLSTATE 23505). */
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';
/** A foreign key violation (23503): a message sent to a group deleted at that moment. */
const isForeignKeyViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23503';
const ms = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

/**
 * The chat room (issue 32, HD-05, decision 054). Every read and write checks the caller against
 * the record's group: the CBS3 switch on, a real account (not free play), an active member, and a
 * VIP rank at least the group's. Messages are plain text; a new or removed one is announced on the
 * members' event channel (kind `chat`), whose streams each read their own member's unread count.
 */
export class ChatService {
  private readonly database: Database;
  private readonly system: ChatDeps['system'];
  private readonly events: MemberEvents;
  private readonly audit: AuditLog;

  constructor(deps: ChatDeps) {
    this.database = deps.database;
    this.system = deps.system;
    this.events = deps.events;
    this.audit = deps.audit;
  }

  /**
   * The groups this caller may enter, in the operator's order; none while the room is closed
   * (CBS3 off), for a free-play account, or a member who is not active.
   */
  async groupsOf(caller: ChatCaller, db: Kysely<DB> = this.database.db): Promise<GroupRow[]> {
    if (caller.agentType === AgentType.trial) return [];
    if (!(await this.system.isOn(FeatureSwitch.chat))) return [];
    return db
      .selectFrom('chat_group as g')
      .innerJoin('member as m', (j) => j.on('m.id', '=', caller.memberId))
      .select(['g.id', 'g.name', 'g.description', 'g.min_rank'])
      .where('g.enabled', '=', true)
      .where('m.status', '=', 'active')
      .whereRef('g.min_rank', '<=', 'm.rank_level')
      .orderBy('g.sort')
      .orderBy('g.id')
      .execute();
  }

  /** HD-05's flag: may the caller enter the room (a group of it, or the group named). */
  async permission(caller: ChatCaller, groupId?: number): Promise<boolean> {
    const groups = await this.groupsOf(caller);
    return groupId === undefined ? groups.length > 0 : groups.some((g) => g.id === groupId);
  }

  /** The group, when the caller may enter it; refused otherwise (closed room, unknown group, rank). */
  private async requireGroup(caller: ChatCaller, groupId: number): Promise<GroupRow> {
    if (caller.agentType === AgentType.trial) throw fail(Errors.trialForbidden);
    if (!(await this.system.isOn(FeatureSwitch.chat))) throw fail(ChatErrors.chatClosed);
    const group = (await this.groupsOf(caller)).find((g) => g.id === groupId);
    if (group) return group;
    const exists = await this.database.db
      .selectFrom('chat_group')
      .select('enabled')
      .where('id', '=', groupId)
      .executeTakeFirst();
    if (!exists) throw fail(ChatErrors.chatGroupUnknown);
    // A group staff closed refuses everyone, whatever the rank, and says so.
    throw fail(exists.enabled ? ChatErrors.chatPermission : ChatErrors.chatGroupClosed);
  }

  /** Unread messages of others per group after the caller's read mark (capped). */
  private async unreadByGroup(memberId: number, groupIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!groupIds.length) return out;
    const rows = await sql<{ group_id: number; unread: string | number }>`
      select g.id as group_id,
        (select count(*) from (
           select 1 from chat_message c
           where c.group_id = g.id and c.removed_at is null and c.member_id <> ${memberId}
             and c.id > coalesce(r.last_read_id, 0)
           limit ${CHAT_UNREAD_CAP}) x) as unread
      from chat_group g
      left join chat_read r on r.group_id = g.id and r.member_id = ${memberId}
      where g.id = any(${groupIds}::int[])`.execute(this.database.db);
    for (const r of rows.rows) out.set(Number(r.group_id), Number(r.unread));
    return out;
  }

  /** CBS_unreadCount: over every group the caller may enter; 0 when none. */
  async unread(caller: ChatCaller): Promise<number> {
    const groups = await this.groupsOf(caller);
    const counts = await this.unreadByGroup(
      caller.memberId,
      groups.map((g) => g.id),
    );
    return Math.min(
      CHAT_UNREAD_CAP,
      [...counts.values()].reduce((a, b) => a + b, 0),
    );
  }

  /** The live stream's value (kind `chat`): the member's unread count. */
  async unreadOf(memberId: number): Promise<{ count: number }> {
    const member = await this.database.db
      .selectFrom('member')
      .select('agent_type')
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!member) return { count: 0 };
    return { count: await this.unread({ memberId, agentType: member.agent_type }) };
  }

  private async mutedUntil(memberId: number, db: Kysely<DB> = this.database.db): Promise<number | null> {
    const row = await db
      .selectFrom('chat_mute')
      .select('until')
      .where('member_id', '=', memberId)
      .where('until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row ? ms(row.until) : null;
  }

  /** CBS_launchChat: the room's groups with their unread counts, the group it opens on, the caller's name. */
  async launch(caller: ChatCaller, groupId?: number): Promise<ChatLaunch> {
    if (caller.agentType === AgentType.trial) throw fail(Errors.trialForbidden);
    if (!(await this.system.isOn(FeatureSwitch.chat))) throw fail(ChatErrors.chatClosed);
    const groups = await this.groupsOf(caller);
    if (!groups.length) throw fail(ChatErrors.chatPermission);
    const opened = groupId === undefined ? groups[0]! : await this.requireGroup(caller, groupId);
    const counts = await this.unreadByGroup(
      caller.memberId,
      groups.map((g) => g.id),
    );
    const me = await this.database.db
      .selectFrom('member')
      .select(['username', 'nickname'])
      .where('id', '=', caller.memberId)
      .executeTakeFirstOrThrow();
    const wire: ChatGroup[] = groups.map((g) => ({
      groupId: g.id,
      name: g.name,
      description: g.description,
      minRank: g.min_rank,
      unread: counts.get(g.id) ?? 0,
    }));
    return {
      groups: wire,
      groupId: opened.id,
      nickname: me.nickname || maskUsername(me.username),
      mutedUntil: await this.mutedUntil(caller.memberId),
    };
  }

  private toWire(
    row: {
      id: number;
      group_id: number;
      member_id: number;
      content: string;
      created_at: Date;
      username: string;
      nickname: string;
    },
    me: number,
  ): ChatMessage {
    return {
      id: Number(row.id),
      groupId: row.group_id,
      nickname: row.nickname || maskUsername(row.username),
      own: Number(row.member_id) === me,
      content: row.content,
      sentAt: new Date(row.created_at).getTime(),
    };
  }

  /** A group's messages, newest first; removed ones never leave the server. */
  async messages(
    caller: ChatCaller,
    q: { groupId: number; before?: number | undefined; size: number },
  ): Promise<{ list: ChatMessage[]; hasMore: boolean }> {
    await this.requireGroup(caller, q.groupId);
    let query = this.database.db
      .selectFrom('chat_message as c')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .select(['c.id', 'c.group_id', 'c.member_id', 'c.content', 'c.created_at', 'm.username', 'm.nickname'])
      .where('c.group_id', '=', q.groupId)
      .where('c.removed_at', 'is', null);
    if (q.before !== undefined) query = query.where('c.id', '<', q.before);
    const rows = await query
      .orderBy('c.id', 'desc')
      .limit(q.size + 1)
      .execute();
    return {
      list: rows.slice(0, q.size).map((r) => this.toWire(r, caller.memberId)),
      hasMore: rows.length > q.size,
    };
  }

  /** Sends a message: the group checked, the mute, the rate, the text cleaned again; announced at commit. */
  async send(caller: ChatCaller, groupId: number, content: string): Promise<ChatMessage> {
    await this.requireGroup(caller, groupId);
    const text = cleanChatText(content);
    if (!text || [...text].length > 300)
      throw fail(Errors.invalidInput, { message: 'Write 1 to 300 characters' });
    if ((await this.mutedUntil(caller.memberId)) !== null) throw fail(ChatErrors.chatMuted);
    const row = await this.database.db
      .transaction()
      .execute(async (trx) => {
        await this.holdRate(trx, caller.memberId);
        const inserted = await trx
          .insertInto('chat_message')
          .values({ group_id: groupId, member_id: caller.memberId, content: text })
          .returning(['id', 'group_id', 'member_id', 'content', 'created_at'])
          .executeTakeFirstOrThrow();
        // One's own message is read by its sender.
        await this.moveMark(trx, caller.memberId, groupId, Number(inserted.id));
        await this.events.notify(trx, 'chat', 'all');
        return inserted;
      })
      .catch((err: unknown) => {
        // Staff deleted the (empty) group between the check and the insert: as if it never was.
        if (isForeignKeyViolation(err)) throw fail(ChatErrors.chatGroupUnknown);
        throw err;
      });
    const me = await this.database.db
      .selectFrom('member')
      .select(['username', 'nickname'])
      .where('id', '=', caller.memberId)
      .executeTakeFirstOrThrow();
    return this.toWire({ ...row, ...me }, caller.memberId);
  }

  /**
   * The send rate (decision 054): at most CHAT_SEND_PER_10S messages in any 10 seconds and
   * CHAT_SEND_PER_MINUTE in any minute, counted from the member's own last messages. Windows that
   * slide with the clock, not fixed buckets: in buckets of whole 10 seconds, sends on both sides of
   * a bucket's edge were counted apart, so a member could send twice the limit in a moment (and the
   * test of the limit failed whenever its six sends straddled an edge). The member's sends take
   * turns (a lock of the transaction), so two at once cannot both count the same last messages.
   */
  private async holdRate(trx: Kysely<DB>, memberId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`chat-send:${memberId}:`} || current_schema(), 0))`.execute(
      trx,
    );
    const recent = await sql<{ in10s: number | string; inMinute: number | string }>`
      select count(*) filter (where created_at > now() - interval '10 seconds') as "in10s",
             count(*) filter (where created_at > now() - interval '1 minute') as "inMinute"
        from (select created_at from chat_message
               where member_id = ${memberId}
               order by id desc
               limit ${CHAT_SEND_PER_MINUTE}) last`.execute(trx);
    const { in10s, inMinute } = recent.rows[0]!;
    if (Number(in10s) >= CHAT_SEND_PER_10S || Number(inMinute) >= CHAT_SEND_PER_MINUTE)
      throw fail(ChatErrors.chatTooFast);
  }

  private async moveMark(
    db: Kysely<DB>,
    memberId: number,
    groupId: number,
    messageId: number,
  ): Promise<void> {
    await db
      .insertInto('chat_read')
      .values({ member_id: memberId, group_id: groupId, last_read_id: messageId })
      .onConflict((oc) =>
        oc.columns(['member_id', 'group_id']).doUpdateSet({
          last_read_id: sql<number>`greatest(chat_read.last_read_id, excluded.last_read_id)`,
        }),
      )
      .execute();
  }

  /** Moves the caller's read mark up to a message of that group (never back); the group's unread after. */
  async markRead(caller: ChatCaller, groupId: number, messageId: number): Promise<{ unread: number }> {
    await this.requireGroup(caller, groupId);
    const message = await this.database.db
      .selectFrom('chat_message')
      .select('id')
      .where('id', '=', messageId)
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    if (!message) throw fail(ChatErrors.chatMessageUnknown);
    await this.moveMark(this.database.db, caller.memberId, groupId, messageId);
    const counts = await this.unreadByGroup(caller.memberId, [groupId]);
    return { unread: counts.get(groupId) ?? 0 };
  }

  // ---- The console's moderation desk (chat.moderate) ----

  private boRow(r: {
    id: number;
    group_id: number;
    group_name: string;
    member_id: number;
    username: string;
    nickname: string;
    content: string;
    created_at: Date;
    removed_at: Date | null;
    removed_by: string | null;
    remove_reason: string;
    muted_until: Date | null;
  }): backoffice.BoChatMessage {
    return {
      id: Number(r.id),
      groupId: r.group_id,
      groupName: r.group_name,
      memberId: Number(r.member_id),
      username: r.username,
      nickname: r.nickname,
      content: r.content,
      sentAt: new Date(r.created_at).getTime(),
      removedAt: ms(r.removed_at),
      removedBy: r.removed_by,
      removeReason: r.remove_reason,
      mutedUntil: ms(r.muted_until),
    };
  }

  private boQuery(db: Kysely<DB>) {
    return db
      .selectFrom('chat_message as c')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .innerJoin('chat_group as g', 'g.id', 'c.group_id')
      .leftJoin('chat_mute as u', (j) =>
        j.onRef('u.member_id', '=', 'c.member_id').on('u.until', '>', sql<Date>`now()`),
      );
  }

  async boMessages(q: {
    groupId?: number | undefined;
    username?: string | undefined;
    view: 'SHOWN' | 'REMOVED' | 'ALL';
    page: number;
    size: number;
  }): Promise<{
    list: backoffice.BoChatMessage[];
    total: number;
    groups: { id: number; name: string; minRank: number; enabled: boolean }[];
  }> {
    let base = this.boQuery(this.database.db);
    if (q.groupId !== undefined) base = base.where('c.group_id', '=', q.groupId);
    if (q.username)
      base = base.where(
        sql<boolean>`lower(m.username) like ${`${q.username.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      );
    if (q.view === 'SHOWN') base = base.where('c.removed_at', 'is', null);
    if (q.view === 'REMOVED') base = base.where('c.removed_at', 'is not', null);
    const [rows, count, groups] = await Promise.all([
      base
        .select([
          'c.id',
          'c.group_id',
          'g.name as group_name',
          'c.member_id',
          'm.username',
          'm.nickname',
          'c.content',
          'c.created_at',
          'c.removed_at',
          'c.removed_by',
          'c.remove_reason',
          'u.until as muted_until',
        ])
        .orderBy('c.id', 'desc')
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      this.database.db
        .selectFrom('chat_group')
        .select(['id', 'name', 'min_rank', 'enabled'])
        .orderBy('sort')
        .orderBy('id')
        .execute(),
    ]);
    return {
      list: rows.map((r) => this.boRow(r)),
      total: Number(count.n),
      groups: groups.map((g) => ({ id: g.id, name: g.name, minRank: g.min_rank, enabled: g.enabled })),
    };
  }

  /** Removes a message from the room (kept for the record), audited; a second removal is 409. */
  async boRemove(actor: AuditActor, id: number, reason: string): Promise<backoffice.BoChatMessage> {
    const text = reason.trim();
    const row = await this.database.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('chat_message')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw fail(Errors.notFound, { message: 'No such chat message' });
      if (before.removed_at)
        throw fail(Errors.conflict, {
          message: `This message was already removed by ${before.removed_by ?? 'someone'}`,
        });
      await trx
        .updateTable('chat_message')
        .set({ removed_at: new Date(), removed_by: actor.name, remove_reason: text })
        .where('id', '=', id)
        .execute();
      await this.audit.append(trx, actor, {
        action: 'chat.message.remove',
        targetType: 'chat_message',
        targetId: String(id),
        before: {
          removed: false,
          memberId: Number(before.member_id),
          groupId: before.group_id,
          content: before.content,
        },
        after: { removed: true, reason: text },
      });
      // The room's pages and unread counts change for everyone in it.
      await this.events.notify(trx, 'chat', 'all');
      return this.boQuery(trx)
        .select([
          'c.id',
          'c.group_id',
          'g.name as group_name',
          'c.member_id',
          'm.username',
          'm.nickname',
          'c.content',
          'c.created_at',
          'c.removed_at',
          'c.removed_by',
          'c.remove_reason',
          'u.until as muted_until',
        ])
        .where('c.id', '=', id)
        .executeTakeFirstOrThrow();
    });
    return this.boRow(row);
  }

  // ---- The groups (the console's "Chat groups" page) ----

  private groupsQuery(db: Kysely<DB>) {
    return db
      .selectFrom('chat_group as g')
      .select((eb) => [
        'g.id',
        'g.name',
        'g.description',
        'g.min_rank',
        'g.enabled',
        'g.created_at',
        eb
          .selectFrom('member as m')
          .select(eb.fn.countAll<string>().as('n'))
          .where('m.status', '=', 'active')
          .where('m.agent_type', '<>', AgentType.trial)
          .whereRef('m.rank_level', '>=', 'g.min_rank')
          .as('members'),
        eb
          .selectFrom('chat_message as c')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('c.group_id', '=', 'g.id')
          .where('c.removed_at', 'is', null)
          .as('messages'),
      ])
      .orderBy('g.sort')
      .orderBy('g.id');
  }

  private groupRow(r: {
    id: number;
    name: string;
    description: string;
    min_rank: number;
    enabled: boolean;
    created_at: Date;
    members: string | number | null;
    messages: string | number | null;
  }): backoffice.BoChatGroupRow {
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      minRank: r.min_rank,
      enabled: r.enabled,
      members: Number(r.members ?? 0),
      messages: Number(r.messages ?? 0),
      createdAt: new Date(r.created_at).getTime(),
    };
  }

  /** Every group, open and closed, in the players' order, with who may enter and its messages. */
  async boGroups(): Promise<{ list: backoffice.BoChatGroupRow[] }> {
    const rows = await this.groupsQuery(this.database.db).execute();
    return { list: rows.map((r) => this.groupRow(r)) };
  }

  private async groupOf(db: Kysely<DB>, id: number): Promise<backoffice.BoChatGroupRow> {
    return this.groupRow(await this.groupsQuery(db).where('g.id', '=', id).executeTakeFirstOrThrow());
  }

  /**
   * Creates a group (open, last in the list) or changes one's name, description and minimum
   * rank, audited with the reason; a name another group has, or a change that changes nothing,
   * is 409. A rank change moves who may enter at once: the members' unread counts are announced.
   */
  async boGroupSave(actor: AuditActor, body: backoffice.BoChatGroupBody): Promise<backoffice.BoChatGroupRow> {
    const reason = body.reason.trim();
    const fields = { name: body.name.trim(), description: body.description.trim(), min_rank: body.minRank };
    const taken = () =>
      fail(ChatErrors.chatGroupNameTaken, { message: `Another group is already called “${fields.name}”` });
    // The name's check here answers the usual case; two saves of one name at once both pass it,
    // and the unique index on lower(name) (migration 071) refuses the second: the same 409.
    const saved = this.database.db.transaction().execute(async (trx) => {
      const clash = await trx
        .selectFrom('chat_group')
        .select('id')
        .where(sql<boolean>`lower(name) = lower(${fields.name})`)
        .$if(body.id !== undefined, (q) => q.where('id', '<>', body.id!))
        .executeTakeFirst();
      if (clash) throw taken();
      let id: number;
      if (body.id === undefined) {
        const inserted = await trx
          .insertInto('chat_group')
          .values({
            ...fields,
            sort: sql<number>`(select coalesce(max(sort), 0) + 1 from chat_group)`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
        await this.audit.append(trx, actor, {
          action: 'chat.group.create',
          targetType: 'chat_group',
          targetId: String(id),
          before: null,
          after: { name: fields.name, description: fields.description, minRank: fields.min_rank, reason },
        });
      } else {
        id = body.id;
        const before = await trx
          .selectFrom('chat_group')
          .select(['name', 'description', 'min_rank'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw fail(ChatErrors.chatGroupUnknown);
        if (
          before.name === fields.name &&
          before.description === fields.description &&
          before.min_rank === fields.min_rank
        )
          throw fail(Errors.conflict, { message: 'Nothing changed: this group already reads so' });
        await trx.updateTable('chat_group').set(fields).where('id', '=', id).execute();
        await this.audit.append(trx, actor, {
          action: 'chat.group.update',
          targetType: 'chat_group',
          targetId: String(id),
          before: { name: before.name, description: before.description, minRank: before.min_rank },
          after: { name: fields.name, description: fields.description, minRank: fields.min_rank, reason },
        });
        if (before.min_rank !== fields.min_rank) await this.events.notify(trx, 'chat', 'all');
      }
      return this.groupOf(trx, id);
    });
    return saved.catch((err: unknown) => {
      if (isUniqueViolation(err)) throw taken();
      throw err;
    });
  }

  /**
   * Sets the players' order of the groups: `ids` is every group once, the first shown first
   * (sort 1, 2, …). A list that is not every group (one added or deleted since it was read) is
   * 409 `chat.group.order.stale`; the order it already has, 409 too. Audited with the order
   * before and after; the members' rooms refetch their launch (the `chat` notice).
   */
  async boGroupOrder(actor: AuditActor, ids: number[]): Promise<{ list: backoffice.BoChatGroupRow[] }> {
    await this.database.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('chat_group')
        .select(['id', 'sort'])
        .orderBy('sort')
        .orderBy('id')
        .forUpdate()
        .execute();
      const before = rows.map((r) => r.id);
      if (before.length !== ids.length || !ids.every((id) => before.includes(id)))
        throw fail(ChatErrors.chatGroupOrderStale);
      if (before.every((id, i) => ids[i] === id) && rows.every((r, i) => r.sort === i + 1))
        throw fail(Errors.conflict, { message: 'Nothing changed: the groups are already in this order' });
      for (const [i, id] of ids.entries())
        await trx
          .updateTable('chat_group')
          .set({ sort: i + 1 })
          .where('id', '=', id)
          .execute();
      await this.audit.append(trx, actor, {
        action: 'chat.group.reorder',
        targetType: 'chat_group',
        targetId: null,
        before: { order: before },
        after: { order: ids },
      });
      await this.events.notify(trx, 'chat', 'all');
    });
    return this.boGroups();
  }

  /**
   * Deletes a group that never held a message (shown or removed), audited with the whole group
   * and the reason. A group that did is refused with 409 `chat.group.has.messages`: it is
   * closed instead, so its messages stay the record (decision 054, amended). Nobody is a member
   * of a group (entry is by rank), so none is moved; read marks can only exist with messages.
   * The group's row is locked first: a message being sent to it at that moment commits before
   * the count (and the delete is refused), or waits and is refused as an unknown group.
   */
  async boGroupDelete(actor: AuditActor, id: number, reason: string): Promise<{ id: number; deleted: true }> {
    const text = reason.trim();
    await this.database.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('chat_group')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw fail(ChatErrors.chatGroupUnknown);
      const held = await trx
        .selectFrom('chat_message')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('group_id', '=', id)
        .executeTakeFirstOrThrow();
      if (Number(held.n) > 0)
        throw fail(ChatErrors.chatGroupHasMessages, {
          message: `“${before.name}” holds ${Number(held.n)} messages (removed ones included): close it instead, so they stay on the record`,
        });
      await trx.deleteFrom('chat_read').where('group_id', '=', id).execute();
      await trx.deleteFrom('chat_group').where('id', '=', id).execute();
      await this.audit.append(trx, actor, {
        action: 'chat.group.delete',
        targetType: 'chat_group',
        targetId: String(id),
        before: {
          name: before.name,
          description: before.description,
          minRank: before.min_rank,
          enabled: before.enabled,
          sort: before.sort,
          createdAt: new Date(before.created_at).getTime(),
        },
        after: { deleted: true, reason: text },
      });
      // The group leaves every member's room (an open one refetches its launch).
      await this.events.notify(trx, 'chat', 'all');
    });
    return { id, deleted: true };
  }

  /**
   * Closes a group (players are refused entry and posting with `chat.group.closed`; its messages
   * are kept and stay on this desk) or reopens it, audited with the reason; already so is 409.
   */
  async boGroupSetOpen(
    actor: AuditActor,
    id: number,
    open: boolean,
    reason: string,
  ): Promise<backoffice.BoChatGroupRow> {
    const text = reason.trim();
    return this.database.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('chat_group')
        .select(['name', 'enabled'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw fail(ChatErrors.chatGroupUnknown);
      if (before.enabled === open)
        throw fail(Errors.conflict, {
          message: `The group “${before.name}” is already ${open ? 'open' : 'closed'}`,
        });
      await trx.updateTable('chat_group').set({ enabled: open }).where('id', '=', id).execute();
      await this.audit.append(trx, actor, {
        action: open ? 'chat.group.reopen' : 'chat.group.close',
        targetType: 'chat_group',
        targetId: String(id),
        before: { name: before.name, enabled: before.enabled },
        after: { enabled: open, reason: text },
      });
      // The group leaves (or returns to) every member's room and unread count.
      await this.events.notify(trx, 'chat', 'all');
      return this.groupOf(trx, id);
    });
  }

  async boMutes(): Promise<{ list: backoffice.BoChatMute[] }> {
    const rows = await this.database.db
      .selectFrom('chat_mute as u')
      .innerJoin('member as m', 'm.id', 'u.member_id')
      .select(['u.member_id', 'm.username', 'u.until', 'u.reason', 'u.muted_by'])
      .where('u.until', '>', sql<Date>`now()`)
      .orderBy('u.until')
      .limit(500)
      .execute();
    return {
      list: rows.map((r) => ({
        memberId: Number(r.member_id),
        username: r.username,
        until: new Date(r.until).getTime(),
        reason: r.reason,
        mutedBy: r.muted_by,
      })),
    };
  }

  /** Mutes a member until now + minutes (a new mute replaces a running one), audited. */
  async boMute(
    actor: AuditActor,
    memberId: number,
    minutes: number,
    reason: string,
  ): Promise<backoffice.BoChatMute> {
    const text = reason.trim();
    return this.database.db.transaction().execute(async (trx) => {
      const member = await trx
        .selectFrom('member')
        .select('username')
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (!member) throw fail(Errors.notFound, { message: 'No such player' });
      const before = await trx
        .selectFrom('chat_mute')
        .select(['until', 'reason'])
        .where('member_id', '=', memberId)
        .where('until', '>', sql<Date>`now()`)
        .forUpdate()
        .executeTakeFirst();
      const row = await trx
        .insertInto('chat_mute')
        .values({
          member_id: memberId,
          until: sql<Date>`now() + ${minutes} * interval '1 minute'`,
          reason: text,
          muted_by: actor.name,
        })
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet({
            until: sql<Date>`excluded.until`,
            reason: sql<string>`excluded.reason`,
            muted_by: sql<string>`excluded.muted_by`,
            created_at: sql<Date>`now()`,
          }),
        )
        .returning(['until', 'reason', 'muted_by'])
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'chat.mute',
        targetType: 'member',
        targetId: String(memberId),
        before: before ? { mutedUntil: ms(before.until), reason: before.reason } : { mutedUntil: null },
        after: { mutedUntil: ms(row.until), minutes, reason: text },
      });
      return {
        memberId,
        username: member.username,
        until: new Date(row.until).getTime(),
        reason: row.reason,
        mutedBy: row.muted_by,
      };
    });
  }

  /** Lifts a mute, audited; a member not muted is 409. */
  async boUnmute(actor: AuditActor, memberId: number): Promise<{ memberId: number; muted: false }> {
    await this.database.db.transaction().execute(async (trx) => {
      const before = await trx
        .deleteFrom('chat_mute')
        .where('member_id', '=', memberId)
        .where('until', '>', sql<Date>`now()`)
        .returning(['until', 'reason'])
        .executeTakeFirst();
      if (!before) throw fail(Errors.conflict, { message: 'This player is not muted' });
      await this.audit.append(trx, actor, {
        action: 'chat.unmute',
        targetType: 'member',
        targetId: String(memberId),
        before: { mutedUntil: ms(before.until), reason: before.reason },
        after: { mutedUntil: null },
      });
    });
    return { memberId, muted: false };
  }
}
