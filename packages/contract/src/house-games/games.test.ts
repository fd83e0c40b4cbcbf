import { describe, expect, it } from 'vitest';
import { houseGameOf } from './games.ts';

describe('house game codes', () => {
  it('catalogue game ids open the slot, or the table under the category they name', () => {
    expect(houseGameOf('lucky-lotus')).toMatchObject({ kind: 'slot', category: 'RNG' });
    expect(houseGameOf('PG-00123')).toMatchObject({ kind: 'slot', category: 'RNG' });
    expect(houseGameOf('BGS-LIVE-3')).toMatchObject({ kind: 'table', category: 'LIVE' });
    expect(houseGameOf('YBG-FISH-7')).toMatchObject({ kind: 'table', category: 'FISH' });
    expect(houseGameOf('DS88-PVP-12')).toMatchObject({ kind: 'table', category: 'PVP' });
    expect(houseGameOf('X-CARDS-2')).toMatchObject({ kind: 'table', category: 'CARDS' });
    expect(houseGameOf('dragon-tiger')).toMatchObject({ kind: 'table', category: 'LIVE' });
    expect(houseGameOf('no spaces')).toBeNull();
    expect(houseGameOf('')).toBeNull();
  });
});
