import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  familyOf,
  playOf,
  playsOf,
  resultFromBlocks,
  rowsContent,
  truotProbability,
  xienProbability,
  type DrawResult,
  type Family,
  type PlayDef,
} from './index.ts';

/**
 * Every play's return at series = base, over every possible result of its game (or every
 * assignment of the places it reads, PK10), equals its stated `share` (1 = 100 %); the stake of a
 * tied note counts as returned. Bonuses are rounded down to 4 decimals, so "equals" is to 2e-5.
 */

const TOLERANCE = 2e-5;

const bonusOf = (play: PlayDef, key: string) => play.prizes.find((p) => p.key === key)!.bonus;

/** Sum of (payout + returned stake) over the results, and the number of results. */
function payout(play: PlayDef, content: string, results: Iterable<DrawResult>) {
  const bet = play.prepare(content);
  let paid = 0;
  let n = 0;
  const byKey = new Map<string, number>();
  for (const r of results) {
    const s = bet.settle(r);
    for (const h of s.hits) {
      const won = h.count * bonusOf(play, h.prizeKey);
      paid += won;
      byKey.set(h.prizeKey, (byKey.get(h.prizeKey) ?? 0) + won);
    }
    paid += s.refundNotes * play.singleBetPrice;
    n++;
  }
  return { paid, n, staked: n * bet.notes * play.singleBetPrice, byKey };
}

/** Every option in every row (at most maxPick), and (perOption) each single choice of a one-row play. */
function contents(play: PlayDef, perOption: boolean): string[] {
  const full = rowsContent(play.rows.map((r) => r.options.slice(0, r.maxPick)));
  const out = [full];
  if (perOption && play.rows.length === 1 && play.rows[0]!.minPick <= 1) out.push(...play.rows[0]!.options);
  return out;
}

function checkAll(family: Family, results: DrawResult[], perOption: boolean) {
  for (const play of playsOf(family)) {
    for (const content of contents(play, perOption)) {
      const { paid, staked, n, byKey } = payout(play, content, results);
      expect(
        Math.abs(paid / staked - play.share),
        `${play.code} ${content.slice(0, 40)} returns ${paid / staked}, stated ${play.share}`,
      ).toBeLessThan(TOLERANCE);
      // Plays with a bonus per pick (sums, hands, bulls): each pick is one note of its own prize key.
      if (play.prizes.length > 1 && staked === n * play.prizes.length * play.singleBetPrice)
        for (const p of play.prizes) {
          const share = (byKey.get(p.key) ?? 0) / (n * play.singleBetPrice);
          expect(Math.abs(share - play.share), `${play.code} ${p.key} returns ${share}`).toBeLessThan(
            TOLERANCE,
          );
        }
    }
  }
}

const res = (family: Family, numbers: string[]): DrawResult => ({ family, numbers });

// Exhaustive loops are short on an idle machine (about a second) but the shared one may be loaded.
describe('every play returns its stated share over every result', { timeout: 120_000 }, () => {
  it('K3: all 216 throws', () => {
    const results: DrawResult[] = [];
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++) results.push(res('K3', [`${a}`, `${b}`, `${c}`]));
    checkAll('K3', results, true);
  });

  it('SSC / 5D: all 100,000 results', () => {
    const results: DrawResult[] = [];
    for (let i = 0; i < 100_000; i++) results.push(res('SSC', [...String(i).padStart(5, '0')]));
    checkAll('SSC', results, false);
  });

  it('11X5: all 55,440 ordered draws of 5 balls from 11', () => {
    const results: DrawResult[] = [];
    const p = (n: number) => String(n).padStart(2, '0');
    const rec = (taken: number[]) => {
      if (taken.length === 5) return void results.push(res('11X5', taken.map(p)));
      for (let b = 1; b <= 11; b++) if (!taken.includes(b)) rec([...taken, b]);
    };
    rec([]);
    expect(results).toHaveLength(55_440);
    checkAll('11X5', results, false);
  });

  it('PK10: every assignment of the places each row reads (10 per place, 90 per pair, 720 for the front 3)', () => {
    const p = (n: number) => String(n).padStart(2, '0');
    /** Every permutation fixing `positions` to each injective choice of values, the rest filled in ascending order. */
    const byPositions = (positions: number[]): DrawResult[] => {
      const out: DrawResult[] = [];
      const rec = (vals: number[]) => {
        if (vals.length === positions.length) {
          const rest = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((v) => !vals.includes(v));
          const perm: number[] = [];
          for (let i = 0; i < 10; i++) {
            const k = positions.indexOf(i);
            perm.push(k >= 0 ? vals[k]! : rest.shift()!);
          }
          return void out.push(res('PK10', perm.map(p)));
        }
        for (let v = 1; v <= 10; v++) if (!vals.includes(v)) rec([...vals, v]);
      };
      rec([]);
      return out;
    };
    for (const play of playsOf('PK10')) {
      // Rows of positional plays read one place (DT rows a pair): settle each row alone over its places.
      const reads = (row: number): number[] =>
        play.code === 'DT'
          ? [row, 9 - row]
          : play.code === 'DWD' || play.code === 'BSOE'
            ? [row]
            : play.code === 'Q3_DIRECT'
              ? [0, 1, 2]
              : [0, 1];
      const perRow = play.rows.some((r) => r.minPick === 0);
      const cases = perRow
        ? play.rows.map((_, i) => ({
            content: rowsContent(play.rows.map((r, j) => (j === i ? [...r.options] : []))),
            results: byPositions(reads(i)),
          }))
        : contents(play, true).map((content) => ({ content, results: byPositions(reads(0)) }));
      for (const c of cases) {
        const { paid, staked } = payout(play, c.content, c.results);
        expect(Math.abs(paid / staked - play.share), `${play.code} ${c.content}`).toBeLessThan(TOLERANCE);
      }
    }
  });

  it('4D: a number is equally likely in each of the 23 places; Big returns 65.9 %, Small 58 %', () => {
    for (const play of playsOf('4D')) {
      let paid = 0;
      for (let i = 0; i < 23; i++) {
        const numbers = Array.from({ length: 23 }, (_, j) => String(j + 1).padStart(4, '0'));
        numbers[i] = '7777';
        const s = play.settle(res('4D', numbers), '7777');
        for (const h of s.hits) paid += h.count * bonusOf(play, h.prizeKey);
      }
      // P(7777 in place i) = 1/10,000 for every i; otherwise it pays nothing.
      expect(Math.abs(paid / 10_000 / play.singleBetPrice - play.share)).toBeLessThan(1e-12);
    }
  });

  for (const family of ['VNFAST', 'VNNORTH', 'VNCENTRAL', 'VNSOUTH'] as const) {
    it(`${family}: lô over every ending of every slot; the special's plays over every last four digits`, () => {
      const slots = familyOf(family).slots;
      // A base result whose numbers are all 1s: no slot ends in 0, 00, 000 or 0000.
      const base = slots.map((s) => '1'.repeat(s.digits));
      const withTail = (i: number, v: number, k: number): DrawResult => {
        const numbers = [...base];
        const d = slots[i]!.digits;
        const kk = Math.min(k, d);
        numbers[i] = numbers[i]!.slice(0, d - kk) + String(v).padStart(kk, '0');
        return res(family, numbers);
      };
      for (const k of [2, 3, 4]) {
        const play = playOf(family, `LO${k}`);
        const bet = play.prepare('0'.repeat(k));
        let expectedHits = 0;
        slots.forEach((s, i) => {
          const kk = Math.min(k, s.digits);
          // Every ending, except for a 4-digit ending: 0000 and 100 others (the rest are alike).
          const step = kk === 4 ? 97 : 1;
          const values = kk === 4 ? 101 : 10 ** kk;
          let hits = 0;
          for (let v = 0; v < values; v++)
            for (const h of bet.settle(withTail(i, v * step, k)).hits) hits += h.count;
          expectedHits += hits / 10 ** kk; // P(this slot's ending) × its hits
        });
        const rtp = (expectedHits * play.prizes[0]!.bonus) / play.singleBetPrice;
        expect(Math.abs(rtp - play.share), `${play.code} returns ${rtp}`).toBeLessThan(1e-12);
      }
      const specials = Array.from({ length: 10_000 }, (_, v) => withTail(0, v, 4));
      const overSpecial = (code: string, content: string, slot = 0, k = 4) => {
        const play = playOf(family, code);
        const results =
          slot === 0 ? specials : Array.from({ length: 10 ** k }, (_, v) => withTail(slot, v, k));
        const { paid, staked } = payout(play, content, results);
        expect(Math.abs(paid / staked - play.share), `${code} returns ${paid / staked}`).toBeLessThan(1e-12);
      };
      const all = (code: string) => rowsContent([playOf(family, code).rows[0]!.options]);
      for (const code of ['DE', 'DAU', 'DUOI', 'BSOE']) overSpecial(code, all(code));
      overSpecial('CANG3', '123');
      overSpecial('CANG4', '1234');
      const g8 = slots.findIndex((s) => s.prize === 'G8');
      if (g8 >= 0) overSpecial('DE_G8', all('DE_G8'), g8, 2);
    });

    it(`${family}: xiên and trượt win as often as their probability says (10,000 drawn results)`, () => {
      const N = 10_000;
      const stream = createHash('shake256', { outputLength: N * 200 })
        .update(`xien ${family}`)
        .digest();
      let at = 0;
      const next = () => {
        at += 32;
        return new Uint8Array(stream.buffer, stream.byteOffset + at - 32, 32);
      };
      const results = Array.from({ length: N }, () => resultFromBlocks(family, next));
      const n = familyOf(family).slots.length;
      const numbers = ['07', '18', '29', '30', '41', '52', '63', '74', '85', '96'];
      for (const [code, k, p] of [
        ['XIEN2', 2, xienProbability(2, n)],
        ['XIEN3', 3, xienProbability(3, n)],
        ['XIEN4', 4, xienProbability(4, n)],
        ['TRUOT4', 4, truotProbability(4, n)],
        ['TRUOT8', 8, truotProbability(8, n)],
        ['TRUOT10', 10, truotProbability(10, n)],
      ] as const) {
        const play = playOf(family, code);
        const bet = play.prepare(numbers.slice(0, k).join(','));
        let wins = 0;
        for (const r of results) wins += bet.settle(r).hits.length;
        const sd = Math.sqrt((p * (1 - p)) / N);
        expect(Math.abs(wins / N - p), `${code}: ${wins / N} vs ${p}`).toBeLessThan(4.5 * sd);
        expect(Math.abs(play.prizes[0]!.bonus * p - play.share)).toBeLessThan(1e-12);
        expect(play.share).toBeGreaterThan(0.9999);
      }
    });
  }
});
