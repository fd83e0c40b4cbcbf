// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import { reportQueryOf } from './reports-provider.ts';

/** The Reports' query from Refine's filters and sorters (decision 038): what reaches boReport. */
describe('reports data provider query', () => {
  const eq = (field: string, value: unknown) => ({ field, operator: 'eq' as const, value });

  it('maps the form and the header sort to the call, leaving empty fields out', () => {
    const q = reportQueryOf(
      [
        eq('kind', 'agent'),
        eq('from', '2026-11-01'),
        eq('to', '2026-11-07'),
        eq('daily', 'false'),
        eq('key', ''),
        eq('agentId', '42'),
      ],
      [{ field: 'ggr', order: 'asc' }],
    );
    expect(q).toEqual({
      kind: 'agent',
      from: '2026-11-01',
      to: '2026-11-07',
      daily: 'false',
      agentId: 42,
      sort: 'ggr',
      order: 'asc',
    });
    expect(backoffice.ReportQuerySchema.safeParse(q).success).toBe(true);
  });

  it('falls back to the product report by day, newest first, for what the call does not know', () => {
    expect(
      reportQueryOf([eq('kind', 'bank'), eq('agentId', 'x')], [{ field: 'rand', order: 'desc' }]),
    ).toEqual({
      kind: 'product',
      daily: 'true',
      sort: 'day',
      order: 'desc',
    });
  });
});
