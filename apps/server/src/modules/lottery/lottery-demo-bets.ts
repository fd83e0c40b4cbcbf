import { sql, type Kysely } from 'kysely';
import { LotteryErrors, lotteryPrizeModeIds, seriesBandOf, stakeOf, WalletErrors } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { LotteryService } from './lottery.service.ts';
import { findPlay, unitOf } from './rules.ts';

/**
 * Demo lottery bets (decision 022). A database seeded for a demo start (`npm start`, which sets
 * DEMO_LOTTERY_BETS=1) carries a pending mark; once the numero job has created the numeros, a
 * pass places a handful of bets of the demo member through the service's own bet path (the slip
 * checked by the rules, the stake through the ledger, a betting record per order), and the draw
 * and settlement jobs settle them like any other. So "my bets" and the member centre's betting
 * records show lottery orders a minute or two after the first start: won, lost and in progress.
 *
 * Exactly once per database, however many instances start: each bet carries a fixed request key,
 * which the bet statement answers with the first order however often, or by however many
 * instances at once, it is asked again; the mark is set to placed by a conditional update, and a
 * pass that finds it placed (or absent) does nothing. Databases seeded without the mark (tests,
 * `main.ts` on its own, e2e servers) never get demo bets.
 *
 * Not a job of the job runner: a job's work runs inside the job's transaction, and the bet path
 * takes the database's connection itself (its one statement, the order-id block, the ledger's
 * accounts); on PGlite, whose single connection Kysely lends to one user at a time, a bet inside
 * a job would wait for the job's own transaction for ever. The passes run on the jobs' tick
 * instead, outside any transaction, and stop once the mark is placed or absent.
 */

/** The system_setting row holding the mark: `{state: 'pending'}`, then what was placed. */
export const DEMO_BETS_SETTING = 'lottery_demo_bets';
export const DEMO_BETS_MEMBER = 'demo';
/** A bet is placed only on a numero whose sale closes at least this much later (by the service clock). */
export const DEMO_BETS_MARGIN_MS = 10_000;

export interface DemoBet {
  /** The bet's request key: the demo member's bet with this key is placed once. */
  key: string;
  gameCode: string;
  playId: number;
  content: string;
  /** The unit (lotteryUnits: 1 dollar, 2 dime). */
  bettingModeId: number;
  multiple: number;
  /** A chase over this many numeros from the one on sale, multiple 1 each, stopping at a win. */
  chase?: number;
  /**
   * A daily game's bet: left out when its numero is not on sale (the quarter of an hour before
   * its draw), instead of holding back the others.
   */
  optional?: boolean;
}

/** The demo bets, in SEA prize mode at its series; about 21 dollars of the demo member's 8,888. */
export const demoBets: readonly DemoBet[] = [
  // 5D 1 minute, every digit on the ten-thousands place: one of the ten notes always wins (won).
  {
    key: 'demo:ssc1-position',
    gameCode: 'SSC1',
    playId: 1016,
    content: '0,1,2,3,4,5,6,7,8,9____',
    bettingModeId: 2,
    multiple: 1,
  },
  // Fast 3 1 minute, the triple 6-6-6: wins once in 216 draws (lost, as a rule).
  { key: 'demo:k31-triple', gameCode: 'K31', playId: 3007, content: '6', bettingModeId: 1, multiple: 1 },
  // Vietnam fast 1 minute, đề 68: wins once in 100 draws (lost, as a rule).
  { key: 'demo:vnf1-de', gameCode: 'VNF1', playId: 5004, content: '68', bettingModeId: 1, multiple: 1 },
  // Vietnam fast 5 minutes, lô 39 chased over five draws with win-stop (in progress for a while).
  {
    key: 'demo:vnf5-chase',
    gameCode: 'VNF5',
    playId: 5001,
    content: '39',
    bettingModeId: 2,
    multiple: 1,
    chase: 5,
  },
  // The North's evening draw (18:15 Vietnam time), lô 88 (in progress until then).
  {
    key: 'demo:xsmb-lo',
    gameCode: 'XSMB',
    playId: 6001,
    content: '88',
    bettingModeId: 2,
    multiple: 1,
    optional: true,
  },
];

export type DemoBetsState =
  { state: 'pending' } | { state: 'placed'; at: number; orders: string[]; skipped: string[] };

export type DemoBetsOutcome =
  | { state: 'none' }
  | { state: 'waiting'; reason: string }
  | { state: 'placed'; orders: string[]; skipped: string[] };

/** Marks a database for demo bets (the seed does, when asked); a mark already there stays. */
export async function scheduleDemoBets(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('system_setting')
    .values({ key: DEMO_BETS_SETTING, value: JSON.stringify({ state: 'pending' } satisfies DemoBetsState) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export interface DemoBetsOptions {
  /** How often a pass is tried until the bets are placed (the jobs' tick); 0: never on its own (tests call run). */
  tickMs?: number | undefined;
  /** Where a failed pass is reported (default stderr); the next tick tries again. */
  onError?: (error: unknown) => void;
  bets?: readonly DemoBet[];
}

export class LotteryDemoBets {
  private readonly database: Database;
  private readonly lottery: LotteryService;
  private readonly bets: readonly DemoBet[];
  private readonly tickMs: number;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(deps: { database: Database; lottery: LotteryService }, options: DemoBetsOptions = {}) {
    this.database = deps.database;
    this.lottery = deps.lottery;
    this.bets = options.bets ?? demoBets;
    this.tickMs = options.tickMs ?? 5_000;
    this.onError =
      options.onError ??
      ((error) => console.error('lottery demo bets:', error instanceof Error ? error.stack : error));
  }

  /** Tries a pass every tick until the database has no pending mark (the first tick says so at once). */
  start(): void {
    if (this.timer || this.tickMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.run()
        .then((outcome) => {
          if (outcome.state !== 'waiting') this.halt();
        })
        .catch(this.onError)
        .finally(() => {
          this.running = null;
        });
    }, this.tickMs);
    this.timer.unref();
  }

  /** Stops the ticks and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.halt();
    await this.running;
  }

  private halt(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * One pass: nothing without a pending mark; waits (the next tick tries again) while a game's
   * numero is not on sale with the margin left, or closed under a bet; else places every bet and
   * marks the database placed. A bet the service refuses otherwise (say the member spent the
   * money, or an operator capped the number) is left out and named in the mark.
   */
  async run(): Promise<DemoBetsOutcome> {
    const db = this.database.db;
    const mark = await db
      .selectFrom('system_setting')
      .select('value')
      .where('key', '=', DEMO_BETS_SETTING)
      .executeTakeFirst();
    if ((mark?.value as DemoBetsState | undefined)?.state !== 'pending') return { state: 'none' };
    const member = await db
      .selectFrom('member')
      .select('id')
      .where('username', '=', DEMO_BETS_MEMBER)
      .executeTakeFirst();
    const skipped: string[] = [];
    const plan: { bet: DemoBet; gameId: number; family: string; numero: string }[] = [];
    if (!member) skipped.push(`no member ${DEMO_BETS_MEMBER}`);
    else {
      const now = this.lottery.now();
      for (const bet of this.bets) {
        const g = await this.lottery.games.byCode(bet.gameCode);
        if (!g || !g.enabled) {
          skipped.push(`${bet.key}: game ${bet.gameCode} is not on offer`);
          continue;
        }
        const cur = (await this.lottery.near({ gameId: g.id })).currentNumero;
        if (!cur || !cur.isSale || cur.saleEnd - now < DEMO_BETS_MARGIN_MS) {
          if (bet.optional) {
            skipped.push(`${bet.key}: no ${bet.gameCode} numero on sale`);
            continue;
          }
          return { state: 'waiting', reason: `no ${bet.gameCode} numero on sale` };
        }
        plan.push({ bet, gameId: g.id, family: g.family, numero: cur.numero });
      }
    }
    const orders: string[] = [];
    const precision = this.lottery.currencyPrecision();
    for (const { bet, gameId, family, numero } of plan) {
      const play = findPlay(family, bet.playId)!;
      const unit = unitOf(bet.bettingModeId)!;
      const numeros = bet.chase ?? 1;
      const stake = stakeOf(play.countNotes(bet.content), play.singleBetPrice, unit, bet.multiple, precision);
      const series = seriesBandOf(family, 'SEA').defaultSeries;
      try {
        const placed = await this.lottery.placeOrder(member!.id, {
          gameId,
          currentNumero: numero,
          prizeModeId: lotteryPrizeModeIds.SEA,
          bettingSlipString: `${bet.content}~1~${bet.playId}~${bet.bettingModeId}~${series}~${bet.multiple}`,
          betCartAmountSum: (Number(stake) * numeros) / 10 ** precision,
          chase: numeros > 1,
          winningStop: numeros > 1,
          chaseSlip:
            numeros > 1 ? { numero, multiples: Array.from({ length: numeros }, () => 1) } : undefined,
          device: 'WEB',
          requestId: bet.key,
        });
        orders.push(placed.orderNumber);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // Closed meanwhile: the next pass places the rest (those placed answer by their keys).
        if (err.error === LotteryErrors.lotteryNumeroClosed)
          return { state: 'waiting', reason: `${bet.gameCode} ${numero} closed` };
        // The key was placed by an earlier pass, on a numero since gone: a key stands for one
        // request, so this is that order (a mark set back to pending places nothing new).
        if (err.error === WalletErrors.idempotencyKeyReused) {
          const first = await sql<{ order_no: string }>`
            select order_no from lottery_order where member_id = ${member!.id} and request_key = ${bet.key}
            order by line limit 1`.execute(db);
          if (first.rows[0]) {
            orders.push(first.rows[0].order_no);
            continue;
          }
        }
        skipped.push(`${bet.key}: ${err.message}`);
      }
    }
    const done: DemoBetsState = { state: 'placed', at: this.lottery.now(), orders, skipped };
    await sql`
      update system_setting set value = ${JSON.stringify(done)}::jsonb, updated_at = now()
      where key = ${DEMO_BETS_SETTING} and value->>'state' = 'pending'`.execute(db);
    return { state: 'placed', orders, skipped };
  }
}
