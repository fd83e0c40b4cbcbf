import { describe, expect, it } from 'vitest';
import {
  buildStatements,
  checkOffer,
  ContractStatementSchema,
  ContractTermsSchema,
  DEFAULT_CONTRACT_TIME_ZONE,
  dailySalaryPayout,
  dividendPayout,
  higherRateConflicts,
  hourlySalaryPayout,
  periodAt,
  realTimeSalaryOf,
  settleDifferential,
  applyRate,
  type ContractKind,
  type ContractTerms,
  type DailySalaryTerms,
  type DividendTerms,
  type DrawBet,
  type HourlySalaryTerms,
  type RealTimeSalaryTerms,
  type StatementInput,
  type TeamFigures,
} from '../index.ts';
import { rng } from '../test/rng.ts';

/**
 * Properties over generated tiers, figures and 4-level trees (seeded, so a failure replays):
 * the tier reached never falls as figures rise; no agent is ever paid a negative amount; and the
 * differential pays a chain exactly the top's own amount (plus only what deficits carry).
 */

type Rand = () => number;
const int = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

/** n ascending values: strictly (for the main threshold) or not. */
function ascending(rand: Rand, n: number, lo: number, hi: number, strict: boolean): number[] {
  const out: number[] = [];
  let v = lo;
  for (let i = 0; i < n; i++) {
    v = i === 0 ? int(rand, lo, hi) : v + (strict ? 1 : 0) + int(rand, 0, hi);
    out.push(v);
  }
  return out;
}

/** Valid terms of a kind, percentage rates only for salaries (fixed amounts: `fixed`). */
function genTerms(rand: Rand, kind: ContractKind, fixed = false): ContractTerms {
  const n = int(rand, 1, 4);
  const bets = ascending(rand, n, 0, 2_000_000, true);
  const actives = ascending(rand, n, 0, 5, false);
  const rates = ascending(rand, n, 1, 800, false);
  switch (kind) {
    case 'dividend': {
      const nets = ascending(rand, n, 0, 200_000, false);
      const pct = ascending(rand, n, 1, 10, false);
      return ContractTermsSchema.parse({
        kind,
        productType: 'CONS',
        computationPeriod: 'M',
        resetFrequency: 1,
        tiers: bets.map((b, i) => ({
          minimumBet: b,
          netLoss: nets[i],
          activeMember: actives[i],
          contractRate: pct[i]! * 100,
        })),
      });
    }
    case 'dailySalary':
      return ContractTermsSchema.parse({
        kind,
        productType: 'LOTT',
        tiers: bets.map((b, i) => ({
          betVolume: b,
          activeMember: actives[i],
          rateType: fixed ? 'F' : 'P',
          rate: fixed ? rates[i]! * 100 : rates[i],
        })),
      });
    case 'hourlySalary':
      return ContractTermsSchema.parse({
        kind,
        productType: 'LOTT',
        unitValue: rand() < 0.5 ? null : int(rand, 1, 5_000),
        tiers: bets.map((b, i) => ({
          minimumBet: b,
          activeMember: actives[i],
          rateType: 'P',
          rate: rates[i],
        })),
      });
    case 'realTimeSalary': {
      const win = ascending(rand, n, 0, 300, false);
      return ContractTermsSchema.parse({
        kind,
        tiers: bets.map((b, i) => ({ betAmount: Math.floor(b / 100), lossRate: rates[i], winRate: win[i] })),
      });
    }
  }
}

/** A downline's terms from its upline's: the same thresholds, every rate at most the upline's at that tier. */
function deriveTerms(rand: Rand, up: ContractTerms): ContractTerms {
  const scale = (v: number, prev: number, step = 1) =>
    Math.min(v, Math.max(prev, step * Math.max(1, Math.ceil((rand() * v) / step))));
  const t = structuredClone(up) as ContractTerms;
  let p1 = 0;
  let p2 = 0;
  for (const row of t.tiers as Record<string, number>[]) {
    if (t.kind === 'dividend') row.contractRate = p1 = scale(row.contractRate!, p1, 100);
    else if (t.kind === 'realTimeSalary') {
      row.lossRate = p1 = scale(row.lossRate!, p1);
      row.winRate = p2 = row.winRate === 0 ? 0 : scale(row.winRate!, p2);
    } else row.rate = p1 = scale(row.rate!, p1);
  }
  return t;
}

interface Agent {
  id: number;
  up: number | null;
  players: { bet: number; payout: number; net: number }[][];
}

/** A 4-level tree: 1 top, 2–3 per level below, each agent with 0–4 players, each with 0–3 draws. */
function genTree(rand: Rand): Agent[] {
  const agents: Agent[] = [];
  const add = (up: number | null, depth: number) => {
    const id = agents.length + 1;
    const players = Array.from({ length: int(rand, 0, 4) }, () =>
      Array.from({ length: int(rand, 0, 3) }, () => {
        const bet = rand() < 0.1 ? 0 : int(rand, 1, 300_000);
        const payout = rand() < 0.6 ? 0 : int(rand, 0, 3 * bet);
        return { bet, payout, net: bet - payout };
      }),
    );
    agents.push({ id, up, players });
    if (depth < 3) for (let i = int(rand, 2, 3); i > 0; i--) add(id, depth + 1);
  };
  add(null, 0);
  return agents;
}

function teamOf(agents: Agent[], id: number): Agent[] {
  const out = [agents.find((a) => a.id === id)!];
  for (let i = 0; i < out.length; i++) for (const a of agents) if (a.up === out[i]!.id) out.push(a);
  return out;
}

function figuresOf(kind: ContractKind, team: Agent[]): TeamFigures {
  const players = team.flatMap((a) => a.players);
  const draws: DrawBet[] = players.flat().map((d) => ({ bet: d.bet, payout: d.payout }));
  const bet = draws.reduce((s, d) => s + d.bet, 0);
  const activeMembers = players.filter((p) => p.some((d) => d.bet > 0)).length;
  if (kind === 'realTimeSalary') return { kind, draws };
  if (kind === 'dividend') {
    const netLoss = players.flat().reduce((s, d) => s + d.net, 0);
    return {
      kind,
      figures: { validBet: bet, netLoss, activeMembers, cycleBets: [bet, bet, bet, bet] },
      carriedIn: 0,
      clearCarry: false,
    };
  }
  return { kind, figures: { bet, activeMembers } };
}

const TZ = DEFAULT_CONTRACT_TIME_ZONE;
const periodFor = (terms: ContractTerms) =>
  periodAt(
    terms.kind === 'dividend'
      ? 'M'
      : terms.kind === 'dailySalary'
        ? 'D'
        : terms.kind === 'hourlySalary'
          ? 'hour'
          : 'fiveMinutes',
    Date.parse('2026-11-28T05:07:00Z'),
    TZ,
  );

describe('contract properties', () => {
  it('the tier reached and (percentage) amount never fall as every figure rises', () => {
    const rand = rng(301);
    for (let i = 0; i < 2_000; i++) {
      const kind = (['dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary'] as const)[i % 4]!;
      const terms = genTerms(rand, kind);
      const bet = int(rand, 0, 3_000_000);
      const bet2 = bet + int(rand, 0, 1_000_000);
      const act = int(rand, 0, 8);
      const act2 = act + int(rand, 0, 3);
      if (terms.kind === 'dividend') {
        const net = int(rand, -100_000, 300_000);
        const net2 = net + int(rand, 0, 100_000);
        const a = dividendPayout(terms, { validBet: bet, netLoss: net, activeMembers: act }, 0, false);
        const b = dividendPayout(terms, { validBet: bet2, netLoss: net2, activeMembers: act2 }, 0, false);
        expect(b.tier).toBeGreaterThanOrEqual(a.tier);
        expect(b.amount).toBeGreaterThanOrEqual(a.amount);
      } else if (terms.kind === 'realTimeSalary') {
        const payout = rand() < 0.5 ? 0 : Number.MAX_SAFE_INTEGER;
        const a = realTimeSalaryOf(terms, { bet, payout });
        const b = realTimeSalaryOf(terms, { bet: bet2, payout });
        expect(b.tier).toBeGreaterThanOrEqual(a.tier);
        expect(b.amount).toBeGreaterThanOrEqual(a.amount);
      } else {
        const pay = (f: { bet: number; activeMembers: number }) =>
          terms.kind === 'dailySalary' ? dailySalaryPayout(terms, f) : hourlySalaryPayout(terms, f);
        const a = pay({ bet, activeMembers: act });
        const b = pay({ bet: bet2, activeMembers: act2 });
        expect(b.tier).toBeGreaterThanOrEqual(a.tier);
        expect(b.amount).toBeGreaterThanOrEqual(a.amount);
      }
    }
  });

  it('generated downline terms pass the offer check against their upline, and raise no higher-rate conflict', () => {
    const rand = rng(302);
    for (let i = 0; i < 500; i++) {
      const up = genTerms(
        rand,
        (['dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary'] as const)[i % 4]!,
      );
      const down = deriveTerms(rand, up);
      const r = checkOffer(down, { offerer: up });
      expect(r.ok ? [] : r.issues, JSON.stringify(down)).toEqual([]);
      expect(higherRateConflicts(up, [{ contractId: 1, downlineId: 2, status: 'A', terms: down }])).toEqual(
        [],
      );
    }
  });

  it('the higher-rate rule and the offer check agree: a contract conflicts exactly when it could not be offered now', () => {
    const rand = rng(303);
    const seen = { conflict: 0, clear: 0 };
    for (let i = 0; i < 1_000; i++) {
      const kind = (['dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary'] as const)[i % 4]!;
      const agentNew = genTerms(rand, kind, kind === 'dailySalary' && rand() < 0.3);
      const downline = genTerms(rand, kind, kind === 'dailySalary' && rand() < 0.3);
      const conflicts = higherRateConflicts(agentNew, [
        { contractId: 1, downlineId: 2, status: 'A', terms: downline },
      ]);
      const check = checkOffer(downline, { offerer: agentNew });
      const capped = check.ok
        ? false
        : check.issues.some(
            (x) => x.code === 'contract.tier.above.highest' || x.code === 'contract.tier.no.rate',
          );
      expect(conflicts.length > 0).toBe(capped);
      seen[capped ? 'conflict' : 'clear']++;
    }
    // The generator reaches both sides.
    expect(seen.conflict).toBeGreaterThan(100);
    expect(seen.clear).toBeGreaterThan(100);
  });

  it('no agent is paid a negative amount, and pays add up to the tops’ amounts plus the change in deficits', () => {
    const rand = rng(304);
    for (let i = 0; i < 500; i++) {
      const n = int(rand, 1, 30);
      const nodes = Array.from({ length: n }, (_, k) => ({
        agentId: k,
        uplineId: k === 0 || rand() < 0.1 ? null : int(rand, 0, k - 1),
        amount: rand() < 0.2 ? 0 : int(rand, 0, 1_000_000),
        deficitIn: rand() < 0.7 ? 0 : int(rand, 0, 500_000),
      }));
      const r = settleDifferential(nodes);
      let pay = 0;
      let deficitChange = 0;
      for (const x of r) {
        expect(x.pay).toBeGreaterThanOrEqual(0);
        expect(x.deficitOut).toBeGreaterThanOrEqual(0);
        pay += x.pay;
        deficitChange += x.deficitOut - x.deficitIn;
      }
      const tops = nodes.filter((x) => x.uplineId === null).reduce((s, x) => s + x.amount, 0);
      expect(pay).toBe(tops + deficitChange);
    }
  });

  it('on a generated 4-level tree the statements pay the chain exactly the top’s amount, recomputed bet by bet', () => {
    const rand = rng(305);
    const seen = { paid: 0, deficits: 0, middlePaid: 0 };
    for (let i = 0; i < 120; i++) {
      const kind = (['realTimeSalary', 'dailySalary', 'hourlySalary', 'dividend'] as const)[i % 4]!;
      const agents = genTree(rand);
      const terms = new Map<number, ContractTerms>();
      for (const a of agents)
        terms.set(a.id, a.up === null ? genTerms(rand, kind) : deriveTerms(rand, terms.get(a.up)!));
      const period = periodFor(terms.get(1)!);
      const inputs: StatementInput[] = agents.map((a) => ({
        agentId: a.id,
        uplineId: a.up,
        contractId: 100 + a.id,
        terms: terms.get(a.id)!,
        team: figuresOf(kind, teamOf(agents, a.id)),
      }));
      const statements = buildStatements(period, inputs);
      for (const s of statements) {
        expect(ContractStatementSchema.safeParse(s).success).toBe(true);
        expect(s.pay).toBeGreaterThanOrEqual(0);
        expect(s.periodKey).toBe(period.key);
      }
      const total = statements.reduce((sum, s) => sum + s.pay, 0);
      const deficits = statements.reduce((sum, s) => sum + s.deficitOut, 0);
      if (total > 0) seen.paid++;
      if (deficits > 0) seen.deficits++;
      if (statements.some((s) => s.deductions.length > 0 && s.pay > 0 && s.agentId !== 1)) seen.middlePaid++;
      expect(total).toBe(statements[0]!.amount + deficits);
      if (kind !== 'dividend') {
        // Bet-based kinds with rates within the upline's at every tier never fall short.
        expect(deficits).toBe(0);
        expect(total).toBe(statements[0]!.amount);
      }
      if (kind === 'realTimeSalary') {
        // Independently, draw by draw up the chain: each agent earns its rate's amount minus the
        // amount of the downline the draw came through.
        const byAgent = new Map<number, number>();
        for (const a of agents)
          for (const d of a.players.flat()) {
            let below = 0;
            for (let at: Agent | undefined = a; at; at = agents.find((x) => x.id === at!.up)) {
              const own = realTimeSalaryOf(terms.get(at.id) as RealTimeSalaryTerms, d).amount;
              byAgent.set(at.id, (byAgent.get(at.id) ?? 0) + own - below);
              below = own;
            }
          }
        for (const s of statements)
          expect(s.pay, `agent ${s.agentId}`).toBe(byAgent.get(s.agentId as number) ?? 0);
      }
      if (kind === 'dailySalary' || kind === 'hourlySalary') {
        // Independently: own amount on the whole team's bets, minus each direct downline's on its own.
        for (const s of statements) {
          const team = teamOf(agents, s.agentId as number);
          const pay = (t: ContractTerms, f: { bet: number; activeMembers: number }) =>
            t.kind === 'dailySalary'
              ? dailySalaryPayout(t as DailySalaryTerms, f).amount
              : hourlySalaryPayout(t as HourlySalaryTerms, f).amount;
          const f = (ag: Agent[]) => {
            const fig = figuresOf(kind, ag);
            return fig.kind === 'dailySalary' || fig.kind === 'hourlySalary'
              ? fig.figures
              : { bet: 0, activeMembers: 0 };
          };
          let expected = pay(terms.get(s.agentId as number)!, f(team));
          for (const d of agents.filter((x) => x.up === s.agentId))
            expected -= pay(terms.get(d.id)!, f(teamOf(agents, d.id)));
          expect(s.pay).toBe(expected);
        }
      }
      if (kind === 'dividend') {
        for (const s of statements) {
          const t = terms.get(s.agentId as number) as DividendTerms;
          expect(s.amount).toBe(applyRate(s.base, s.rate));
          expect(s.rate === 0 || t.tiers.some((x) => x.contractRate === s.rate)).toBe(true);
        }
      }
    }
    // The trees pay, middle agents keep a differential, and a dividend's sub-team sometimes lost
    // more than the whole team (a deficit).
    expect(seen.paid).toBeGreaterThan(60);
    expect(seen.middlePaid).toBeGreaterThan(40);
    expect(seen.deficits).toBeGreaterThan(0);
  });
});
