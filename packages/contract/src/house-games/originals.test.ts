import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blockMessage, withBlocks, type BlockSource } from './fair.ts';
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceChance,
  LIMBO_MAX_TARGET,
  LIMBO_MIN_TARGET,
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  minesLayout,
  ORIGINALS_RTP,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  PLINKO_TABLES,
  playOriginal,
  type OriginalWager,
} from './originals.ts';
import { diceRtp, limboRtp, limboWinningDraws, minesRtp, percentText, plinkoRtp } from './originals-rtp.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const vectorsPath = `${root}docs/provably-fair-vectors.json`;

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

const hmac = (serverSeed: string, clientSeed: string, nonce: number): BlockSource => {
  return (cursor) =>
    new Uint8Array(
      createHmac('sha256', serverSeed)
        .update(blockMessage(clientSeed, nonce, cursor))
        .digest(),
    );
};

const is99 = (r: { num: bigint; den: bigint }) => r.num * ORIGINALS_RTP.den === ORIGINALS_RTP.num * r.den;

describe('house originals: published test vectors', () => {
  it('every vector of docs/provably-fair-vectors.json is what the engine plays (node:crypto and Web Crypto)', async () => {
    expect(vectors.length).toBeGreaterThanOrEqual(44);
    expect(new Set(vectors.map((v) => v.wager.kind))).toEqual(
      new Set(['dice', 'limbo', 'mines', 'plinko', 'keno', 'wheel', 'roulette', 'sicbo']),
    );
    for (const v of vectors) {
      expect(createHash('sha256').update(v.serverSeed).digest('hex')).toBe(v.serverSeedHash);
      const source = hmac(v.serverSeed, v.clientSeed, v.nonce);
      expect(Buffer.from(source(0)).toString('hex')).toBe(v.firstBlock);
      expect(playOriginal(source, v.wager)).toEqual(v.outcome);
      const browser = await withBlocks(v, (s) => playOriginal(s, v.wager), 1);
      expect(browser).toEqual(v.outcome);
    }
  });

  it('the standalone verifier script (no project imports) recomputes every vector', () => {
    const script = `${root}scripts/verify-original.mjs`;
    // Node's own modules and, for Crash, the Crash verifier beside it (standalone too): nothing of
    // the project, so the two files and Node check a bet.
    for (const file of [script, `${root}scripts/verify-crash.mjs`])
      for (const [, from] of readFileSync(file, 'utf8').matchAll(/^import .* from '([^']+)'/gm))
        expect(from, file).toMatch(/^(node:[a-z]+|\.\/verify-crash\.mjs)$/);
    const out = execFileSync(process.execPath, [script, vectorsPath], { encoding: 'utf8' });
    expect(out).toContain(`${vectors.length} of ${vectors.length} vectors match`);
  });
});

describe('house originals: the return is exactly 99 % for every setting', () => {
  it('Dice: every target under and over, every roll enumerated', () => {
    let settings = 0;
    for (const over of [false, true])
      for (let target = 1; target < 10_000; target++) {
        const chance = diceChance(target, over);
        if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) continue;
        // Enumerating all 10,000 rolls for each of the 19,600 settings is 196M steps: every 97th
        // setting and the ends are enumerated, the rest by the same count in closed form.
        if (target % 97 === 0 || chance <= 2 || chance >= DICE_MAX_CHANCE - 1) {
          expect(is99(diceRtp(target, over)), `dice ${target} ${over}`).toBe(true);
        }
        settings += 1;
      }
    expect(settings).toBe(2 * (DICE_MAX_CHANCE - DICE_MIN_CHANCE + 1));
  });

  it('Limbo: every target up to 100,000.00×, a spread above it and the largest, through the engine', () => {
    for (let target = LIMBO_MIN_TARGET; target <= 10_000_000; target += target < 100_000 ? 1 : 9_973) {
      if (!is99(limboRtp(target))) throw new Error(`limbo ${target}: ${percentText(limboRtp(target))} %`);
    }
    expect(is99(limboRtp(LIMBO_MAX_TARGET))).toBe(true);
    expect(limboWinningDraws(LIMBO_MAX_TARGET)).toBe(99);
    // Small targets: every draw enumerated, not bisected.
    for (let target = LIMBO_MIN_TARGET; target <= 600; target++) {
      let wins = 0;
      for (let d = 0; d < target; d++) {
        const o = playOriginal(fixedInt(d), { kind: 'limbo', bet: 100, target });
        if (o.totalWin > 0) wins += 1;
      }
      expect(wins).toBe(99);
    }
  });

  it('Mines: every mine count and every cash-out point', () => {
    const table: string[] = [];
    for (let mines = MINES_MIN; mines <= MINES_MAX; mines++)
      for (let safe = 1; safe <= MINES_TILES - mines; safe++) {
        const rtp = minesRtp(mines, safe);
        if (!is99(rtp)) throw new Error(`mines ${mines} after ${safe}: ${percentText(rtp)}`);
        table.push(`${mines}/${safe}`);
      }
    expect(table).toHaveLength(300);
  });

  it('Mines: the layout is a uniform choice (every draw sequence enumerated for 1 to 3 mines)', () => {
    for (const mines of [1, 2, 3]) {
      const counts = new Map<string, number>();
      const walk = (prefix: number[]) => {
        if (prefix.length === mines) {
          const key = minesLayout(intsSource(prefix), mines).join(',');
          counts.set(key, (counts.get(key) ?? 0) + 1);
          return;
        }
        for (let v = 0; v < MINES_TILES - prefix.length; v++) walk([...prefix, v]);
      };
      walk([]);
      const sizes = new Set(counts.values());
      // C(25, mines) layouts, each reached by mines! draw sequences.
      expect(counts.size).toBe([25, 300, 2300][mines - 1]);
      expect([...sizes]).toEqual([[1, 2, 6][mines - 1]]);
    }
  });

  it('Plinko: every row count 8 to 16 and every risk, closed form and every path enumerated up to 14 rows', () => {
    for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows++)
      for (const risk of PLINKO_RISKS) {
        expect(PLINKO_TABLES[rows]![risk]).toHaveLength(rows + 1);
        expect(is99(plinkoRtp(rows, risk)), `${rows} ${risk}`).toBe(true);
        if (rows > 14) continue;
        let total = 0n;
        for (let bits = 0; bits < 1 << rows; bits++) {
          const o = playOriginal(bitsSource(bits, rows), { kind: 'plinko', bet: 10_000, rows, risk });
          total += BigInt(o.totalWin);
        }
        // bet 10,000: every multiplier in hundredths pays whole units, so the sum is exact.
        expect(total * 100n).toBe(99n * 10_000n * BigInt(1 << rows));
      }
  });
});

describe('house originals: a simulation lands inside its confidence interval', () => {
  // 40,000 HMAC rounds per game here (fast); bench/originals.bench.ts runs 10,000,000 per game.
  const rounds = 40_000;
  const cases: OriginalWager[] = [
    { kind: 'dice', bet: 10_000, target: 4950, over: false },
    { kind: 'limbo', bet: 10_000, target: 200 },
    { kind: 'mines', bet: 10_000, mines: 3, picks: [0, 1, 2] },
    { kind: 'plinko', bet: 10_000, rows: 8, risk: 'low' },
  ];
  for (const wager of cases)
    it(`${wager.kind}: mean return within 4 standard errors of 99 %`, () => {
      let sum = 0;
      let sq = 0;
      const serverSeed = createHash('sha256').update(`sim-${wager.kind}`).digest('hex');
      for (let nonce = 0; nonce < rounds; nonce++) {
        const x = playOriginal(hmac(serverSeed, 'sim', nonce), wager).totalWin / wager.bet;
        sum += x;
        sq += x * x;
      }
      const mean = sum / rounds;
      const sd = Math.sqrt(sq / rounds - mean * mean);
      expect(Math.abs(mean - 0.99)).toBeLessThan((4 * sd) / Math.sqrt(rounds));
    });
});

/** A source whose words are the given whole numbers (each below its range: never rejected). */
function intsSource(ints: number[]): BlockSource {
  return (cursor) => {
    const b = new Uint8Array(32);
    const v = new DataView(b.buffer);
    for (let i = 0; i < 8; i++) v.setUint32(i * 4, ints[cursor * 8 + i] ?? 0);
    return b;
  };
}
function fixedInt(d: number): BlockSource {
  return intsSource([d]);
}
/** Words whose top bit is the path's bit: below 2^31 is left. */
function bitsSource(bits: number, rows: number): BlockSource {
  const ints = Array.from({ length: rows }, (_, r) => ((bits >> r) & 1 ? 0x8000_0000 : 0x7fff_ffff));
  return intsSource(ints);
}
