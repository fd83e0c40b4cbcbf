import type { ContractTerms, SalaryRateType } from './kinds.ts';
import { applyRate, dividendPayout, highestMet, realTimeSalaryOf, carryClears } from './payout.ts';
import type { SettlementPeriod } from './periods.ts';
import {
  buildStatements,
  type ContractStatement,
  type StatementInput,
  type TeamFigures,
} from './statement.ts';

/**
 * The contract simulator's pure part (issue 30): what a contract would pay on a team's figures,
 * tier by tier, and over several periods in a row with the carry-forward and deficits threaded
 * from one period to the next, exactly as settlement threads them. Settlement runs one period with
 * the state the previous run left; `buildStatementSeries` runs many with the same function.
 */

export interface TierLine {
  tier: number;
  /** Every threshold of the tier is met (for real-time: some draw reached it). */
  met: boolean;
  /** The tier the period pays: the highest met (real-time: every tier some draw reached). */
  paid: boolean;
  /** The thresholds the figures miss, by field name. */
  missing: string[];
  rateType: SalaryRateType | null;
  /** Basis points, or minor units for a fixed amount; real-time: the loss rate. */
  rate: number;
  /** Real-time only: the profit rate. */
  winRate?: number;
  /** Real-time only: the player-draws whose bet falls in this tier's band, and their bets. */
  draws?: number;
  bet?: number;
  /** What this tier pays on the figures (real-time: on the draws in its band). */
  amount: number;
}

/** Each tier of a contract against a period's figures: met or what it misses, and what it would pay. */
export function tierBreakdown(terms: ContractTerms, team: TeamFigures): TierLine[] {
  if (terms.kind === 'dividend' && team.kind === 'dividend') {
    const f = team.figures;
    const p = dividendPayout(terms, f, team.carriedIn, team.clearCarry);
    const cycles = f.cycleBets ?? [];
    return terms.tiers.map((t, i) => {
      const missing: string[] = [];
      if (f.validBet < t.minimumBet) missing.push('minimumBet');
      if (p.base < t.netLoss || p.base <= 0) missing.push('netLoss');
      if (f.activeMembers < t.activeMember) missing.push('activeMember');
      if (
        terms.periodicTotalBetRequired === 'Y' &&
        !(cycles.length === 4 && cycles.every((b) => b >= t.periodicTotalBet))
      )
        missing.push('periodicTotalBet');
      return {
        tier: i,
        met: missing.length === 0,
        paid: p.tier === i,
        missing,
        rateType: null,
        rate: t.contractRate,
        amount: applyRate(p.base, t.contractRate),
      };
    });
  }
  if ((terms.kind === 'dailySalary' || terms.kind === 'hourlySalary') && team.kind === terms.kind) {
    const f = team.figures;
    const unit = terms.kind === 'hourlySalary' ? terms.unitValue : null;
    const units = unit ? Math.floor(Math.max(0, f.bet) / unit) : 0;
    const base = unit ? units * unit : Math.max(0, f.bet);
    const rows = terms.tiers.map((t) => ({
      threshold: 'betVolume' in t ? t.betVolume : t.minimumBet,
      field: 'betVolume' in t ? 'betVolume' : 'minimumBet',
      t,
    }));
    const paid = highestMet(rows, (r) => f.bet >= r.threshold && f.activeMembers >= r.t.activeMember);
    return rows.map((r, i) => {
      const missing: string[] = [];
      if (f.bet < r.threshold) missing.push(r.field);
      if (f.activeMembers < r.t.activeMember) missing.push('activeMember');
      const amount = r.t.rateType === 'P' ? applyRate(base, r.t.rate) : unit ? units * r.t.rate : r.t.rate;
      return {
        tier: i,
        met: missing.length === 0,
        paid: paid === i,
        missing,
        rateType: r.t.rateType,
        rate: r.t.rate,
        amount,
      };
    });
  }
  if (terms.kind === 'realTimeSalary' && team.kind === 'realTimeSalary') {
    const lines: TierLine[] = terms.tiers.map((t, i) => ({
      tier: i,
      met: false,
      paid: false,
      missing: [],
      rateType: null,
      rate: t.lossRate,
      winRate: t.winRate,
      draws: 0,
      bet: 0,
      amount: 0,
    }));
    for (const d of team.draws) {
      const p = realTimeSalaryOf(terms, d);
      if (p.tier < 0) continue;
      const line = lines[p.tier]!;
      line.draws! += 1;
      line.bet! += d.bet;
      line.amount += p.amount;
      line.met = line.paid = true;
    }
    return lines;
  }
  throw new Error(`team figures of ${team.kind} for a ${terms.kind} contract`);
}

/**
 * Statements of the same set of contracts over consecutive periods, oldest first: each agent's
 * dividend carry and deficit flow from one period into the next (a dividend's carry cleared by its
 * reset rule). The inputs' own `carriedIn` and `deficitIn` count for the first period only.
 */
export function buildStatementSeries(
  runs: readonly { period: SettlementPeriod; inputs: readonly StatementInput[] }[],
  timeZone: string,
): ContractStatement[][] {
  const carry = new Map<string, number>();
  const deficit = new Map<string, number>();
  const out: ContractStatement[][] = [];
  runs.forEach(({ period, inputs }, k) => {
    const threaded = inputs.map((i): StatementInput => {
      const id = String(i.agentId);
      const team =
        i.team.kind === 'dividend' && i.terms.kind === 'dividend'
          ? {
              ...i.team,
              carriedIn: k === 0 ? i.team.carriedIn : (carry.get(id) ?? 0),
              clearCarry: carryClears(i.terms, period, timeZone),
            }
          : i.team;
      return { ...i, team, deficitIn: k === 0 ? (i.deficitIn ?? 0) : (deficit.get(id) ?? 0) };
    });
    const statements = buildStatements(period, threaded);
    for (const s of statements) {
      carry.set(String(s.agentId), s.carryOut ?? 0);
      deficit.set(String(s.agentId), s.deficitOut);
    }
    out.push(statements);
  });
  return out;
}
