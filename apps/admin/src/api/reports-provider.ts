import type { CrudFilter, CrudSort, LogicalFilter } from '@refinedev/core';
import { backoffice } from '@app/contract';
import type { boCall } from './client.ts';

/**
 * The Reports' list for the data provider (decision 038): `reports`, one call (boReport) paged and
 * sorted on the server. Filters: `kind` (product, vendor, channel, agent), `from` and `to` (report
 * days; both today when left out), `daily` (a row per day, or one per key over the range), `key`
 * (one product, vendor or channel) and `agentId` (kind agent: that agent's direct downlines). The
 * answer's totals, chart points and currency ride beside the rows as `meta`.
 */
export type ReportMeta = Omit<backoffice.Report, 'list'>;
export type ReportItem = backoffice.ReportRow & { id: string };

const valueOf = (filters: CrudFilter[] | undefined, field: string): unknown => {
  const f = (filters ?? []).find((x): x is LogicalFilter => 'field' in x && x.field === field);
  return f && f.value !== '' && f.value !== null && f.value !== undefined ? f.value : undefined;
};

/** The call's query from Refine's filters and sorters (exported for the tests). */
export function reportQueryOf(
  filters: CrudFilter[] | undefined,
  sorters: CrudSort[] | undefined,
): Omit<backoffice.ReportQuery, 'page' | 'size'> {
  const kind = valueOf(filters, 'kind');
  const str = (field: string) => {
    const v = valueOf(filters, field);
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  const agentId = Number(valueOf(filters, 'agentId'));
  const sorter = sorters?.[0];
  const sort = (backoffice.reportSorts as readonly string[]).includes(sorter?.field ?? '')
    ? (sorter!.field as backoffice.ReportSort)
    : 'day';
  const from = str('from');
  const to = str('to');
  const key = str('key');
  return {
    kind: (backoffice.reportKinds as readonly string[]).includes(String(kind))
      ? (kind as backoffice.ReportKind)
      : 'product',
    daily: valueOf(filters, 'daily') === false || valueOf(filters, 'daily') === 'false' ? 'false' : 'true',
    sort,
    order: sorter?.order === 'asc' ? 'asc' : 'desc',
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(key ? { key } : {}),
    ...(Number.isSafeInteger(agentId) && agentId > 0 ? { agentId } : {}),
  };
}

export async function reportList(
  page: number,
  size: number,
  filters: CrudFilter[] | undefined,
  sorters: CrudSort[] | undefined,
  call: typeof boCall,
): Promise<{ data: ReportItem[]; total: number; meta: ReportMeta }> {
  const res = await call(backoffice.boReport, {
    query: { ...reportQueryOf(filters, sorters), page, size: Math.min(size, 500) },
  });
  const { list, ...meta } = res;
  // A row's id: its day (or the range) and key (Refine keys rows by `id`).
  return { data: list.map((r) => ({ ...r, id: `${r.day ?? 'range'}:${r.key}` })), total: res.total, meta };
}
