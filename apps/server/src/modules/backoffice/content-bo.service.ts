import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { sql, type Selectable, type Transaction } from 'kysely';
import { backoffice } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { AnnouncementTable, BannerTable, DB, HelpArticleTable } from '../../db/schema.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import { fail } from '../../platform/http/errors.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';
import { sanitizeContentHtml } from './content-bo.html.ts';
import { reencodeContentImage } from './content-bo.image.ts';

const E = backoffice.ContentErrors;
type ContentNotice = backoffice.ContentNotice;
type ContentBanner = backoffice.ContentBanner;
type ContentHelpArticle = backoffice.ContentHelpArticle;
type NoticeListQuery = z.output<typeof backoffice.ContentNoticeListQuerySchema>;
type NoticeInput = z.output<typeof backoffice.ContentNoticeInputSchema>;
type NoticeUpdate = z.output<typeof backoffice.ContentNoticeUpdateSchema>;
type BannerInput = z.output<typeof backoffice.ContentBannerInputSchema>;
type BannerUpdate = z.output<typeof backoffice.ContentBannerUpdateSchema>;
type HelpInput = z.output<typeof backoffice.ContentHelpInputSchema>;
type HelpUpdate = z.output<typeof backoffice.ContentHelpUpdateSchema>;

type NoticeRow = Selectable<AnnouncementTable>;
type BannerRow = Selectable<BannerTable>;
type HelpRow = Selectable<HelpArticleTable>;

const ms = (d: Date | string): number => new Date(d).getTime();

/** Where a notice stands at `now` (decision 036): draft, scheduled, live or ended. */
export function noticeState(
  row: { active: boolean; published_at: Date | string; ends_at: Date | string | null },
  now: number,
): backoffice.ContentState {
  if (!row.active) return 'draft';
  if (ms(row.published_at) > now) return 'scheduled';
  if (row.ends_at !== null && ms(row.ends_at) <= now) return 'ended';
  return 'live';
}

function toNotice(r: NoticeRow, now: number): ContentNotice {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    content: r.content,
    execution: r.execution === 'L' || r.execution === 'G' ? r.execution : 'B',
    audience: r.audience,
    sort: r.sort,
    published: r.active,
    state: noticeState(r, now),
    startsAt: ms(r.published_at),
    endsAt: r.ends_at === null ? null : ms(r.ends_at),
    createdAt: ms(r.created_at),
    updatedAt: ms(r.updated_at),
  };
}

function toBanner(r: BannerRow): ContentBanner {
  return {
    id: r.id,
    group: r.group_code,
    title: r.title,
    imageUrl: r.image_url,
    linkUrl: r.link_url,
    sort: r.sort,
    published: r.active,
    createdAt: ms(r.created_at),
    updatedAt: ms(r.updated_at),
  };
}

function toHelp(r: HelpRow): ContentHelpArticle {
  return {
    id: r.id,
    categoryId: r.category_id,
    categoryTitle: r.category_title,
    title: r.title,
    content: r.content,
    sort: r.sort,
    published: r.active,
    updatedAt: ms(r.updated_at),
  };
}

/** What the audit keeps of a notice: everything but the times the database keeps itself. */
const noticeAudit = (n: ContentNotice) => {
  const { createdAt: _c, updatedAt: _u, state: _s, ...rest } = n;
  return rest;
};
const bannerAudit = (b: ContentBanner) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = b;
  return rest;
};
const helpAudit = (h: ContentHelpArticle) => {
  const { updatedAt: _u, ...rest } = h;
  return rest;
};

/** The path an uploaded image is served at (public: the player's site loads it). */
export const contentImagePath = (sha256: string) => `/cdn/content/${sha256}.webp`;

/**
 * The back office's Content section (issue 31, decision 036): notices and promotions (the
 * `announcement` rows), banners and help articles. Every write is one transaction that changes the
 * row and appends its audit entry (before and after); then the change feed is told, so every
 * instance's cached answer of the player's calls (announcements, system info) reloads. HTML is
 * sanitised here, with the player's site's policy, before it is stored. The operator CLI's
 * `notice` commands act through this service too, as the CLI actor.
 */
export class ContentService {
  private readonly deps: { database: Database; audit: AuditLog; feed: ChangeFeed; now: () => number };

  constructor(deps: { database: Database; audit: AuditLog; feed: ChangeFeed; now?: () => number }) {
    this.deps = { now: Date.now, ...deps };
  }

  private get db() {
    return this.deps.database.db;
  }

  /** The HTML a player would be shown: sanitised as when stored. */
  async preview(html: string): Promise<{ html: string; changed: boolean }> {
    const clean = await sanitizeContentHtml(html);
    return { html: clean, changed: clean !== html };
  }

  // ---- notices ---------------------------------------------------------------------------------

  async notices(query: NoticeListQuery): Promise<z.output<typeof backoffice.ContentNoticeListSchema>> {
    const now = this.deps.now();
    let q = this.db.selectFrom('announcement').where('deleted_at', 'is', null).where('type', '!=', 'B');
    if (query.group === 'promotions') q = q.where('type', 'in', [...backoffice.promotionNoticeTypes]);
    if (query.group === 'notices') q = q.where('type', 'in', ['PL', 'H']);
    if (query.audience) q = q.where('audience', '=', query.audience);
    if (query.q) q = q.where(sql<boolean>`strpos(lower(title), ${query.q.toLowerCase()}) > 0`);
    if (query.state) {
      const at = new Date(now);
      if (query.state === 'draft') q = q.where('active', '=', false);
      else {
        q = q.where('active', '=', true);
        if (query.state === 'scheduled') q = q.where('published_at', '>', at);
        else if (query.state === 'ended') q = q.where('published_at', '<=', at).where('ends_at', '<=', at);
        else
          q = q
            .where('published_at', '<=', at)
            .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]));
      }
    }
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('sort', 'desc')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => toNotice(r, now)),
      total: Number(count.n),
      page: query.page,
      size: query.size,
    };
  }

  async notice(id: number): Promise<ContentNotice> {
    const row = await this.db
      .selectFrom('announcement')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row || row.type === 'B') throw fail(E.boContentNotFound);
    return toNotice(row, this.deps.now());
  }

  private checkSchedule(startsAt: number | null | undefined, endsAt: number | null | undefined): void {
    const start = startsAt ?? this.deps.now();
    if (endsAt !== null && endsAt !== undefined && endsAt <= start) throw fail(E.boContentSchedule);
  }

  /** `type` is one of the Content section's (the CLI may also write the original's B). */
  async createNotice(
    actor: AuditActor,
    input: Omit<NoticeInput, 'type'> & { type: string },
  ): Promise<ContentNotice> {
    this.checkSchedule(input.startsAt, input.endsAt);
    const content = await sanitizeContentHtml(input.content);
    const created = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('announcement')
        .values({
          type: input.type,
          title: input.title,
          content,
          execution: input.execution,
          audience: input.audience,
          active: input.publish,
          published_at: new Date(input.startsAt ?? this.deps.now()),
          ends_at: input.endsAt == null ? null : new Date(input.endsAt),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = toNotice(row, this.deps.now());
      await this.deps.audit.append(trx, actor, {
        action: 'content.notice.create',
        targetType: 'announcement',
        targetId: row.id,
        before: null,
        after: noticeAudit(after),
      });
      return after;
    });
    await this.changed(`announcement:${created.id}`);
    return created;
  }

  async updateNotice(actor: AuditActor, input: NoticeUpdate): Promise<ContentNotice> {
    const content = await sanitizeContentHtml(input.content);
    const updated = await this.db.transaction().execute(async (trx) => {
      const before = await this.lockNotice(trx, input.id);
      const startsAt = input.startsAt === undefined ? before.startsAt : (input.startsAt ?? this.deps.now());
      const endsAt = input.endsAt === undefined ? before.endsAt : input.endsAt;
      this.checkSchedule(startsAt, endsAt);
      const row = await trx
        .updateTable('announcement')
        .set({
          type: input.type,
          title: input.title,
          content,
          execution: input.execution,
          audience: input.audience,
          published_at: new Date(startsAt),
          ends_at: endsAt === null ? null : new Date(endsAt),
          updated_at: new Date(),
        })
        .where('id', '=', input.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = toNotice(row, this.deps.now());
      await this.deps.audit.append(trx, actor, {
        action: 'content.notice.update',
        targetType: 'announcement',
        targetId: input.id,
        before: noticeAudit(before),
        after: noticeAudit(after),
      });
      return after;
    });
    await this.changed(`announcement:${input.id}`);
    return updated;
  }

  /**
   * Publishes or unpublishes a notice. Publishing starts it now unless a later start is set (the
   * date players see is when it went out); unpublishing turns it back into a draft.
   */
  async publishNotice(actor: AuditActor, id: number, published: boolean): Promise<ContentNotice> {
    const result = await this.db.transaction().execute(async (trx) => {
      const before = await this.lockNotice(trx, id);
      if (before.published === published) return before;
      const now = this.deps.now();
      const startsAt = published && before.startsAt < now ? now : before.startsAt;
      if (published && before.endsAt !== null && before.endsAt <= startsAt) throw fail(E.boContentSchedule);
      const row = await trx
        .updateTable('announcement')
        .set({ active: published, published_at: new Date(startsAt), updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = toNotice(row, now);
      await this.deps.audit.append(trx, actor, {
        action: published ? 'content.notice.publish' : 'content.notice.unpublish',
        targetType: 'announcement',
        targetId: id,
        before: noticeAudit(before),
        after: noticeAudit(after),
      });
      return after;
    });
    await this.changed(`announcement:${id}`);
    return result;
  }

  /** Deletes a notice: never shown or listed again; the row stays (decision 004) and the audit holds it. */
  async deleteNotice(actor: AuditActor, id: number): Promise<{ id: number; deleted: boolean }> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.lockNotice(trx, id);
      await trx
        .updateTable('announcement')
        .set({ active: false, deleted_at: new Date(), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await this.deps.audit.append(trx, actor, {
        action: 'content.notice.delete',
        targetType: 'announcement',
        targetId: id,
        before: noticeAudit(before),
        after: null,
      });
    });
    await this.changed(`announcement:${id}`);
    return { id, deleted: true };
  }

  /** Sets the players' order: the first id is shown first (the highest sort key). */
  async reorderNotices(actor: AuditActor, ids: number[]): Promise<{ count: number }> {
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('announcement')
        .select(['id', 'sort'])
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .where('type', '!=', 'B')
        .forUpdate()
        .execute();
      if (rows.length !== ids.length) throw fail(E.boContentReorder);
      const before = Object.fromEntries(rows.map((r) => [r.id, r.sort]));
      const after: Record<number, number> = {};
      for (const [i, id] of ids.entries()) {
        after[id] = ids.length - i;
        await trx
          .updateTable('announcement')
          .set({ sort: ids.length - i, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
      }
      await this.deps.audit.append(trx, actor, {
        action: 'content.notice.reorder',
        targetType: 'announcement',
        targetId: null,
        before: { sort: before },
        after: { sort: after },
      });
    });
    await this.changed('announcement:order');
    return { count: ids.length };
  }

  private async lockNotice(trx: Transaction<DB>, id: number): Promise<ContentNotice> {
    const row = await trx
      .selectFrom('announcement')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.type === 'B') throw fail(E.boContentNotFound);
    return toNotice(row, this.deps.now());
  }

  // ---- banners ---------------------------------------------------------------------------------

  async banners(group?: string): Promise<{ list: ContentBanner[] }> {
    let q = this.db.selectFrom('banner').selectAll().where('deleted_at', 'is', null);
    if (group) q = q.where('group_code', '=', group);
    const rows = await q.orderBy('group_code').orderBy('sort').orderBy('id').execute();
    return { list: rows.map(toBanner) };
  }

  async banner(id: number): Promise<ContentBanner> {
    const row = await this.db
      .selectFrom('banner')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw fail(E.boContentNotFound);
    return toBanner(row);
  }

  async createBanner(actor: AuditActor, input: BannerInput): Promise<ContentBanner> {
    const created = await this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('banner')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where('group_code', '=', input.group)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const row = await trx
        .insertInto('banner')
        .values({
          group_code: input.group,
          title: input.title,
          image_url: input.imageUrl,
          link_url: input.linkUrl,
          sort: Number(last?.sort ?? 0) + 1,
          active: input.publish,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = toBanner(row);
      await this.deps.audit.append(trx, actor, {
        action: 'content.banner.create',
        targetType: 'banner',
        targetId: row.id,
        before: null,
        after: bannerAudit(after),
      });
      return after;
    });
    await this.changed(`banner:${created.id}`);
    return created;
  }

  async updateBanner(actor: AuditActor, input: BannerUpdate): Promise<ContentBanner> {
    return this.changeBanner(actor, input.id, 'content.banner.update', {
      group_code: input.group,
      title: input.title,
      image_url: input.imageUrl,
      link_url: input.linkUrl,
    });
  }

  async publishBanner(actor: AuditActor, id: number, published: boolean): Promise<ContentBanner> {
    return this.changeBanner(actor, id, published ? 'content.banner.publish' : 'content.banner.unpublish', {
      active: published,
    });
  }

  async deleteBanner(actor: AuditActor, id: number): Promise<{ id: number; deleted: boolean }> {
    await this.changeBanner(actor, id, 'content.banner.delete', { active: false, deleted_at: new Date() });
    return { id, deleted: true };
  }

  private async changeBanner(
    actor: AuditActor,
    id: number,
    action: string,
    set: Partial<
      Pick<BannerRow, 'group_code' | 'title' | 'image_url' | 'link_url' | 'active' | 'deleted_at'>
    >,
  ): Promise<ContentBanner> {
    const result = await this.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('banner')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!old) throw fail(E.boContentNotFound);
      const before = toBanner(old);
      if (
        set.active !== undefined &&
        set.deleted_at === undefined &&
        Object.keys(set).length === 1 &&
        old.active === set.active
      )
        return before;
      const row = await trx
        .updateTable('banner')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = toBanner(row);
      await this.deps.audit.append(trx, actor, {
        action,
        targetType: 'banner',
        targetId: id,
        before: bannerAudit(before),
        after: set.deleted_at ? null : bannerAudit(after),
      });
      return after;
    });
    await this.changed(`banner:${id}`);
    return result;
  }

  /** Sets one slot's order: the ids must be every banner of one slot, first shown first. */
  async reorderBanners(actor: AuditActor, ids: number[]): Promise<{ count: number }> {
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('banner')
        .select(['id', 'sort', 'group_code'])
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .execute();
      const groups = new Set(rows.map((r) => r.group_code));
      if (rows.length !== ids.length || groups.size !== 1) throw fail(E.boContentReorder);
      const group = [...groups][0]!;
      const inGroup = await trx
        .selectFrom('banner')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('group_code', '=', group)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(inGroup.n) !== ids.length) throw fail(E.boContentReorder);
      const before = Object.fromEntries(rows.map((r) => [r.id, r.sort]));
      const after: Record<number, number> = {};
      for (const [i, id] of ids.entries()) {
        after[id] = i + 1;
        await trx
          .updateTable('banner')
          .set({ sort: i + 1, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
      }
      await this.deps.audit.append(trx, actor, {
        action: 'content.banner.reorder',
        targetType: 'banner',
        targetId: group,
        before: { sort: before },
        after: { sort: after },
      });
    });
    await this.changed('banner:order');
    return { count: ids.length };
  }

  /**
   * Stores an uploaded banner image: its type from its own signature (PNG, JPEG or WebP, the
   * avatars' check), decoded and re-encoded as WebP without metadata, kept once per content hash.
   * Audited: who uploaded what (hash and size; the bytes are in the table, not the log).
   */
  async uploadImage(actor: AuditActor, bytes: Buffer): Promise<backoffice.ContentImage> {
    const image = await reencodeContentImage(bytes);
    const sha256 = createHash('sha256').update(image.bytes).digest('hex');
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('content_image')
        .values({ sha256, mime: 'image/webp', bytes: image.bytes, width: image.width, height: image.height })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .returning('id')
        .executeTakeFirst();
      await this.deps.audit.append(trx, actor, {
        action: 'content.image.upload',
        targetType: 'content_image',
        targetId: sha256,
        before: null,
        after: {
          sha256,
          width: image.width,
          height: image.height,
          bytes: image.bytes.length,
          new: !!inserted,
        },
      });
    });
    return {
      url: contentImagePath(sha256),
      width: image.width,
      height: image.height,
      bytes: image.bytes.length,
    };
  }

  /** An uploaded image's bytes, for the public image route. */
  async image(sha256: string): Promise<{ mime: string; bytes: Buffer } | undefined> {
    return this.db
      .selectFrom('content_image')
      .select(['mime', 'bytes'])
      .where('sha256', '=', sha256)
      .executeTakeFirst();
  }

  // ---- help centre -----------------------------------------------------------------------------

  async help(): Promise<{ list: ContentHelpArticle[] }> {
    const rows = await this.db.selectFrom('help_article').selectAll().orderBy('sort').orderBy('id').execute();
    return { list: rows.map(toHelp) };
  }

  async helpArticle(id: string): Promise<ContentHelpArticle> {
    const row = await this.db.selectFrom('help_article').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw fail(E.boContentNotFound);
    return toHelp(row);
  }

  async createHelp(actor: AuditActor, input: HelpInput): Promise<ContentHelpArticle> {
    const content = await sanitizeContentHtml(input.content);
    const created = await this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('help_article')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .executeTakeFirst();
      const row = await trx
        .insertInto('help_article')
        .values({
          id: input.id,
          category_id: input.categoryId,
          category_title: input.categoryTitle,
          title: input.title,
          content,
          sort: Number(last?.sort ?? 0) + 1,
          active: input.publish,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw fail(E.boContentExists);
      const after = toHelp(row);
      await this.deps.audit.append(trx, actor, {
        action: 'content.help.create',
        targetType: 'help_article',
        targetId: row.id,
        before: null,
        after: helpAudit(after),
      });
      return after;
    });
    await this.changed(`help:${created.id}`);
    return created;
  }

  async updateHelp(actor: AuditActor, input: HelpUpdate): Promise<ContentHelpArticle> {
    const content = await sanitizeContentHtml(input.content);
    return this.changeHelp(actor, input.id, 'content.help.update', {
      category_id: input.categoryId,
      category_title: input.categoryTitle,
      title: input.title,
      content,
    });
  }

  async publishHelp(actor: AuditActor, id: string, published: boolean): Promise<ContentHelpArticle> {
    return this.changeHelp(actor, id, published ? 'content.help.publish' : 'content.help.unpublish', {
      active: published,
    });
  }

  /** Deletes a help article for good (its key may be used again); the audit entry keeps its text. */
  async deleteHelp(actor: AuditActor, id: string): Promise<{ id: string; deleted: boolean }> {
    await this.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('help_article')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!old) throw fail(E.boContentNotFound);
      await trx.deleteFrom('help_article').where('id', '=', id).execute();
      await this.deps.audit.append(trx, actor, {
        action: 'content.help.delete',
        targetType: 'help_article',
        targetId: id,
        before: helpAudit(toHelp(old)),
        after: null,
      });
    });
    await this.changed(`help:${id}`);
    return { id, deleted: true };
  }

  private async changeHelp(
    actor: AuditActor,
    id: string,
    action: string,
    set: Partial<Pick<HelpRow, 'category_id' | 'category_title' | 'title' | 'content' | 'active'>>,
  ): Promise<ContentHelpArticle> {
    const result = await this.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('help_article')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!old) throw fail(E.boContentNotFound);
      const before = toHelp(old);
      if (set.active !== undefined && Object.keys(set).length === 1 && old.active === set.active)
        return before;
      const row = await trx
        .updateTable('help_article')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = toHelp(row);
      await this.deps.audit.append(trx, actor, {
        action,
        targetType: 'help_article',
        targetId: id,
        before: helpAudit(before),
        after: helpAudit(after),
      });
      return after;
    });
    await this.changed(`help:${id}`);
    return result;
  }

  /** Sets the help centre's order: every article, first first (sections follow their first article). */
  async reorderHelp(actor: AuditActor, ids: string[]): Promise<{ count: number }> {
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('help_article').select(['id', 'sort']).forUpdate().execute();
      const known = new Set(rows.map((r) => r.id));
      if (rows.length !== ids.length || !ids.every((id) => known.has(id))) throw fail(E.boContentReorder);
      const before = Object.fromEntries(rows.map((r) => [r.id, r.sort]));
      const after: Record<string, number> = {};
      for (const [i, id] of ids.entries()) {
        after[id] = i + 1;
        await trx
          .updateTable('help_article')
          .set({ sort: i + 1, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
      }
      await this.deps.audit.append(trx, actor, {
        action: 'content.help.reorder',
        targetType: 'help_article',
        targetId: null,
        before: { sort: before },
        after: { sort: after },
      });
    });
    await this.changed('help:order');
    return { count: ids.length };
  }

  /** Tells every instance's caches (the announcements, the system info's help) to reload. */
  private async changed(what: string): Promise<void> {
    await this.deps.feed.publish(what);
  }
}
