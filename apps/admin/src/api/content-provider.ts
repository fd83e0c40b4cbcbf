import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import { backoffice } from '@app/contract';
import { boCall } from './client.ts';

/**
 * The Content section's resources for the data provider (decision 036):
 * - `content-notices`: notices and promotions, a page of the call's (the players' order), filtered
 *   by `group` (notices / promotions), `state`, `audience` and `q` (part of the title);
 * - `content-banners`: every banner of every slot (or `group`), in each slot's order;
 * - `content-help`: every help article, in the help centre's order.
 * Banners and help are short lists: the call answers them whole. Writes are direct calls of the
 * page (create, update, publish, delete, reorder), then Refine's cache is invalidated.
 */
export const contentResources = ['content-notices', 'content-banners', 'content-help'] as const;
export type ContentResource = (typeof contentResources)[number];

export const isContentResource = (resource: string): resource is ContentResource =>
  (contentResources as readonly string[]).includes(resource);

function filterValue(filters: CrudFilter[] | undefined, field: string): string | undefined {
  const f = (filters ?? []).find((x): x is LogicalFilter => 'field' in x && x.field === field);
  return f && typeof f.value === 'string' && f.value.trim() ? f.value.trim() : undefined;
}

export async function contentList(
  resource: ContentResource,
  page: number,
  size: number,
  filters: CrudFilter[] | undefined,
  call: typeof boCall = boCall,
): Promise<{ data: unknown[]; total: number }> {
  if (resource === 'content-notices') {
    const group = filterValue(filters, 'group');
    const state = filterValue(filters, 'state');
    const audience = filterValue(filters, 'audience');
    const q = filterValue(filters, 'q');
    const res = await call(backoffice.boContentNotices, {
      query: {
        page,
        size: Math.min(size, 200),
        ...(group === 'notices' || group === 'promotions' ? { group } : {}),
        ...(state && (backoffice.contentStates as readonly string[]).includes(state)
          ? { state: state as backoffice.ContentState }
          : {}),
        ...(audience === 'ALL' || audience === 'AGENTS' ? { audience } : {}),
        ...(q ? { q } : {}),
      },
    });
    return { data: res.list, total: res.total };
  }
  if (resource === 'content-banners') {
    const group = filterValue(filters, 'group');
    const res = await call(backoffice.boContentBanners, {
      query: (backoffice.bannerSlots as readonly string[]).includes(group ?? '')
        ? { group: group as backoffice.BannerSlot }
        : {},
    });
    return { data: res.list, total: res.list.length };
  }
  const res = await call(backoffice.boContentHelp);
  return { data: res.list, total: res.list.length };
}

export async function contentOne(
  resource: ContentResource,
  id: string | number,
  call: typeof boCall = boCall,
): Promise<unknown> {
  if (resource === 'content-notices') return call(backoffice.boContentNotice, { query: { id: Number(id) } });
  if (resource === 'content-banners') return call(backoffice.boContentBanner, { query: { id: Number(id) } });
  return call(backoffice.boContentHelpArticle, { query: { id: String(id) } });
}
