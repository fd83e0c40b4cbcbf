import { describe, expect, it } from 'vitest';
import { checkResult, parseWinNo, resultFromBytes } from './draw.ts';
import { decimalRatio, prizeOf, rebateOf, refundOf, stakeOf, topPrizeOf, winOf, zyFactor } from './money.ts';
import { choose, floor4, resultInts, settlement } from './play.ts';
import { isLotteryRuleError, type PlayDef } from './types.ts';

/**
 * The lottery rules the mutation run (docs/mutation-testing.md) found no test holding, at their
 * edges: a result the draw or an operator gives is settled on, so a malformed one must never pass.
 */
function refusal(run: () => unknown): { reason: string; message: string } {
  try {
    run();
  } catch (e) {
    if (isLotteryRuleError(e)) return { reason: e.reason, message: e.message };
    throw e;
  }
  throw new Error('accepted');
}

describe('a result is digits only, of its slot length and range', () => {
  it('a sign, a space or a point around the digits is refused, though Number() would read it', () => {
    for (const bad of ['+1', '-1', ' 1', '1 ', '1.', '.1', '0x', '1e'])
      expect(refusal(() => checkResult('11X5', [bad, '05', '11', '03', '07'])).reason, bad).toBe(
        'result.invalid',
      );
    expect(checkResult('11X5', ['01', '05', '11', '03', '07']).numbers).toEqual([
      '01',
      '05',
      '11',
      '03',
      '07',
    ]);
  });

  it('the refusal names the number by its place from 1, its digits and its range', () => {
    expect(refusal(() => checkResult('11X5', ['01', '05', '12', '03', '04'])).message).toMatch(
      /^Number 3 \(.+\) must be 2 digit\(s\) from 01 to 11$/,
    );
    expect(refusal(() => checkResult('K3', ['1', '2'])).message).toBe('K3 results have 3 numbers');
    expect(refusal(() => checkResult('11X5', ['01', '05', '11', '05', '07'])).message).toBe(
      '05 appears twice',
    );
  });
});

describe('a wire result', () => {
  it('is trimmed as a whole and number by number', () => {
    expect(parseWinNo('SSC', ' 12345 ').numbers).toEqual(['1', '2', '3', '4', '5']);
    expect(parseWinNo('11X5', '01, 05 ,11,03 , 07').numbers).toEqual(['01', '05', '11', '03', '07']);
  });

  it('that is not text is refused as a rule error, not a crash', () => {
    for (const bad of [null, undefined, 12345])
      expect(refusal(() => parseWinNo('SSC', bad as never))).toEqual({
        reason: 'result.invalid',
        message: 'The result is not text',
      });
  });
});

describe('the draw reads no byte for a choice of one', () => {
  it("PK10's last place is what the pool has left: nine bytes draw all ten places", () => {
    expect(resultFromBytes('PK10', new Uint8Array(9)).numbers).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
    ]);
  });
});

describe('stakes, prizes and rebates in minor units', () => {
  it('an amount given as text is trimmed', () => {
    expect(decimalRatio(' 2.5 ')).toEqual({ num: 25n, den: 10n });
    expect(decimalRatio(2.5)).toEqual({ num: 25n, den: 10n });
  });

  it('every factor counts, a unit other than 1 included: stake and prize scale with it', () => {
    // 3 notes of 2.00 at unit 2, multiple 1: 12.00.
    expect(stakeOf(3, 2, 2, 1)).toBe(1_200n);
    expect(stakeOf(3, 2, 2, 5)).toBe(6_000n);
    // Bonus 1960 at series 1960 of base 1960, unit 2: 3,920.00; multiple 3: 11,760.00.
    expect(prizeOf(1960, 1960, 1960, 2, 1)).toBe(392_000n);
    expect(prizeOf(1960, 1960, 1960, 2, 3)).toBe(1_176_000n);
    // A lower series pays its share of the base, rounded down to the minor unit.
    expect(prizeOf(1960, 1900, 1960, 1, 1)).toBe(190_000n);
    expect(prizeOf(19.5, 1901, 1960, 1, 1)).toBe(1_891n);
  });

  it('the currency precision is a whole number from 0 to 8', () => {
    expect(stakeOf(1, 1, 1, 1, 0)).toBe(1n);
    expect(stakeOf(1, 1, 1, 1, 8)).toBe(100_000_000n);
    for (const bad of [-1, 9, 1.5])
      expect(refusal(() => stakeOf(1, 1, 1, 1, bad))).toEqual({
        reason: 'amount.invalid',
        message: 'precision must be 0–8',
      });
  });

  it('the rebate is the stake times the series below the highest, over the base; never for a series above it', () => {
    expect(rebateOf(2_000n, 1_900, 1_960, 2_000)).toBe(60n);
    expect(rebateOf(2_000n, 1_960, 1_960, 2_000)).toBe(0n);
    expect(refusal(() => rebateOf(2_000n, 1_961, 1_960, 2_000))).toEqual({
      reason: 'series.invalid',
      message: 'Series above the highest allowed',
    });
  });

  it('the ZY factor cuts SSC prizes when the first number is 9 or 6, and no other family', () => {
    expect(zyFactor({ family: 'SSC', numbers: ['9', '1', '2', '3', '4'] })).toEqual({ num: 9n, den: 10n });
    expect(zyFactor({ family: 'SSC', numbers: ['6', '1', '2', '3', '4'] })).toEqual({ num: 6n, den: 10n });
    expect(zyFactor({ family: 'SSC', numbers: ['5', '1', '2', '3', '4'] })).toEqual({ num: 1n, den: 1n });
    expect(zyFactor({ family: 'K3', numbers: ['6', '1', '2'] })).toEqual({ num: 1n, den: 1n });
  });
});

describe('a settlement paid by its prizes', () => {
  // A play of three prizes, the highest in the middle.
  const play = {
    code: 'TEST',
    singleBetPrice: 2,
    prizes: [
      { key: 'low', bonus: 10 },
      { key: 'top', bonus: 30 },
      { key: 'mid', bonus: 20 },
    ],
  } as unknown as PlayDef;
  const o = { series: 1960, base: 1960, unit: 1, multiple: 1 };

  it('each hit is paid by its own prize, times its count', () => {
    expect(winOf(play, settlement(5, 0, ['mid', 2], ['top', 1]), o)).toBe(2n * 2_000n + 3_000n);
    expect(
      refusal(() =>
        winOf(play, { hits: [{ prizeKey: 'none', count: 1 }], refundNotes: 0, refund: false }, o),
      ),
    ).toEqual({
      reason: 'play.unknown',
      message: 'No prize none in TEST',
    });
  });

  it('the top prize is the highest bonus wherever it stands', () => {
    expect(topPrizeOf(play, o)).toBe(3_000n);
  });

  it('no returned note refunds nothing; returned notes refund their stake; all of them mark the bet refunded', () => {
    expect(refundOf(play, settlement(4, 0, ['low', 1]), 1, 1)).toBe(0n);
    expect(refundOf(play, settlement(4, 3), 1, 1)).toBe(600n);
    expect(settlement(4, 3).refund).toBe(false);
    expect(settlement(4, 4).refund).toBe(true);
    expect(settlement(4, 0, ['low', 0])).toEqual({ hits: [], refundNotes: 0, refund: false });
  });
});

describe('counting helpers', () => {
  it('choose(n, k) is 0 outside 0..n', () => {
    expect([choose(5, -1), choose(5, 0), choose(5, 2), choose(5, 5), choose(5, 6)]).toEqual([0, 1, 10, 1, 0]);
  });

  it('floor4 rounds down to four decimals, forgiving the float just under', () => {
    expect(floor4(0.12345)).toBe(0.1234);
    expect(floor4(0.1 + 0.2)).toBe(0.3);
    expect(floor4(0.29999)).toBe(0.2999);
  });

  it("a result is checked as the play's family before it is settled", () => {
    expect(refusal(() => resultInts({ family: 'K3', numbers: ['1', '2', '3'] }, 'SSC'))).toEqual({
      reason: 'result.invalid',
      message: 'This is not a SSC result',
    });
    expect(refusal(() => resultInts({ family: 'K3', numbers: ['1', '2', '7'] }, 'K3')).reason).toBe(
      'result.invalid',
    );
    expect(resultInts({ family: 'K3', numbers: ['1', '2', '3'] }, 'K3')).toEqual([1, 2, 3]);
    const frozen = Object.freeze({
      family: 'K3' as const,
      numbers: Object.freeze(['4', '5', '6']) as string[],
    });
    expect(resultInts(frozen, 'K3')).toEqual([4, 5, 6]);
    expect(resultInts(frozen, 'K3')).toBe(resultInts(frozen, 'K3'));
  });
});
