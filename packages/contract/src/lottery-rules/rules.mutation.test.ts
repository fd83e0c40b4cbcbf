import { describe, expect, it } from 'vitest';
import { checkResult, parseWinNo, resultFromBytes } from './draw.ts';
import { isLotteryRuleError } from './types.ts';

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
