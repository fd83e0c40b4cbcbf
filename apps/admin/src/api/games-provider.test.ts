import { describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import { gamesList, gamesQueryOf } from './games-provider.ts';
import type { boCall } from './client.ts';

describe('the Games list of the data provider', () => {
  it('turns the filter form into the call query: empty fields and unknown values left out', () => {
    const f = (field: string, value: unknown) => ({ field, operator: 'eq' as const, value });
    expect(
      gamesQueryOf([
        f('q', ' dragon '),
        f('vassalage', 'PG'),
        f('gameType', 'RNG'),
        f('enabled', 'false'),
        f('list', 'hot'),
      ]),
    ).toEqual({ q: 'dragon', vassalage: 'PG', gameType: 'RNG', enabled: 'false', list: 'hot' });
    expect(
      gamesQueryOf([f('q', '  '), f('enabled', 'maybe'), f('list', 'warm'), f('vassalage', '')]),
    ).toEqual({});
    expect(gamesQueryOf(undefined)).toEqual({});
    // Whatever the form holds, the query the call gets passes the contract's own schema.
    expect(backoffice.GamesQuerySchema.safeParse(gamesQueryOf([f('q', 'x'.repeat(100))])).success).toBe(true);
  });

  it('pages on the server: the page, a size capped at 200 and the filters go to boGames', async () => {
    const seen: unknown[] = [];
    const call = (async (def: backoffice.BoCallDef, input: { query?: unknown }) => {
      seen.push([def.id, input.query]);
      return { list: [], total: 10_030, page: 3, size: 200 };
    }) as unknown as typeof boCall;
    const res = await gamesList(3, 500, [{ field: 'vassalage', operator: 'eq', value: 'JILI' }], call);
    expect(res).toEqual({ data: [], total: 10_030 });
    expect(seen).toEqual([['boGames', { vassalage: 'JILI', page: 3, size: 200 }]]);
  });
});
