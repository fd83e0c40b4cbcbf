import { describe, expect, it } from 'vitest';
import {
  BACCARAT_RTP,
  BLACKJACK_RTP,
  CRASH_CAP,
  crashSurvival,
  HOUSE_ORIGINALS,
  ORIGINALS_RTP_PERCENT,
  percentText,
  ROULETTE_RTP,
  SICBO_SPOTS,
} from '@app/contract';
import { LOBBY_ORIGINALS, LOBBY_ORIGINALS_RTP, LOBBY_OTHER_RTP } from './originals-row.tsx';

describe('the lobby row of the originals', () => {
  it('names exactly the contract originals, in order, with their stated return', () => {
    // Crash is the shared round beside them (decision 055), third as in the list.
    expect(LOBBY_ORIGINALS.filter((c) => c !== 'crash')).toEqual(HOUSE_ORIGINALS.map((g) => g.code));
    expect(LOBBY_ORIGINALS.indexOf('crash')).toBe(2);
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
    // Blackjack's return with perfect strategy (decision 057).
    expect(LOBBY_OTHER_RTP.blackjack).toBe(percentText(BLACKJACK_RTP, 2));
    // Crash: a cash-out at t pays t with the chance the engine gives, 99/t, so every target returns
    // exactly 99 % (decision 055): the row's 99.
    expect(LOBBY_OTHER_RTP.crash).toBeUndefined();
    for (const t of [101, 150, 200, 1_000, 12_345, 1_000_000, CRASH_CAP]) {
      const { num, den } = crashSurvival(t);
      expect(percentText({ num: num * BigInt(t), den: den * 100n }, 2)).toBe(ORIGINALS_RTP_PERCENT);
    }
  });
});
