import type { z } from 'zod';
import {
  backoffice,
  brandDefaultLanguage,
  CONTENT_BASE_LANGUAGE,
  contentLanguageOf,
  ContentLanguageErrors,
  Errors,
  type ContentKind,
} from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import { fail } from '../../platform/http/errors.ts';
import type { BrandConfigStore } from '../system/brand-config.ts';
import type { VersionRow } from '../content-language/content-versions.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';
import { sanitizeContentHtml } from './content-bo.html.ts';

type VersionInput = z.output<typeof backoffice.ContentVersionInputSchema>;
type VersionKey = z.output<typeof backoffice.ContentVersionKeySchema>;

/** Kinds whose versions carry HTML (sanitised as the item's own is). */
const withHtml: readonly ContentKind[] = ['notice', 'help'];

function toVersion(r: VersionRow): backoffice.ContentVersion {
  return {
    language: r.language,
    title: r.title,
    content: r.content,
    imageUrl: r.image_url,
    categoryTitle: r.category_title,
    updatedAt: new Date(r.updated_at).getTime(),
  };
}

const auditOf = (v: backoffice.ContentVersion) => {
  const { updatedAt: _u, ...rest } = v;
  return rest;
};

/**
 * The back office's versions of an item in other languages (issue 33, decision 047): add, change
 * and remove one language's version of a notice, promotion, banner, help article or goods. Each
 * write is one transaction with its audit entry (`content.version.save|delete`, the version before
 * and after), then the change feed is told so every instance's players' answers reload. HTML is
 * sanitised with the player's site's policy, as the item's own (decision 036).
 */
export class ContentVersionsBo {
  private readonly deps: { database: Database; audit: AuditLog; feed: ChangeFeed; brand: BrandConfigStore };

  constructor(deps: { database: Database; audit: AuditLog; feed: ChangeFeed; brand: BrandConfigStore }) {
    this.deps = deps;
  }

  private get db() {
    return this.deps.database.db;
  }

  /** One of the 31 languages, not English (the item's own text), else a clear refusal. */
  private language(requested: string): string {
    const language = contentLanguageOf(requested, this.deps.brand.get().languageLabels);
    if (!language)
      throw fail(ContentLanguageErrors.languageInvalid, {
        message: `The language "${requested.slice(0, 20)}" is not one of the site's 31 languages`,
      });
    if (language === CONTENT_BASE_LANGUAGE)
      throw fail(Errors.invalidInput, {
        message: "English is the item's own text: change it in the item itself",
      });
    return language;
  }

  /** The item exists (and is not deleted), else 404. */
  private async requireItem(db: Kysely<DB>, key: VersionKey): Promise<void> {
    const numeric = /^[0-9]{1,10}$/.test(key.id) ? Number(key.id) : null;
    let found: unknown;
    if (key.kind === 'help')
      found = await db.selectFrom('help_article').select('id').where('id', '=', key.id).executeTakeFirst();
    else if (numeric === null || numeric > 2_147_483_647) found = undefined;
    else if (key.kind === 'notice')
      found = await db
        .selectFrom('announcement')
        .select('id')
        .where('id', '=', numeric)
        .where('deleted_at', 'is', null)
        .where('type', '!=', 'B')
        .executeTakeFirst();
    else if (key.kind === 'banner')
      found = await db
        .selectFrom('banner')
        .select('id')
        .where('id', '=', numeric)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    else
      found = await db.selectFrom('points_goods').select('id').where('id', '=', numeric).executeTakeFirst();
    if (!found) throw fail(backoffice.ContentErrors.boContentNotFound);
  }

  async list(key: VersionKey): Promise<backoffice.ContentVersions> {
    await this.requireItem(this.db, key);
    const rows = (await this.db
      .selectFrom('content_version')
      .selectAll()
      .where('kind', '=', key.kind)
      .where('item_id', '=', key.id)
      .orderBy('language')
      .execute()) as VersionRow[];
    return {
      kind: key.kind,
      id: key.id,
      baseLanguage: CONTENT_BASE_LANGUAGE,
      defaultLanguage: brandDefaultLanguage(this.deps.brand.get()),
      versions: rows.map(toVersion),
    };
  }

  async save(actor: AuditActor, input: VersionInput): Promise<backoffice.ContentVersion> {
    const language = this.language(input.language);
    const html = withHtml.includes(input.kind);
    if (html && !input.content.trim())
      throw fail(Errors.invalidInput, { message: 'content: the text is required' });
    const content = html ? await sanitizeContentHtml(input.content) : '';
    const values = {
      title: input.title,
      content,
      image_url: input.kind === 'banner' ? input.imageUrl : '',
      category_title: input.kind === 'help' ? input.categoryTitle : '',
    };
    const saved = await this.db.transaction().execute(async (trx) => {
      await this.requireItem(trx, input);
      const before = (await trx
        .selectFrom('content_version')
        .selectAll()
        .where('kind', '=', input.kind)
        .where('item_id', '=', input.id)
        .where('language', '=', language)
        .forUpdate()
        .executeTakeFirst()) as VersionRow | undefined;
      const row = (await trx
        .insertInto('content_version')
        .values({ kind: input.kind, item_id: input.id, language, ...values })
        .onConflict((oc) =>
          oc.columns(['kind', 'item_id', 'language']).doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .returningAll()
        .executeTakeFirstOrThrow()) as VersionRow;
      const after = toVersion(row);
      await this.deps.audit.append(trx, actor, {
        action: 'content.version.save',
        targetType: input.kind,
        targetId: `${input.id}:${language}`,
        before: before ? auditOf(toVersion(before)) : null,
        after: auditOf(after),
      });
      return after;
    });
    await this.deps.feed.publish(`content-version:${input.kind}:${input.id}`);
    return saved;
  }

  async remove(actor: AuditActor, key: VersionKey & { language: string }): Promise<{ removed: boolean }> {
    const language = this.language(key.language);
    const removed = await this.db.transaction().execute(async (trx) => {
      await this.requireItem(trx, key);
      const before = (await trx
        .deleteFrom('content_version')
        .where('kind', '=', key.kind)
        .where('item_id', '=', key.id)
        .where('language', '=', language)
        .returningAll()
        .executeTakeFirst()) as VersionRow | undefined;
      if (!before) return false;
      await this.deps.audit.append(trx, actor, {
        action: 'content.version.delete',
        targetType: key.kind,
        targetId: `${key.id}:${language}`,
        before: auditOf(toVersion(before)),
        after: null,
      });
      return true;
    });
    if (removed) await this.deps.feed.publish(`content-version:${key.kind}:${key.id}`);
    return { removed };
  }
}
