import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { forgetAccountQueries } from './account-queries.ts';

describe('forgetAccountQueries (login and logout)', () => {
  it("forgets the account's member data, wallets, lottery bands and agent pages, and keeps what is everyone's", () => {
    const qc = new QueryClient();
    const keys = [
      ['member', 'info'],
      ['wallet', 'balance'],
      ['lottery', 'series', 7, 1],
      ['lottery', 'plays', 7, 1, 'en'],
      ['agent', 'overview', null],
      ['games', 'vendors'],
      ['notices', 'announcements'],
    ];
    for (const key of keys) qc.setQueryData(key, { cached: key.join('/') });
    forgetAccountQueries(qc);
    expect(keys.filter((key) => qc.getQueryData(key) !== undefined)).toEqual([
      ['games', 'vendors'],
      ['notices', 'announcements'],
    ]);
  });
});
