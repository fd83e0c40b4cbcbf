import { describe, expect, it } from 'vitest';
import {
  BACCARAT_RTP,
  HOUSE_ORIGINALS,
  ORIGINALS_RTP_PERCENT,
  percentText,
  ROULETTE_RTP,
  SICBO_SPOTS,
} from '@app/contract';
import { LOBBY_ORIGINALS, LOBBY_ORIGINALS_RTP, LOBBY_OTHER_RTP } from './originals-row.tsx';

describe('the lobby row of the originals', () => {
  it('names exactly the contract originals, in order, with their stated return', () => {
    expect([...LOBBY_ORIGINALS]).toEqual(HOUSE_ORIGINALS.map((g) => g.code));
    expect(`${LOBBY_ORIGINALS_RTP}.00`).toBe(ORIGINALS_RTP_PERCENT);
    // Roulette's 36/37 and Sic Bo's lowest and highest bet, rounded down as the row shows them.
    expect(LOBBY_OTHER_RTP.roulette).toBe(percentText(ROULETTE_RTP, 2));
    const rtps = [...SICBO_SPOTS.values()].map((s) => percentText(s.rtp, 2)).sort();
    expect(LOBBY_OTHER_RTP['sic-bo']).toBe(`${rtps[0]}–${rtps.at(-1)}`);
    // Baccarat's Tie (the lowest) and Banker (the highest), as proven in the contract (decision 056).
    const bac = Object.values(BACCARAT_RTP)
      .map((r) => percentText(r, 2))
      .sort();
    expect(LOBBY_OTHER_RTP.baccarat).toBe(`${bac[0]}–${bac.at(-1)}`);
  });
});
