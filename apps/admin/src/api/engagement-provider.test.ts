import { describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import {
  engagementList,
  feedbackQueryOf,
  isEngagementResource,
  requestQueryOf,
} from './engagement-provider.ts';
import { backofficeDataProvider } from './data-provider.ts';
import type { boCall } from './client.ts';

const f = (field: string, value: unknown, operator: 'eq' | 'startswith' = 'eq') => ({
  field,
  operator,
  value,
});

/** A call function that records what it was asked and answers `answer`. */
function recorder(answer: unknown) {
  const seen: unknown[] = [];
  const call = (async (def: backoffice.BoCallDef, input: { query?: unknown } = {}) => {
    seen.push([def.id, input.query]);
    return answer;
  }) as unknown as typeof boCall;
  return { seen, call };
}

describe('the engagement desks in the data provider', () => {
  it('knows its three resources and no other', () => {
    expect(['promotion-rules', 'reward-requests', 'feedback'].every(isEngagementResource)).toBe(true);
    expect(isEngagementResource('promotions')).toBe(false);
  });

  it('turns the request filters into the call query: unknown views and empty names left out', () => {
    expect(requestQueryOf([f('status', 'DECIDED'), f('username', '  ann ', 'startswith')])).toEqual({
      status: 'DECIDED',
      username: 'ann',
    });
    expect(requestQueryOf([f('status', 'LOST'), f('username', '   ')])).toEqual({});
    expect(requestQueryOf(undefined)).toEqual({});
    // Whatever the form holds, the query passes the contract's own schema.
    const long = requestQueryOf([f('username', 'x'.repeat(80))]);
    expect(backoffice.PromotionRequestQuerySchema.safeParse(long).success).toBe(true);
  });

  it('turns the feedback filters into the call query: unknown statuses and types left out', () => {
    expect(feedbackQueryOf([f('status', 'HANDLED'), f('type', 'BUG')])).toEqual({
      status: 'HANDLED',
      type: 'BUG',
    });
    expect(feedbackQueryOf([f('status', 'open'), f('type', 'SPAM')])).toEqual({});
    expect(feedbackQueryOf([f('type', '')])).toEqual({});
  });

  it('pages the requests and the feedback on the server (size capped at 100) and answers their counts', async () => {
    const requests = recorder({ list: [], total: 321 });
    expect(await engagementList('reward-requests', 4, 500, [f('status', 'REJECTED')], requests.call)).toEqual(
      { data: [], total: 321 },
    );
    expect(requests.seen).toEqual([['boPromotionRequests', { status: 'REJECTED', page: 4, size: 100 }]]);

    const feedback = recorder({ list: [], total: 7 });
    expect(await engagementList('feedback', 1, 25, [f('type', 'GAME')], feedback.call)).toEqual({
      data: [],
      total: 7,
    });
    expect(feedback.seen).toEqual([['boFeedbackList', { type: 'GAME', page: 1, size: 25 }]]);
  });

  it('answers the rules whole, with the promotions that have none beside them', async () => {
    const rules = recorder({ list: [{ id: 3 }], without: [{ id: 9, title: 'Spring' }] });
    const res = await engagementList('promotion-rules', 1, 25, undefined, rules.call);
    expect(res).toEqual({ data: [{ id: 3 }], total: 1, without: [{ id: 9, title: 'Spring' }] });
    expect(rules.seen).toEqual([['boPromotionRules', undefined]]);
  });

  it('is reached through the data provider getList', async () => {
    const { seen, call } = recorder({ list: [], total: 0 });
    const provider = backofficeDataProvider({ call });
    await provider.getList({
      resource: 'feedback',
      pagination: { currentPage: 2, pageSize: 50 },
      filters: [f('status', 'ALL')],
    } as never);
    expect(seen).toEqual([['boFeedbackList', { status: 'ALL', page: 2, size: 50 }]]);
  });
});
