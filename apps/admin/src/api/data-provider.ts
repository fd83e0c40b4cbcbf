import type { CrudFilter, CrudSort, DataProvider, GetListResponse, LogicalFilter } from '@refinedev/core';
import { backoffice } from '@app/contract';
import { BoError, boCall } from './client.ts';
import { reportList } from './reports-provider.ts';
import { contentList, contentOne, isContentResource } from './content-provider.ts';
import { gamesList, isGamesResource } from './games-provider.ts';
import { isLotteryResource, lotteryList, lotteryOne } from './lottery-provider.ts';
import { agentList, isAgentResource } from './agents-provider.ts';
import { engagementList, isEngagementResource } from './engagement-provider.ts';

/**
 * Refine's data provider over the contract's back-office calls: the lists, their pages and filters
 * go to the server as the calls allow, never paged or filtered again in the browser.
 *
 * - `staff`: numbered pages (`page`, `size`), ordered by username on the server (no other order),
 *   with one filter, `includeDisabled`.
 * - `audit`: newest first, paged by a cursor (`before` = the last page's `next`), with the call's
 *   filters (actor, action or action prefix, target, time). Refine's tables count pages, so the
 *   provider keeps, per set of filters, the cursor that opens each page it has seen, and walks
 *   forward from the nearest one when a page is asked for out of order. The log has no count, so
 *   the total it reports is what has been seen so far, plus one when there is a next page: the
 *   table then offers exactly one page more.
 */

type Staff = backoffice.Staff;
type AuditEntry = backoffice.AuditEntry;

const notSupported = (what: string): never => {
  throw new BoError('unsupported', 400, `The back office has no call to ${what}`);
};

const logical = (filters: CrudFilter[] | undefined): LogicalFilter[] =>
  (filters ?? []).filter((f): f is LogicalFilter => 'field' in f);

const valueOf = (filters: LogicalFilter[], field: string, ...operators: string[]): unknown => {
  const f = filters.find(
    (x) => x.field === field && (operators.length === 0 || operators.includes(x.operator)),
  );
  return f && f.value !== '' && f.value !== null ? f.value : undefined;
};

/** The audit call's filters (its query less the paging). */
type AuditQuery = {
  actorKind?: backoffice.AuditActorKind;
  actorName?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: number;
  to?: number;
};

/** The audit call's filters from Refine's: `actorName`, `action` (eq, or startswith for a prefix), `targetType`, `targetId`, `actorKind`, and `at` gte / lt. */
export function auditQueryOf(filters: CrudFilter[] | undefined): AuditQuery {
  const f = logical(filters);
  const query: AuditQuery = {};
  const str = (field: string, ...ops: string[]) => {
    const v = valueOf(f, field, ...ops);
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  const actorKind = str('actorKind', 'eq');
  if (actorKind && (backoffice.auditActorKinds as readonly string[]).includes(actorKind))
    query.actorKind = actorKind as backoffice.AuditActorKind;
  const actorName = str('actorName', 'eq', 'contains');
  if (actorName) query.actorName = actorName;
  const exact = str('action', 'eq');
  const prefix = str('action', 'startswith');
  // The call takes a whole action, or a prefix that ends in a dot (`staff.` for every staff action).
  if (exact) query.action = exact;
  else if (prefix) query.action = prefix.endsWith('.') ? prefix : `${prefix}.`;
  const targetType = str('targetType', 'eq');
  if (targetType) query.targetType = targetType;
  const targetId = str('targetId', 'eq');
  if (targetId) query.targetId = targetId;
  const time = (op: string) => {
    const v = valueOf(f, 'at', op);
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
    return Number.isFinite(n) ? n : undefined;
  };
  const from = time('gte');
  if (from !== undefined) query.from = from;
  const to = time('lt');
  if (to !== undefined) query.to = to;
  return query;
}

/** The approval queues' resources: `deposits` and `withdrawals` (decision 031 "Approvals"). */
export type QueueResource = 'deposits' | 'withdrawals';

/**
 * A queue call's query (less the paging) from Refine's filters and sorters: `status` eq,
 * `username` / `orderNo` (prefix, as the call reads them), `reference` (deposits) or `bankCode`
 * (withdrawals), `amount` gte / lte (major units), `createdAt` gte / lt (epoch ms or a date
 * string), `awaitingSecond` eq true; the first sorter on a field the call sorts by.
 */
export function queueQueryOf(
  resource: QueueResource,
  filters: CrudFilter[] | undefined,
  sorters: CrudSort[] | undefined,
): Record<string, string | number> {
  const f = logical(filters);
  const query: Record<string, string | number> = {};
  const str = (field: string, ...ops: string[]) => {
    const v = valueOf(f, field, ...ops);
    return typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined;
  };
  const statuses: readonly string[] =
    resource === 'deposits'
      ? [...backoffice.DepositQueueQuerySchema.shape.status.unwrap().options]
      : [...backoffice.WithdrawalQueueQuerySchema.shape.status.unwrap().options];
  const status = str('status', 'eq');
  if (status && statuses.includes(status)) query.status = status;
  for (const field of ['username', 'orderNo', resource === 'deposits' ? 'reference' : 'bankCode']) {
    const v = str(field, 'eq', 'startswith', 'contains');
    if (v) query[field] = v;
  }
  const num = (field: string, op: string) => {
    const v = valueOf(f, field, op);
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const min = num('amount', 'gte');
  if (min !== undefined) query.amountMin = min;
  const max = num('amount', 'lte');
  if (max !== undefined) query.amountMax = max;
  const time = (op: string) => {
    const v = valueOf(f, 'createdAt', op);
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const from = time('gte');
  if (from !== undefined) query.from = from;
  const to = time('lt');
  if (to !== undefined) query.to = to;
  const second = valueOf(f, 'awaitingSecond', 'eq');
  if (second === true || second === 'true') query.awaitingSecond = 'true';
  const sortable: readonly string[] =
    resource === 'deposits' ? backoffice.depositQueueSorts : backoffice.withdrawalQueueSorts;
  const sorter = (sorters ?? []).find((s) => sortable.includes(s.field));
  if (sorter) {
    query.sort = sorter.field;
    query.order = sorter.order;
  }
  return query;
}

/** The extra a queue page carries beside its rows: the currency and the four-eyes threshold. */
export interface QueueMeta {
  currency: string;
  precision: number;
  fourEyesAbove: number | null;
}

export interface BackofficeDataProviderOptions {
  /** The call function (tests pass a recording one that still answers through the real contract types). */
  call?: typeof boCall;
}

export function backofficeDataProvider(options: BackofficeDataProviderOptions = {}): DataProvider {
  const call = options.call ?? boCall;
  /**
   * Per audit filter set (its JSON): the `before` that opens each page seen so far; 0 for the first
   * page (no cursor), `end` for the page after the last.
   */
  const auditCursors = new Map<string, Map<number, number | 'end'>>();

  async function auditPage(
    query: AuditQuery,
    page: number,
    size: number,
  ): Promise<{ list: AuditEntry[]; next: number | null }> {
    const key = JSON.stringify({ ...query, size });
    let cursors = auditCursors.get(key);
    if (!cursors) auditCursors.set(key, (cursors = new Map([[1, 0]])));
    // The nearest page at or before this one whose cursor is known; walk forward from it.
    let known = page;
    while (!cursors.has(known)) known--;
    for (;;) {
      const before = cursors.get(known)!;
      if (before === 'end') return { list: [], next: null };
      const res = await call(backoffice.boAuditList, {
        query: { ...query, size, ...(before ? { before } : {}) },
      });
      cursors.set(known + 1, res.next ?? 'end');
      if (known === page) return res;
      known++;
    }
  }

  return {
    getApiUrl: () => '/bo/api',

    async getList({ resource, pagination, filters, sorters }) {
      const page = Math.max(1, pagination?.currentPage ?? 1);
      const size = pagination?.pageSize ?? 25;
      if (resource === 'staff') {
        const includeDisabled = valueOf(logical(filters), 'includeDisabled', 'eq');
        const res = await call(backoffice.boStaffList, {
          query: {
            page,
            size: Math.min(size, 100),
            all: includeDisabled === true || includeDisabled === 'true' ? 'true' : 'false',
          },
        });
        return { data: res.list, total: res.total } as unknown as GetListResponse<never>;
      }
      if (resource === 'audit') {
        const { list, next } = await auditPage(auditQueryOf(filters), page, Math.min(size, 200));
        const seen = (page - 1) * size + list.length;
        return {
          data: list,
          total: seen + (next === null ? 0 : 1),
          next,
        } as unknown as GetListResponse<never>;
      }
      if (resource === 'deposits' || resource === 'withdrawals') {
        const query = { ...queueQueryOf(resource, filters, sorters), page, size: Math.min(size, 200) };
        const res =
          resource === 'deposits'
            ? await call(backoffice.boDepositQueue, { query })
            : await call(backoffice.boWithdrawalQueue, { query });
        const meta: QueueMeta = {
          currency: res.currency,
          precision: res.precision,
          fourEyesAbove: res.fourEyesAbove,
        };
        return { data: res.list, total: res.total, meta } as unknown as GetListResponse<never>;
      }
      if (resource === 'players') {
        // The search needs a key and a prefix: without one there is nothing to list.
        const key = valueOf(logical(filters), 'key', 'eq');
        const q = valueOf(logical(filters), 'q', 'startswith', 'eq');
        if (typeof q !== 'string' || !q.trim()) return { data: [], total: 0 } as GetListResponse<never>;
        const res = await call(backoffice.boPlayerSearch, {
          query: {
            key: key as backoffice.PlayerSearchKey,
            q: q.trim(),
            page,
            size: Math.min(size, 100),
          },
        });
        return {
          data: res.list,
          total: res.total,
          capped: res.capped,
        } as unknown as GetListResponse<never>;
      }
      if (isAgentResource(resource))
        return (await agentList(resource, page, size, filters, call)) as unknown as GetListResponse<never>;
      if (isLotteryResource(resource))
        return (await lotteryList(resource, page, size, filters, call)) as unknown as GetListResponse<never>;
      if (isGamesResource(resource))
        return (await gamesList(page, size, filters, call)) as unknown as GetListResponse<never>;
      if (isContentResource(resource))
        return (await contentList(resource, page, size, filters, call)) as unknown as GetListResponse<never>;
      if (resource === 'reports')
        return (await reportList(page, size, filters, sorters, call)) as unknown as GetListResponse<never>;
      if (isEngagementResource(resource)) {
        const res = await engagementList(resource, page, size, filters, call);
        return res as unknown as GetListResponse<never>;
      }
      return notSupported(`list ${resource}`);
    },

    async getOne({ resource, id }) {
      if (resource === 'audit') {
        // The entry with this id is the first one older than id + 1.
        const n = Number(id);
        if (!Number.isSafeInteger(n) || n < 1)
          throw new BoError('bo.audit.not.found', 404, 'No such audit entry');
        const { list } = await call(backoffice.boAuditList, { query: { before: n + 1, size: 1 } });
        if (list[0]?.id !== n) throw new BoError('bo.audit.not.found', 404, `No audit entry ${n}`);
        return { data: list[0] as never };
      }
      if (resource === 'deposits')
        return { data: (await call(backoffice.boDepositDetail, { query: { id: Number(id) } })) as never };
      if (resource === 'withdrawals')
        return { data: (await call(backoffice.boWithdrawalDetail, { query: { id: Number(id) } })) as never };
      if (resource === 'players')
        return { data: (await call(backoffice.boPlayerProfile, { query: { id: Number(id) } })) as never };
      if (resource === 'agents')
        return { data: (await call(backoffice.boAgentProfile, { query: { id: Number(id) } })) as never };
      if (resource === 'lottery-numeros') return { data: (await lotteryOne(id, call)) as never };
      if (isContentResource(resource)) return { data: (await contentOne(resource, id, call)) as never };
      return notSupported(`read one ${resource}`);
    },

    async create({ resource, variables }) {
      if (resource === 'staff') {
        const v = variables as { username: string; displayName: string; role: backoffice.StaffRole };
        const res = await call(backoffice.boStaffCreate, {
          body: { username: v.username, displayName: v.displayName, role: v.role },
        });
        // The one-time password rides along with the account: the screen shows it this once.
        return { data: { ...res.staff, oneTimePassword: res.password } as never };
      }
      return notSupported(`create ${resource}`);
    },

    async update({ resource, id, variables }) {
      // Disabling is the only change a staff account takes: `{disabled: true, reason}`.
      const v = variables as { disabled?: boolean; reason?: string };
      if (resource === 'staff' && v.disabled === true) {
        const staff: Staff = await call(backoffice.boStaffDisable, {
          body: { id: Number(id), reason: v.reason ?? '' },
        });
        return { data: staff as never };
      }
      return notSupported(`update ${resource}`);
    },

    deleteOne: ({ resource }) =>
      notSupported(`delete ${resource}: staff accounts are disabled, never deleted`),
  };
}
