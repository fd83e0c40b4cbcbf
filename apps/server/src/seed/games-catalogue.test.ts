import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  exactSlotVariance,
  houseGameOf,
  LUCKY_LOTUS,
  slotVolatilityOf,
  standInGameCode,
  standInOf,
  standInRtpBp,
  standInVolatility,
} from '@app/contract';
import { gameImage, nameIn } from '../modules/games/games.service.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';
import { up as rewriteReturns } from '../db/migrations/070-catalogue-stand-in-rtp.ts';
import { up as rewriteVolatilities } from '../db/migrations/074-catalogue-stand-in-volatility.ts';
import { seedLobbyGames, seedOtherGames, seedSlotGames } from './games-catalogue.ts';

const all = () => [...seedSlotGames(), ...seedOtherGames(), ...seedLobbyGames()];

/** What a game's kind must be for a title naming one (the house game kinds). */
const kindOfName: Array<[RegExp, string]> = [
  [/Roulette/, 'roulette'],
  [/Baccarat/, 'baccarat'],
  [/Sic Bo/, 'sicbo'],
  [/Dragon Tiger/, 'table'],
];

describe('the demo catalogue never pretends (issue 34, decision 058)', () => {
  it('keeps its scale and every number, id, vendor and tag it had: only the invented returns and volatilities went', () => {
    const games = all();
    expect(seedSlotGames()).toHaveLength(10_000);
    expect(new Set(games.map((g) => g.nodeId)).size).toBe(games.length);
    // The fingerprint of the catalogue before the returns and volatilities were its stand-ins' (its
    // draws are kept in order): every field but those two, as the seed with the drawn ones made it.
    const h = createHash('sha256');
    for (const g of games)
      h.update(
        `${JSON.stringify([g.nodeId, g.gameId, g.vassalage, g.gameType, g.names, g.isNew, g.isHot, g.sort])}\n`,
      );
    expect([games.length, h.digest('hex')]).toEqual([
      10_030,
      '52192b9bd5e42013b8e52e18a0af37820c01aaaee95a1a151ec918842a6b2a6d',
    ]);
  });

  it('every title opens its stand-in of the same kind, under a code of its own', () => {
    for (const g of all()) {
      const standIn = standInOf(g.gameType, g.names.EN!);
      const code = standInGameCode(standIn, g.gameId);
      expect(code, g.gameId).toBe(`${standIn}--${g.gameId}`);
      const game = houseGameOf(code!)!;
      expect(game.standInFor).toBe(g.gameId);
      if (g.gameType === 'RNG') expect(game.kind, g.gameId).toBe('slot');
      const named = kindOfName.find(([re]) => re.test(g.names.EN!));
      if (named && g.gameType !== 'RNG') expect(game.kind, g.names.EN).toBe(named[1]);
      if (/Blackjack/.test(g.names.EN!)) expect(['blackjack', 'baccarat']).toContain(game.kind);
      if (g.gameType === 'FISH' || g.gameType === 'BINGO' || g.gameType === 'PVP')
        expect(game.original).toBe(true);
    }
  });

  it("shows no invented RTP: a title's return is its stand-in's proven one, or none", () => {
    const figures = new Map<string, number | null>();
    for (const g of all()) {
      expect(g.rtpBp, g.gameId).toBe(standInRtpBp(standInOf(g.gameType, g.names.EN!)));
      figures.set(`${g.gameType}/${g.names.EN}`, g.rtpBp);
    }
    expect(new Set(seedSlotGames().map((g) => g.rtpBp))).toEqual(new Set([9592]));
    expect(figures.get('LIVE/Roulette')).toBe(9729);
    expect(figures.get('LIVE/Baccarat')).toBeNull();
    expect(figures.get('LIVE/Sic Bo')).toBeNull();
    expect(figures.get('FISH/Ocean King')).toBe(9900);
  });

  it("shows no invented volatility: a slot's is the class of its stand-in's exact variance, the others none", () => {
    // Every slot title opens the house slot (playHouseRound plays LUCKY_LOTUS for the kind 'slot'):
    // its class computed here from the reel strips and the paytable, not read from what is stated.
    const slotClass = slotVolatilityOf(exactSlotVariance(LUCKY_LOTUS));
    for (const g of all()) {
      const kind = houseGameOf(standInOf(g.gameType, g.names.EN!))!.kind;
      expect(g.volatility, g.gameId).toBe(kind === 'slot' ? slotClass : null);
    }
    expect(new Set(seedSlotGames().map((g) => g.volatility))).toEqual(new Set(['LOW']));
  }, 120_000);

  it('every title has art of its own', () => {
    const games = all();
    const images = games.map((g) => gameImage(g.gameType, g.vassalage, g.gameId, g.names));
    expect(new Set(images).size).toBe(games.length);
    for (const url of images)
      expect(url).toMatch(/^\/cdn\/img1\/TCG_PROD_IMAGES\/GAME_IMG\/[A-Z]+\/[\w-]+\/[\w-]+\.png$/);
    expect(gameImage('RNG', 'PG', 'PG-00001', { EN: 'Golden Dragon', CN: '黄金龙' })).toBe(
      '/cdn/img1/TCG_PROD_IMAGES/GAME_IMG/RNG/PG-00001/Golden_Dragon.png',
    );
    expect(nameIn({ EN: 'x' }, 'CN')).toBe('x');
    // An id no art path can hold shows the vendor's card.
    expect(gameImage('RNG', 'PG', 'a/b', { EN: 'Golden Dragon' })).toBe(
      '/cdn/img1/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE2/RNG-PG.png',
    );
  });

  it(`migrations 070 and 074 rewrite the invented returns and volatilities of a catalogue seeded before (${testDbKind})`, async () => {
    const t = await createTestApp();
    try {
      const db = t.database.db as unknown as Kysely<unknown>;
      // The returns and volatilities as the seed once invented them, and a game of the operator's
      // own left alone.
      await sql`
        update game set rtp_bp = 9400 + (id % 351),
          volatility = (array['LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH'])[1 + id % 4]`.execute(db);
      await sql`
        insert into game (node_id, game_id, vassalage, game_type, names, search_text, rtp_bp, volatility, sort)
        values ('900001', 'OWN-1', 'PG', 'RNG', '{"EN":"Own Slot"}'::jsonb, 'own slot', 9612, 'HIGH', 1)`.execute(
        db,
      );
      await rewriteReturns(db);
      await rewriteVolatilities(db);
      const { rows } = await sql<{
        node_id: string;
        game_type: string;
        en: string;
        rtp_bp: number | null;
        volatility: string | null;
      }>`select node_id, game_type, names->>'EN' as en, rtp_bp, volatility from game`.execute(db);
      expect(rows.length).toBe(10_031);
      for (const r of rows) {
        if (r.node_id === '900001') expect([r.rtp_bp, r.volatility]).toEqual([9612, 'HIGH']);
        else {
          const standIn = standInOf(r.game_type, r.en);
          expect(r.rtp_bp, r.node_id).toBe(standInRtpBp(standIn));
          expect(r.volatility, r.node_id).toBe(standInVolatility(standIn));
        }
      }
    } finally {
      await t.close();
    }
  });
});
