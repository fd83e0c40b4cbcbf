import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  checkResult,
  familyOf,
  LotteryErrors,
  LotteryOrderStatus,
  MAX_AMOUNT_MINOR,
  MAX_BALANCE_MINOR,
  WalletErrors,
  lotteryPrizeModeIds,
  parseWinNo,
  rebateOf,
  refundOf,
  seriesBandOf,
  winOf,
  zyFactor,
  type DrawResult,
  type LotteryPrizeMode,
  type PrizeModeCode,
  type PreparedBet,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import {
  HouseAccount,
  WalletType,
  type HouseCode,
  type Posting,
  type WalletService,
} from '../wallet/wallet.service.ts';
import type { BetRecordWriter } from '../records/records.service.ts';
import { slotsBetween } from './schedule.ts';
import { drawFromSeed, findPlay, formatWinNo, newSeed, numeroKey, slotsOf, unitOf } from './rules.ts';
import type { GameRow } from './lottery-games.ts';

/** The vendor code of our lottery in the betting records (its vassalage). */
export const LOTTERY_VENDOR = 'TCG_SEA';

/**
 * The house's side of trial accounts' lottery bets (DESIGN.md D5, decision 019): free-play money
 * on both sides, so a trial account's stake, win, refund or rebate never touches the real house
 * (HOUSE_CASH), as games keep theirs on HOUSE_GAMES_FREE_PLAY.
 */
export const LOTTERY_FREE_PLAY_HOUSE = 'HOUSE_LOTTERY_FREE_PLAY' as HouseCode;

/**
 * The member's wallet that holds a lottery credit their main wallet has no room for.
 *
 * A draw pays all its winners in one movement, and no account may hold more than
 * MAX_BALANCE_MINOR (migration 024). Refused whole, one winner at the ceiling stalled the draw's
 * payout for every other winner, pass after pass. An operator owes that winner the prize all the
 * same and must not hold the others hostage to it, nor let the prize vanish into the house: so the
 * others are paid as always, and the credit the wallet cannot take goes, in the same movement and
 * under the same key, to this account of the winner's own, apart from the spendable balance (a
 * prize payable, shown by `ledger check` under its own account type), with a warning in the log.
 * The held-prizes job (`payHeldPrizes`) moves it to the main wallet, whole, once the wallet has
 * room for it (the member spent or withdrew); until then every run counts it as still held. The
 * same holds for the other credits a settlement makes on its own (rebates, corrections, win-stop
 * refunds) and for a void draw's refunds. A player's own cancel is refused instead: nothing is
 * cancelled, and the ticket plays on.
 */
export const LOTTERY_PRIZE_HELD = 'LOTTERY_PRIZE_HELD';

/** A member's amount in one lottery movement, and whether it is free-play money (a trial order). */
export type MemberAmount = [memberId: number, amount: number, freePlay: boolean];

const S = LotteryOrderStatus;
/** Detail statuses that are final and returned the stake. */
const CANCELLED = [S.cancelledAfterHit, S.cancelledDrawn, S.cancelledByPlayer, S.cancelledVoid];
/** Prize modes by their wire id. */
const MODE_OF_ID = new Map<number, LotteryPrizeMode>(
  Object.entries(lotteryPrizeModeIds).map(([mode, id]) => [id, mode as LotteryPrizeMode]),
);

export interface NumeroRow {
  id: number;
  game_id: number;
  numero: string;
  label: string;
  sale_start: Date;
  sale_end: Date;
  draw_at: Date;
  status: 'open' | 'locked' | 'drawn' | 'settled' | 'void';
  seed: Uint8Array;
  seed_hash: string;
  win_no: string;
  slots: { prize: string; numbers: string[] }[];
  revision: number;
  settled_revision: number;
}

export interface SettleOutcome {
  tickets: number;
  winners: number;
  paid: number;
  adjusted: number;
  chaseCancelled: number;
  /** Series rebates moved by this settlement (minor units; a correction's may be negative). */
  rebated: number;
  /** Credits of this settlement held in LOTTERY_PRIZE_HELD, the main wallet at its ceiling (minor units). */
  held: number;
}

interface TicketRow {
  id: number;
  order_id: number;
  member_id: number;
  multiple: number;
  amount: number;
  status: number;
  win_amount: number;
  play_id: number;
  content: string;
  betting_mode_id: number;
  series: number;
  prize_mode_id: number;
  /** The member's highest series when the order was placed (migration 030); null before 030. */
  max_bet_series: number | null;
  chase: boolean;
  win_stop: boolean;
  order_no: string;
  free_play: boolean;
}

/** Amounts by member with each member's free-play mark (a member's orders all carry the same). */
function marked(byMember: Map<number, number>, freePlay: Set<number>): MemberAmount[] {
  return [...byMember].map(([m, a]) => [m, a, freePlay.has(m)]);
}

/** Refunded tickets summed by member, with the mark of their orders. */
function byMemberOf(rows: { member_id: number; amount: number; free_play: boolean }[]): MemberAmount[] {
  const sums = new Map<number, number>();
  const free = new Set<number>();
  for (const r of rows) {
    sums.set(r.member_id, (sums.get(r.member_id) ?? 0) + r.amount);
    if (r.free_play) free.add(r.member_id);
  }
  return marked(sums, free);
}

/** Settled outcomes of orders, by order number: payout and valid bet in minor units. */
interface OrderOutcomes {
  betNos: string[];
  payouts: number[];
  validBets: number[];
}

/**
 * The draw engine (decision 022): creates numeros ahead from the schedules, closes sales, draws
 * our games from the committed seed, takes official results, settles each numero once per result
 * revision, voids and refunds. Exactly once however many instances and jobs run: every step is a
 * conditional change of the numero row taken `for update`, in the same transaction as its money,
 * and every movement carries an idempotency key naming the numero and the revision.
 */
export class LotteryEngine {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly records: BetRecordWriter;
  private readonly gameRows: (db?: Kysely<DB>) => Promise<GameRow[]>;

  constructor(deps: {
    database: Database;
    wallet: WalletService;
    /** The betting records' writer: settled and cancelled orders update their records through it. */
    records: BetRecordWriter;
    games: (db?: Kysely<DB>) => Promise<GameRow[]>;
  }) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.records = deps.records;
    this.gameRows = deps.games;
  }

  /**
   * The series rebate of a detail (decision 021: stake × (maxBetSeries − series) ÷ base, rounded
   * down) on what was really at stake: a detail that won or lost; none on a tie (its stake came
   * back) or a cancelled one. Paid at settlement, so a cancelled, voided or chase-stopped detail
   * never earns one and nothing has to be taken back; a correction moves the difference.
   * maxBetSeries is the member's own when the order was placed (its prize group's, decision 028:
   * the uplines' differential is the agents' rebate job's), the band's top for older orders.
   */
  private rebateOf(family: string, t: TicketRow, status: number): number {
    if (status !== S.won && status !== S.lost) return 0;
    const max = t.max_bet_series ?? this.maxBetSeries(family)[t.prize_mode_id] ?? 0;
    if (t.series >= max) return 0;
    return Number(rebateOf(BigInt(t.amount), t.series, max, familyOf(family).base));
  }

  /** The highest bet series of a family by prize mode id (0: not sold in that mode), worked out once. */
  private maxBetSeries(family: string): number[] {
    let byMode = this.bands.get(family);
    if (!byMode) {
      byMode = [];
      for (const [id, mode] of MODE_OF_ID) {
        try {
          byMode[id] = seriesBandOf(family, mode as PrizeModeCode).maxBetSeries;
        } catch {
          byMode[id] = 0;
        }
      }
      this.bands.set(family, byMode);
    }
    return byMode;
  }

  private readonly bands = new Map<string, number[]>();

  /**
   * Runs one step in its own transaction, or, inside a caller's transaction (a job's run), between
   * a savepoint and its release: a step that fails is undone alone and the run goes on.
   */
  private async step<T>(outer: Kysely<DB> | undefined, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    if (!outer) return this.database.db.transaction().execute(fn);
    await sql`savepoint lottery_step`.execute(outer);
    try {
      const out = await fn(outer);
      await sql`release savepoint lottery_step`.execute(outer);
      return out;
    } catch (err) {
      await sql`rollback to savepoint lottery_step`.execute(outer);
      throw err;
    }
  }

  /**
   * An operator's step (a result, a void) in its own transaction, or inside the caller's (the back
   * office's service, which audits it and settles it in the same transaction).
   */
  private async inTransaction<T>(
    outer: Kysely<DB> | undefined,
    fn: (trx: Kysely<DB>) => Promise<T>,
  ): Promise<T> {
    return outer ? fn(outer) : this.database.db.transaction().execute(fn);
  }

  private precision(): number {
    return this.wallet.currency().precision;
  }

  // ---- numeros ---------------------------------------------------------------------------------

  /**
   * Creates every numero of each enabled game from the start of its zone's day up to `now` +
   * horizon that does not exist yet. Unique (game, numero) and (game, draw time) make it safe to
   * run from any number of instances, and a scheduler that was down fills the day's gap.
   */
  async ensureNumeros(
    now: Date,
    db: Kysely<DB> = this.database.db,
    horizonMs = 2 * 3_600_000,
    daily = 8 * 86_400_000,
  ): Promise<number> {
    let created = 0;
    for (const g of await this.gameRows(db)) {
      if (!g.enabled) continue;
      const dayStart = new Date(now.getTime() - ((now.getTime() + g.utc_offset_min * 60_000) % 86_400_000));
      const to = new Date(now.getTime() + (g.interval_s > 0 ? horizonMs : daily));
      const slots = slotsBetween(
        {
          code: g.code,
          intervalS: g.interval_s,
          drawTime: g.draw_time,
          drawDays: g.draw_days,
          lockS: g.lock_s,
          utcOffsetMin: g.utc_offset_min,
          calendar: g.calendar,
          suspended: g.suspended_dates ?? [],
        },
        dayStart,
        to,
      );
      if (slots.length === 0) continue;
      const have = await sql<{ n: number }>`
        select count(*)::int as n from lottery_numero
        where game_id = ${g.id} and draw_at >= ${slots[0]!.drawAt} and draw_at <= ${slots[slots.length - 1]!.drawAt}`.execute(
        db,
      );
      if ((have.rows[0]?.n ?? 0) >= slots.length) continue;
      const seeds = slots.map(() => newSeed());
      const res = await sql`
        insert into lottery_numero (game_id, numero, label, sale_start, sale_end, draw_at, seed, seed_hash)
        select ${g.id}, x.numero, x.label, x.sale_start, x.sale_end, x.draw_at, decode(x.seed, 'hex'), x.seed_hash
        from unnest(${slots.map((s) => s.numero)}::text[], ${slots.map((s) => s.label)}::text[],
          ${slots.map((s) => s.saleStart.toISOString())}::timestamptz[], ${slots.map((s) => s.saleEnd.toISOString())}::timestamptz[],
          ${slots.map((s) => s.drawAt.toISOString())}::timestamptz[], ${seeds.map((s) => s.seed.toString('hex'))}::text[],
          ${seeds.map((s) => s.seedHash)}::text[])
          as x(numero, label, sale_start, sale_end, draw_at, seed, seed_hash)
        on conflict do nothing`.execute(db);
      created += Number(res.numAffectedRows ?? 0);
    }
    return created;
  }

  // ---- the draw job ----------------------------------------------------------------------------

  /**
   * One pass of the draw job at `now`: closes sales that ended, draws our games whose time has
   * come (and sandboxed official ones), settles what is drawn. Each numero in its own transaction,
   * taken with SKIP LOCKED so instances share the work instead of queueing on it.
   */
  async runDraws(
    now: Date,
    outer?: Kysely<DB>,
    limit = 5000,
  ): Promise<{ locked: number; drawn: number; settled: number; failed: number; held: number }> {
    const db = outer ?? this.database.db;
    const locked = await sql`
      update lottery_numero set status = 'locked'
      where status = 'open' and sale_end <= ${now}`.execute(db);
    const games = new Map((await this.gameRows(db)).map((g) => [g.id, g]));
    const ours = [...games.values()].filter((g) => g.result_source === 'RNG' || g.sandbox).map((g) => g.id);
    // Our draws, all due ones in one statement: a result follows from the committed seed alone, so
    // two instances drawing the same numero would write the same numbers; the first commit wins.
    const due = await sql<{ id: number; game_id: number; numero: string; seed: Uint8Array }>`
      select id, game_id, numero, seed from lottery_numero
      where status in ('open','locked') and draw_at <= ${now} and game_id = any(${ours}::int[])
      order by draw_at, id limit ${limit}`.execute(db);
    let drawn = 0;
    if (due.rows.length > 0) {
      const results = due.rows.map((n) => {
        const g = games.get(n.game_id)!;
        const r = drawFromSeed(g.family, Buffer.from(n.seed), numeroKey(g.code, n.numero));
        return { id: n.id, winNo: formatWinNo(r), slots: JSON.stringify(slotsOf(r)) };
      });
      const done = await sql<{ id: number; win_no: string; slots: unknown }>`
        update lottery_numero n set status = 'drawn', win_no = x.win_no, slots = x.slots::jsonb, revision = 0,
          drawn_at = now()
        from unnest(${results.map((r) => r.id)}::bigint[], ${results.map((r) => r.winNo)}::text[],
          ${results.map((r) => r.slots)}::text[]) as x(id, win_no, slots)
        where n.id = x.id and n.status in ('open','locked')
        returning n.id, n.win_no, n.slots`.execute(db);
      drawn = done.rows.length;
      if (drawn > 0)
        await sql`
          insert into lottery_result_revision (numero_id, revision, win_no, slots, source)
          select x.id, 0, x.win_no, x.slots::jsonb, 'RNG'
          from unnest(${done.rows.map((r) => r.id)}::bigint[], ${done.rows.map((r) => r.win_no)}::text[],
            ${done.rows.map((r) => JSON.stringify(r.slots))}::text[]) as x(id, win_no, slots)
          on conflict do nothing`.execute(db);
    }
    // Drawn numeros nobody bet on are settled at once; the others one by one.
    const quiet = await sql`
      update lottery_numero n set status = 'settled', settled_revision = n.revision, settled_at = now()
      where n.status = 'drawn' and n.draw_at <= ${now}
        and not exists (select 1 from lottery_ticket t where t.numero_id = n.id)`.execute(db);
    const toSettle = await sql<{ id: number; game_id: number }>`
      select id, game_id from lottery_numero where status = 'drawn' and draw_at <= ${now}
      order by draw_at, id limit 200`.execute(db);
    let settled = Number(quiet.numAffectedRows ?? 0);
    let failed = 0;
    let held = 0;
    for (const n of toSettle.rows) {
      try {
        const out = await this.settle(n.id, outer);
        if (out) settled++;
        if (out && out.held > 0) held++;
      } catch (err) {
        // One numero's failure (logged) must not hold back the others; it is tried again next run.
        failed++;
        console.error(
          `lottery: settling numero ${n.id} of game ${n.game_id} failed:`,
          err instanceof Error ? err.stack : err,
        );
      }
    }
    // held: numeros whose settlement held a credit in LOTTERY_PRIZE_HELD (logged one by one).
    return { locked: Number(locked.numAffectedRows ?? 0), drawn, settled, failed, held };
  }

  /** Draws one numero from its committed seed; false when another instance got there first. */
  async drawOwn(numeroId: number, g: GameRow, now: Date, outer?: Kysely<DB>): Promise<boolean> {
    return this.step(outer, async (trx) => {
      const n = await this.lockNumero(trx, numeroId, true);
      if (!n || (n.status !== 'open' && n.status !== 'locked') || n.draw_at.getTime() > now.getTime())
        return false;
      const result = drawFromSeed(g.family, Buffer.from(n.seed), numeroKey(g.code, n.numero));
      await this.recordResult(trx, n, result, 'RNG');
      return true;
    });
  }

  /** The game an operator command names by its code. */
  private async gameByCode(gameCode: string, db?: Kysely<DB>): Promise<GameRow> {
    const g = (await this.gameRows(db)).find((x) => x.code === gameCode);
    if (!g) throw fail(LotteryErrors.lotteryGameNotFound);
    return g;
  }

  /** A numero of `g` by its number, locked for the rest of `trx`; refused when there is none. */
  private async lockNumeroOf(trx: Kysely<DB>, g: GameRow, numero: string): Promise<NumeroRow> {
    const id = await sql<{ id: number }>`
      select id from lottery_numero where game_id = ${g.id} and numero = ${numero}`.execute(trx);
    const n = id.rows[0] ? await this.lockNumero(trx, id.rows[0].id) : undefined;
    if (!n) throw fail(LotteryErrors.lotteryOrderNotFound, { message: `No numero ${numero} of ${g.code}` });
    return n;
  }

  private async lockNumero(trx: Kysely<DB>, id: number, skipLocked = false): Promise<NumeroRow | undefined> {
    const r = await sql<NumeroRow>`
      select * from lottery_numero where id = ${id}
      for update ${skipLocked ? sql`skip locked` : sql``}`.execute(trx);
    return r.rows[0];
  }

  private async recordResult(
    trx: Kysely<DB>,
    n: NumeroRow,
    result: DrawResult,
    source: string,
  ): Promise<number> {
    const winNo = formatWinNo(result);
    const slots = slotsOf(result);
    const revision = n.status === 'drawn' || n.status === 'settled' ? n.revision + 1 : 0;
    await sql`
      update lottery_numero set status = 'drawn', win_no = ${winNo}, slots = ${JSON.stringify(slots)}::jsonb,
        revision = ${revision}, drawn_at = coalesce(drawn_at, now())
      where id = ${n.id}`.execute(trx);
    await sql`
      insert into lottery_result_revision (numero_id, revision, win_no, slots, source)
      values (${n.id}, ${revision}, ${winNo}, ${JSON.stringify(slots)}::jsonb, ${source})`.execute(trx);
    return revision;
  }

  // ---- official results ------------------------------------------------------------------------

  /**
   * Enters an official result (the operator): a whole result (`winNo`, every number in the family's
   * order) or some prizes' numbers (`slots`, e.g. G7 first as the South calls them). The numero is
   * drawn once every slot is filled. A different whole result for a drawn or settled numero is a
   * correction: a new revision, re-settled by the difference.
   */
  async enterResult(
    gameCode: string,
    numero: string,
    input: { winNo?: string; slots?: Record<string, string[]> },
    outer?: Kysely<DB>,
  ): Promise<{ status: string; revision: number; missing: string[]; winNo: string }> {
    const g = await this.gameByCode(gameCode, outer);
    const f = familyOf(g.family);
    return this.inTransaction(outer, async (trx) => {
      const n = await this.lockNumeroOf(trx, g, numero);
      if (n.status === 'void')
        throw fail(LotteryErrors.lotteryCancelNotAllowed, { message: 'This numero is void' });
      // The slots entered so far, by prize (numbers in order within each prize).
      const current = new Map<string, string[]>();
      for (const s of n.slots) current.set(s.prize, [...s.numbers]);
      if (input.winNo !== undefined) {
        const result = parseWinNo(g.family, input.winNo);
        for (const s of slotsOf(result)) current.set(s.prize, s.numbers);
      }
      for (const [prize, numbers] of Object.entries(input.slots ?? {})) {
        const count = f.slots.filter((s) => s.prize === prize).length;
        if (count === 0)
          throw fail(LotteryErrors.lotterySlipInvalid, { message: `No prize ${prize} in ${g.family}` });
        if (numbers.length !== count)
          throw fail(LotteryErrors.lotterySlipInvalid, { message: `Prize ${prize} has ${count} numbers` });
        current.set(prize, numbers);
      }
      const order = [...new Set(f.slots.map((s) => s.prize))];
      const missing = order.filter((p) => !current.has(p));
      if (missing.length > 0) {
        if (n.status === 'drawn' || n.status === 'settled')
          throw fail(LotteryErrors.lotterySlipInvalid, { message: 'A correction gives every prize' });
        const partial = order
          .filter((p) => current.has(p))
          .map((p) => ({ prize: p, numbers: current.get(p)! }));
        // Checked as far as given: each number of its prize's width.
        for (const s of partial) {
          const width = f.slots.find((x) => x.prize === s.prize)!.digits;
          if (s.numbers.some((x) => !new RegExp(`^[0-9]{${width}}$`).test(x)))
            throw fail(LotteryErrors.lotterySlipInvalid, {
              message: `Prize ${s.prize} numbers have ${width} digits`,
            });
        }
        await sql`update lottery_numero set slots = ${JSON.stringify(partial)}::jsonb where id = ${n.id}`.execute(
          trx,
        );
        return { status: n.status, revision: n.revision, missing, winNo: '' };
      }
      let result: DrawResult;
      try {
        result = checkResult(
          g.family,
          order.flatMap((p) => current.get(p)!),
        );
      } catch (e) {
        throw fail(LotteryErrors.lotterySlipInvalid, { message: (e as Error).message });
      }
      const winNo = formatWinNo(result);
      if ((n.status === 'drawn' || n.status === 'settled') && winNo === n.win_no)
        return { status: n.status, revision: n.revision, missing: [], winNo };
      const revision = await this.recordResult(trx, n, result, 'OFFICIAL');
      return { status: 'drawn', revision, missing: [], winNo };
    });
  }

  // ---- settlement ------------------------------------------------------------------------------

  /**
   * Settles a drawn numero at its latest result revision, once: the first settlement pays the
   * winners (BET_PAYOUT), a later revision moves only each member's difference (ADJUSTMENT). A
   * winning chase detail with win-stop cancels and refunds its order's later details.
   */
  async settle(numeroId: number, outer?: Kysely<DB>): Promise<SettleOutcome | null> {
    return this.step(outer, async (trx) => {
      // SKIP LOCKED: a numero another instance is settling right now is that instance's.
      const n = await this.lockNumero(trx, numeroId, true);
      if (!n || n.status !== 'drawn' || n.settled_revision >= n.revision) return null;
      const g = (await this.gameRows(trx)).find((x) => x.id === n.game_id);
      if (!g) return null;
      const result = parseWinNo(g.family, n.win_no);
      const base = familyOf(g.family).base;
      const precision = this.precision();
      const tickets = await sql<TicketRow>`
        select t.id, t.order_id, t.member_id, t.multiple, t.amount, t.status, t.win_amount,
          o.play_id, o.content, o.betting_mode_id, o.series, o.prize_mode_id, o.max_bet_series, o.chase,
          o.win_stop, o.order_no, o.free_play
        from lottery_ticket t join lottery_order o on o.id = t.order_id
        where t.numero_id = ${n.id} and t.status in (${S.inProgress}, ${S.won}, ${S.lost}, ${S.tie})
        order by t.id`.execute(trx);
      const prepared = new Map<string, PreparedBet>();
      const ids: number[] = [];
      const before: number[] = [];
      const statuses: number[] = [];
      const wins: number[] = [];
      const deltaByMember = new Map<number, number>();
      const rebateByMember = new Map<number, number>();
      const memberWin = new Map<number, number>();
      // Members of trial orders: their money moves against the free-play house (DESIGN.md D5).
      const freePlay = new Set<number>();
      const stopOrders: number[] = [];
      // An order that is no chase has this one detail: its betting record's outcome is the
      // detail's, known here without reading the tickets back (decision 022).
      const single: OrderOutcomes = { betNos: [], payouts: [], validBets: [] };
      const chaseOrders: number[] = [];
      let winners = 0;
      const zy = zyFactor(result);
      for (const t of tickets.rows) {
        if (t.free_play) freePlay.add(t.member_id);
        const play = findPlay(g.family, t.play_id);
        const unit = unitOf(t.betting_mode_id);
        let status: number = S.lost;
        let payout = 0;
        if (play && unit) {
          const k = `${t.play_id}|${t.content}`;
          let p = prepared.get(k);
          if (!p) {
            p = play.prepare(t.content);
            prepared.set(k, p);
          }
          const s = p.settle(result);
          const factor = t.prize_mode_id === lotteryPrizeModeIds.ZY ? zy : undefined;
          let win = Number(
            winOf(play, s, {
              series: t.series,
              base,
              unit,
              multiple: t.multiple,
              precision,
              ...(factor ? { factor } : {}),
            }),
          );
          win = Math.min(win, g.win_max);
          // The house pays at most draw_payout_max to one member on one draw (0: no cap).
          if (g.draw_payout_max > 0 && win > 0) {
            const before = memberWin.get(t.member_id) ?? 0;
            win = Math.max(0, Math.min(win, g.draw_payout_max - before));
            memberWin.set(t.member_id, before + win);
          }
          const refund = s.refundNotes > 0 ? Number(refundOf(play, s, unit, t.multiple, precision)) : 0;
          payout = win + refund;
          status = win > 0 || s.hits.length > 0 ? S.won : s.refund || refund > 0 ? S.tie : S.lost;
        }
        if (status === S.won) {
          winners++;
          if (t.chase && t.win_stop) stopOrders.push(t.order_id);
        }
        const rebate = this.rebateOf(g.family, t, status) - this.rebateOf(g.family, t, t.status);
        if (rebate !== 0) rebateByMember.set(t.member_id, (rebateByMember.get(t.member_id) ?? 0) + rebate);
        if (t.chase) chaseOrders.push(t.order_id);
        else {
          single.betNos.push(t.order_no);
          single.payouts.push(payout);
          single.validBets.push(status === S.won || status === S.lost ? t.amount : 0);
        }
        if (status !== t.status || payout !== t.win_amount) {
          ids.push(t.id);
          before.push(t.status);
          statuses.push(status);
          wins.push(payout);
          const delta = payout - t.win_amount;
          if (delta !== 0) deltaByMember.set(t.member_id, (deltaByMember.get(t.member_id) ?? 0) + delta);
        }
      }
      // Only from the status read (issue 28, defect 7): the tickets were read without a lock, and
      // a player's cancel or another numero's chase-stop may have finished one since (refunded).
      // Such a ticket is not overwritten with an outcome, and this numero's settlement is undone
      // whole (the savepoint) and taken again on the next pass, from what is then committed: a
      // stake is never both refunded and paid.
      if (ids.length > 0) {
        const updated = await sql`
          update lottery_ticket t set status = x.status, win_amount = x.win, settled_revision = ${n.revision},
            settled_at = now()
          from unnest(${ids}::bigint[], ${before}::smallint[], ${statuses}::smallint[], ${wins}::bigint[])
            as x(id, before, status, win)
          where t.id = x.id and t.status = x.before`.execute(trx);
        if (Number(updated.numAffectedRows ?? 0) !== ids.length)
          throw new Error(
            `lottery: ${ids.length - Number(updated.numAffectedRows ?? 0)} tickets of numero ${n.id} changed while it was settled; settled again on the next pass`,
          );
      }
      const reference = `${g.code}-${n.numero}`;
      let paid = 0;
      let adjusted = 0;
      let held = 0;
      if (n.settled_revision < 0) {
        const postings = marked(deltaByMember, freePlay).filter(([, d]) => d > 0);
        paid = postings.reduce((a, [, d]) => a + d, 0);
        const winHeld = await this.postToMembers(
          trx,
          `lottery:win:${n.id}`,
          'BET_PAYOUT',
          reference,
          postings,
          true,
        );
        held += winHeld;
        paid -= winHeld;
      } else {
        const deltas = await this.affordable(trx, marked(deltaByMember, freePlay));
        adjusted = deltas.reduce((a, [, d]) => a + d, 0);
        held += await this.postToMembers(
          trx,
          `lottery:adjust:${n.id}:r${n.revision}`,
          'ADJUSTMENT',
          reference,
          deltas,
          true,
        );
      }
      // The series rebates as their own movement (after the winnings: a correction taking a rebate
      // back sees the wallet as the adjustment left it, and never takes it below zero).
      const rebates =
        n.settled_revision < 0
          ? marked(rebateByMember, freePlay)
          : await this.affordable(trx, marked(rebateByMember, freePlay));
      const rebated = rebates.reduce((a, [, d]) => a + d, 0);
      held += await this.postToMembers(
        trx,
        n.settled_revision < 0 ? `lottery:rebate:${n.id}` : `lottery:rebate:${n.id}:r${n.revision}`,
        'REBATE',
        reference,
        rebates,
        true,
      );
      // Win-stop: the chase's later details (not drawn yet) are cancelled and refunded.
      let chaseCancelled = 0;
      if (stopOrders.length > 0 && n.settled_revision < 0) {
        const stopped = await this.refundTickets(trx, {
          status: S.cancelledAfterHit,
          where: sql`t.order_id = any(${stopOrders}::bigint[]) and m.draw_at > ${n.draw_at}
            and m.status in ('open','locked')`,
          key: `lottery:chase-stop:${n.id}`,
          reference,
          hold: true,
        });
        chaseCancelled = stopped.ids.length;
        held += stopped.held;
      }
      await sql`
        update lottery_numero set status = 'settled', settled_revision = revision, settled_at = now()
        where id = ${n.id}`.execute(trx);
      await this.finishSingleOrders(trx, single);
      await this.finishOrders(trx, chaseOrders);
      return { tickets: tickets.rows.length, winners, paid, adjusted, chaseCancelled, rebated, held };
    });
  }

  /**
   * A correction may take back winnings: never more than the member's main wallet holds (a debit
   * below zero is refused by the ledger); the accounts are locked in the ledger's own order.
   */
  private async affordable(trx: Kysely<DB>, deltas: MemberAmount[]): Promise<MemberAmount[]> {
    const negative = deltas.filter(([, d]) => d < 0).map(([m]) => m);
    if (negative.length === 0) return deltas;
    const rows = await sql<{ member_id: number; balance: number }>`
      select member_id, balance from ledger_account
      where member_id = any(${negative}::bigint[]) and wallet_type = ${WalletType.main}
        and currency = ${this.wallet.currency().code}
      order by id for update`.execute(trx);
    const balance = new Map(rows.rows.map((r) => [r.member_id, r.balance]));
    return deltas.map(([m, d, free]) => [m, d < 0 ? -Math.min(-d, balance.get(m) ?? 0) : d, free]);
  }

  /**
   * Gives back the stakes of tickets still in progress: the one home of every refund (decision 022)
   * — a player's cancel (8), a win-stop's later details (6), a void draw (12). The tickets `where`
   * picks (`t` the ticket, `o` its order, `m` its numero) that are still in progress take `status`
   * with their stake as what came back, in one statement; the stakes go back in one BET_REFUND
   * movement `key`, against the house each stake went to (a trial order's: free play); the betting
   * records of orders now final are settled or cancelled. A ticket another transaction finished
   * first is not in progress any more, so it is neither refunded twice nor both refunded and paid.
   */
  async refundTickets(
    trx: Kysely<DB>,
    r: {
      status: number;
      where: RawBuilder<unknown>;
      key: string;
      reference: string;
      /** A refund the job or an operator makes: held, not refused, past the wallet's ceiling. */
      hold?: boolean;
    },
  ): Promise<{ ids: number[]; refunded: number; held: number }> {
    const cancelled = await sql<{
      id: number;
      member_id: number;
      amount: number;
      order_id: number;
      free_play: boolean;
    }>`
      update lottery_ticket t set status = ${r.status}, win_amount = t.amount, settled_at = now()
      from lottery_order o, lottery_numero m
      where t.status = ${S.inProgress} and o.id = t.order_id and m.id = t.numero_id and (${r.where})
      returning t.id, t.member_id, t.amount, t.order_id, o.free_play`.execute(trx);
    const refunds = byMemberOf(cancelled.rows);
    const held = await this.postToMembers(trx, r.key, 'BET_REFUND', r.reference, refunds, r.hold);
    await this.finishOrders(
      trx,
      cancelled.rows.map((x) => x.order_id),
    );
    return {
      ids: cancelled.rows.map((x) => x.id),
      refunded: refunds.reduce((a, [, x]) => a + x, 0),
      held,
    };
  }

  /**
   * One ledger movement: each member's amount (positive credits, negative debits) against the
   * house, the real one (HOUSE_CASH) for real orders and the free-play one for trial orders, so
   * free-play money never reaches a real account. With `hold`, a movement the balance ceiling
   * refuses is posted again with each credit the member's main wallet has no room for sent to the
   * member's LOTTERY_PRIZE_HELD account instead (see there); answers what was held (minor units).
   */
  private async postToMembers(
    trx: Kysely<DB>,
    key: string,
    kind: 'BET_PAYOUT' | 'BET_REFUND' | 'ADJUSTMENT' | 'REBATE',
    reference: string,
    amounts: MemberAmount[],
    hold = false,
  ): Promise<number> {
    const lines = amounts.filter(([, a]) => a !== 0);
    if (lines.length === 0) return 0;
    const post = (held: Set<number>) => {
      const postings: Posting[] = lines.map(([memberId, amount]) => ({
        account: held.has(memberId) ? { memberId, wallet: LOTTERY_PRIZE_HELD } : { memberId },
        amount,
      }));
      const real = lines.filter(([, , free]) => !free).reduce((a, [, x]) => a + x, 0);
      const free = lines.filter(([, , free]) => free).reduce((a, [, x]) => a + x, 0);
      // Debits and credits that cancel out need no house posting (and have two lines at least).
      if (real !== 0) postings.push({ account: { house: HouseAccount.cash }, amount: -real });
      if (free !== 0) postings.push({ account: { house: LOTTERY_FREE_PLAY_HOUSE }, amount: -free });
      return this.wallet.post({ idempotencyKey: key, kind, reference, postings }, trx);
    };
    if (!hold) {
      await post(new Set());
      return 0;
    }
    // The common case costs a savepoint, not a lock on every winner's wallet: only a movement the
    // ceiling refused is worked out again, its members' wallets then locked until the commit.
    await sql`savepoint lottery_credit`.execute(trx);
    try {
      await post(new Set());
      await sql`release savepoint lottery_credit`.execute(trx);
      return 0;
    } catch (err) {
      await sql`rollback to savepoint lottery_credit`.execute(trx);
      await sql`release savepoint lottery_credit`.execute(trx);
      if (!(err instanceof AppError) || err.errorCode !== WalletErrors.balanceCeiling.code) throw err;
      const over = await this.overCeiling(trx, lines);
      // No member's wallet is the cause (a house account's own ceiling): refused as before.
      if (over.size === 0) throw err;
      await post(over);
      const held = lines.filter(([m]) => over.has(m));
      for (const [memberId, amount] of held)
        console.warn(
          `lottery: ${kind} ${key} (${reference}): ${amount} minor units for member ${memberId} would take the main wallet past its ceiling; held in ${LOTTERY_PRIZE_HELD}, paid by the held-prizes job once the wallet has room`,
        );
      return held.reduce((a, [, x]) => a + x, 0);
    }
  }

  /**
   * Members of a movement whose credit the main wallet has no room for under MAX_BALANCE_MINOR.
   * Every member account of the movement (main and held) is locked first, in the ledger's order
   * (member accounts by id), so the answer stays true until the movement is posted.
   */
  private async overCeiling(trx: Kysely<DB>, lines: MemberAmount[]): Promise<Set<number>> {
    const rows = await sql<{ member_id: number; wallet_type: string; balance: number }>`
      select member_id, wallet_type, balance from ledger_account
      where member_id = any(${lines.map(([m]) => m)}::bigint[])
        and wallet_type in (${WalletType.main}, ${LOTTERY_PRIZE_HELD}) and currency = ${this.wallet.currency().code}
      order by id for update`.execute(trx);
    const main = new Map(
      rows.rows.filter((r) => r.wallet_type === WalletType.main).map((r) => [r.member_id, Number(r.balance)]),
    );
    return new Set(
      lines
        .filter(([m, amount]) => amount > 0 && (main.get(m) ?? 0) + amount > MAX_BALANCE_MINOR)
        .map(([m]) => m),
    );
  }

  /**
   * The held-prizes job (see LOTTERY_PRIZE_HELD): each member's held credit moves to the main
   * wallet once the wallet has room for it, whole (in movements of at most MAX_AMOUNT_MINOR); a
   * credit still without room stays held and is counted. The member's accounts are locked (in the
   * ledger's order) and the key names the held account's last posting, so a run, a second instance
   * or a re-run never pays a held credit twice.
   */
  async payHeldPrizes(
    outer?: Kysely<DB>,
    limit = 1000,
  ): Promise<{ released: number; stillHeld: number; failed: number }> {
    const currency = this.wallet.currency().code;
    // A scan of the accounts: this job runs once a minute, and held credits are rare.
    const due = await sql<{ id: number; member_id: number }>`
      select id, member_id from ledger_account
      where wallet_type = ${LOTTERY_PRIZE_HELD} and currency = ${currency} and balance > 0
      order by id limit ${limit}`.execute(outer ?? this.database.db);
    let released = 0;
    let stillHeld = 0;
    let failed = 0;
    for (const h of due.rows) {
      try {
        const outcome = await this.step(outer, async (trx): Promise<'paid' | 'held' | 'none'> => {
          const rows = await sql<{ id: number; wallet_type: string; balance: number }>`
            select id, wallet_type, balance from ledger_account
            where member_id = ${h.member_id} and wallet_type in (${WalletType.main}, ${LOTTERY_PRIZE_HELD})
              and currency = ${currency}
            order by id for update`.execute(trx);
          const main = Number(rows.rows.find((r) => r.wallet_type === WalletType.main)?.balance ?? 0);
          let prize = Number(rows.rows.find((r) => r.id === h.id)?.balance ?? 0);
          // Paid since the scan (another instance, an earlier run).
          if (prize <= 0) return 'none';
          if (main + prize > MAX_BALANCE_MINOR) return 'held';
          while (prize > 0) {
            const amount = Math.min(prize, MAX_AMOUNT_MINOR);
            const last = await sql<{ id: number }>`
              select max(id) as id from ledger_posting where account_id = ${h.id}`.execute(trx);
            await this.wallet.post(
              {
                idempotencyKey: `lottery:prize-held:${h.id}:${last.rows[0]?.id ?? 0}`,
                kind: 'WALLET_TRANSFER',
                reference: LOTTERY_PRIZE_HELD,
                postings: [
                  { account: h.id, amount: -amount },
                  { account: { memberId: h.member_id }, amount },
                ],
              },
              trx,
            );
            prize -= amount;
          }
          return 'paid';
        });
        if (outcome === 'paid') released++;
        if (outcome === 'held') stillHeld++;
      } catch (err) {
        failed++;
        console.error(
          `lottery: paying member ${h.member_id}'s held prize failed:`,
          err instanceof Error ? err.stack : err,
        );
      }
    }
    return { released, stillHeld, failed };
  }

  /** The betting records of orders of one detail each, from outcomes worked out by the caller. */
  private async finishSingleOrders(trx: Kysely<DB>, o: OrderOutcomes): Promise<void> {
    if (o.betNos.length === 0) return;
    await this.records.settleBetsFrom(
      LOTTERY_VENDOR,
      sql<{ bet_no: string; payout: number; valid_bet: number; cancelled: boolean }>`
        select x.bet_no, x.payout, x.valid_bet, false as cancelled
        from unnest(${o.betNos}::text[], ${o.payouts}::bigint[], ${o.validBets}::bigint[])
          as x(bet_no, payout, valid_bet)`,
      trx,
    );
  }

  private async finishOrders(trx: Kysely<DB>, orderIds: number[]): Promise<void> {
    if (orderIds.length === 0) return;
    await this.finishOrdersWhere(trx, sql`o.id = any(${[...new Set(orderIds)]}::bigint[])`);
  }

  /**
   * The betting record (decision 018) of each finished order: payout is what came back (wins, ties
   * and refunds), valid bet what was really at stake. A correction updates the payout of a settled
   * record. Written through the records writer's bulk settlement, the outcomes given as one query,
   * so a draw of 100,000 tickets is still one statement (decision 022).
   */
  private async finishOrdersWhere(trx: Kysely<DB>, where: ReturnType<typeof sql>): Promise<void> {
    await this.records.settleBetsFrom(
      LOTTERY_VENDOR,
      sql<{ bet_no: string; payout: number; valid_bet: number; cancelled: boolean }>`
        select o.order_no as bet_no,
          sum(t.win_amount)::bigint as payout,
          sum(case when t.status in (${S.won}, ${S.lost}) then t.amount else 0 end)::bigint as valid_bet,
          bool_and(t.status in (${sql.join(CANCELLED)})) as cancelled
        from lottery_order o join lottery_ticket t on t.order_id = o.id
        where ${where}
        group by o.id, o.order_no
        having bool_and(t.status <> ${S.inProgress})`,
      trx,
    );
  }

  // ---- void ------------------------------------------------------------------------------------

  /** Voids a numero not settled yet: every detail on it is cancelled (12) and refunded. */
  async voidNumero(
    gameCode: string,
    numero: string,
    reason: string,
    outer?: Kysely<DB>,
  ): Promise<{ refunded: number; tickets: number }> {
    const g = await this.gameByCode(gameCode, outer);
    return this.inTransaction(outer, async (trx) => {
      const n = await this.lockNumeroOf(trx, g, numero);
      if (n.status === 'void') return { refunded: 0, tickets: 0 };
      if (n.status === 'settled')
        throw fail(LotteryErrors.lotteryCancelNotAllowed, {
          message: 'A settled numero is corrected, not voided',
        });
      await sql`update lottery_numero set status = 'void', void_reason = ${reason} where id = ${n.id}`.execute(
        trx,
      );
      const voided = await this.refundTickets(trx, {
        status: S.cancelledVoid,
        where: sql`t.numero_id = ${n.id}`,
        key: `lottery:void:${n.id}`,
        reference: `${g.code}-${n.numero}`,
        hold: true,
      });
      return { refunded: voided.refunded, tickets: voided.ids.length };
    });
  }

  /** Fingerprint helper for idempotency keys built from lists. */
  static keyOf(parts: readonly (string | number)[]): string {
    return createHash('sha256').update(parts.join(',')).digest('hex').slice(0, 32);
  }
}
