import { sql, type Kysely, type Selectable } from 'kysely';
import {
  addZoneDays,
  Errors,
  minorToMajor,
  parseAmount,
  RG_COOLING_OFF_MS,
  rgDurationEnd,
  rgExclusions,
  rgTimeOuts,
  weekdayOfDay,
  zoneDayOf,
  zoneDayStart,
  type RgDuration,
  type RgMoneyKind,
  type RgPeriod,
  type RgSettings,
  type RgStatement,
  type RgStatus,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB, RgLimitTable, RgSettingTable } from '../../db/schema.ts';
import { revokeMemberSessions } from '../../platform/auth/session.ts';
import { fail } from '../../platform/http/errors.ts';

type LimitRow = Selectable<RgLimitTable>;
type SettingRow = Selectable<RgSettingTable>;
type LimitKind = RgLimitTable['kind'];
type LimitPeriod = RgLimitTable['period'];

export interface ResponsiblePolicy {
  /** IANA zone whose midnight starts a limit's day, week (Monday) and month; env RG_TIME_ZONE. */
  timeZone: string;
  /** The service's clock (tests move it; usage is read from rows stamped by the database's clock). */
  now: () => Date;
  coolingOffMs: number;
}

export function responsiblePolicyFromEnv(env: NodeJS.ProcessEnv = process.env): ResponsiblePolicy {
  return { timeZone: env.RG_TIME_ZONE || 'UTC', now: () => new Date(), coolingOffMs: RG_COOLING_OFF_MS };
}

/** Where a limit change comes from: the player (any direction) or staff (stricter only, at once). */
export type RgChangeBy = { kind: 'member' } | { kind: 'staff'; name: string };

const BET_KINDS = ['BET_STAKE', 'BET_PAYOUT', 'BET_REFUND'] as const;
/** The advisory lock class of a member's limits (the first key; the member id is the second). */
const LOCK_CLASS = 51;

/** The amount in force at `now`: the pending raise once its cooling-off ended (null: removed). */
function effective(row: LimitRow, now: Date): number | null {
  if (row.pending_from && row.pending_from.getTime() <= now.getTime()) return row.pending_amount;
  return row.amount;
}

/**
 * Responsible gambling (issue 33, decision 039): a member's limits, reality check, time-out and
 * self-exclusion, and the guards every money path and game launch calls. Usage is never counted
 * in a table of ours: it is read from the ledger (bets, wins, refunds) and the deposit orders of
 * the window, inside the caller's transaction and under a per-member advisory lock, so two bets
 * racing on two instances cannot both pass a limit.
 */
export class ResponsibleService {
  private readonly database: Database;
  private readonly currency: () => { code: string; precision: number };
  readonly policy: ResponsiblePolicy;

  constructor(
    deps: { database: Database; currency: () => { code: string; precision: number } },
    policy: Partial<ResponsiblePolicy> = {},
  ) {
    this.database = deps.database;
    this.currency = deps.currency;
    this.policy = { ...responsiblePolicyFromEnv(), ...policy };
  }

  private now(): Date {
    return this.policy.now();
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.currency().precision);
  }

  // ---- periods ----------------------------------------------------------------------------------

  /** The start of the period holding `at` (site time zone), epoch ms. */
  periodStart(period: RgPeriod, at: number): number {
    const tz = this.policy.timeZone;
    const day = zoneDayOf(at, tz);
    if (period === 'day') return zoneDayStart(day, tz);
    if (period === 'week') return zoneDayStart(addZoneDays(day, -((weekdayOfDay(day) + 6) % 7)), tz);
    return zoneDayStart(`${day.slice(0, 8)}01`, tz);
  }

  /** The start of the period `n` periods before the one starting at `start`. */
  private periodBack(period: RgPeriod, start: number, n: number): number {
    const tz = this.policy.timeZone;
    const day = zoneDayOf(start, tz);
    if (period === 'day') return zoneDayStart(addZoneDays(day, -n), tz);
    if (period === 'week') return zoneDayStart(addZoneDays(day, -7 * n), tz);
    const y = Number(day.slice(0, 4));
    const m = Number(day.slice(5, 7)) - 1 - n;
    const d = new Date(Date.UTC(y, m, 1));
    return zoneDayStart(d.toISOString().slice(0, 10), tz);
  }

  // ---- reads ------------------------------------------------------------------------------------

  private async rows(db: Kysely<DB>, memberId: number) {
    const [limits, setting] = await Promise.all([
      db.selectFrom('rg_limit').selectAll().where('member_id', '=', memberId).execute(),
      db.selectFrom('rg_setting').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
    ]);
    return { limits, setting };
  }

  /** The member's block in force, or null. */
  private activeBlock(setting: SettingRow | undefined, now = this.now()) {
    if (!setting?.block_kind || !setting.block_until) return null;
    if (setting.block_until.getTime() <= now.getTime()) return null;
    return { kind: setting.block_kind, until: setting.block_until };
  }

  private blockError(kind: 'timeout' | 'exclusion', until: Date) {
    const e = kind === 'exclusion' ? Errors.rgSelfExcluded : Errors.rgTimeOut;
    return fail(e, { value: { until: until.getTime(), kind } });
  }

  /** Bets (stakes less refunds) and losses (stakes less refunds and wins) since each start, minor units. */
  private async betUsage(db: Kysely<DB>, memberId: number, starts: number[]) {
    if (starts.length === 0) return [];
    const from = new Date(Math.min(...starts));
    const rows = await sql<{ kind: string; amount: string; at: Date }>`
      select t.kind, p.amount::text as amount, p.created_at as at
      from ledger_account a
      join ledger_posting p on p.account_id = a.id
      join ledger_transaction t on t.id = p.transaction_id
      where a.member_id = ${memberId} and a.currency = ${this.currency().code}
        and p.created_at >= ${from}
        and t.kind in (${sql.join(BET_KINDS.map((k) => sql.lit(k)))})`.execute(db);
    return starts.map((s) => {
      let wager = 0;
      let loss = 0;
      for (const r of rows.rows) {
        if (new Date(r.at).getTime() < s) continue;
        const a = Number(r.amount);
        if (r.kind !== 'BET_PAYOUT') wager -= a;
        loss -= a;
      }
      return { wager, loss: Math.max(0, loss) };
    });
  }

  /** Deposits asked for (pending or credited) since `start`, minor units. */
  private async depositUsage(db: Kysely<DB>, memberId: number, start: number): Promise<number> {
    const r = await db
      .selectFrom('deposit_order')
      .select((eb) => eb.fn.sum<string | null>('amount').as('s'))
      .where('member_id', '=', memberId)
      .where('status', 'in', ['PENDING', 'SUCCESS'])
      .where('created_at', '>=', new Date(start))
      .executeTakeFirst();
    return Number(r?.s ?? 0);
  }

  private async usedOf(db: Kysely<DB>, memberId: number, kind: RgMoneyKind, start: number): Promise<number> {
    if (kind === 'deposit') return this.depositUsage(db, memberId, start);
    const [u] = await this.betUsage(db, memberId, [start]);
    return kind === 'wager' ? u!.wager : u!.loss;
  }

  /** GET /wps/responsible/settings (and the back office's view of a player). */
  async settings(memberId: number, db: Kysely<DB> = this.database.db): Promise<RgSettings> {
    const now = this.now();
    const { limits, setting } = await this.rows(db, memberId);
    const out: RgSettings = {
      limits: [],
      sessionLimit: null,
      realityCheckMinutes: setting?.reality_check_minutes ?? null,
      block: null,
      timeZone: this.policy.timeZone,
    };
    const block = this.activeBlock(setting, now);
    if (block) out.block = { kind: block.kind, until: block.until.getTime() };
    for (const row of limits) {
      const amount = effective(row, now);
      if (amount === null) continue;
      const pending =
        row.pending_from && row.pending_from.getTime() > now.getTime()
          ? { amount: row.pending_amount, from: row.pending_from.getTime() }
          : null;
      if (row.kind === 'session') {
        out.sessionLimit = {
          minutes: amount,
          pending: pending ? { minutes: pending.amount, from: pending.from } : null,
        };
        continue;
      }
      const start = this.periodStart(row.period as RgPeriod, now.getTime());
      const used = await this.usedOf(db, memberId, row.kind, start);
      out.limits.push({
        kind: row.kind,
        period: row.period as RgPeriod,
        amount: this.major(amount),
        used: this.major(used),
        pending: pending
          ? { amount: pending.amount === null ? null : this.major(pending.amount), from: pending.from }
          : null,
        periodStart: start,
      });
    }
    const order = (k: string) => ['deposit', 'loss', 'wager'].indexOf(k);
    const porder = (p: string) => ['day', 'week', 'month'].indexOf(p);
    out.limits.sort((a, b) => order(a.kind) - order(b.kind) || porder(a.period) - porder(b.period));
    return out;
  }

  // ---- changes ----------------------------------------------------------------------------------

  /**
   * Sets one limit (minor units; minutes for the session; null removes it). A limit lower than the
   * one in force applies at once and drops any pending raise; a higher one, or a removal, waits for
   * the cooling-off (replacing an earlier pending raise); the same amount cancels a pending raise.
   * Staff may only make a limit stricter, at once. Answers the row before and after (for the audit).
   */
  async setLimit(
    memberId: number,
    kind: LimitKind,
    period: LimitPeriod,
    amount: number | null,
    by: RgChangeBy = { kind: 'member' },
    db?: Kysely<DB>,
  ) {
    const work = async (trx: Kysely<DB>) => {
      await this.lock(trx, memberId);
      const now = this.now();
      const row = await trx
        .selectFrom('rg_limit')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('period', '=', period)
        .executeTakeFirst();
      const current = row ? effective(row, now) : null;
      const before = current === null ? null : { amount: current, pending: pendingOf(row, now) };
      if (by.kind === 'staff' && (amount === null || (current !== null && amount >= current)))
        throw fail(Errors.rgLimitNotStricter);
      if (current === null) {
        if (amount === null) return { before, after: null };
        await this.writeLimit(trx, memberId, kind, period, amount, null, null, !!row);
      } else if (amount !== null && amount <= current) {
        // Stricter (or the same): at once, and any pending raise is dropped.
        await this.writeLimit(trx, memberId, kind, period, amount, null, null, true);
      } else {
        // Looser: the limit in force stays until the cooling-off ends.
        const from = new Date(now.getTime() + this.policy.coolingOffMs);
        await this.writeLimit(trx, memberId, kind, period, current, amount, from, true);
      }
      const after = await trx
        .selectFrom('rg_limit')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('period', '=', period)
        .executeTakeFirstOrThrow();
      return { before, after: { amount: after.amount, pending: pendingOf(after, now) } };
    };
    return db ? work(db) : this.database.db.transaction().execute(work);
  }

  private async writeLimit(
    trx: Kysely<DB>,
    memberId: number,
    kind: LimitKind,
    period: LimitPeriod,
    amount: number,
    pendingAmount: number | null,
    pendingFrom: Date | null,
    exists: boolean,
  ) {
    const values = {
      amount,
      pending_amount: pendingAmount,
      pending_from: pendingFrom,
      updated_at: this.now(),
    };
    if (exists)
      await trx
        .updateTable('rg_limit')
        .set(values)
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('period', '=', period)
        .execute();
    else
      await trx
        .insertInto('rg_limit')
        .values({ member_id: memberId, kind, period, ...values })
        .execute();
  }

  /** A money limit from the wire (major units, or null to remove). */
  async setMoneyLimit(memberId: number, kind: RgMoneyKind, period: RgPeriod, amount: unknown) {
    let minor: number | null = null;
    if (amount !== null) {
      const parsed = parseAmount(amount, { precision: this.currency().precision });
      if (!parsed.ok) throw fail(Errors.amountInvalid, { message: parsed.message });
      minor = parsed.minor;
    }
    await this.setLimit(memberId, kind, period, minor);
    return this.settings(memberId);
  }

  /** Cancels a pending raise (the limit in force stays). */
  async cancelPending(memberId: number, kind: LimitKind, period: LimitPeriod) {
    const now = this.now();
    const r = await this.database.db
      .updateTable('rg_limit')
      .set({ pending_amount: null, pending_from: null, updated_at: now })
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('period', '=', period)
      .where('pending_from', '>', now)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw fail(Errors.rgNothingPending);
    return this.settings(memberId);
  }

  /** The session limit and the reality check (omitted: unchanged). */
  async setSession(
    memberId: number,
    input: {
      sessionLimitMinutes?: number | null | undefined;
      realityCheckMinutes?: number | null | undefined;
    },
  ) {
    if (input.sessionLimitMinutes !== undefined) {
      await this.setLimit(memberId, 'session', 'session', input.sessionLimitMinutes);
      // The limit in force holds the live sessions too: none outlasts its login by more.
      const { sessionLimitMs } = await this.login(memberId);
      if (sessionLimitMs !== null)
        await sql`
          update session set absolute_expires_at = least(absolute_expires_at, created_at + ${sessionLimitMs} * interval '1 millisecond')
          where member_id = ${memberId} and revoked_at is null`.execute(this.database.db);
    }
    if (input.realityCheckMinutes !== undefined) {
      const minutes = input.realityCheckMinutes;
      await this.database.db
        .insertInto('rg_setting')
        .values({ member_id: memberId, reality_check_minutes: minutes, updated_at: this.now() })
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet({ reality_check_minutes: minutes, updated_at: this.now() }),
        )
        .execute();
    }
    return this.settings(memberId);
  }

  /**
   * A time-out or a self-exclusion: the account closes to login, play and deposits until its end,
   * and every session, remember token and pending login ends now. A running block is never
   * shortened, by the player or by anyone: only a block ending later replaces it. Answers the block
   * before and after (for the audit).
   */
  async block(
    memberId: number,
    kind: 'timeout' | 'exclusion',
    duration: RgDuration,
    by: string = 'member',
    db?: Kysely<DB>,
  ) {
    const offered: readonly string[] = kind === 'timeout' ? rgTimeOuts : rgExclusions;
    if (!offered.includes(duration))
      throw fail(Errors.invalidInput, { message: `A ${kind} lasts one of ${offered.join(', ')}` });
    const work = async (trx: Kysely<DB>) => {
      await this.lock(trx, memberId);
      const now = this.now();
      const setting = await trx
        .selectFrom('rg_setting')
        .selectAll()
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      const current = this.activeBlock(setting, now);
      const until = rgDurationEnd(duration, now);
      if (current && current.until.getTime() >= until.getTime()) throw fail(Errors.rgBlockShorter);
      // A self-exclusion stays one even when a longer time-out follows it.
      const newKind = current?.kind === 'exclusion' ? 'exclusion' : kind;
      const values = {
        block_kind: newKind,
        block_until: until,
        block_at: now,
        block_by: by,
        updated_at: now,
      };
      await trx
        .insertInto('rg_setting')
        .values({ member_id: memberId, ...values })
        .onConflict((oc) => oc.column('member_id').doUpdateSet(values))
        .execute();
      return {
        before: current ? { kind: current.kind, until: current.until.getTime() } : null,
        after: { kind: newKind, until: until.getTime() },
      };
    };
    const result = db ? await work(db) : await this.database.db.transaction().execute(work);
    if (!db) await revokeMemberSessions(this.database, memberId);
    return result;
  }

  // ---- guards -----------------------------------------------------------------------------------

  /** The per-member lock every check and change of limits takes, held to the transaction's end. */
  private async lock(trx: Kysely<DB>, memberId: number) {
    await sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${memberId}::int)`.execute(trx);
  }

  /**
   * At every login (SessionService.issue): refuses a blocked member, and answers the session limit
   * in ms (the session's absolute end comes no later).
   */
  async login(memberId: number): Promise<{ sessionLimitMs: number | null }> {
    const { limits, setting } = await this.rows(this.database.db, memberId);
    const block = this.activeBlock(setting);
    if (block) throw this.blockError(block.kind, block.until);
    const session = limits.find((l) => l.kind === 'session');
    const minutes = session ? effective(session, this.now()) : null;
    return { sessionLimitMs: minutes === null ? null : minutes * 60_000 };
  }

  /** At a game launch: a blocked member launches nothing. */
  async launch(memberId: number): Promise<void> {
    const setting = await this.database.db
      .selectFrom('rg_setting')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    const block = this.activeBlock(setting);
    if (block) throw this.blockError(block.kind, block.until);
  }

  /**
   * Whether a stake of the member needs the checked path (a transaction holding the lock): the
   * member has a loss or wager limit, or a block. One indexed read; most members have neither.
   */
  async watched(memberId: number): Promise<boolean> {
    const r = await sql<{ w: boolean }>`
      select exists (select 1 from rg_limit where member_id = ${memberId} and kind in ('loss', 'wager'))
          or exists (select 1 from rg_setting where member_id = ${memberId} and block_until is not null) as w`.execute(
      this.database.db,
    );
    return r.rows[0]?.w === true;
  }

  /**
   * A stake of `amount` minor units, inside the transaction that posts it: under the member's
   * lock, refuses a blocked member and a stake that would take a day's, week's or month's wagers
   * (or losses, counting the stake as lost) past its limit.
   */
  async stake(trx: Kysely<DB>, memberId: number, amount: number): Promise<void> {
    await this.lock(trx, memberId);
    const now = this.now();
    const { limits, setting } = await this.rows(trx, memberId);
    const block = this.activeBlock(setting, now);
    if (block) throw this.blockError(block.kind, block.until);
    const active = limits
      .filter((l) => l.kind === 'loss' || l.kind === 'wager')
      .map((l) => ({ row: l, amount: effective(l, now) }))
      .filter((l): l is { row: LimitRow; amount: number } => l.amount !== null);
    if (active.length === 0) return;
    const starts = active.map((l) => this.periodStart(l.row.period as RgPeriod, now.getTime()));
    const usage = await this.betUsage(trx, memberId, starts);
    for (const [i, l] of active.entries()) {
      const used = l.row.kind === 'wager' ? usage[i]!.wager : usage[i]!.loss;
      if (used + amount > l.amount)
        throw fail(l.row.kind === 'wager' ? Errors.rgWagerLimit : Errors.rgLossLimit, {
          value: { period: l.row.period, limit: this.major(l.amount), used: this.major(used) },
        });
    }
  }

  /** A deposit order of `amount` minor units, inside the transaction that creates it. */
  async deposit(trx: Kysely<DB>, memberId: number, amount: number): Promise<void> {
    await this.lock(trx, memberId);
    const now = this.now();
    const { limits, setting } = await this.rows(trx, memberId);
    const block = this.activeBlock(setting, now);
    if (block) throw this.blockError(block.kind, block.until);
    for (const l of limits) {
      if (l.kind !== 'deposit') continue;
      const limit = effective(l, now);
      if (limit === null) continue;
      const used = await this.depositUsage(
        trx,
        memberId,
        this.periodStart(l.period as RgPeriod, now.getTime()),
      );
      if (used + amount > limit)
        throw fail(Errors.rgDepositLimit, {
          message: `This deposit would pass your ${l.period === 'day' ? 'daily' : `${l.period}ly`} deposit limit of ${this.major(limit)} (used ${this.major(used)})`,
          value: { period: l.period, limit: this.major(limit), used: this.major(used) },
        });
    }
  }

  /** Whether the member may receive marketing (never while self-excluded or on a time-out). */
  async marketingAllowed(memberId: number): Promise<boolean> {
    const setting = await this.database.db
      .selectFrom('rg_setting')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return this.activeBlock(setting) === null;
  }

  // ---- the session and the statement ------------------------------------------------------------

  /** GET /wps/responsible/status: this session's time and result, the previous login. */
  async status(memberId: number, sessionId: number): Promise<RgStatus> {
    const db = this.database.db;
    const session = await db
      .selectFrom('session')
      .select(['created_at', 'absolute_expires_at', 'idle_expires_at', 'last_seen_at'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const prev = await db
      .selectFrom('session')
      .select(['created_at', 'ip'])
      .where('member_id', '=', memberId)
      .where('id', '<', sessionId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const started = session.created_at.getTime();
    const [u] = await this.betUsage(db, memberId, [started]);
    const { limits, setting } = await this.rows(db, memberId);
    const sessionLimit = limits.find((l) => l.kind === 'session');
    const net = await sql<{ n: string | null }>`
      select sum(p.amount)::text as n
      from ledger_account a
      join ledger_posting p on p.account_id = a.id
      join ledger_transaction t on t.id = p.transaction_id
      where a.member_id = ${memberId} and a.currency = ${this.currency().code}
        and p.created_at >= ${session.created_at}
        and t.kind in (${sql.join(BET_KINDS.map((k) => sql.lit(k)))})`.execute(db);
    return {
      sessionStartedAt: started,
      now: this.now().getTime(),
      net: this.major(Number(net.rows[0]?.n ?? 0)),
      wagered: this.major(u!.wager),
      realityCheckMinutes: setting?.reality_check_minutes ?? null,
      sessionEndsAt: sessionLimit ? session.absolute_expires_at.getTime() : null,
      // The idle deadline is the last extension plus the idle time-out (never past the absolute end).
      idleMs: Math.max(1, session.idle_expires_at.getTime() - new Date(session.last_seen_at).getTime()),
      absoluteEndsAt: session.absolute_expires_at.getTime(),
      lastLogin: prev ? { at: prev.created_at.getTime(), ip: prev.ip } : null,
    };
  }

  /** GET /wps/responsible/statement: per period, newest first, what moved. */
  async statement(memberId: number, period: RgPeriod, count: number): Promise<RgStatement> {
    const now = this.now().getTime();
    const current = this.periodStart(period, now);
    const starts = Array.from({ length: count }, (_, i) => this.periodBack(period, current, i));
    const ends = starts.map((s, i) => (i === 0 ? this.periodBack(period, current, -1) : starts[i - 1]!));
    const rows = await sql<{ kind: string; wallet_type: string; amount: string; at: Date }>`
      select t.kind, a.wallet_type, p.amount::text as amount, p.created_at as at
      from ledger_account a
      join ledger_posting p on p.account_id = a.id
      join ledger_transaction t on t.id = p.transaction_id
      where a.member_id = ${memberId} and a.currency = ${this.currency().code}
        and p.created_at >= ${new Date(starts[starts.length - 1]!)}
        and t.kind in ('DEPOSIT', 'WITHDRAW_PAYOUT', 'BET_STAKE', 'BET_PAYOUT', 'BET_REFUND')`.execute(
      this.database.db,
    );
    const out = starts.map((from, i) => ({
      from,
      to: ends[i]!,
      deposits: 0,
      withdrawals: 0,
      bets: 0,
      wins: 0,
    }));
    for (const r of rows.rows) {
      const at = new Date(r.at).getTime();
      const b = out.find((x) => at >= x.from && at < x.to);
      if (!b) continue;
      const a = Number(r.amount);
      if (r.kind === 'DEPOSIT') b.deposits += a;
      else if (r.kind === 'WITHDRAW_PAYOUT') b.withdrawals -= a;
      else if (r.kind === 'BET_PAYOUT') b.wins += a;
      else b.bets -= a;
    }
    return {
      period,
      timeZone: this.policy.timeZone,
      rows: out.map((b) => ({
        from: b.from,
        to: b.to,
        deposits: this.major(b.deposits),
        withdrawals: this.major(b.withdrawals),
        bets: this.major(b.bets),
        wins: this.major(b.wins),
        net: this.major(b.wins - b.bets),
      })),
    };
  }
}

function pendingOf(row: LimitRow | undefined, now: Date) {
  if (!row?.pending_from || row.pending_from.getTime() <= now.getTime()) return null;
  return { amount: row.pending_amount, from: row.pending_from.getTime() };
}
