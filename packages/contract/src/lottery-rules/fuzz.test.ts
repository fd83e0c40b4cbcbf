import { describe, expect, it } from 'vitest';
import { FAMILIES, isLotteryRuleError, parseSlips, parseWinNo, playsOf, resultFromBytes } from './index.ts';
import { rng } from '../test/rng.ts';

/**
 * Bad input is refused with a LotteryRuleError (a clear 4xx on the server), never another error:
 * random contents built from each play's own tokens, separators and junk, against random results.
 */

describe('fuzz: every play refuses bad content with a rule error and settles what it accepts', () => {
  it('2,000 random contents per family', { timeout: 60_000 }, () => {
    const rand = rng(21);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const junk = ['', ',', '_', ',,', '__', ' ', '-1', '1e3', '00000', 'x', '١', '0x1', 'NaN', '~', ';'];
    for (const family of FAMILIES) {
      const plays = playsOf(family);
      const results = Array.from({ length: 20 }, () =>
        resultFromBytes(
          family,
          Uint8Array.from({ length: 2048 }, () => Math.floor(rand() * 256)),
        ),
      );
      let accepted = 0;
      const problems: string[] = [];
      for (let i = 0; i < 2000; i++) {
        const play = pick(plays);
        const rows = play.rows.map((r) => {
          const n = Math.floor(rand() * 4);
          return Array.from({ length: n }, () => {
            const x = rand();
            if (x < 0.1) return pick(junk);
            if (r.options.length) return pick(r.options);
            return String(Math.floor(rand() * 10 ** (r.digits ?? 2))).padStart(r.digits ?? 2, '0');
          }).join(',');
        });
        if (rand() < 0.1) rows.push(pick(junk));
        const content = rows.join(rand() < 0.95 ? '_' : ',');
        let bet;
        try {
          bet = play.prepare(content);
        } catch (e) {
          if (!isLotteryRuleError(e)) problems.push(`${play.code} "${content}": ${String(e)}`);
          continue;
        }
        accepted++;
        if (!(Number.isSafeInteger(bet.notes) && bet.notes >= 1))
          problems.push(`${play.code} ${content}: notes`);
        for (const r of results) {
          const s = bet.settle(r);
          for (const h of s.hits)
            if (!(h.count > 0 && play.prizes.some((p) => p.key === h.prizeKey)))
              problems.push(`${play.code} ${content}: hit ${h.prizeKey}×${h.count}`);
          if (s.refundNotes < 0 || s.refundNotes > bet.notes)
            problems.push(`${play.code} ${content}: refund`);
        }
      }
      expect(problems, family).toEqual([]);
      expect(accepted, family).toBeGreaterThan(50);
    }
  });

  it('wire results and slip strings: junk is refused with a rule error', () => {
    const rand = rng(7);
    const alphabet = '0123456789,;~_ -.abcDT';
    const problems: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const text = Array.from(
        { length: Math.floor(rand() * 40) },
        () => alphabet[Math.floor(rand() * alphabet.length)],
      ).join('');
      for (const f of [() => parseWinNo(FAMILIES[i % FAMILIES.length]!, text), () => parseSlips(text)])
        try {
          f();
        } catch (e) {
          if (!isLotteryRuleError(e)) problems.push(`"${text}": ${String(e)}`);
        }
    }
    expect(problems).toEqual([]);
  });
});
