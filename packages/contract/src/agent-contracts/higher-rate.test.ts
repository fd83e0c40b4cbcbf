import { describe, expect, it } from 'vitest';
import {
  contractLine,
  ContractTermsSchema,
  downlineHigherRate,
  higherRateConflicts,
  higherRateWarning,
  transition,
  type ContractTerms,
  type DownlineContract,
} from '../index.ts';

const rt = (lossRate: number, winRate: number, lossRate2 = lossRate, winRate2 = winRate): ContractTerms =>
  ContractTermsSchema.parse({
    kind: 'realTimeSalary',
    tiers: [
      { betAmount: 1_000, lossRate, winRate },
      { betAmount: 10_000, lossRate: lossRate2, winRate: winRate2 },
    ],
  });
const daily = (rate: number, productType = 'LOTT'): ContractTerms =>
  ContractTermsSchema.parse({
    kind: 'dailySalary',
    productType,
    tiers: [{ betVolume: 1_000, activeMember: 1, rateType: 'P', rate }],
  });

const downlines: DownlineContract[] = [
  { contractId: 1, downlineId: 11, username: 'alice', status: 'A', terms: rt(20, 10, 40, 15) },
  { contractId: 2, downlineId: 12, username: 'bob', status: 'P', terms: rt(20, 5) },
  { contractId: 3, downlineId: 13, username: 'carol', status: 'C', terms: rt(60, 60) },
  { contractId: 4, downlineId: 14, username: 'dave', status: 'V', terms: rt(30, 12) },
  { contractId: 5, downlineId: 15, username: 'erin', status: 'A', terms: daily(500) },
];

describe('the higher-rate rule', () => {
  it('names every live downline contract on the line whose rate is above the new terms, and only those', () => {
    // New terms: loss up to 30, win up to 12. alice's 40 loss rate is above; dave's 30/12 is not.
    const conflicts = higherRateConflicts(rt(25, 10, 30, 12), downlines);
    expect(conflicts).toEqual([
      { contractId: 1, downlineId: 11, username: 'alice', tier: 1, field: 'lossRate', value: 40, cap: 30 },
    ]);
    expect(downlineHigherRate(rt(25, 10, 30, 12), downlines)).toBe('Y');
    expect(downlineHigherRate(rt(40, 15), downlines)).toBe('N');
    // A lower win rate catches bob's pending offer and dave's terminating contract too.
    expect(higherRateConflicts(rt(40, 4), downlines).map((c) => c.username)).toEqual([
      'alice',
      'bob',
      'dave',
    ]);
    // Ended contracts (carol) and other lines (erin's daily salary) are never touched.
    expect(higherRateConflicts(rt(1, 1), downlines).map((c) => c.username)).toEqual(['alice', 'bob', 'dave']);
    expect(higherRateConflicts(daily(400), downlines).map((c) => c.username)).toEqual(['erin']);
    expect(higherRateConflicts(daily(400, 'LIVE'), downlines)).toEqual([]);
  });

  it("when the agent's own contract ends, every live downline contract on its line ends with it", () => {
    expect(higherRateConflicts(null, downlines, contractLine(rt(1, 1))).map((c) => c.username)).toEqual([
      'alice',
      'bob',
      'dave',
    ]);
  });

  it('the warning names who is affected, and each named contract then ends automatically', () => {
    const conflicts = higherRateConflicts(rt(40, 4), downlines);
    expect(higherRateWarning(conflicts)).toBe(
      'There is a downline with a higher rate than the new contract; if you proceed, the contract with that downline is terminated automatically. (alice, bob, dave)',
    );
    for (const c of conflicts) {
      const status = downlines.find((d) => d.contractId === c.contractId)!.status;
      expect(transition(status, 'autoTerminate', 'system')).toMatchObject({ ok: true, next: 'C' });
    }
  });
});
