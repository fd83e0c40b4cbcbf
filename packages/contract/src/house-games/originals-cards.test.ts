import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blockMessage, withBlocks, type BlockSource } from './fair.ts';
import { ORIGINALS_RTP, originalTopMultiplier, playOriginal, type OriginalWager } from './originals.ts';
import {
  CARD_COUNT,
  cardRank,
  cardText,
  HILO_GUESSES,
  HILO_MAX_SKIPS,
  HILO_RTP,
  hiloActionProblem,
  hiloCards,
  hiloMultiplier,
  hiloWinningRanks,
  playHiLo,
  type HiLoAction,
  type HiLoGuess,
} from './originals-cards.ts';

/**
 * HiLo (decision 046): the cards are uniform over the deck, every guess from every card is fair
 * before the edge, so every way of playing a round returns exactly 99 % (enumerated through the
 * engine), the published vectors replay, and bad actions are refused.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const vectorsPath = `${root}docs/provably-fair-vectors-cards.json`;

type R = { num: bigint; den: bigint };
const same = (a: R, b: R) => a.num * b.den === b.num * a.den;
const add = (a: R, b: R): R => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });

/** A source whose words are the given whole numbers (each below its range: never rejected). */
function intsSource(ints: number[]): BlockSource {
  return (cursor) => {
    const b = new Uint8Array(32);
    const v = new DataView(b.buffer);
    for (let i = 0; i < 8; i++) v.setUint32(i * 4, ints[cursor * 8 + i] ?? 0);
    return b;
  };
}

/** The exact multiplier a played round pays (0 when lost or before a right guess). */
const paid = (cards: number[], actions: HiLoAction[]): R => {
  const o = playHiLo(intsSource(cards), { kind: 'hilo', bet: 1, actions });
  return o.lost || !o.guesses
    ? { num: 0n, den: 1n }
    : { num: BigInt(o.multiplier.num), den: BigInt(o.multiplier.den) };
};

describe('HiLo: the cards', () => {
  it('a card is one of 52, each exactly once over the 52 draws, with its rank and suit', () => {
    const seen = new Set<string>();
    for (let w = 0; w < CARD_COUNT; w++) {
      const [card] = hiloCards(intsSource([w]), 1);
      seen.add(cardText(card!));
    }
    expect(seen.size).toBe(52);
    expect(cardText(0)).toBe('A♠');
    expect(cardText(12)).toBe('K♠');
    expect(cardText(13 + 11)).toBe('Q♥');
    expect(cardText(51)).toBe('K♣');
    // Each rank is 4 of the 52 cards: ranks are uniform.
    const ranks = new Map<number, number>();
    for (let c = 0; c < CARD_COUNT; c++) ranks.set(cardRank(c), (ranks.get(cardRank(c)) ?? 0) + 1);
    expect([...ranks.values()]).toEqual(Array(13).fill(4));
  });

  it('a word in the biased tail is skipped (2^32 is not a multiple of 52)', () => {
    const limit = 2 ** 32 - (2 ** 32 % 52);
    expect(hiloCards(intsSource([limit, limit + 3, 7]), 1)).toEqual([7]);
  });
});

describe('HiLo: every way of playing returns exactly 99 %', () => {
  it('every offered guess from every card, over all 52 next cards through the engine: 99 % each', () => {
    let checked = 0;
    for (let first = 0; first < CARD_COUNT; first++)
      for (const g of HILO_GUESSES) {
        if (hiloActionProblem(first, g, [])) {
          expect(hiloWinningRanks(cardRank(first), g)).toBe(0);
          continue;
        }
        let back: R = { num: 0n, den: 1n };
        for (let next = 0; next < CARD_COUNT; next++) back = add(back, paid([first, next], [g]));
        back = { num: back.num, den: back.den * BigInt(CARD_COUNT) };
        if (!same(back, HILO_RTP)) throw new Error(`hilo ${cardText(first)} ${g}`);
        checked += 1;
      }
    // 52 cards × 3 guesses, less the 4 kings' higher and the 4 aces' lower.
    expect(checked).toBe(52 * 3 - 8);
  });

  it('after a right guess (and after a skip), every further guess is worth exactly what cashing out pays: any stopping rule returns 99 %', () => {
    // By ranks (each rank is 4 of the 52 cards, so rank-level enumeration is exact): first card,
    // first guess, a winning second card, then every further guess over every third card; and the
    // same with a skipped card in between.
    let checked = 0;
    for (let r1 = 1; r1 <= 13; r1++)
      for (const g1 of HILO_GUESSES)
        for (let r2 = 1; r2 <= 13; r2++) {
          const c1 = r1 - 1;
          const c2 = r2 - 1;
          if (hiloActionProblem(c1, g1, [])) continue;
          const cash = paid([c1, c2], [g1]);
          if (cash.num === 0n) continue;
          for (const g2 of HILO_GUESSES) {
            if (hiloActionProblem(c2, g2, [g1])) continue;
            let back: R = { num: 0n, den: 1n };
            let skipped: R = { num: 0n, den: 1n };
            for (let r3 = 1; r3 <= 13; r3++) {
              back = add(back, paid([c1, c2, r3 - 1], [g1, g2]));
              // Skip the third card, guess from it: its own rank decides what is offered.
              if (!hiloActionProblem(r3 - 1, g2, [g1, 'skip']))
                for (let r4 = 1; r4 <= 13; r4++)
                  skipped = add(skipped, paid([c1, c2, r3 - 1, r4 - 1], [g1, 'skip', g2]));
              else skipped = add(skipped, { num: cash.num * 13n, den: cash.den });
            }
            expect(same({ num: back.num, den: back.den * 13n }, cash)).toBe(true);
            expect(same({ num: skipped.num, den: skipped.den * 169n }, cash)).toBe(true);
            checked += 1;
          }
        }
    // Every (first rank, guess, winning second rank, further guess) that can be played.
    expect(checked).toBe(547);
    // Cashing out after one right guess pays 0.99 / its chance: 99 % of the stake in expectation.
    expect(hiloMultiplier([12])).toEqual({ num: 429n, den: 400n });
    expect(originalTopMultiplier({ kind: 'hilo', bet: 1, actions: [] })).toEqual({ num: 429n, den: 400n });
    expect(same(HILO_RTP, ORIGINALS_RTP)).toBe(true);
  });

  it('a round of g right guesses pays 0.99 × Π 13/w exactly, the win rounded down', () => {
    // A♠ higher → 7♠ (12 of 13), 7♠ lower → 3♠ (7 of 13), 3♠ same → 3♥ (1 of 13).
    const o = playHiLo(intsSource([0, 6, 2, 15]), {
      kind: 'hilo',
      bet: 10_000,
      actions: ['higher', 'lower', 'same'],
    });
    expect(o.lost).toBe(false);
    expect(o.guesses).toBe(3);
    const m = hiloMultiplier([12, 7, 1]);
    expect(o.multiplier).toEqual({ num: m.num.toString(), den: m.den.toString() });
    expect(o.totalWin).toBe(Number((10_000n * 99n * 13n ** 3n) / (100n * 12n * 7n)));
    // The first wrong guess ends the round: later actions are not played.
    const lost = playHiLo(intsSource([6, 2, 9]), { kind: 'hilo', bet: 100, actions: ['higher', 'lower'] });
    expect(lost).toMatchObject({ lost: true, guesses: 0, totalWin: 0, cards: [6, 2] });
  });
});

describe('HiLo: refused actions', () => {
  it('no higher at a king, no lower at an ace, a known action, at most 52 skips', () => {
    expect(hiloActionProblem(12, 'higher', [])).toMatch(/king/);
    expect(hiloActionProblem(0, 'lower', [])).toMatch(/ace/);
    expect(hiloActionProblem(12, 'lower', [])).toBeNull();
    expect(hiloActionProblem(0, 'same', [])).toBeNull();
    expect(hiloActionProblem(5, 'double', [])).toMatch(/higher, lower, same or skip/);
    expect(hiloActionProblem(5, 'skip', Array(HILO_MAX_SKIPS).fill('skip'))).toMatch(/skips at most/);
    expect(() => playHiLo(intsSource([12, 3]), { kind: 'hilo', bet: 1, actions: ['higher'] })).toThrow(
      RangeError,
    );
    for (const g of HILO_GUESSES as HiLoGuess[]) expect(hiloWinningRanks(7, g)).toBeGreaterThan(0);
  });
});

describe('HiLo: published test vectors', () => {
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
  const hmac =
    (serverSeed: string, clientSeed: string, nonce: number): BlockSource =>
    (cursor) =>
      new Uint8Array(
        createHmac('sha256', serverSeed)
          .update(blockMessage(clientSeed, nonce, cursor))
          .digest(),
      );

  it('every vector of docs/provably-fair-vectors-cards.json is what the engine plays (node:crypto and Web Crypto)', async () => {
    expect(vectors.length).toBe(12);
    expect(vectors.some((v) => (v.outcome as { totalWin: number }).totalWin > 0)).toBe(true);
    expect(vectors.some((v) => (v.outcome as { lost: boolean }).lost)).toBe(true);
    for (const v of vectors) {
      expect(createHash('sha256').update(v.serverSeed).digest('hex')).toBe(v.serverSeedHash);
      const source = hmac(v.serverSeed, v.clientSeed, v.nonce);
      expect(Buffer.from(source(0)).toString('hex')).toBe(v.firstBlock);
      expect(playOriginal(source, v.wager)).toEqual(v.outcome);
      expect(await withBlocks(v, (s) => playOriginal(s, v.wager), 1)).toEqual(v.outcome);
    }
  });

  it('the standalone verifier script recomputes every HiLo vector', () => {
    const out = execFileSync(process.execPath, [`${root}scripts/verify-original.mjs`, vectorsPath], {
      encoding: 'utf8',
    });
    expect(out).toContain(`${vectors.length} of ${vectors.length} vectors match`);
  });
});
