import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BlockSource } from './fair.ts';
import { withBlocks } from './fair.ts';
import {
  CRASH_CAP,
  crashChainPrevious,
  crashElapsedMs,
  crashMultiplierAt,
  crashPoint,
  crashReachMs,
  crashSurvival,
  crashText,
} from './crash.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const TWO_32 = 2n ** 32n;

/** A block source of the given words, then `fill` for ever. */
function words(first: number[], fill: number): BlockSource {
  return (cursor) => {
    const out = new Uint8Array(32);
    const view = new DataView(out.buffer);
    for (let i = 0; i < 8; i++) view.setUint32(i * 4, first[cursor * 8 + i] ?? fill);
    return out;
  };
}

/** The point for the words `prefix` and the rest of U as large (min) or as small (max) as it goes. */
const lowest = (prefix: number[]) => crashPoint(words(prefix, 0xffffffff));
const highest = (prefix: number[]) => crashPoint(words(prefix, 0));

/** The number of words w (0 ≤ w < 2^32) with f([...prefix, w]) ≥ t, f non-increasing in w. */
function countAtLeast(f: (p: number[]) => number, prefix: number[], t: number): number {
  if (f([...prefix, 0]) < t) return 0;
  let lo = 0;
  let hi = 0xffffffff;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (f([...prefix, mid]) >= t) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/**
 * The chance that a round reaches t, bounded from the engine itself to 2^-64: first words whose
 * every continuation reaches t, then the second words of the one first word that straddles t.
 */
function survivalBounds(t: number): { low: bigint; high: bigint; scale: bigint } {
  const sure1 = countAtLeast(lowest, [], t);
  const maybe1 = countAtLeast(highest, [], t);
  expect(maybe1 - sure1).toBeLessThanOrEqual(1);
  if (maybe1 === sure1)
    return { low: BigInt(sure1) * TWO_32, high: BigInt(sure1) * TWO_32, scale: TWO_32 * TWO_32 };
  const w = sure1;
  const sure2 = countAtLeast(lowest, [w], t);
  const maybe2 = countAtLeast(highest, [w], t);
  expect(maybe2 - sure2).toBeLessThanOrEqual(1);
  const low = BigInt(sure1) * TWO_32 + BigInt(sure2);
  return { low, high: low + BigInt(maybe2 - sure2), scale: TWO_32 * TWO_32 };
}

const hmac =
  (key: string, salt: string, roundNo: number): BlockSource =>
  (c) =>
    createHmac('sha256', key).update(`${salt}:${roundNo}:${c}`).digest() as Uint8Array;

describe('Crash: the crash point (decision 055)', () => {
  it('is floor(99/U), capped: U at 0 reaches the cap, U near 1 crashes at once', () => {
    expect(highest([0])).toBe(CRASH_CAP);
    expect(lowest([0xffffffff])).toBe(99);
    // Just under U = 1/2: 198 (1.98x); just over it: 197 (U = 1/2 itself, of chance 0, is never decided).
    expect(crashPoint(words([0x7fffffff], 0xffffffff))).toBe(198);
    expect(crashPoint(words([0x80000000, 1], 0))).toBe(197);
  });

  it('reaches every target t with chance exactly 99/t: bounds from the engine within 2^-64 hold 99/t', () => {
    const targets = [99, 100, 101, 102, 133, 150, 198, 199, 200, 247, 333, 500, 1_000, 1_234, 10_000, 99_999];
    targets.push(123_457, 1_000_000, 7_777_777, 10_000_000, 99_999_999, CRASH_CAP);
    for (const t of targets) {
      const { low, high, scale } = survivalBounds(t);
      const s = crashSurvival(t);
      // low/scale ≤ 99/t ≤ high/scale, and high - low ≤ 1: the engine's law is 99/t to 2^-64.
      expect(low * s.den <= s.num * scale, `t=${t} low`).toBe(true);
      expect(s.num * scale <= high * s.den || high === low, `t=${t} high`).toBe(true);
      expect(high - low <= 1n).toBe(true);
      // An auto cash-out at t pays t/100 with that chance: exactly 99/100.
      expect((BigInt(t) * s.num * 100n) / (100n * s.den)).toBe(99n);
      expect(BigInt(t) * s.num).toBe(99n * s.den);
    }
  });

  it('100,000 simulated rounds land lands in 4 standard errors of 99/t at 1.01x, 2x and 10x, and 1 % crash at once', () => {
    const n = 100_000;
    const hits = { instant: 0, t101: 0, t200: 0, t1000: 0 };
    const key = createHash('sha256').update('crash simulation').digest('hex');
    for (let i = 0; i < n; i++) {
      const p = crashPoint(hmac(key, 'sim', i));
      if (p < 100) hits.instant++;
      if (p >= 101) hits.t101++;
      if (p >= 200) hits.t200++;
      if (p >= 1000) hits.t1000++;
    }
    const within = (count: number, p: number) => {
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(count / n - p)).toBeLessThan(4 * se);
    };
    within(hits.instant, 0.01);
    within(hits.t101, 99 / 101);
    within(hits.t200, 99 / 200);
    within(hits.t1000, 99 / 1000);
  }, 120_000);

  it('the curve: crashes at the first millisecond above the point, reaches a target at its first millisecond at or above it', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashElapsedMs(99)).toBe(0);
    for (const p of [100, 101, 150, 200, 1_000, 14_042, 1_000_000, CRASH_CAP]) {
      const ms = crashElapsedMs(p);
      expect(crashMultiplierAt(ms)).toBeGreaterThan(p);
      if (ms > 0) expect(crashMultiplierAt(ms - 1)).toBeLessThanOrEqual(p);
      const reach = crashReachMs(p);
      expect(crashMultiplierAt(reach)).toBeGreaterThanOrEqual(p);
      if (reach > 0) expect(crashMultiplierAt(reach - 1)).toBeLessThan(p);
    }
    // 2x after about 11.55 s.
    expect(crashReachMs(200)).toBeGreaterThan(11_500);
    expect(crashReachMs(200)).toBeLessThan(11_600);
    expect(crashText(99)).toBe('1.00');
    expect(crashText(247)).toBe('2.47');
  });

  it('the vectors: the engine over node:crypto and Web Crypto, the chain back to its commitment, and the outside script agree', async () => {
    const file = JSON.parse(readFileSync(`${root}docs/crash-vectors.json`, 'utf8')) as {
      commitment: string;
      salt: string;
      rounds: { roundNo: number; hash: string; crashPoint: number }[];
    };
    let prev = file.commitment;
    for (const r of file.rounds) {
      expect(crashPoint(hmac(r.hash, file.salt, r.roundNo))).toBe(r.crashPoint);
      expect(
        await withBlocks({ serverSeed: r.hash, clientSeed: file.salt, nonce: r.roundNo }, (s) =>
          crashPoint(s),
        ),
      ).toBe(r.crashPoint);
      expect(await crashChainPrevious(r.hash)).toBe(prev);
      prev = r.hash;
    }
    const out = execFileSync(process.execPath, [`${root}scripts/verify-crash.mjs`], { encoding: 'utf8' });
    expect(out).toContain(`${file.rounds.length} of ${file.rounds.length} rounds match`);
    // The originals' outside verifier takes Crash too: the published chain, and one round as its
    // page reveals it (the verifier page's command), a wrong point or round number refused.
    const script = `${root}scripts/verify-original.mjs`;
    const all = execFileSync(process.execPath, [script, `${root}docs/crash-vectors.json`], {
      encoding: 'utf8',
    });
    expect(all).toContain(`${file.rounds.length} of ${file.rounds.length} crash rounds match`);
    const r = file.rounds[7]!;
    const one = {
      kind: 'crash',
      hash: r.hash,
      salt: file.salt,
      roundNo: r.roundNo,
      commitment: file.commitment,
    };
    const said = execFileSync(
      process.execPath,
      [script, JSON.stringify({ ...one, crashPoint: r.crashPoint })],
      {
        encoding: 'utf8',
      },
    );
    expect(said).toContain(`round ${r.roundNo} crashed at ${crashText(r.crashPoint)}x; the hash leads back`);
    for (const wrong of [{ crashPoint: r.crashPoint + 1 }, { roundNo: r.roundNo + 1 }]) {
      let failed = '';
      try {
        execFileSync(process.execPath, [script, JSON.stringify({ ...one, ...wrong })], { encoding: 'utf8' });
      } catch (err) {
        failed = String((err as { stdout?: string }).stdout);
      }
      expect(failed).toContain('MISMATCH');
    }
  });
});
