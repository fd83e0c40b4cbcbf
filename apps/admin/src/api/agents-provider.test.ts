import { describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import type { boCall } from './client.ts';
import { agentList, isAgentResource } from './agents-provider.ts';

/** The Agents lists' queries: what each resource and filter asks the server (paging stays there). */
function recorder(answer: unknown) {
  const calls: { id: string; query: unknown }[] = [];
  const call = (async (def: backoffice.BoCallDef, input: { query?: unknown }) => {
    calls.push({ id: def.id, query: input.query });
    return answer;
  }) as unknown as typeof boCall;
  return { calls, call };
}

describe('agents provider', () => {
  it('names its resources', () => {
    expect(['agents', 'agent-downlines', 'agent-statements'].every(isAgentResource)).toBe(true);
    expect(isAgentResource('players')).toBe(false);
  });

  it('asks nothing without a prefix or an agent, and sends the page and filters to the server', async () => {
    const none = recorder({});
    expect(await agentList('agents', 1, 25, [], none.call)).toEqual({ data: [], total: 0 });
    expect(await agentList('agent-statements', 1, 25, [], none.call)).toEqual({ data: [], total: 0 });
    expect(none.calls).toEqual([]);

    const search = recorder({ list: [{ id: 7 }], total: 1, capped: false, page: 2, size: 25 });
    const found = await agentList(
      'agents',
      2,
      500,
      [{ field: 'q', operator: 'startswith', value: ' ag ' }],
      search.call,
    );
    expect(search.calls).toEqual([
      { id: backoffice.boAgentSearch.id, query: { q: 'ag', page: 2, size: 100 } },
    ]);
    expect(found).toEqual({ data: [{ id: 7 }], total: 1, capped: false });

    const tree = recorder({ list: [], total: 0, page: 1, size: 25, parent: null });
    await agentList(
      'agent-downlines',
      1,
      25,
      [
        { field: 'parentId', operator: 'eq', value: 12 },
        { field: 'show', operator: 'eq', value: 'agents' },
      ],
      tree.call,
    );
    expect(tree.calls[0]).toEqual({
      id: backoffice.boAgentTree.id,
      query: { parentId: 12, show: 'agents', page: 1, size: 25 },
    });

    const rows = recorder({
      list: [{ contractId: 3, period: { key: 'D:2026-11-20' } }],
      total: 1,
      page: 1,
      size: 20,
    });
    const statements = await agentList(
      'agent-statements',
      1,
      20,
      [
        { field: 'id', operator: 'eq', value: 12 },
        { field: 'kind', operator: 'eq', value: 'dailySalary' },
      ],
      rows.call,
    );
    expect(rows.calls[0]).toEqual({
      id: backoffice.boAgentStatements.id,
      query: { id: 12, page: 1, size: 20, kind: 'dailySalary' },
    });
    // Each row gets an id of its own: its contract and period.
    expect((statements.data[0] as { id: string }).id).toBe('3:D:2026-11-20');
  });
});
