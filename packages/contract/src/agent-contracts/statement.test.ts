import { describe, expect, it } from 'vitest';
import {
  buildStatements,
  ContractStatementSchema,
  ContractTermsSchema,
  DEFAULT_CONTRACT_TIME_ZONE,
  periodAt,
  type ContractTerms,
} from '../index.ts';

const TZ = DEFAULT_CONTRACT_TIME_ZONE;
const week = periodAt('W', Date.parse('2026-11-28T12:00:00+08:00'), TZ);

const dividend = (rate1: number, rate2: number): ContractTerms =>
  ContractTermsSchema.parse({
    kind: 'dividend',
    productType: 'CONS',
    computationPeriod: 'W',
    tiers: [
      { minimumBet: 100_000, netLoss: 10_000, activeMember: 2, contractRate: rate1 },
      { minimumBet: 500_000, netLoss: 50_000, activeMember: 5, contractRate: rate2 },
    ],
  });

describe('contract statements', () => {
  it('record per agent per period: inputs, tier reached, rate, own amount, downline deductions and pay', () => {
    const statements = buildStatements(week, [
      {
        agentId: 1,
        uplineId: null,
        contractId: 10,
        terms: dividend(2_000, 3_000),
        team: {
          kind: 'dividend',
          figures: { validBet: 800_000, netLoss: 100_000, promotion: 10_000, activeMembers: 9 },
          carriedIn: 0,
          clearCarry: false,
        },
      },
      {
        agentId: 2,
        uplineId: 1,
        contractId: 11,
        terms: dividend(1_000, 2_000),
        team: {
          kind: 'dividend',
          figures: { validBet: 300_000, netLoss: 40_000, activeMembers: 3 },
          carriedIn: -15_000,
          clearCarry: false,
        },
        deficitIn: 500,
      },
    ]);
    expect(statements).toEqual([
      {
        agentId: 1,
        contractId: 10,
        kind: 'dividend',
        productType: 'CONS',
        periodKey: 'W:2026-11-22',
        periodStart: week.start,
        periodEnd: week.end,
        inputs: { bet: 800_000, periodNet: 90_000, carriedIn: 0, activeMembers: 9, draws: null },
        base: 90_000,
        tier: 1,
        rateType: null,
        rate: 3_000,
        amount: 27_000,
        deductions: [{ downlineId: 2, amount: 2_500 }],
        deficitIn: 0,
        recovered: 0,
        pay: 24_500,
        deficitOut: 0,
        carryOut: 0,
      },
      {
        agentId: 2,
        contractId: 11,
        kind: 'dividend',
        productType: 'CONS',
        periodKey: 'W:2026-11-22',
        periodStart: week.start,
        periodEnd: week.end,
        inputs: { bet: 300_000, periodNet: 40_000, carriedIn: -15_000, activeMembers: 3, draws: null },
        base: 25_000,
        tier: 0,
        rateType: null,
        rate: 1_000,
        amount: 2_500,
        deductions: [],
        deficitIn: 500,
        recovered: 500,
        pay: 2_000,
        deficitOut: 0,
        carryOut: 0,
      },
    ]);
    for (const s of statements) expect(ContractStatementSchema.parse(s)).toEqual(s);
  });

  it('refuses figures of another kind or a period of another code', () => {
    const terms = dividend(1_000, 2_000);
    expect(() =>
      buildStatements(week, [
        {
          agentId: 1,
          uplineId: null,
          contractId: 1,
          terms,
          team: { kind: 'dailySalary', figures: { bet: 1, activeMembers: 1 } },
        },
      ]),
    ).toThrow();
    expect(() =>
      buildStatements(periodAt('D', week.start, TZ), [
        {
          agentId: 1,
          uplineId: null,
          contractId: 1,
          terms,
          team: {
            kind: 'dividend',
            figures: { validBet: 1, netLoss: 1, activeMembers: 1 },
            carriedIn: 0,
            clearCarry: false,
          },
        },
      ]),
    ).toThrow();
  });
});
