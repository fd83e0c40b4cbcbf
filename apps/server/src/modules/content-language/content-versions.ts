import {
  brandDefaultLanguage,
  CONTENT_BASE_LANGUAGE,
  contentLanguageChain,
  contentLanguageOf,
  ContentLanguageErrors,
  type Announcements,
  type ContentKind,
  type HelpSection,
  type PointGoods,
  type Promotion,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fail } from '../../platform/http/errors.ts';
import type { BrandConfigStore } from '../system/brand-config.ts';

export interface VersionRow {
  kind: ContentKind;
  item_id: string;
  language: string;
  title: string;
  content: string;
  image_url: string;
  category_title: string;
  updated_at: Date;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Content in the player's language (issue 33, decision 047): the players' calls answer in the
 * shapes they always had, each item's words taken from its version in the first language of the
 * chain (the language asked for, else English, the item's own; with no language asked, the brand's
 * default, else English) that has one. Every version is held
 * in memory and reloaded on a change notice, as the notices and the system info are (decision 003).
 */
export class ContentVersions {
  private readonly brand: BrandConfigStore;
  private readonly all;

  constructor(deps: { database: Database; feed: ChangeFeed; brand: BrandConfigStore }) {
    this.brand = deps.brand;
    this.all = deps.feed.cached(async () => {
      const rows = (await deps.database.db
        .selectFrom('content_version')
        .selectAll()
        .execute()) as VersionRow[];
      const byItem = new Map<string, Map<string, VersionRow>>();
      for (const r of rows) {
        const key = `${r.kind}:${r.item_id}`;
        let versions = byItem.get(key);
        if (!versions) byItem.set(key, (versions = new Map()));
        versions.set(r.language, r);
      }
      return byItem;
    });
  }

  /**
   * The languages to look in for one request: the language it names (a `lang` or `language`
   * parameter as the original sends it, "EN", "MY"; else the Language header our site sends,
   * "my", "zh-CN"), then English (the item's own text, which ends the chain); a request naming
   * none reads the brand's default, then English. A language that is none of the 31 catalogues'
   * (by code or picker label) is refused with `language.invalid` (400).
   */
  chainFor(requested: string | undefined, caller?: Caller): string[] {
    const brand = this.brand.get();
    const asked = requested?.trim() || caller?.language?.trim() || '';
    if (!asked) return contentLanguageChain(brandDefaultLanguage(brand));
    const language = contentLanguageOf(asked, brand.languageLabels);
    if (!language)
      throw fail(ContentLanguageErrors.languageInvalid, {
        message: `The language "${asked.slice(0, 20)}" is not one this site is written in`,
      });
    return contentLanguageChain(language);
  }

  /** The version of one item to show, or undefined for its own (English) text. */
  private async pick(
    kind: ContentKind,
    id: string | number,
    chain: string[],
  ): Promise<VersionRow | undefined> {
    const versions = (await this.all.get()).get(`${kind}:${id}`);
    if (!versions) return undefined;
    for (const language of chain) {
      // English is the item's own text: reached in the chain, it is the answer.
      if (language === CONTENT_BASE_LANGUAGE) return undefined;
      const v = versions.get(language);
      if (v) return v;
    }
    return undefined;
  }

  /** The announcements (notices, popups, promotions, headlines, banners) in the chain's language. */
  async announcements(a: Announcements, chain: string[]): Promise<Announcements> {
    const notice = async <T extends { id: number; title: string; content: string }>(n: T): Promise<T> => {
      const v = await this.pick('notice', n.id, chain);
      return v ? { ...n, title: v.title, content: v.content } : n;
    };
    const [popup, player, promotion, hot, banners] = await Promise.all([
      Promise.all(a.popup.map(notice)),
      Promise.all(a.player.map(notice)),
      Promise.all(a.promotion.map(notice)),
      Promise.all(a.hot.map(notice)),
      Promise.all(
        a.banners.map(async (b) => {
          const v = await this.pick('banner', b.id, chain);
          return v ? { ...b, title: v.title, url: v.image_url || b.url } : b;
        }),
      ),
    ]);
    return { ...a, popup, player, promotion, hot, banners };
  }

  /** The help centre in the chain's language: each article, and each section's title and list. */
  async help(sections: readonly HelpSection[], chain: string[]): Promise<HelpSection[]> {
    return Promise.all(
      sections.map(async (s) => {
        let sectionTitle: string | undefined;
        const children = await Promise.all(
          s.children.map(async (c) => {
            const v = await this.pick('help', c.tag, chain);
            if (!v) return c;
            if (v.category_title) sectionTitle ??= v.category_title;
            return { ...c, title: v.title, content: v.content };
          }),
        );
        return {
          ...s,
          title: sectionTitle ?? s.title,
          content: `<ul>${children.map((c) => `<li>${escapeHtml(c.title)}</li>`).join('')}</ul>`,
          children,
        };
      }),
    );
  }

  /** The promotions list (the notices' versions: a promotion is a PR or PU notice). */
  async promotions<T extends Pick<Promotion, 'id' | 'title' | 'content'>>(
    list: readonly T[],
    chain: string[],
  ) {
    return Promise.all(
      list.map(async (p) => {
        const v = await this.pick('notice', p.id, chain);
        return v ? { ...p, title: v.title, content: v.content } : p;
      }),
    );
  }

  /** The points mall's goods, each named in the chain's language. */
  async goods<T extends Pick<PointGoods, 'id' | 'name'>>(list: readonly T[], chain: string[]): Promise<T[]> {
    return Promise.all(
      list.map(async (g) => {
        const v = await this.pick('goods', g.id, chain);
        return v ? { ...g, name: v.title } : g;
      }),
    );
  }
}
