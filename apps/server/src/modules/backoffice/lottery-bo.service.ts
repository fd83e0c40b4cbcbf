import { sql, type Kysely, type Transaction } from 'kysely';
import {
  backoffice,
  familyOf,
  formatWinNo,
  LotteryOrderStatus as S,
  parseWinNo,
  prizeOf,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { LotteryService } from '../lottery/lottery.service.ts';
import type { GameRow } from '../lottery/lottery-games.ts';
import type { NumeroRow } from '../lottery/lottery-engine.ts';
import { findPlay, unitOf } from '../lottery/rules.ts';
import { slotsBetween } from '../lottery/schedule.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';

const E = backoffice.LotteryBoErrors;
type Effect = backoffice.LotteryEffect;
type Action = backoffice.LotteryResultAction | 'prizes';
type Slots = { prize: string; numbers: string[] }[];

export interface LotteryBoDeps {
  database: Database;
  wallet: WalletService;
  lottery: LotteryService;
  audit: AuditLog;
}

/** A preview's work, undone: thrown out of its transaction with the effect it measured. */
class Undo extends Error {
  readonly effect: Effect;
  readonly prizes: { effect: Effect; missing: string[]; entered: Slots } | undefined;
  constructor(effect: Effect, prizes?: { effect: Effect; missing: string[]; entered: Slots }) {
    super('preview undone');
    this.effect = effect;
    this.prizes = prizes;
  }
}

/** The state class a preview is taken from: sales closing (open → locked) does not change it. */
function versionOf(n: Pick<NumeroRow, 'status' | 'revision' | 'win_no' | 'slots'>): string {
  const phase =
    n.status === 'open' || n.status === 'locked' ? 'pending' : n.status === 'void' ? 'void' : 'resulted';
  // A result entered prize by prize (decision 040): each prize entered is a new state.
  const partial =
    phase === 'pending' && Array.isArray(n.slots) && n.slots.length > 0
      ? `:${(n.slots as Slots).map((x) => `${x.prize}=${x.numbers.join('.')}`).join('/')}`
      : '';
  return `${phase}:${n.revision}:${n.win_no}${partial}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function scheduleOf(g: GameRow): string {
  const zone = `UTC${g.utc_offset_min >= 0 ? '+' : '−'}${Math.abs(g.utc_offset_min) / 60}`;
  if (g.interval_s > 0)
    return g.interval_s % 60 === 0 ? `every ${g.interval_s / 60} min` : `every ${g.interval_s} s`;
  const days = [...g.draw_days].sort((a, b) => a - b);
  const label = days.length === 7 ? 'daily' : days.map((d) => DAYS[d]).join(' ');
  return `${g.draw_time} ${label} (${zone})`;
}

/**
 * The back office's Lottery section (decision 034): reads of the games, numeros and liability, and
 * the operator's writes — a result entered or corrected, a numero voided, a game switched — each
 * through the lottery engine (decision 022) inside one transaction that also settles the numero and
 * appends the audit entry. A preview runs the very same steps in a transaction that is rolled back,
 * so what it shows is what the settlement does. The CLI's lottery commands act through here too.
 */
export class LotteryBoService {
  private readonly deps: LotteryBoDeps;
  constructor(deps: LotteryBoDeps) {
    this.deps = deps;
  }

  private get db(): Kysely<DB> {
    return this.deps.database.db;
  }

  private get precision(): number {
    return this.deps.wallet.currency().precision;
  }

  private money() {
    const c = this.deps.wallet.currency();
    return { currency: c.code, precision: c.precision };
  }

  major(minor: number): number {
    return Number(minor) / 10 ** this.precision;
  }

  private now(): Date {
    return new Date(this.deps.lottery.now());
  }

  private async game(code: string, db?: Kysely<DB>): Promise<GameRow> {
    const upper = code.toUpperCase();
    const g = db
      ? (await this.deps.lottery.games.all(db)).find((x) => x.code.toUpperCase() === upper)
      : await this.deps.lottery.games.byCode(upper);
    if (!g) throw fail(E.boLotteryGameNotFound, { message: `No such lottery game ${upper}` });
    return g;
  }

  private gameOut(
    g: GameRow,
    onSale: { numero: string; draw_at: Date; sale_end: Date } | undefined,
    awaiting: number,
  ): backoffice.LotteryBoGame {
    return {
      id: g.id,
      code: g.code,
      name: g.remark,
      family: g.family,
      region: g.region,
      enabled: g.enabled,
      resultSource: g.result_source,
      sandbox: g.sandbox,
      intervalS: g.interval_s,
      drawTime: g.draw_time,
      drawDays: g.draw_days,
      lockS: g.lock_s,
      utcOffsetMin: g.utc_offset_min,
      schedule: scheduleOf(g),
      limits: {
        betMin: this.major(g.bet_min),
        betMax: this.major(g.bet_max),
        multipleMax: g.multiple_max,
        winMax: this.major(g.win_max),
        numberLiabilityMax: this.major(g.number_liability_max),
        drawPayoutMax: this.major(g.draw_payout_max),
        chaseMax: g.chase_max,
      },
      onSale: onSale
        ? { numero: onSale.numero, drawAt: onSale.draw_at.getTime(), saleEnd: onSale.sale_end.getTime() }
        : null,
      awaiting,
      suspendedDates: g.suspended_dates ?? [],
    };
  }

  // ---- reads --------------------------------------------------------------------------------------

  async games() {
    const now = this.now();
    const games = await this.deps.lottery.games.all();
    const [sale, waiting] = await Promise.all([
      sql<{ game_id: number; numero: string; draw_at: Date; sale_end: Date }>`
        select distinct on (game_id) game_id, numero, draw_at, sale_end from lottery_numero
        where status in ('open','locked','drawn') and draw_at > ${now} and status = 'open' and sale_end > ${now}
        order by game_id, draw_at`.execute(this.db),
      sql<{ game_id: number; n: number }>`
        select game_id, count(*)::int as n from lottery_numero
        where status in ('open','locked') and draw_at <= ${now}
        group by game_id`.execute(this.db),
    ]);
    const onSale = new Map(sale.rows.map((r) => [r.game_id, r]));
    const awaiting = new Map(waiting.rows.map((r) => [r.game_id, r.n]));
    return {
      ...this.money(),
      list: games.map((g) => this.gameOut(g, onSale.get(g.id), awaiting.get(g.id) ?? 0)),
    };
  }

  async numeros(q: {
    code: string;
    filter: (typeof backoffice.lotteryNumeroFilters)[number];
    page: number;
    size: number;
  }) {
    const g = await this.game(q.code);
    const now = this.now();
    const where = {
      recent: sql`draw_at <= ${now}`,
      awaiting: sql`status in ('open','locked') and draw_at <= ${now}`,
      upcoming: sql`draw_at > ${now}`,
      settled: sql`status = 'settled'`,
      void: sql`status = 'void'`,
    }[q.filter];
    // Upcoming: the next draw first; every other list (awaiting too: the draw just held first) newest first.
    const order = q.filter === 'upcoming' ? sql`draw_at` : sql`draw_at desc`;
    const [rows, count] = await Promise.all([
      sql<NumeroRow & { tickets: number; stake: number; payout: number }>`
        select n.*, coalesce(f.tickets, 0)::int as tickets, coalesce(f.stake, 0)::bigint as stake,
          coalesce(f.payout, 0)::bigint as payout
        from lottery_numero n
        left join lateral (
          select count(*) as tickets, sum(t.amount) as stake, sum(t.win_amount) as payout
          from lottery_ticket t where t.numero_id = n.id) f on true
        where n.game_id = ${g.id} and ${where}
        order by ${order} limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(this.db),
      sql<{
        n: number;
      }>`select count(*)::int as n from lottery_numero where game_id = ${g.id} and ${where}`.execute(this.db),
    ]);
    return {
      ...this.money(),
      resultSource: g.result_source,
      total: count.rows[0]?.n ?? 0,
      list: rows.rows.map((n) => this.numeroOut(g, n, now)),
    };
  }

  private numeroOut(
    g: GameRow,
    n: NumeroRow & { tickets: number; stake: number; payout: number; void_reason?: string },
    now: Date,
  ): backoffice.LotteryBoNumero {
    return {
      id: Number(n.id),
      gameCode: g.code,
      numero: n.numero,
      label: n.label,
      status: n.status,
      awaitingResult: (n.status === 'open' || n.status === 'locked') && n.draw_at.getTime() <= now.getTime(),
      saleStart: n.sale_start.getTime(),
      saleEnd: n.sale_end.getTime(),
      drawAt: n.draw_at.getTime(),
      winNo: n.win_no,
      revision: n.status === 'drawn' || n.status === 'settled' ? n.revision : 0,
      voidReason: n.void_reason ?? '',
      tickets: Number(n.tickets),
      stake: this.major(Number(n.stake)),
      payout: this.major(Number(n.payout)),
    };
  }

  private async numeroRow(g: GameRow, numero: string, db: Kysely<DB> = this.db, lock = false) {
    const r = await sql<NumeroRow & { tickets: number; stake: number; payout: number; void_reason: string }>`
      select n.*, coalesce(f.tickets, 0)::int as tickets, coalesce(f.stake, 0)::bigint as stake,
        coalesce(f.payout, 0)::bigint as payout
      from lottery_numero n
      left join lateral (
        select count(*) as tickets, sum(t.amount) as stake, sum(t.win_amount) as payout
        from lottery_ticket t where t.numero_id = n.id) f on true
      where n.game_id = ${g.id} and n.numero = ${numero}`.execute(db);
    const n = r.rows[0];
    if (!n) throw fail(E.boLotteryNumeroNotFound, { message: `No numero ${numero} of ${g.code}` });
    if (lock) await sql`select id from lottery_numero where id = ${n.id} for update`.execute(db);
    return n;
  }

  /** What may be done with a numero now, and why not (the refusal each action would get). */
  private refusal(g: GameRow, n: NumeroRow, action: Action, now: Date): string | null {
    const pending = n.status === 'open' || n.status === 'locked';
    if (action === 'void') {
      if (n.status === 'void') return 'This numero is void already';
      if (n.status === 'settled') return 'A settled numero is corrected, not voided';
      return null;
    }
    if (g.result_source !== 'OFFICIAL')
      return `${g.code} draws from its committed seed: its results are not entered by hand (void the numero instead)`;
    if (action === 'prizes' && !pending)
      return `This numero is ${n.status}: a correction gives the whole result`;
    if (action === 'enter' || action === 'prizes') {
      if (!pending) return `This numero is ${n.status}: correct its result instead`;
      if (n.draw_at.getTime() > now.getTime()) return 'The draw time has not come yet';
      return null;
    }
    if (n.status !== 'drawn' && n.status !== 'settled')
      return n.status === 'void' ? 'This numero is void' : 'This numero has no result to correct yet';
    return null;
  }

  async numero(q: { code: string; numero: string }): Promise<backoffice.LotteryBoNumeroDetail> {
    const g = await this.game(q.code);
    const n = await this.numeroRow(g, q.numero);
    const now = this.now();
    const revisions = await sql<{ revision: number; win_no: string; source: string; created_at: Date }>`
      select revision, win_no, source, created_at from lottery_result_revision
      where numero_id = ${n.id} order by revision`.execute(this.db);
    const f = familyOf(g.family);
    return {
      ...this.money(),
      numero: this.numeroOut(g, n, now),
      family: g.family,
      resultSource: g.result_source,
      resultShape: f.slots.map((s) => ({ prize: s.prize, digits: s.digits })),
      revisions: revisions.rows.map((r) => ({
        revision: r.revision,
        winNo: r.win_no,
        source: r.source,
        at: r.created_at.getTime(),
      })),
      slots:
        n.status === 'open' || n.status === 'locked'
          ? (Array.isArray(n.slots) ? (n.slots as Slots) : []).map((x) => ({
              prize: x.prize,
              numbers: x.numbers,
            }))
          : [],
      can: {
        enter: this.refusal(g, n, 'enter', now) === null,
        correct: this.refusal(g, n, 'correct', now) === null,
        void: this.refusal(g, n, 'void', now) === null,
        prizes: this.refusal(g, n, 'prizes', now) === null,
      },
      version: versionOf(n),
    };
  }

  /**
   * A numero's exposure: per bet content (or per number for one-row plays, keyed as the per-number
   * cap keys them) the tickets in play, their stake and what one hit would pay at the top prize.
   */
  async liability(q: { code: string; numero: string }): Promise<backoffice.LotteryBoLiability> {
    const g = await this.game(q.code);
    const n = await this.numeroRow(g, q.numero);
    const base = familyOf(g.family).base;
    const tickets = await sql<{
      member_id: number;
      amount: number;
      multiple: number;
      play_id: number;
      content: string;
      betting_mode_id: number;
      series: number;
      free_play: boolean;
    }>`
      select t.member_id, t.amount, t.multiple, o.play_id, o.content, o.betting_mode_id, o.series, o.free_play
      from lottery_ticket t join lottery_order o on o.id = t.order_id
      where t.numero_id = ${n.id} and t.status in (${S.inProgress}, ${S.won}, ${S.lost}, ${S.tie})`.execute(
      this.db,
    );
    const caps = await sql<{ number_key: string; amount: number }>`
      select number_key, amount from lottery_liability where numero_id = ${n.id}`.execute(this.db);
    const capUsed = new Map(caps.rows.map((r) => [r.number_key, Number(r.amount)]));
    const rows = new Map<
      string,
      { play: string; content: string; tickets: number; stake: number; pay: number }
    >();
    let stake = 0;
    let free = 0;
    const players = new Set<number>();
    for (const t of tickets.rows) {
      players.add(Number(t.member_id));
      if (t.free_play) {
        free += Number(t.amount);
        continue;
      }
      stake += Number(t.amount);
      const play = findPlay(g.family, t.play_id);
      const unit = unitOf(t.betting_mode_id);
      if (!play || !unit) continue;
      const top = Math.max(...play.prizes.map((z) => z.bonus));
      const hit = Number(prizeOf(top, t.series, base, unit, t.multiple, { precision: this.precision }));
      const numbers = play.rows.length === 1 ? t.content.split(/[,_|&]/) : [t.content];
      for (const num of numbers) {
        const key = `${play.code}:${num}`;
        const r = rows.get(key) ?? { play: play.code, content: num, tickets: 0, stake: 0, pay: 0 };
        r.tickets++;
        r.stake += Number(t.amount) / numbers.length;
        r.pay += Math.min(hit, g.win_max);
        rows.set(key, r);
      }
    }
    const sorted = [...rows.entries()].sort((a, b) => b[1].pay - a[1].pay);
    // One result makes every key of a content hit at once at worst: the sum per play's worst key
    // is the bound shown (a result hits at most one content per position of a one-row play).
    const worstByPlay = new Map<string, number>();
    for (const [, r] of sorted) worstByPlay.set(r.play, Math.max(worstByPlay.get(r.play) ?? 0, r.pay));
    return {
      ...this.money(),
      numero: n.numero,
      status: n.status,
      tickets: tickets.rows.length,
      players: players.size,
      stake: this.major(stake),
      freePlayStake: this.major(free),
      worstCase: this.major([...worstByPlay.values()].reduce((a, b) => a + b, 0)),
      numberLiabilityMax: this.major(g.number_liability_max),
      rows: sorted.slice(0, 200).map(([key, r]) => ({
        key,
        play: r.play,
        content: r.content,
        tickets: r.tickets,
        stake: this.major(Math.round(r.stake)),
        payoutIfHit: this.major(r.pay),
        capUsed: this.major(capUsed.get(key) ?? 0),
      })),
    };
  }

  // ---- writes -----------------------------------------------------------------------------------

  /** The keys of the ledger movements a numero's settlement, correction or void may post. */
  private keysOf(id: number, revision: number): string[] {
    const keys = [
      `lottery:win:${id}`,
      `lottery:rebate:${id}`,
      `lottery:chase-stop:${id}`,
      `lottery:void:${id}`,
    ];
    for (let r = 1; r <= revision + 1; r++)
      keys.push(`lottery:adjust:${id}:r${r}`, `lottery:rebate:${id}:r${r}`);
    return keys;
  }

  private async ticketsOf(trx: Kysely<DB>, id: number) {
    const r = await sql<{ id: number; status: number; win_amount: number }>`
      select id, status, win_amount from lottery_ticket where numero_id = ${id}`.execute(trx);
    return r.rows;
  }

  /**
   * The one path of a result, a correction and a void: the numero locked, the action checked
   * against its state (and the preview's version), the engine's step, the settlement at once, and
   * the effect measured from the tickets and the ledger movements this transaction posted.
   */
  private async act(
    trx: Kysely<DB>,
    input: {
      code: string;
      numero: string;
      action: Action;
      winNo?: string;
      reason?: string;
      version?: string;
      slots?: Record<string, string[]>;
    },
  ): Promise<{ effect: Effect; numeroId: number; missing: string[]; entered: Slots }> {
    const g = await this.game(input.code, trx);
    const now = this.now();
    const n = await this.numeroRow(g, input.numero, trx, true);
    const locked = await this.numeroRow(g, input.numero, trx);
    if (input.version !== undefined && versionOf(locked) !== input.version) throw fail(E.boLotteryChanged);
    const why = this.refusal(g, locked, input.action, now);
    if (why) throw fail(E.boLotteryState, { message: why });
    if (input.action === 'enter' || input.action === 'correct') {
      if (!input.winNo) throw fail(E.boLotteryResultInvalid, { message: 'Give the whole result' });
      let winNo: string;
      try {
        winNo = formatWinNo(parseWinNo(g.family, input.winNo.replace(/\s+/g, '')));
      } catch (e) {
        throw fail(E.boLotteryResultInvalid, {
          message: `Not a ${g.family} result: ${(e as Error).message}`,
        });
      }
      input = { ...input, winNo };
      if (input.action === 'correct' && winNo === locked.win_no)
        throw fail(E.boLotteryResultInvalid, { message: 'This is the result the numero has already' });
    }
    const keys = this.keysOf(Number(n.id), locked.revision);
    const existing = await sql<{ id: number }>`
      select id from ledger_transaction where idempotency_key = any(${keys}::text[])`.execute(trx);
    const seen = new Set(existing.rows.map((r) => Number(r.id)));
    const before = await this.ticketsOf(trx, Number(n.id));
    let missing: string[] = [];
    try {
      if (input.action === 'void') {
        await this.deps.lottery.engine.voidNumero(g.code, locked.numero, input.reason ?? 'operator', trx);
      } else if (input.action === 'prizes') {
        const out = await this.deps.lottery.engine.enterResult(
          g.code,
          locked.numero,
          { slots: input.slots ?? {} },
          trx,
        );
        missing = out.missing;
        // The last prize makes the result whole: it is settled in this very transaction.
        if (missing.length === 0) await this.deps.lottery.engine.settle(Number(n.id), trx);
      } else {
        await this.deps.lottery.engine.enterResult(g.code, locked.numero, { winNo: input.winNo! }, trx);
        await this.deps.lottery.engine.settle(Number(n.id), trx);
      }
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500 && err.errorCode.startsWith('lottery.'))
        throw fail(E.boLotteryResultInvalid, { message: err.message });
      throw err;
    }
    const after = await this.numeroRow(g, locked.numero, trx);
    const entered = (Array.isArray(after.slots) ? (after.slots as Slots) : []).map((x) => ({
      prize: x.prize,
      numbers: x.numbers,
    }));
    const ticketsAfter = await this.ticketsOf(trx, Number(n.id));
    const prior = new Map(before.map((t) => [Number(t.id), t]));
    let affected = 0;
    for (const t of ticketsAfter) {
      const p = prior.get(Number(t.id));
      if (!p || p.status !== t.status || Number(p.win_amount) !== Number(t.win_amount)) affected++;
    }
    const postings = await sql<{
      kind: string;
      amount: number;
      member_id: number | null;
      wallet_type: string;
      code: string | null;
      username: string | null;
      transaction_id: number;
    }>`
      select x.kind, p.amount, a.member_id, a.wallet_type, a.code, m.username, x.id as transaction_id
      from ledger_transaction x join ledger_posting p on p.transaction_id = x.id
      join ledger_account a on a.id = p.account_id left join member m on m.id = a.member_id
      where x.idempotency_key = any(${this.keysOf(Number(n.id), after.revision)}::text[])`.execute(trx);
    let added = 0;
    let removed = 0;
    let rebates = 0;
    let refunds = 0;
    let held = 0;
    let house = 0;
    let freePlay = 0;
    const byMember = new Map<number, { username: string; amount: number }>();
    for (const p of postings.rows) {
      if (seen.has(Number(p.transaction_id))) continue;
      const amount = Number(p.amount);
      if (p.member_id === null) {
        // A house posting is the house's own change: + it gains, − it pays.
        if (p.code?.startsWith('HOUSE_LOTTERY_FREE_PLAY')) freePlay += amount;
        else house += amount;
        continue;
      }
      if (p.wallet_type === 'LOTTERY_PRIZE_HELD') held += amount;
      if (p.kind === 'REBATE') rebates += amount;
      else if (p.kind === 'BET_REFUND') refunds += amount;
      else if (amount > 0) added += amount;
      else removed -= amount;
      const m = byMember.get(Number(p.member_id)) ?? { username: p.username ?? '', amount: 0 };
      m.amount += amount;
      byMember.set(Number(p.member_id), m);
    }
    const players = [...byMember.entries()]
      .filter(([, m]) => m.amount !== 0)
      .sort((a, b) => Math.abs(b[1].amount) - Math.abs(a[1].amount));
    const effect: Effect = {
      action: input.action,
      gameCode: g.code,
      numero: locked.numero,
      winNoBefore: locked.win_no,
      winNoAfter: after.win_no,
      statusBefore: locked.status,
      statusAfter: after.status,
      revisionAfter: after.status === 'void' ? locked.revision : after.revision,
      ticketsAffected: affected,
      winnersBefore: before.filter((t) => t.status === S.won).length,
      winnersAfter: ticketsAfter.filter((t) => t.status === S.won).length,
      payoutsAdded: this.major(added),
      payoutsRemoved: this.major(removed),
      rebates: this.major(rebates),
      refunds: this.major(refunds),
      held: this.major(held),
      houseNet: this.major(house),
      freePlayNet: this.major(freePlay),
      players: players.slice(0, 50).map(([memberId, m]) => ({
        memberId,
        username: m.username,
        amount: this.major(m.amount),
      })),
      playersMoved: players.length,
      version: versionOf(locked),
    };
    return { effect, numeroId: Number(n.id), missing, entered };
  }

  /** What the action would move: the action itself, settled, measured, and rolled back. */
  async preview(input: {
    code: string;
    numero: string;
    action: Action;
    winNo?: string | undefined;
    reason?: string | undefined;
  }) {
    try {
      await this.db.transaction().execute(async (trx) => {
        const { effect } = await this.act(trx, { ...input, ...(input.winNo ? { winNo: input.winNo } : {}) });
        throw new Undo(effect);
      });
    } catch (err) {
      if (err instanceof Undo) return { ...this.money(), ...err.effect };
      throw err;
    }
    throw new Error('unreachable: a preview always rolls back');
  }

  /**
   * Enters or corrects a result, or voids a numero, and settles it, in one transaction with its
   * audit entry. `version` (the preview's) makes two people acting on one numero at once give one
   * outcome: the second finds it changed (409). The CLI passes none: it acts on what it finds.
   */
  async confirm(
    actor: AuditActor,
    input: {
      code: string;
      numero: string;
      action: Action;
      winNo?: string;
      reason?: string;
      version?: string;
    },
  ) {
    return this.db.transaction().execute(async (trx) => {
      const { effect, numeroId } = await this.act(trx, input);
      const { version: _v, players, ...figures } = effect;
      const audit = await this.deps.audit.append(trx as Transaction<DB>, actor, {
        action: `lottery.${input.action === 'void' ? 'void' : input.action === 'enter' ? 'result' : 'correct'}`,
        targetType: 'lottery_numero',
        targetId: `${effect.gameCode}-${effect.numero}`,
        before: { status: effect.statusBefore, winNo: effect.winNoBefore, numeroId },
        after: {
          status: effect.statusAfter,
          winNo: effect.winNoAfter,
          revision: effect.revisionAfter,
          ...(input.reason ? { reason: input.reason } : {}),
          ...figures,
          players: players.slice(0, 20),
        },
      });
      return { ...this.money(), ...effect, auditId: audit.id };
    });
  }

  /**
   * What entering some prizes of an official result would do (decision 040): the very step, and
   * when it completes the result the settlement, measured and rolled back.
   */
  async previewPrizes(input: { code: string; numero: string; slots: Record<string, string[]> }) {
    try {
      await this.db.transaction().execute(async (trx) => {
        const out = await this.act(trx, { ...input, action: 'prizes' });
        throw new Undo(out.effect, out);
      });
    } catch (err) {
      if (err instanceof Undo && err.prizes) {
        const { missing, entered, effect } = err.prizes;
        return { ...this.money(), missing, entered, effect, auditId: null };
      }
      throw err;
    }
    throw new Error('unreachable: a preview always rolls back');
  }

  /**
   * Some prizes of an official result, as the provinces call them (the console's and the CLI's
   * prize-by-prize entry): audited (`lottery.result.prizes`); the last prize draws the numero and
   * settles it in the same transaction, exactly once (decision 034). `version` (the preview's)
   * refuses a numero that changed since (409); the CLI passes none.
   */
  async confirmPrizes(
    actor: AuditActor,
    input: { code: string; numero: string; slots: Record<string, string[]>; version?: string },
  ) {
    return this.db.transaction().execute(async (trx) => {
      const { effect, numeroId, missing, entered } = await this.act(trx, { ...input, action: 'prizes' });
      const { version: _v, players, ...figures } = effect;
      const audit = await this.deps.audit.append(trx as Transaction<DB>, actor, {
        action: 'lottery.result.prizes',
        targetType: 'lottery_numero',
        targetId: `${effect.gameCode}-${effect.numero}`,
        before: { status: effect.statusBefore, numeroId },
        after: {
          entered: input.slots,
          missing,
          status: effect.statusAfter,
          winNo: effect.winNoAfter,
          revision: effect.revisionAfter,
          ...figures,
          players: players.slice(0, 20),
        },
      });
      return { ...this.money(), missing, entered, effect, auditId: audit.id };
    });
  }

  /** The CLI's prize-by-prize entry: `confirmPrizes` without a version, answered as the engine does. */
  async enterSlots(actor: AuditActor, code: string, numero: string, slots: Record<string, string[]>) {
    const out = await this.confirmPrizes(actor, { code, numero, slots });
    return {
      status: out.effect.statusAfter,
      revision: out.effect.revisionAfter,
      missing: out.missing,
      winNo: out.effect.winNoAfter,
    };
  }

  /**
   * Changes a game's schedule (decision 040): a daily game's draw time and weekdays, any game's
   * closing offset and suspended dates. In one transaction with its audit entry: the game's row
   * locked and changed, its future numeros without a bet deleted and made again on the new schedule
   * (a bet placed meanwhile holds its numero: the ticket's reference makes the delete wait, then
   * skip it), those with bets kept as they were and listed. Every instance then reloads the games.
   */
  async setSchedule(
    actor: AuditActor,
    body: {
      code: string;
      drawTime?: string | undefined;
      drawDays?: number[] | undefined;
      lockS: number;
      suspendedDates: string[];
      reason: string;
    },
  ): Promise<backoffice.LotteryScheduleResult> {
    const g = await this.game(body.code);
    const daily = g.interval_s === 0;
    if (!daily && (body.drawTime !== undefined || body.drawDays !== undefined))
      throw fail(E.boLotteryScheduleInvalid, {
        message: `${g.code} draws every ${g.interval_s} s: only its closing offset and suspended dates change`,
      });
    if (!daily && body.lockS >= g.interval_s)
      throw fail(E.boLotteryScheduleInvalid, {
        message: `Sales must close less than the ${g.interval_s} s between draws before each`,
      });
    const drawDays = daily ? [...new Set(body.drawDays ?? g.draw_days)].sort((a, b) => a - b) : g.draw_days;
    const suspended = [...new Set(body.suspendedDates)].sort();
    const next = {
      drawTime: daily ? (body.drawTime ?? g.draw_time) : g.draw_time,
      drawDays,
      lockS: body.lockS,
      suspended,
    };
    const now = this.now();
    const out = await this.db.transaction().execute(async (trx) => {
      const row = await sql<GameRow>`select * from lottery_game where id = ${g.id} for update`.execute(trx);
      const cur = row.rows[0]!;
      const before = {
        drawTime: cur.draw_time,
        drawDays: cur.draw_days,
        lockS: cur.lock_s,
        suspended: cur.suspended_dates ?? [],
      };
      if (JSON.stringify(before) === JSON.stringify(next)) return { replaced: 0, kept: [], auditId: null };
      await sql`
        update lottery_game set draw_time = ${next.drawTime}, draw_days = ${next.drawDays}::integer[],
          lock_s = ${next.lockS}, suspended_dates = ${next.suspended}::text[]
        where id = ${g.id}`.execute(trx);
      const removed = await sql`
        delete from lottery_numero n
        where n.game_id = ${g.id} and n.status = 'open' and n.draw_at > ${now}
          and not exists (select 1 from lottery_ticket t where t.numero_id = n.id)`.execute(trx);
      await this.deps.lottery.engine.ensureNumeros(now, trx);
      // Numeros with bets stay as they were: those off the new schedule are listed for the operator.
      const held = await sql<{ numero: string; draw_at: Date; tickets: number }>`
        select n.numero, n.draw_at, (select count(*)::int from lottery_ticket t where t.numero_id = n.id) as tickets
        from lottery_numero n
        where n.game_id = ${g.id} and n.status = 'open' and n.draw_at > ${now}
          and exists (select 1 from lottery_ticket t where t.numero_id = n.id)
        order by n.draw_at`.execute(trx);
      const fresh = await this.deps.lottery.games.all(trx);
      const game = fresh.find((x) => x.id === g.id)!;
      const slots = new Set(
        slotsBetween(
          {
            code: game.code,
            intervalS: game.interval_s,
            drawTime: game.draw_time,
            drawDays: game.draw_days,
            lockS: game.lock_s,
            utcOffsetMin: game.utc_offset_min,
            calendar: game.calendar,
            suspended: game.suspended_dates,
          },
          now,
          new Date(now.getTime() + 9 * 86_400_000),
        ).map((x) => x.drawAt.getTime()),
      );
      const kept = held.rows
        .filter((r) => !slots.has(r.draw_at.getTime()))
        .map((r) => ({ numero: r.numero, drawAt: r.draw_at.getTime(), tickets: r.tickets }));
      const replaced = Number(removed.numAffectedRows ?? 0);
      const audit = await this.deps.audit.append(trx as Transaction<DB>, actor, {
        action: 'lottery.game.schedule',
        targetType: 'lottery_game',
        targetId: g.code,
        before,
        after: { ...next, reason: body.reason, replaced, kept: kept.map((k) => k.numero) },
      });
      return { replaced, kept, auditId: audit.id };
    });
    await this.deps.lottery.games.changed();
    const game = (await this.games()).list.find((x) => x.id === g.id)!;
    return { game, ...out };
  }

  /** Sells a game or stops selling it (audited). */
  async switchGame(actor: AuditActor, body: { code: string; enabled: boolean; reason: string }) {
    const g = await this.game(body.code);
    await this.db.transaction().execute(async (trx) => {
      const row = await sql<{ enabled: boolean }>`
        select enabled from lottery_game where id = ${g.id} for update`.execute(trx);
      await sql`update lottery_game set enabled = ${body.enabled} where id = ${g.id}`.execute(trx);
      await this.deps.audit.append(trx as Transaction<DB>, actor, {
        action: 'lottery.game.switch',
        targetType: 'lottery_game',
        targetId: g.code,
        before: { enabled: row.rows[0]?.enabled ?? g.enabled },
        after: { enabled: body.enabled, reason: body.reason },
      });
    });
    await this.deps.lottery.games.changed();
    const fresh = (await this.games()).list.find((x) => x.id === g.id)!;
    return fresh;
  }
}
