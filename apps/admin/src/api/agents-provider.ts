import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import { backoffice } from '@app/contract';
import type { boCall } from './client.ts';

/**
 * The Agents section's lists for the data provider (decision 037), paged on the server:
 * - `agents`: members by a username prefix (filter `q`); nothing without one;
 * - `agent-downlines`: a member's direct downlines (filter `parentId`; `show` agents or all);
 * - `agent-statements`: an agent's settlement statements (filter `id`; optional `kind`).
 */
export const agentResources = ['agents', 'agent-downlines', 'agent-statements'] as const;
export type AgentResource = (typeof agentResources)[number];
export const isAgentResource = (r: string): r is AgentResource =>
  (agentResources as readonly string[]).includes(r);

const valueOf = (filters: CrudFilter[] | undefined, field: string): unknown => {
  const f = (filters ?? []).find((x): x is LogicalFilter => 'field' in x && x.field === field);
  return f && f.value !== '' && f.value !== null ? f.value : undefined;
};

export async function agentList(
  resource: AgentResource,
  page: number,
  size: number,
  filters: CrudFilter[] | undefined,
  call: typeof boCall,
): Promise<{ data: unknown[]; total: number; capped?: boolean }> {
  const pageSize = Math.min(size, 100);
  if (resource === 'agents') {
    const q = valueOf(filters, 'q');
    if (typeof q !== 'string' || !q.trim()) return { data: [], total: 0 };
    const res = await call(backoffice.boAgentSearch, { query: { q: q.trim(), page, size: pageSize } });
    return { data: res.list, total: res.total, capped: res.capped };
  }
  const id = Number(valueOf(filters, resource === 'agent-downlines' ? 'parentId' : 'id'));
  if (!Number.isSafeInteger(id) || id < 1) return { data: [], total: 0 };
  if (resource === 'agent-downlines') {
    const show = valueOf(filters, 'show') === 'agents' ? 'agents' : 'all';
    const res = await call(backoffice.boAgentTree, { query: { parentId: id, show, page, size: pageSize } });
    return { data: res.list, total: res.total };
  }
  const kind = valueOf(filters, 'kind');
  const res = await call(backoffice.boAgentStatements, {
    query: {
      id,
      page,
      size: pageSize,
      ...(typeof kind === 'string' && kind ? { kind: kind as backoffice.AgentContract['kind'] } : {}),
    },
  });
  // A statement's row id: its contract and period (Refine keys rows by `id`).
  return {
    data: res.list.map((r) => ({ ...r, id: `${r.contractId}:${r.period.key}` })),
    total: res.total,
  };
}
