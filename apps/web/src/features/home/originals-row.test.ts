import { describe, expect, it } from 'vitest';
import { HOUSE_ORIGINALS, ORIGINALS_RTP_PERCENT } from '@app/contract';
import { LOBBY_ORIGINALS, LOBBY_ORIGINALS_RTP } from './originals-row.tsx';

describe('the lobby row of the originals', () => {
  it('names exactly the contract originals, in order, with their stated return', () => {
    expect([...LOBBY_ORIGINALS]).toEqual(HOUSE_ORIGINALS.map((g) => g.code));
    expect(`${LOBBY_ORIGINALS_RTP}.00`).toBe(ORIGINALS_RTP_PERCENT);
  });
});
