import { describe, expect, it } from 'vitest';
import { HOUSE_GAMES, houseGameOf } from './games.ts';
import { ORIGINALS_RTP } from './originals.ts';
import { ROULETTE_RTP } from './originals-tables.ts';
import { LUCKY_LOTUS } from './slot.ts';
import { exactSlotRtp } from './slot-rtp.ts';
import { standInGameCode, standInOf, standInRtpBp, standInVolatility, titleKindOf } from './stand-ins.ts';

const blackjackServed = HOUSE_GAMES.some((g) => g.code === 'blackjack');

describe('sandbox stand-ins of catalogue titles (decision 058)', () => {
  it('reads a title kind from its category and English name; slots stay slots whatever they are named', () => {
    expect(titleKindOf('LIVE', 'Roulette')).toBe('roulette');
    expect(titleKindOf('LIVE', 'Lightning Roulette')).toBe('roulette');
    expect(titleKindOf('LIVE', 'Speed Baccarat')).toBe('baccarat');
    expect(titleKindOf('LIVE', 'Sic Bo')).toBe('sicbo');
    expect(titleKindOf('LIVE', 'Dragon Tiger')).toBe('dragon-tiger');
    expect(titleKindOf('CARDS', 'Blackjack')).toBe('blackjack');
    expect(titleKindOf('CARDS', 'Teen Patti')).toBe('cards');
    expect(titleKindOf('PVP', 'Texas Poker Room')).toBe('rooms');
    expect(titleKindOf('FISH', 'Ocean King')).toBe('fishing');
    expect(titleKindOf('BINGO', 'Bingo Carnival')).toBe('bingo');
    expect(titleKindOf('SPORTS', 'Saba Sportsbook')).toBe('sports');
    expect(titleKindOf('ESPORTS', 'IM E-sports Lobby')).toBe('sports');
    expect(titleKindOf('RNG', 'Golden Dragon Tiger')).toBe('slot');
    expect(titleKindOf('RNG', 'Royal Roulette Riches')).toBe('slot');
  });

  it('opens a house game of the same kind: roulette, baccarat, sic bo, dragon tiger, blackjack, the slot', () => {
    const kindOpened = (type: string, title: string) => houseGameOf(standInOf(type, title))!.kind;
    expect(kindOpened('LIVE', 'Roulette')).toBe('roulette');
    expect(kindOpened('LIVE', 'Baccarat')).toBe('baccarat');
    expect(kindOpened('LIVE', 'Sic Bo')).toBe('sicbo');
    expect(houseGameOf(standInOf('LIVE', 'Dragon Tiger'))).toMatchObject({
      kind: 'table',
      name: 'Dragon Tiger',
    });
    // Blackjack once the original is served; until then the nearest card game (point totals).
    expect(kindOpened('CARDS', 'Blackjack')).toBe(blackjackServed ? 'blackjack' : 'baccarat');
    expect(kindOpened('RNG', 'Golden Dragon Deluxe')).toBe('slot');
    // No game of their kind here: a game of chance, labelled on its page as the title's stand-in.
    expect(kindOpened('FISH', 'Ocean King')).toBe('plinko');
    expect(kindOpened('BINGO', 'Bingo Carnival')).toBe('keno');
    expect(kindOpened('PVP', 'Tongits Room')).toBe('hilo');
    expect(kindOpened('SPORTS', 'DS88 Sabong Arena')).toBe('wheel');
  });

  it("a stand-in's game code is its own (the title's seeds and tickets) and plays the house game, marked as a stand-in", () => {
    const code = standInGameCode('roulette', 'EVO-LIVE-2');
    expect(code).toBe('roulette--EVO-LIVE-2');
    const game = houseGameOf(code!)!;
    expect(game).toMatchObject({
      code,
      kind: 'roulette',
      name: 'European Roulette',
      standInFor: 'EVO-LIVE-2',
    });
    expect(houseGameOf('lucky-lotus--PG-00042')).toMatchObject({ kind: 'slot', standInFor: 'PG-00042' });
    expect(houseGameOf('dragon-tiger--KM-CARDS-13')).toMatchObject({
      kind: 'table',
      standInFor: 'KM-CARDS-13',
    });
    // The house games' own codes are no stand-ins.
    expect(houseGameOf('roulette')!.standInFor).toBeUndefined();
    // An id that cannot be part of a code: none (the launch opens the house game's own code).
    expect(standInGameCode('roulette', 'X'.repeat(60))).toBeNull();
    expect(standInGameCode('roulette', 'a b')).toBeNull();
    expect(standInGameCode('roulette', 'A--B')).toBeNull();
    // An unknown house code before the mark is no stand-in.
    expect(houseGameOf('nothing--PG-1')!.standInFor).toBeUndefined();
  });

  it('states the return of a stand-in from its proof, rounded down, and none where it depends on the bet', () => {
    const slot = exactSlotRtp(LUCKY_LOTUS);
    expect(standInRtpBp('lucky-lotus')).toBe(Number((slot.numerator * 10_000n) / slot.denominator));
    expect(standInRtpBp('lucky-lotus')).toBe(9592);
    expect(standInRtpBp('roulette')).toBe(Number((ROULETTE_RTP.num * 10_000n) / ROULETTE_RTP.den));
    expect(standInRtpBp('roulette')).toBe(9729);
    for (const code of ['dice', 'limbo', 'mines', 'plinko', 'keno', 'wheel', 'hilo'])
      expect(standInRtpBp(code), code).toBe(Number((ORIGINALS_RTP.num * 10_000n) / ORIGINALS_RTP.den));
    for (const code of ['baccarat', 'sic-bo', 'dragon-tiger', 'blackjack'])
      expect(standInRtpBp(code), code).toBeNull();
  });

  it("states the slot's volatility (its exact variance's class, slot-rtp.test.ts) and none for the other games", () => {
    expect(standInVolatility('lucky-lotus')).toBe(LUCKY_LOTUS.statedVolatility);
    expect(standInVolatility('lucky-lotus')).toBe('LOW');
    for (const g of HOUSE_GAMES)
      if (g.code !== 'lucky-lotus') expect(standInVolatility(g.code), g.code).toBeNull();
  });
});
