import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import { backoffice, feedbackTypes } from '@app/contract';
import { boCall } from './client.ts';

/**
 * The engagement desks' resources for the data provider (decision 051):
 * - `promotion-rules`: every promotion with bonus rules (a short list, answered whole), and beside
 *   it, as `without`, the promotions that have none yet;
 * - `reward-requests`: the reward requests, a page of the call's, filtered by `status` (APPLYING:
 *   the queue, ISSUED, REJECTED or DECIDED) and `username` (from its start);
 * - `feedback`: the players' feedback, a page of the call's, filtered by `status` (OPEN, HANDLED,
 *   ALL) and `type`.
 * Writes (save, switch, approve, reject, handle) are direct calls of the pages, then Refine's
 * cache is invalidated. The referral programme is one record, read and saved by its page.
 */
export const engagementResources = ['promotion-rules', 'reward-requests', 'feedback'] as const;
export type EngagementResource = (typeof engagementResources)[number];

export const isEngagementResource = (resource: string): resource is EngagementResource =>
  (engagementResources as readonly string[]).includes(resource);

function filterValue(filters: CrudFilter[] | undefined, field: string): string | undefined {
  const f = (filters ?? []).find((x): x is LogicalFilter => 'field' in x && x.field === field);
  return f && (typeof f.value === 'string' || typeof f.value === 'number') && String(f.value).trim()
    ? String(f.value).trim()
    : undefined;
}

/** The request desk's query from the filters: unknown values left out (the call's defaults apply). */
export function requestQueryOf(filters: CrudFilter[] | undefined): {
  status?: backoffice.PromotionRequestView;
  username?: string;
} {
  const status = filterValue(filters, 'status');
  const username = filterValue(filters, 'username');
  return {
    ...(status && (backoffice.promotionRequestViews as readonly string[]).includes(status)
      ? { status: status as backoffice.PromotionRequestView }
      : {}),
    ...(username ? { username: username.slice(0, 32) } : {}),
  };
}

/** The inbox's query from the filters: unknown values left out. */
export function feedbackQueryOf(filters: CrudFilter[] | undefined): {
  status?: backoffice.FeedbackView;
  type?: (typeof feedbackTypes)[number];
} {
  const status = filterValue(filters, 'status');
  const type = filterValue(filters, 'type');
  return {
    ...(status && (backoffice.feedbackViews as readonly string[]).includes(status)
      ? { status: status as backoffice.FeedbackView }
      : {}),
    ...(type && (feedbackTypes as readonly string[]).includes(type)
      ? { type: type as (typeof feedbackTypes)[number] }
      : {}),
  };
}

export async function engagementList(
  resource: EngagementResource,
  page: number,
  size: number,
  filters: CrudFilter[] | undefined,
  call: typeof boCall = boCall,
): Promise<{ data: unknown[]; total: number; without?: { id: number; title: string }[] }> {
  if (resource === 'promotion-rules') {
    const res = await call(backoffice.boPromotionRules);
    return { data: res.list, total: res.list.length, without: res.without };
  }
  const paging = { page, size: Math.min(Math.max(size, 1), 100) };
  if (resource === 'reward-requests') {
    const res = await call(backoffice.boPromotionRequests, {
      query: { ...requestQueryOf(filters), ...paging },
    });
    return { data: res.list, total: res.total };
  }
  const res = await call(backoffice.boFeedbackList, { query: { ...feedbackQueryOf(filters), ...paging } });
  return { data: res.list, total: res.total };
}
