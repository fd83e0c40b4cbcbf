import { describe, expect, it } from 'vitest';
import {
  buildStatements,
  buildStatementSeries,
  carryClears,
  ContractTermsSchema,
  DEFAULT_CONTRACT_TIME_ZONE,
  lastClosedPeriods,
  ownAmountOf,
  tierBreakdown,
  type ContractTerms,
  type DividendTerms,
  type StatementInput,
  type TeamFigures,
} from '../index.ts';
import { rng } from '../test/rng.ts';

const TZ = DEFAULT_CONTRACT_TIME_ZONE;

const daily = ContractTermsSchema.parse({
  kind: 'dailySalary',
  productType: 'LOTT',
  tiers: [
    { betVolume: 1_000_000, activeMember: 5, rateType: 'P', rate: 50 },
    { betVolume: 5_000_000, activeMember: 10, rateType: 'P', rate: 120 },
    { betVolume: 9_000_000, activeMember: 20, rateType: 'F', rate: 150_000 },
  ],
});
const realTime = ContractTermsSchema.parse({
  kind: 'realTimeSalary',
  tiers: [
    { betAmount: 1_000, lossRate: 30, winRate: 10 },
    { betAmount: 10_000, lossRate: 50, winRate: 20 },
  ],
});
const dividend = (computationPeriod: 'D' | 'W' | 'H' | 'M', resetFrequency: number) =>
  ContractTermsSchema.parse({
    kind: 'dividend',
    productType: 'CONS',
    computationPeriod,
    resetFrequency,
    tiers: [
      { minimumBet: 100_000, netLoss: 10_000, activeMember: 3, contractRate: 1_000 },
      { minimumBet: 500_000, netLoss: 50_000, activeMember: 5, contractRate: 3_000 },
    ],
  }) as DividendTerms;

describe('contract simulator', () => {
  it('shows each tier: met or the thresholds it misses, what it would pay, and which one pays', () => {
    const lines = tierBreakdown(daily, {
      kind: 'dailySalary',
      figures: { bet: 6_000_000, activeMembers: 7 },
    });
    expect(lines.map((l) => [l.tier, l.met, l.paid, l.missing, l.amount])).toEqual([
      [0, true, true, [], 30_000],
      [1, false, false, ['activeMember'], 72_000],
      [2, false, false, ['betVolume', 'activeMember'], 150_000],
    ]);
    const rt = tierBreakdown(realTime, {
      kind: 'realTimeSalary',
      draws: [
        { bet: 5_000, payout: 0 },
        { bet: 5_000, payout: 9_000 },
        { bet: 20_000, payout: 0 },
        { bet: 500, payout: 0 },
      ],
    });
    expect(rt.map((l) => [l.tier, l.draws, l.bet, l.amount])).toEqual([
      [0, 2, 10_000, 20],
      [1, 1, 20_000, 100],
    ]);
  });

  it('property: the tier lines that pay add up to the amount settlement computes', () => {
    const rand = rng(31);
    const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
    for (let i = 0; i < 1_000; i++) {
      const pick = i % 3;
      const terms: ContractTerms = pick === 0 ? daily : pick === 1 ? realTime : dividend('W', 1);
      const team: TeamFigures =
        terms.kind === 'dailySalary'
          ? { kind: 'dailySalary', figures: { bet: int(0, 12_000_000), activeMembers: int(0, 25) } }
          : terms.kind === 'realTimeSalary'
            ? {
                kind: 'realTimeSalary',
                draws: Array.from({ length: int(0, 20) }, () => ({
                  bet: int(0, 30_000),
                  payout: int(0, 40_000),
                })),
              }
            : {
                kind: 'dividend',
                figures: {
                  validBet: int(0, 900_000),
                  netLoss: int(-50_000, 200_000),
                  activeMembers: int(0, 8),
                },
                carriedIn: -int(0, 30_000),
                clearCarry: false,
              };
      const paid = tierBreakdown(terms, team)
        .filter((l) => l.paid)
        .reduce((s, l) => s + l.amount, 0);
      const own = ownAmountOf(terms, team);
      expect(paid).toBe(own.amount);
      expect(tierBreakdown(terms, team).filter((l) => l.paid).length).toBeLessThanOrEqual(
        terms.kind === 'realTimeSalary' ? terms.tiers.length : 1,
      );
    }
  });

  it('runs the last periods in a row with the carried loss, as settlement does period by period', () => {
    const terms = dividend('W', 1);
    const weeks = lastClosedPeriods('W', Date.parse('2026-11-28T12:00:00+08:00'), 3, TZ).reverse();
    const nets = [-30_000, 20_000, 70_000];
    const runs = weeks.map((period, k) => ({
      period,
      inputs: [
        {
          agentId: 1,
          uplineId: null,
          contractId: 1,
          terms,
          team: {
            kind: 'dividend' as const,
            figures: { validBet: 600_000, netLoss: nets[k]!, activeMembers: 6 },
            carriedIn: 0,
            clearCarry: false,
          },
        },
      ],
    }));
    const series = buildStatementSeries(runs, TZ);
    expect(series.map((s) => [s[0]!.periodKey, s[0]!.inputs.carriedIn, s[0]!.base, s[0]!.pay])).toEqual([
      ['W:2026-11-01', 0, -30_000, 0],
      ['W:2026-11-08', -30_000, -10_000, 0],
      ['W:2026-11-15', -10_000, 60_000, 18_000],
    ]);
  });

  it('property: a series equals settlement run period by period on the state the last run left', () => {
    const rand = rng(32);
    const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
    for (let i = 0; i < 100; i++) {
      const terms = [dividend('W', int(0, 3)), dividend('M', 2)][i % 2]!;
      const code = terms.computationPeriod;
      const periods = lastClosedPeriods(code, Date.parse('2026-11-28T12:00:00+08:00'), 6, TZ).reverse();
      const down = dividend(code, terms.resetFrequency);
      const runs = periods.map((period) => ({
        period,
        inputs: [1, 2].map((id): StatementInput => ({
          agentId: id,
          uplineId: id === 1 ? null : 1,
          contractId: id,
          terms: id === 1 ? terms : down,
          team: {
            kind: 'dividend',
            figures: { validBet: int(0, 900_000), netLoss: int(-80_000, 200_000), activeMembers: int(0, 8) },
            carriedIn: 0,
            clearCarry: false,
          },
        })),
      }));
      const series = buildStatementSeries(runs, TZ);
      // Settlement: one period at a time, reading the carry and deficit the previous run stored.
      const stored = new Map<number, { carry: number; deficit: number }>();
      runs.forEach(({ period, inputs }, k) => {
        const statements = buildStatements(
          period,
          inputs.map((x) => ({
            ...x,
            team: {
              ...(x.team as Extract<TeamFigures, { kind: 'dividend' }>),
              carriedIn: stored.get(x.agentId as number)?.carry ?? 0,
              clearCarry: carryClears(x.terms as DividendTerms, period, TZ),
            },
            deficitIn: stored.get(x.agentId as number)?.deficit ?? 0,
          })),
        );
        expect(series[k]).toEqual(statements);
        for (const s of statements)
          stored.set(s.agentId as number, { carry: s.carryOut ?? 0, deficit: s.deficitOut });
      });
    }
  });
});
