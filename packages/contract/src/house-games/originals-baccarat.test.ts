import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blockMessage, withBlocks, type BlockSource } from './fair.ts';
import { originalTopMultiplier, playOriginal, type OriginalWager } from './originals.ts';
import {
  BACCARAT_RTP,
  BACCARAT_SPOTS,
  baccaratExactReturns,
  baccaratProblem,
  baccaratReturn,
  baccaratTopWin,
  baccaratValue,
  bankerDraws,
  dealBaccarat,
  playBaccarat,
  type BaccaratSpot,
} from './originals-baccarat.ts';

/**
 * Baccarat (decision 056): the Punto Banco tableau, each bet's exact return proven by enumerating
 * every deal of the infinite deck through the engine, a seeded HMAC simulation inside its interval,
 * the published vectors replayed, and bad bets refused.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const vectorsPath = `${root}docs/provably-fair-vectors-baccarat.json`;

/** Cards given by rank (1 = ace … 13 = king), spades. */
const deal = (...ranks: number[]) => {
  let i = 0;
  return dealBaccarat(() => {
    if (i >= ranks.length) throw new Error('the deal asked for more cards');
    return ranks[i++]! - 1;
  });
};

const BACCARAT_ONE = { player: 1, banker: 1, tie: 1, 'player-pair': 1, 'banker-pair': 1 };
const hmac =
  (serverSeed: string, clientSeed: string, nonce: number): BlockSource =>
  (cursor) =>
    new Uint8Array(
      createHmac('sha256', serverSeed)
        .update(blockMessage(clientSeed, nonce, cursor))
        .digest(),
    );

describe('Baccarat: the deal', () => {
  it('values: ace 1, two to nine their number, tens and faces 0', () => {
    expect(Array.from({ length: 13 }, (_, r) => baccaratValue(r))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0,
    ]);
  });

  it('a natural 8 or 9 ends the deal; the player draws on 0-5 and stands on 6-7', () => {
    // Dealt P, B, P, B: player 4+5 = 9, banker 2+3 = 5.
    expect(deal(4, 2, 5, 3)).toMatchObject({
      playerTotal: 9,
      bankerTotal: 5,
      result: 'player',
      natural: true,
    });
    expect(deal(13, 8, 12, 13)).toMatchObject({ bankerTotal: 8, result: 'banker', natural: true });
    // Player 6 stands, banker 5 draws (it draws on 0-5 when the player stood).
    const h = deal(3, 2, 3, 3, 2);
    expect(h.player).toHaveLength(2);
    expect(h.banker).toHaveLength(3);
    expect(h).toMatchObject({ playerTotal: 6, bankerTotal: 7, result: 'banker', natural: false });
    // Player 7 stands, banker 6 stands: tie-free 7 v 6.
    expect(deal(3, 3, 4, 3)).toMatchObject({ playerTotal: 7, bankerTotal: 6, result: 'player' });
    // Player 5 draws a 10 (0), banker 3 draws unless the third card is an 8.
    expect(deal(2, 1, 3, 2, 10, 4).banker).toHaveLength(3);
    expect(deal(2, 1, 3, 2, 8).banker).toHaveLength(2);
  });

  it("the banker's tableau after the player's third card", () => {
    const table: Record<number, number[]> = {
      3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
      4: [2, 3, 4, 5, 6, 7],
      5: [4, 5, 6, 7],
      6: [6, 7],
    };
    for (let b = 0; b <= 7; b++)
      for (let third = 0; third <= 9; third++)
        expect(bankerDraws(b, third), `banker ${b}, third ${third}`).toBe(
          b <= 2 ? true : b === 7 ? false : table[b]!.includes(third),
        );
    for (let b = 0; b <= 7; b++) expect(bankerDraws(b, null)).toBe(b <= 5);
  });

  it('pays: player 1:1, banker 0.95:1, both pushed on a tie, tie 8:1, pairs 11:1', () => {
    const player = deal(4, 2, 5, 3);
    const tie = deal(10, 10, 7, 7);
    const pairs = deal(9, 5, 9, 5);
    expect(BACCARAT_SPOTS.map((s) => baccaratReturn(s, player))).toEqual([200, 0, 0, 0, 0]);
    expect(BACCARAT_SPOTS.map((s) => baccaratReturn(s, tie))).toEqual([100, 100, 900, 0, 0]);
    expect(pairs).toMatchObject({ playerPair: true, bankerPair: true, result: 'player' });
    expect(BACCARAT_SPOTS.map((s) => baccaratReturn(s, pairs))).toEqual([200, 0, 0, 1200, 1200]);
    // The round pays its total rounded down once: 0.03 on the banker wins 0.0585 → 0.05.
    const o = playBaccarat(() => new Uint8Array(32), { kind: 'baccarat', bet: 3, bets: { banker: 3 } });
    expect(o.totalWin).toBe(o.result === 'banker' ? 5 : o.result === 'tie' ? 3 : 0);
  });
});

describe('Baccarat: the exact return of each bet (infinite deck)', () => {
  it('enumerating every deal through the engine gives exactly the stated return of each bet', () => {
    const exact = baccaratExactReturns();
    for (const spot of BACCARAT_SPOTS) expect(exact[spot], spot).toEqual(BACCARAT_RTP[spot]);
    const pct = (s: BaccaratSpot) => Number((BACCARAT_RTP[s].num * 10n ** 8n) / BACCARAT_RTP[s].den) / 1e6;
    expect(pct('player')).toBeCloseTo(98.771859, 5);
    expect(pct('banker')).toBeCloseTo(98.936, 3);
    expect(pct('tie')).toBeCloseTo(85.883013, 5);
    expect(BACCARAT_RTP['player-pair']).toEqual({ num: 12n, den: 13n });
  });

  it('the deal outcomes have their known infinite-deck chances (banker 45.86 %, player 44.62 %, tie 9.52 %)', () => {
    // From the exact returns: P(tie) = tie/9, then P(player win) = player − P(tie), P(banker) = rest.
    const tie = Number(BACCARAT_RTP.tie.num) / Number(BACCARAT_RTP.tie.den) / 9;
    const player = Number(BACCARAT_RTP.player.num) / Number(BACCARAT_RTP.player.den) - tie;
    const playerWin = player / 2;
    expect(tie).toBeCloseTo(0.09542, 4);
    expect(playerWin).toBeCloseTo(0.44625, 3);
    expect(1 - tie - playerWin).toBeCloseTo(0.45833, 2);
  });

  it('a seeded 20,000-round HMAC simulation of each bet sits inside four standard errors of its exact return', () => {
    const rounds = 20_000;
    const sums: Record<BaccaratSpot, number> = {
      player: 0,
      banker: 0,
      tie: 0,
      'player-pair': 0,
      'banker-pair': 0,
    };
    const squares = { ...sums };
    const seed = 'c0ffee'.repeat(10) + 'beef';
    for (let n = 0; n < rounds; n++) {
      const o = playBaccarat(hmac(seed, 'sim', n), { kind: 'baccarat', bet: 0, bets: {} });
      for (const s of BACCARAT_SPOTS) {
        const r = baccaratReturn(s, o) / 100;
        sums[s] += r;
        squares[s] += r * r;
      }
    }
    for (const s of BACCARAT_SPOTS) {
      const mean = sums[s] / rounds;
      const sd = Math.sqrt(squares[s] / rounds - mean * mean);
      const exact = Number(BACCARAT_RTP[s].num) / Number(BACCARAT_RTP[s].den);
      expect(Math.abs(mean - exact), s).toBeLessThan((4 * sd) / Math.sqrt(rounds));
    }
  });
});

describe('Baccarat: bets', () => {
  it('refuses unknown spots and bad stakes; the top win is the most any deal pays', () => {
    expect(baccaratProblem({})).toMatch(/at least one/);
    expect(baccaratProblem({ dragon: 100 })).toMatch(/not a spot/);
    expect(baccaratProblem({ player: 0 })).toMatch(/positive/);
    expect(baccaratProblem([1])).toMatch(/object/);
    expect(baccaratProblem({ player: 100, 'banker-pair': 10 })).toBeNull();
    expect(baccaratTopWin({ player: 100 })).toBe(200);
    // The spots that returned come in the table's order whatever the bets' order (jsonb reorders keys).
    const tie = playBaccarat(() => new Uint8Array(32), {
      kind: 'baccarat',
      bet: 3,
      bets: { tie: 1, banker: 1, player: 1 },
    });
    if (tie.result === 'tie') expect(tie.winning).toEqual(['player', 'banker', 'tie']);
    for (const bets of [
      { tie: 1, banker: 1, player: 1, 'banker-pair': 1, 'player-pair': 1 },
      { ...BACCARAT_ONE },
    ])
      for (let n = 0; n < 200; n++) {
        const o = playBaccarat(hmac('ab'.repeat(32), 'order', n), { kind: 'baccarat', bet: 5, bets });
        expect(o.winning).toEqual(BACCARAT_SPOTS.filter((s) => o.winning.includes(s)));
      }
    expect(baccaratTopWin({ banker: 100 })).toBe(195);
    // A tie returns both stakes and pays the tie: 100 + 100 + 9 × 10 = 290 beats 2 × 100.
    expect(baccaratTopWin({ player: 100, banker: 100, tie: 10 })).toBe(290);
    expect(baccaratTopWin({ player: 100, 'player-pair': 10, 'banker-pair': 10 })).toBe(440);
    const w: OriginalWager = { kind: 'baccarat', bet: 120, bets: { tie: 100, 'player-pair': 20 } };
    expect(originalTopMultiplier(w)).toEqual({ num: 19n, den: 2n });
  });
});

describe('Baccarat: published test vectors', () => {
  interface Vector {
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
    firstBlock: string;
    wager: OriginalWager;
    outcome: Record<string, unknown>;
  }
  const vectors = (JSON.parse(readFileSync(vectorsPath, 'utf8')) as { vectors: Vector[] }).vectors;

  it('every vector of docs/provably-fair-vectors-baccarat.json is what the engine plays (node:crypto and Web Crypto)', async () => {
    expect(vectors.length).toBe(12);
    const results = new Set(vectors.map((v) => v.outcome.result));
    expect([...results].sort()).toEqual(['banker', 'player', 'tie']);
    expect(vectors.some((v) => (v.outcome.player as number[]).length === 3)).toBe(true);
    expect(vectors.some((v) => v.outcome.natural)).toBe(true);
    for (const v of vectors) {
      expect(createHash('sha256').update(v.serverSeed).digest('hex')).toBe(v.serverSeedHash);
      const source = hmac(v.serverSeed, v.clientSeed, v.nonce);
      expect(Buffer.from(source(0)).toString('hex')).toBe(v.firstBlock);
      expect(playOriginal(source, v.wager)).toEqual(v.outcome);
      expect(await withBlocks(v, (s) => playOriginal(s, v.wager), 1)).toEqual(v.outcome);
    }
  });

  it('the standalone verifier script (no project import) recomputes every Baccarat vector', () => {
    const out = execFileSync(process.execPath, [`${root}scripts/verify-original.mjs`, vectorsPath], {
      encoding: 'utf8',
    });
    expect(out).toContain(`${vectors.length} of ${vectors.length} vectors match`);
  });
});
