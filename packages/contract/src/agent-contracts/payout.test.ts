import { describe, expect, it } from 'vitest';
import {
  applyRate,
  carryClears,
  ContractTermsSchema,
  dailySalaryPayout,
  DEFAULT_CONTRACT_TIME_ZONE,
  differentialOf,
  dividendPayout,
  drawWon,
  hourlySalaryPayout,
  periodAt,
  realTimeSalaryOf,
  settleDifferential,
  type DailySalaryTerms,
  type DividendTerms,
  type HourlySalaryTerms,
  type RealTimeSalaryTerms,
} from '../index.ts';

const TZ = DEFAULT_CONTRACT_TIME_ZONE;
const at8 = (wall: string) => Date.parse(`${wall}+08:00`);

const dividend = (extra: object = {}) =>
  ContractTermsSchema.parse({
    kind: 'dividend',
    productType: 'CONS',
    computationPeriod: 'W',
    resetFrequency: 1,
    tiers: [
      {
        minimumBet: 100_000,
        netLoss: 10_000,
        activeMember: 3,
        contractRate: 1_000,
        periodicTotalBet: 10_000,
      },
      {
        minimumBet: 500_000,
        netLoss: 50_000,
        activeMember: 5,
        contractRate: 3_000,
        periodicTotalBet: 50_000,
      },
    ],
    ...extra,
  }) as DividendTerms;

describe('contract payouts', () => {
  it('applies a rate in basis points exactly, rounding down, never below 0', () => {
    expect(applyRate(12_345, 150)).toBe(185); // 185.175
    expect(applyRate(999_999_999_999_999, 9_999)).toBe(Number((999_999_999_999_999n * 9_999n) / 10_000n));
    expect(applyRate(-5_000, 1_000)).toBe(0);
    expect(applyRate(5_000, 0)).toBe(0);
  });

  it('a dividend pays the highest tier whose bet, net, active members are all met, on the net after deductions', () => {
    const terms = dividend();
    const f = {
      validBet: 600_000,
      netLoss: 80_000,
      promotion: 5_000,
      rebate: 3_000,
      fees: 2_000,
      activeMembers: 6,
    };
    expect(dividendPayout(terms, f, 0, false)).toEqual({
      periodNet: 70_000,
      carriedIn: 0,
      base: 70_000,
      tier: 1,
      rate: 3_000,
      amount: 21_000,
      carryOut: 0,
    });
    // Fewer actives: the lower tier. An adjustment is added.
    expect(dividendPayout(terms, { ...f, activeMembers: 4, adjustment: 1_000 }, 0, false)).toMatchObject({
      base: 71_000,
      tier: 0,
      amount: 7_100,
    });
    // Nothing reached: no dividend, nothing carried (the net was positive).
    expect(dividendPayout(terms, { ...f, activeMembers: 2 }, 0, false)).toMatchObject({
      tier: -1,
      amount: 0,
      carryOut: 0,
    });
  });

  it('a negative P&L is carried forward: no dividend until the accumulated net turns positive', () => {
    const terms = dividend();
    const lost = dividendPayout(terms, { validBet: 600_000, netLoss: -30_000, activeMembers: 6 }, 0, false);
    expect(lost).toMatchObject({ base: -30_000, amount: 0, carryOut: -30_000 });
    const stillLost = dividendPayout(
      terms,
      { validBet: 600_000, netLoss: 20_000, activeMembers: 6 },
      lost.carryOut,
      false,
    );
    expect(stillLost).toMatchObject({ carriedIn: -30_000, base: -10_000, amount: 0, carryOut: -10_000 });
    const back = dividendPayout(
      terms,
      { validBet: 600_000, netLoss: 70_000, activeMembers: 6 },
      stillLost.carryOut,
      false,
    );
    // 60,000 after the carried loss: tier 1 (net ≥ 50,000) at 30 %.
    expect(back).toMatchObject({ carriedIn: -10_000, base: 60_000, tier: 1, amount: 18_000, carryOut: 0 });
    // resetFrequency 0 carries nothing; a clearing period drops what was carried.
    const none = dividend({ resetFrequency: 0 });
    expect(
      dividendPayout(none, { validBet: 600_000, netLoss: -30_000, activeMembers: 6 }, 0, false).carryOut,
    ).toBe(0);
    expect(
      dividendPayout(none, { validBet: 600_000, netLoss: 70_000, activeMembers: 6 }, -50_000, false).base,
    ).toBe(70_000);
    expect(
      dividendPayout(terms, { validBet: 600_000, netLoss: 70_000, activeMembers: 6 }, -50_000, true).base,
    ).toBe(70_000);
    // Only a loss is carried: a positive figure handed in is not added.
    expect(
      dividendPayout(terms, { validBet: 600_000, netLoss: 70_000, activeMembers: 6 }, 5_000, false).base,
    ).toBe(70_000);
  });

  it('resetFrequency 2 clears the carried loss when a period starts in a new month; 1 and 3 never do', () => {
    const weekly = dividend({ resetFrequency: 2 });
    expect(carryClears(weekly, periodAt('W', at8('2026-11-29T12:00:00'), TZ), TZ)).toBe(false);
    expect(carryClears(weekly, periodAt('W', at8('2026-12-06T12:00:00'), TZ), TZ)).toBe(true);
    const half = dividend({ resetFrequency: 2, computationPeriod: 'H' });
    expect(carryClears(half, periodAt('H', at8('2026-12-02T12:00:00'), TZ), TZ)).toBe(true);
    expect(carryClears(half, periodAt('H', at8('2026-12-20T12:00:00'), TZ), TZ)).toBe(false);
    for (const resetFrequency of [1, 3])
      expect(
        carryClears(dividend({ resetFrequency }), periodAt('W', at8('2026-12-06T12:00:00'), TZ), TZ),
      ).toBe(false);
    expect(
      carryClears(dividend({ resetFrequency: 0 }), periodAt('W', at8('2026-11-29T12:00:00'), TZ), TZ),
    ).toBe(true);
  });

  it('a monthly dividend that requires the periodic bet needs every one of the four cycles to reach it', () => {
    const terms = dividend({ computationPeriod: 'M', periodicTotalBetRequired: 'Y' });
    const f = { validBet: 600_000, netLoss: 70_000, activeMembers: 6 };
    expect(
      dividendPayout(terms, { ...f, cycleBets: [150_000, 150_000, 150_000, 150_000] }, 0, false).tier,
    ).toBe(1);
    expect(
      dividendPayout(terms, { ...f, cycleBets: [150_000, 150_000, 49_999, 250_001] }, 0, false).tier,
    ).toBe(0);
    expect(
      dividendPayout(terms, { ...f, cycleBets: [150_000, 150_000, 9_999, 290_001] }, 0, false).tier,
    ).toBe(-1);
    expect(dividendPayout(terms, f, 0, false).tier).toBe(-1);
  });

  it('a daily salary pays by the tier whose bet and actives are both met: a percentage or a fixed amount', () => {
    const terms = ContractTermsSchema.parse({
      kind: 'dailySalary',
      productType: 'LOTT',
      tiers: [
        { betVolume: 1_000_000, activeMember: 5, rateType: 'P', rate: 50 },
        { betVolume: 5_000_000, activeMember: 10, rateType: 'P', rate: 120 },
        { betVolume: 9_000_000, activeMember: 20, rateType: 'F', rate: 150_000 },
      ],
    }) as DailySalaryTerms;
    expect(dailySalaryPayout(terms, { bet: 6_000_000, activeMembers: 12 })).toEqual({
      base: 6_000_000,
      tier: 1,
      rateType: 'P',
      rate: 120,
      amount: 72_000,
    });
    // The bet meets tier 1 but only tier 0's actives: paid by the actives reached.
    expect(dailySalaryPayout(terms, { bet: 6_000_000, activeMembers: 7 })).toMatchObject({
      tier: 0,
      amount: 30_000,
    });
    expect(dailySalaryPayout(terms, { bet: 9_500_000, activeMembers: 25 })).toMatchObject({
      tier: 2,
      amount: 150_000,
    });
    expect(dailySalaryPayout(terms, { bet: 999_999, activeMembers: 50 })).toMatchObject({
      tier: -1,
      amount: 0,
    });
  });

  it('an hourly salary counts whole unit values of bet when the contract sets one', () => {
    const terms = (unitValue: number | null, rateType: 'P' | 'F', rate: number) =>
      ContractTermsSchema.parse({
        kind: 'hourlySalary',
        productType: 'CONS',
        frequency: 'H',
        unitValue,
        tiers: [{ minimumBet: 10_000, activeMember: 1, rateType, rate }],
      }) as HourlySalaryTerms;
    const f = { bet: 25_999, activeMembers: 1 };
    expect(hourlySalaryPayout(terms(10_000, 'P', 100), f)).toMatchObject({ base: 20_000, amount: 200 });
    expect(hourlySalaryPayout(terms(10_000, 'F', 50), f)).toMatchObject({ base: 20_000, amount: 100 });
    expect(hourlySalaryPayout(terms(null, 'P', 100), f)).toMatchObject({ base: 25_999, amount: 259 });
    expect(hourlySalaryPayout(terms(null, 'F', 50), f)).toMatchObject({ amount: 50 });
    expect(hourlySalaryPayout(terms(null, 'F', 50), { bet: 9_999, activeMembers: 1 })).toMatchObject({
      tier: -1,
      amount: 0,
    });
    expect(hourlySalaryPayout(terms(null, 'F', 50), { bet: 25_999, activeMembers: 0 })).toMatchObject({
      amount: 0,
    });
  });

  it('the real-time salary is per player per draw: the draw bet sets the tier, the outcome picks the profit or loss rate', () => {
    const terms = ContractTermsSchema.parse({
      kind: 'realTimeSalary',
      tiers: [
        { betAmount: 1_000, lossRate: 30, winRate: 10 },
        { betAmount: 10_000, lossRate: 50, winRate: 20 },
      ],
    }) as RealTimeSalaryTerms;
    expect(terms.productType).toBe('LOTT');
    expect(realTimeSalaryOf(terms, { bet: 5_000, payout: 0 })).toEqual({
      tier: 0,
      won: false,
      rate: 30,
      amount: 15,
    });
    expect(realTimeSalaryOf(terms, { bet: 5_000, payout: 9_000 })).toEqual({
      tier: 0,
      won: true,
      rate: 10,
      amount: 5,
    });
    expect(realTimeSalaryOf(terms, { bet: 20_000, payout: 1 })).toMatchObject({
      tier: 1,
      rate: 50,
      amount: 100,
    });
    // Below the single-bet minimum: nothing.
    expect(realTimeSalaryOf(terms, { bet: 999, payout: 0 })).toMatchObject({ tier: -1, amount: 0 });
    // Break-even is not a loss.
    expect(drawWon({ bet: 5_000, payout: 5_000 })).toBe(true);
  });

  it('the differential: each agent keeps its amount minus its direct downlines’ amounts', () => {
    const r = settleDifferential([
      { agentId: 'top', uplineId: null, amount: 1_000 },
      { agentId: 'mid', uplineId: 'top', amount: 600 },
      { agentId: 'low', uplineId: 'mid', amount: 200 },
      { agentId: 'side', uplineId: 'top', amount: 100 },
    ]);
    expect(r.map((x) => [x.agentId, x.pay])).toEqual([
      ['top', 300],
      ['mid', 400],
      ['low', 200],
      ['side', 100],
    ]);
    expect(r[0]!.deductions).toEqual([
      { downlineId: 'mid', amount: 600 },
      { downlineId: 'side', amount: 100 },
    ]);
    expect(r.reduce((s, x) => s + x.pay, 0)).toBe(1_000);
  });

  it('when an agent owes its downlines more than its own amount it is paid 0 and the shortfall is recovered later', () => {
    const short = differentialOf('a', 100, [{ downlineId: 'd', amount: 300 }]);
    expect(short).toMatchObject({ gross: -200, pay: 0, deficitOut: 200 });
    const later = differentialOf('a', 1_000, [{ downlineId: 'd', amount: 300 }], short.deficitOut);
    expect(later).toMatchObject({ gross: 700, recovered: 200, pay: 500, deficitOut: 0 });
    const partly = differentialOf('a', 350, [{ downlineId: 'd', amount: 300 }], 200);
    expect(partly).toMatchObject({ recovered: 50, pay: 0, deficitOut: 150 });
  });
});
