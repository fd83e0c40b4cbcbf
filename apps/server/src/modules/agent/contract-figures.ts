import { sql, type Kysely } from 'kysely';
import {
  monthCycles,
  type ContractKind,
  type ContractTerms,
  type DrawBet,
  type SettlementPeriod,
  type TeamFigures,
} from '@app/contract';
import type { DB } from '../../db/schema.ts';
import { ActiveMetric, ALL_PRODUCTS } from './stats.ts';

/**
 * The team figures a contract is computed on (decision 030, "Settlement: figures"), read for many
 * agents of one line and one period at once. Settlement and the simulator both read them here, so
 * the two compute on the same numbers with the same pure function.
 *
 * - An agent's **team** is every member under it at any depth (member_tree depth > 0), its own bets
 *   not counted: the reports' team (decision 028).
 * - **Day-based** periods (daily salary, dividends) read the folded day aggregates
 *   (agent_team_day per ancestor, product and report day). CONS is the whole day ('*'), DEPOSIT the
 *   day's deposits; every other product type its own rows.
 * - **Windows** (hourly and real-time salaries) read bet_record over the window by settlement time
 *   (the instant the day aggregates date a bet by), joined to the closure table.
 * - **Active members**: the team members with at least one settled bet in the period, on any product
 *   (the fold's bettor metric for day-based periods, counted once per member over the period from
 *   agent_team_active's gaps; the same rule over bet_record for windows).
 * - **Real-time** draws are lottery bets of both our product types, LOTT and ELOTT: our own lottery
 *   records a Vietnamese draw as LOTT and every other as ELOTT, and a real-time contract (LOTT only,
 *   as the original) is on every draw. A player-draw is (player, game, draw number).
 */

export interface FigureLine {
  kind: ContractKind;
  productType: string;
}

/** Product types whose bets a window reads: null for every product. */
function windowProducts(line: FigureLine): string[] | null {
  if (line.kind === 'realTimeSalary') return ['LOTT', 'ELOTT'];
  if (line.productType === 'CONS') return null;
  return [line.productType];
}

/** The agent_team_day product key of a day-based contract. */
function dayProduct(productType: string): string {
  return productType === 'CONS' || productType === 'DEPOSIT' ? ALL_PRODUCTS : productType;
}

/** Every team figure a contract kind reads, without the dividend's carry (settlement adds it). */
export type RawFigures =
  | { kind: 'dividend'; figures: Extract<TeamFigures, { kind: 'dividend' }>['figures'] }
  | { kind: 'dailySalary' | 'hourlySalary'; figures: { bet: number; activeMembers: number } }
  | { kind: 'realTimeSalary'; draws: DrawBet[] };

/** Adds the dividend's carry-in to raw figures: the statement's team figures. */
export function teamFigures(raw: RawFigures, carriedIn: number, clearCarry: boolean): TeamFigures {
  return raw.kind === 'dividend' ? { ...raw, carriedIn, clearCarry } : raw;
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * The figures of each agent's team for one period of a line; agents with nothing in the period
 * get zeros. `terms` tells a monthly dividend whether it needs each weekly cycle's bet.
 */
export async function readTeamFigures(
  db: Kysely<DB>,
  line: FigureLine,
  period: SettlementPeriod,
  agentIds: readonly number[],
  terms?: (agentId: number) => ContractTerms | undefined,
): Promise<Map<number, RawFigures>> {
  const out = new Map<number, RawFigures>();
  if (agentIds.length === 0) return out;
  const ids = [...new Set(agentIds)];
  if (line.kind === 'realTimeSalary') return readDraws(db, period, ids);
  if (line.kind === 'hourlySalary') return readWindow(db, line, period, ids);

  const product = dayProduct(line.productType);
  const deposit = line.productType === 'DEPOSIT';
  const cycles = monthCycles(period.startDay);
  const wantsCycles =
    line.kind === 'dividend' &&
    period.code === 'M' &&
    ids.some((id) => {
      const t = terms?.(id);
      return t?.kind === 'dividend' && t.periodicTotalBetRequired === 'Y';
    });
  const figures = await sql<{
    ancestor_id: number;
    valid_bet: string;
    net: string;
    promotion: string;
    rebate: string;
    deposit: string;
    c1: string;
    c2: string;
    c3: string;
    c4: string;
  }>`
    select ancestor_id, sum(valid_bet)::text as valid_bet, sum(bet_amount - payout)::text as net,
      sum(promotion)::text as promotion, sum(rebate - agent_rebate)::text as rebate,
      sum(deposit)::text as deposit,
      ${
        wantsCycles
          ? sql`coalesce(sum(valid_bet) filter (where day between ${cycles[0]!.startDay}::date and ${cycles[0]!.endDay}::date), 0)::text as c1,
      coalesce(sum(valid_bet) filter (where day between ${cycles[1]!.startDay}::date and ${cycles[1]!.endDay}::date), 0)::text as c2,
      coalesce(sum(valid_bet) filter (where day between ${cycles[2]!.startDay}::date and ${cycles[2]!.endDay}::date), 0)::text as c3,
      coalesce(sum(valid_bet) filter (where day between ${cycles[3]!.startDay}::date and ${cycles[3]!.endDay}::date), 0)::text as c4`
          : sql`'0' as c1, '0' as c2, '0' as c3, '0' as c4`
      }
    from agent_team_day
    where ancestor_id = any(${ids}::bigint[]) and product = ${product}
      and day between ${period.startDay}::date and ${period.endDay}::date
    group by ancestor_id`.execute(db);
  // A member counts once over [s, e] on its first active day in it: the day whose gap since the
  // member's previous active day reaches back before s (agent_team_active, decision 028).
  const active = await sql<{ ancestor_id: number; members: string }>`
    select ancestor_id, sum(members)::text as members
    from agent_team_active
    where ancestor_id = any(${ids}::bigint[]) and metric = ${ActiveMetric.bettor}
      and day between ${period.startDay}::date and ${period.endDay}::date
      and gap > day - ${period.startDay}::date
    group by ancestor_id`.execute(db);
  const byId = new Map(figures.rows.map((r) => [Number(r.ancestor_id), r]));
  const actives = new Map(active.rows.map((r) => [Number(r.ancestor_id), num(r.members)]));
  for (const id of ids) {
    const r = byId.get(id);
    const activeMembers = actives.get(id) ?? 0;
    if (line.kind === 'dividend') {
      // Promotions and rebates are money movements of the whole day ('*' rows): a product's own
      // dividend has none to take off (decision 030).
      out.set(id, {
        kind: 'dividend',
        figures: {
          validBet: num(r?.valid_bet),
          netLoss: num(r?.net),
          promotion: num(r?.promotion),
          rebate: num(r?.rebate),
          fees: 0,
          adjustment: 0,
          activeMembers,
          ...(wantsCycles ? { cycleBets: [num(r?.c1), num(r?.c2), num(r?.c3), num(r?.c4)] } : {}),
        },
      });
    } else {
      out.set(id, {
        kind: 'dailySalary',
        figures: { bet: deposit ? num(r?.deposit) : num(r?.valid_bet), activeMembers },
      });
    }
  }
  return out;
}

async function readWindow(
  db: Kysely<DB>,
  line: FigureLine,
  period: SettlementPeriod,
  ids: number[],
): Promise<Map<number, RawFigures>> {
  const products = windowProducts(line);
  const rows = await sql<{ ancestor_id: number; bet: string; active: string }>`
    select t.ancestor_id,
      coalesce(sum(b.valid_bet) ${products ? sql`filter (where b.product = any(${products}::text[]))` : sql``}, 0)::text as bet,
      count(distinct b.member_id)::text as active
    from bet_record b
    join member_tree t on t.descendant_id = b.member_id and t.depth > 0
    where b.status = 'SETTLED' and b.settled_at >= ${new Date(period.start)} and b.settled_at < ${new Date(period.end)}
      and t.ancestor_id = any(${ids}::bigint[])
    group by t.ancestor_id`.execute(db);
  const byId = new Map(rows.rows.map((r) => [Number(r.ancestor_id), r]));
  const out = new Map<number, RawFigures>();
  for (const id of ids) {
    const r = byId.get(id);
    out.set(id, { kind: 'hourlySalary', figures: { bet: num(r?.bet), activeMembers: num(r?.active) } });
  }
  return out;
}

async function readDraws(
  db: Kysely<DB>,
  period: SettlementPeriod,
  ids: number[],
): Promise<Map<number, RawFigures>> {
  // The window's player-draws first (one row each), then who is above each player: a ticket is
  // read once however deep the tree.
  const draws = await sql<{ member_id: number; bet: string; payout: string }>`
    select member_id, sum(valid_bet)::text as bet, sum(payout)::text as payout
    from bet_record
    where status = 'SETTLED' and settled_at >= ${new Date(period.start)} and settled_at < ${new Date(period.end)}
      and product in ('LOTT', 'ELOTT')
    group by member_id, game_code, detail->>'numero'
    order by member_id, min(id)`.execute(db);
  const out = new Map<number, RawFigures>();
  for (const id of ids) out.set(id, { kind: 'realTimeSalary', draws: [] });
  if (draws.rows.length === 0) return out;
  const members = [...new Set(draws.rows.map((d) => Number(d.member_id)))];
  const tree = await sql<{ ancestor_id: number; descendant_id: number }>`
    select ancestor_id, descendant_id from member_tree
    where descendant_id = any(${members}::bigint[]) and ancestor_id = any(${ids}::bigint[]) and depth > 0`.execute(
    db,
  );
  const above = new Map<number, number[]>();
  for (const t of tree.rows) {
    const d = Number(t.descendant_id);
    let list = above.get(d);
    if (!list) above.set(d, (list = []));
    list.push(Number(t.ancestor_id));
  }
  for (const d of draws.rows) {
    const draw = { bet: num(d.bet), payout: num(d.payout) };
    for (const a of above.get(Number(d.member_id)) ?? [])
      (out.get(a) as { draws: DrawBet[] }).draws.push(draw);
  }
  return out;
}
