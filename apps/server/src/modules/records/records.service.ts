import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  Errors,
  ledgerKindCategory,
  POINTS_WALLET,
  RECORDS_EXPORT_MAX_ROWS,
  RECORDS_MAX_RANGE_DAYS,
  type AccountRecords,
  type AccountRecordType,
  type BetProduct,
  type BetRecords,
  type BetStatus,
  type BonusDetails,
  type ProfitLoss,
  type WithdrawRecordStatus,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import { LOTTERY_PRIZE_HELD } from '../lottery/lottery-engine.ts';
import { WalletType, type WalletService } from '../wallet/wallet.service.ts';
import type { WithdrawService } from '../withdraw/withdraw.service.ts';
import * as repo from './records.repo.ts';

const DAY_MS = 86_400_000;
/** The ledger kind of a withdrawal request's hold: the withdrawal's row in the account record. */
const WITHDRAW_REQUEST_KIND = 'WITHDRAW_HOLD';
const DEFAULT_RANGE_DAYS = 7;

/** A bet as a game or lottery reports it; amounts in minor units. */
export interface BetPlacement {
  memberId: number;
  /** The game vendor (its vassalage) or the house lottery. */
  vendor: string;
  /** The vendor's reference of the bet; one record per vendor and reference. */
  betNo: string;
  product: BetProduct;
  gameCode?: string;
  gameName?: string;
  betAmount: number;
  betTime?: Date;
  detail?: Record<string, unknown>;
}

export interface BetSettlement {
  vendor: string;
  betNo: string;
  payout: number;
  /** The turnover the bet counts for (rebates, rolling); by default the bet amount. */
  validBet?: number;
  settledAt?: Date;
}

/**
 * The one interface through which games and lotteries fill the betting record and the profit
 * and loss (issue 7: "filled by them through one interface"). Each write may run inside the
 * caller's transaction (the one that moves the stake), so a bet is recorded exactly when its
 * money moves. Every write is idempotent per vendor and bet reference.
 */
export interface BetRecordWriter {
  /** Records a placed bet; a retry of the same reference changes nothing. */
  placeBet(bet: BetPlacement, trx?: Kysely<DB>): Promise<{ id: number; created: boolean }>;
  /** Settles a pending bet; false when it is unknown or no longer pending. */
  settleBet(settlement: BetSettlement, trx?: Kysely<DB>): Promise<boolean>;
  /** Cancels (voids) a pending bet; false when it is unknown or no longer pending. */
  cancelBet(vendor: string, betNo: string, trx?: Kysely<DB>): Promise<boolean>;
  /**
   * Records several bets of one member and game in one statement (bet_record_place, migration
   * 018, which a caller's own SQL function may also call); references already recorded are left.
   */
  placeBets(bets: BetBatch, trx?: Kysely<DB>): Promise<number>;
  /**
   * Settles or cancels many bets of one vendor in one statement, their outcomes given as rows of
   * a query (`bet_no`, `payout`, `valid_bet`, `cancelled`): a draw of 100,000 tickets is one
   * statement instead of 100,000 calls. A pending bet becomes SETTLED (or CANCELLED); a settled
   * one whose payout differs (a corrected result) gets the new payout and valid bet. Returns the
   * records changed.
   */
  settleBetsFrom(vendor: string, outcomes: BetOutcomeRows, trx?: Kysely<DB>): Promise<number>;
}

/** Bets of one member, vendor and game placed together (a lottery slip's orders). */
export interface BetBatch {
  memberId: number;
  vendor: string;
  product: BetProduct;
  gameCode: string;
  gameName: string;
  bets: { betNo: string; betAmount: number; detail?: Record<string, unknown> }[];
}

/** A query whose rows are bet outcomes: bet_no text, payout bigint, valid_bet bigint, cancelled boolean. */
export type BetOutcomeRows = RawBuilder<{
  bet_no: string;
  payout: number;
  valid_bet: number;
  cancelled: boolean;
}>;

export interface RangeQuery {
  startTime?: number | undefined;
  endTime?: number | undefined;
}
export interface PageQuery {
  page: number;
  size: number;
}

/**
 * How far past this process's clock a range that ends "now" reads. Rows are stamped by the
 * database's clock (`now()`), the bound by Node's: a virtual machine's clock stepped back between
 * a movement and the read that follows it left the movement out (seen in CI). No row is stamped
 * in the future, so reading a little past now changes nothing else.
 */
const OPEN_END_SLACK_MS = 60_000;

/** The range a query covers: the given one, or the last 7 days; never longer than the maximum. */
export function resolveRange(q: RangeQuery, now = Date.now()): repo.Range {
  const end =
    q.endTime ??
    (q.startTime !== undefined ? Math.min(now, q.startTime + RECORDS_MAX_RANGE_DAYS * DAY_MS) : now);
  const start = q.startTime ?? end - DEFAULT_RANGE_DAYS * DAY_MS;
  if (end <= start) throw fail(Errors.invalidInput, { message: 'endTime must be after startTime' });
  if (end - start > RECORDS_MAX_RANGE_DAYS * DAY_MS)
    throw fail(Errors.invalidInput, { message: `A range covers at most ${RECORDS_MAX_RANGE_DAYS} days` });
  // A range that ends now (no endTime, or one past the clock) is read to a little past it.
  const open = q.endTime === undefined ? end === now : q.endTime >= now;
  if (!open) return { start: new Date(start), end: new Date(end) };
  return { start: new Date(start), end: new Date(end + OPEN_END_SLACK_MS), shownEnd: new Date(end) };
}

function paged<T>(content: T[], q: PageQuery, total: number, r: repo.Range) {
  return {
    content,
    page: q.page,
    size: q.size,
    totalElements: total,
    totalPages: Math.ceil(total / q.size),
    startTime: r.start.getTime(),
    endTime: (r.shownEnd ?? r.end).getTime(),
  };
}

export interface RecordsDeps {
  /** The state of the member's withdrawal requests, by request number (the withdraw module). */
  withdrawals?: Pick<WithdrawService, 'recordStatuses'> | undefined;
}

/**
 * The account record is the member's money, not the ledger's bookkeeping: a withdrawal request
 * moves its amount from the main wallet into the member's PENDING_WITHDRAWAL account, which holds
 * it apart until it is paid out or returned (decision 017). Shown, that account's postings read as
 * "+100 → balance 100.00" on request and "−100" on payout; the record leaves them out, and the
 * main wallet's debit is the withdrawal's one outgoing row, with the request's state. Likewise a
 * lottery credit the main wallet had no room for waits in LOTTERY_PRIZE_HELD (decision 022): the
 * record shows the one credit of the main wallet when the held-prizes job pays it, not the held
 * account's "+19.60" and "−19.60" (and its summary counts the prize once).
 *
 * Points (decision 033) are not money: their account's movements are the points details' (PM-05),
 * never the account record's.
 */
const NOT_IN_ACCOUNT_RECORD = [WalletType.pendingWithdrawal, LOTTERY_PRIZE_HELD, POINTS_WALLET];

/** The movement's business reference (an order or transfer number), else its ledger number. */
const reference = (p: { reference: string; transaction_id: number }) =>
  p.reference || `LT${String(p.transaction_id).padStart(8, '0')}`;

/**
 * The member's records (betting record, account record, profit and loss, bonus details), always
 * of the caller's own member id: no query takes a member id from the request.
 */
export class RecordsService implements BetRecordWriter {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly withdrawals: RecordsDeps['withdrawals'];

  constructor(database: Database, wallet: WalletService, deps: RecordsDeps = {}) {
    this.database = database;
    this.wallet = wallet;
    this.withdrawals = deps.withdrawals;
  }

  private major(minor: number): number {
    return this.wallet.toMajor(minor);
  }

  // ---- writer ------------------------------------------------------------------------------

  async placeBet(bet: BetPlacement, trx?: Kysely<DB>): Promise<{ id: number; created: boolean }> {
    if (!Number.isSafeInteger(bet.betAmount) || bet.betAmount < 0)
      throw new Error(`records: bet amount ${bet.betAmount} is not a non-negative integer of minor units`);
    const db = trx ?? this.database.db;
    const inserted = await db
      .insertInto('bet_record')
      .values({
        member_id: bet.memberId,
        vendor: bet.vendor,
        bet_no: bet.betNo,
        product: bet.product,
        game_code: bet.gameCode ?? '',
        game_name: bet.gameName ?? '',
        currency: this.wallet.currency().code,
        bet_amount: bet.betAmount,
        status: 'PENDING',
        ...(bet.betTime ? { bet_at: bet.betTime } : {}),
        detail: JSON.stringify(bet.detail ?? {}),
      })
      .onConflict((oc) => oc.columns(['vendor', 'bet_no']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await db
      .selectFrom('bet_record')
      .select('id')
      .where('vendor', '=', bet.vendor)
      .where('bet_no', '=', bet.betNo)
      .executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }

  async settleBet(s: BetSettlement, trx?: Kysely<DB>): Promise<boolean> {
    if (!Number.isSafeInteger(s.payout) || s.payout < 0)
      throw new Error(`records: payout ${s.payout} is not a non-negative integer of minor units`);
    const res = await (trx ?? this.database.db)
      .updateTable('bet_record')
      .set({
        status: 'SETTLED',
        payout: s.payout,
        valid_bet: s.validBet ?? sql<number>`bet_amount`,
        settled_at: s.settledAt ?? sql<Date>`now()`,
      })
      .where('vendor', '=', s.vendor)
      .where('bet_no', '=', s.betNo)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async cancelBet(vendor: string, betNo: string, trx?: Kysely<DB>): Promise<boolean> {
    const res = await (trx ?? this.database.db)
      .updateTable('bet_record')
      .set({ status: 'CANCELLED', settled_at: sql<Date>`now()` })
      .where('vendor', '=', vendor)
      .where('bet_no', '=', betNo)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async placeBets(batch: BetBatch, trx?: Kysely<DB>): Promise<number> {
    if (batch.bets.length === 0) return 0;
    for (const b of batch.bets)
      if (!Number.isSafeInteger(b.betAmount) || b.betAmount < 0)
        throw new Error(`records: bet amount ${b.betAmount} is not a non-negative integer of minor units`);
    const r = await sql<{ n: number }>`
      select bet_record_place(${batch.memberId}, ${batch.vendor}, ${batch.product}, ${batch.gameCode},
        ${batch.gameName}, ${this.wallet.currency().code}, ${batch.bets.map((b) => b.betNo)}::text[],
        ${batch.bets.map((b) => b.betAmount)}::bigint[],
        ${batch.bets.map((b) => JSON.stringify(b.detail ?? {}))}::text[]) as n`.execute(
      trx ?? this.database.db,
    );
    return r.rows[0]?.n ?? 0;
  }

  async settleBetsFrom(vendor: string, outcomes: BetOutcomeRows, trx?: Kysely<DB>): Promise<number> {
    const r = await sql`
      update bet_record b set
        status = case when d.cancelled then 'CANCELLED' else 'SETTLED' end,
        payout = d.payout, valid_bet = d.valid_bet, settled_at = coalesce(b.settled_at, now())
      from (${outcomes}) as d
      where b.vendor = ${vendor} and b.bet_no = d.bet_no
        and (b.status = 'PENDING' or b.payout <> d.payout or b.valid_bet <> d.valid_bet)`.execute(
      trx ?? this.database.db,
    );
    return Number(r.numAffectedRows ?? 0);
  }

  // ---- readers -----------------------------------------------------------------------------

  async bets(
    memberId: number,
    q: RangeQuery & PageQuery & { product?: BetProduct | undefined; status?: BetStatus | undefined },
  ): Promise<BetRecords> {
    const r = resolveRange(q);
    const f: repo.BetFilter = { memberId, ...r, product: q.product, status: q.status };
    const db = this.database.db;
    const [rows, sum] = await Promise.all([
      repo.betPage(db, f, q.size, (q.page - 1) * q.size),
      repo.betSummary(db, f),
    ]);
    const m = (n: number) => this.major(n);
    return {
      ...paged(
        rows.map((b) => ({
          id: b.id,
          betNo: b.bet_no,
          product: b.product as BetProduct,
          vendor: b.vendor,
          gameName: b.game_name,
          betAmount: m(b.bet_amount),
          validBet: m(b.valid_bet),
          payout: m(b.payout),
          winLoss: b.status === 'SETTLED' ? m(b.payout - b.bet_amount) : 0,
          status: b.status,
          betTime: new Date(b.bet_at).getTime(),
          settleTime: b.settled_at ? new Date(b.settled_at).getTime() : null,
        })),
        q,
        sum.count,
        r,
      ),
      summary: {
        betAmount: m(sum.bet),
        validBet: m(sum.valid),
        payout: m(sum.payout),
        winLoss: m(sum.winLoss),
      },
    };
  }

  /** The ledger kinds of one record type among those that touched the member. */
  private async kindsOfType(memberId: number, type: AccountRecordType): Promise<string[]> {
    const all = await repo.kindsOfMember(this.database.db, memberId);
    return all.filter((k) => ledgerKindCategory(k) === type);
  }

  async account(
    memberId: number,
    q: RangeQuery & PageQuery & { type?: AccountRecordType | undefined },
  ): Promise<AccountRecords> {
    const r = resolveRange(q);
    const db = this.database.db;
    const kinds = q.type ? await this.kindsOfType(memberId, q.type) : undefined;
    const exceptWallets = NOT_IN_ACCOUNT_RECORD;
    const [rows, totals] = await Promise.all([
      repo.postingPage(db, { memberId, ...r, kinds, exceptWallets }, q.size, (q.page - 1) * q.size),
      repo.postingTotalsByKind(db, memberId, r, exceptWallets),
    ]);
    const requests = rows.filter((p) => p.kind === WITHDRAW_REQUEST_KIND).map((p) => p.reference);
    const states =
      requests.length && this.withdrawals
        ? await this.withdrawals.recordStatuses(memberId, requests)
        : new Map<string, WithdrawRecordStatus>();
    const counted = totals.filter((t) => !kinds || kinds.includes(t.kind));
    const m = (n: number) => this.major(n);
    return {
      ...paged(
        rows.map((p) => {
          const status = p.kind === WITHDRAW_REQUEST_KIND ? states.get(p.reference) : undefined;
          return {
            id: p.id,
            reference: reference(p),
            kind: p.kind,
            type: ledgerKindCategory(p.kind),
            walletType: p.wallet_type,
            amount: m(p.amount),
            balanceAfter: m(p.balance_after),
            memo: p.memo,
            time: new Date(p.created_at).getTime(),
            ...(status ? { status } : {}),
          };
        }),
        q,
        counted.reduce((s, t) => s + t.count, 0),
        r,
      ),
      summary: {
        credit: m(counted.reduce((s, t) => s + t.credit, 0)),
        debit: m(counted.reduce((s, t) => s + t.debit, 0)),
      },
    };
  }

  async profitLoss(memberId: number, q: RangeQuery): Promise<ProfitLoss> {
    const r = resolveRange(q);
    const db = this.database.db;
    const [byProduct, totals] = await Promise.all([
      repo.settledByProduct(db, memberId, r),
      repo.postingTotalsByKind(db, memberId, r),
    ]);
    const net = (type: AccountRecordType) =>
      totals.filter((t) => ledgerKindCategory(t.kind) === type).reduce((s, t) => s + t.credit + t.debit, 0);
    const m = (n: number) => this.major(n);
    const sum = (pick: (p: (typeof byProduct)[number]) => number) =>
      byProduct.reduce((s, p) => s + pick(p), 0);
    const winLoss = sum((p) => p.payout - p.bet);
    const bonus = net('BONUS');
    return {
      startTime: r.start.getTime(),
      endTime: (r.shownEnd ?? r.end).getTime(),
      products: byProduct
        .sort((a, b) => b.bet - a.bet || a.product.localeCompare(b.product))
        .map((p) => ({
          product: p.product as BetProduct,
          betCount: p.count,
          betAmount: m(p.bet),
          validBet: m(p.valid),
          payout: m(p.payout),
          winLoss: m(p.payout - p.bet),
        })),
      totals: {
        betCount: sum((p) => p.count),
        betAmount: m(sum((p) => p.bet)),
        validBet: m(sum((p) => p.valid)),
        payout: m(sum((p) => p.payout)),
        winLoss: m(winLoss),
        deposit: m(net('DEPOSIT')),
        // Money that left for the player's bank: the net outflow of the withdrawal kinds (a
        // rejected request's hold comes back, so it nets to nothing).
        withdraw: m(-net('WITHDRAW')),
        bonus: m(bonus),
        profit: m(winLoss + bonus),
      },
    };
  }

  async bonus(
    memberId: number,
    q: RangeQuery & PageQuery & { kind?: string | undefined },
  ): Promise<BonusDetails> {
    const r = resolveRange(q);
    const db = this.database.db;
    const allBonusKinds = await this.kindsOfType(memberId, 'BONUS');
    const kinds = q.kind ? allBonusKinds.filter((k) => k === q.kind) : allBonusKinds;
    const [rows, totals] = await Promise.all([
      repo.postingPage(db, { memberId, ...r, kinds }, q.size, (q.page - 1) * q.size),
      repo.postingTotalsByKind(db, memberId, r),
    ]);
    const counted = totals.filter((t) => kinds.includes(t.kind));
    const m = (n: number) => this.major(n);
    return {
      ...paged(
        rows.map((p) => ({
          id: p.id,
          reference: reference(p),
          kind: p.kind,
          amount: m(p.amount),
          memo: p.memo,
          time: new Date(p.created_at).getTime(),
        })),
        q,
        counted.reduce((s, t) => s + t.count, 0),
        r,
      ),
      summary: { total: m(counted.reduce((s, t) => s + t.credit + t.debit, 0)) },
      kinds: allBonusKinds,
    };
  }

  /** The most rows an export may hold, checked before the file is built. */
  static readonly exportMaxRows = RECORDS_EXPORT_MAX_ROWS;
}
