import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  DepositErrors,
  Errors,
  MAX_PENDING_DEPOSITS,
  minorToMajor,
  parseAmount,
  SANDBOX_MAX_SKEW_SECONDS,
  SandboxNotifySchema,
  WalletErrors,
  type DepositChannel,
  type DepositOrder,
  type DepositStatus,
  type MerchantBankAccount,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB, DepositChannelTable, DepositOrderTable } from '../../db/schema.ts';
import type { CachedValue, ChangeFeed } from '../../platform/change-feed.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import { parseJsonText } from '../../platform/http/nul-guard.ts';
import { HouseAccount, type WalletService } from '../wallet/wallet.service.ts';
import { noticeAmount, type MemberNotices } from '../messages/member-notices.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';
import type { ResponsibleService } from '../responsible/responsible.service.ts';

type ChannelRow = Selectable<DepositChannelTable>;
type OrderRow = Selectable<DepositOrderTable>;

/** Open gateway orders one reconciliation run looks at, oldest first. */
const RECONCILE_BATCH = 1000;
/** How far back a cancelled gateway order is still asked about (a paid one is credited). */
const RECONCILE_CANCELLED_DAYS = 7;
/** A payment counts as expired unpaid this long after its page closed (clocks and a slow "Pay"). */
const RECONCILE_EXPIRY_MARGIN_MS = 60_000;

export interface DepositServiceDeps {
  database: Database;
  wallet: WalletService;
  gateway: SandboxGateway;
  feed?: ChangeFeed;
  /** HMAC secret shared with the sandbox gateway. */
  sandboxSecret: string;
  /** The member's inbox: told when an order is credited or rejected. */
  notices: MemberNotices;
  /** Deposit limits, time-outs and self-exclusion (decision 039), checked under the member's lock. */
  responsible?: ResponsibleService;
}

/** The signature the sandbox gateway puts on a notification: hex HMAC-SHA256 of `<timestamp>.<raw body>`. */
export function signSandbox(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** An order number players can quote: D, the UTC date, and 10 random characters (not guessable, not a count). */
function newOrderNo(): string {
  const d = new Date();
  const date =
    `${d.getUTCFullYear() % 100}`.padStart(2, '0') +
    `${d.getUTCMonth() + 1}`.padStart(2, '0') +
    `${d.getUTCDate()}`.padStart(2, '0');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  let tail = '';
  for (const b of bytes) tail += alphabet[b % alphabet.length];
  return `D${date}${tail}`;
}

export interface OperatorOrderFilter {
  status?: DepositStatus;
  limit?: number;
}

/**
 * Deposits (page depositv2): channels from the `deposit_channel` configuration, orders, the
 * operator's review of manual bank transfers, and the sandbox gateway's signed notification.
 * Money moves only through the ledger, under the key `deposit:<orderNo>`, so an order is credited
 * at most once whichever door (approval, notification, a retry of either) arrives first.
 */
export class DepositService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly gateway: SandboxGateway;
  private readonly secret: string;
  private readonly channels: CachedValue<ChannelRow[]> | null;
  private readonly feed: ChangeFeed | undefined;
  private readonly notices: MemberNotices;
  private readonly responsible: ResponsibleService | undefined;

  constructor(deps: DepositServiceDeps) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.gateway = deps.gateway;
    this.secret = deps.sandboxSecret;
    this.notices = deps.notices;
    this.responsible = deps.responsible;
    this.channels = deps.feed ? deps.feed.cached(() => this.loadChannels()) : null;
    this.feed = deps.feed;
  }

  private loadChannels(db: Kysely<DB> = this.database.db): Promise<ChannelRow[]> {
    return db.selectFrom('deposit_channel').selectAll().orderBy('sort').orderBy('code').execute();
  }

  private allChannels(): Promise<ChannelRow[]> {
    return this.channels ? this.channels.get() : this.loadChannels();
  }

  private channelWire(c: ChannelRow): DepositChannel {
    const { precision } = this.wallet.currency();
    return {
      code: c.code,
      type: c.type,
      name: c.name,
      minAmount: minorToMajor(c.min_amount, precision),
      maxAmount: minorToMajor(c.max_amount, precision),
      presetAmounts: c.preset_amounts.map((m) => minorToMajor(m, precision)),
      bankAccount: c.bank_account,
    };
  }

  /** Operator: every channel, enabled or not. */
  operatorChannels(): Promise<ChannelRow[]> {
    return this.loadChannels();
  }

  /**
   * Operator: changes a channel's name, limits, preset amounts or state (amounts in minor units).
   * The limits must stay ordered and every preset within them; every instance reloads the list.
   */
  async updateChannel(
    code: string,
    change: {
      name?: string;
      minAmount?: number;
      maxAmount?: number;
      presetAmounts?: number[];
      enabled?: boolean;
    },
    /** The caller's transaction (an audited change): the caller announces the change after its commit. */
    db: Kysely<DB> = this.database.db,
  ): Promise<ChannelRow> {
    const current = (await this.loadChannels(db)).find((c) => c.code === code);
    if (!current)
      throw fail(DepositErrors.depositChannelUnavailable, { message: `No deposit channel ${code}` });
    const min = change.minAmount ?? current.min_amount;
    const max = change.maxAmount ?? current.max_amount;
    const presets = change.presetAmounts ?? current.preset_amounts;
    if (min > max)
      throw fail(Errors.invalidInput, { message: 'The minimum amount must not be above the maximum' });
    const outside = presets.filter((p) => p < min || p > max);
    if (outside.length)
      throw fail(Errors.invalidInput, {
        message: `Preset amounts must lie within the limits; outside: ${outside.map((p) => minorToMajor(p, this.wallet.currency().precision)).join(', ')}`,
      });
    const row = await db
      .updateTable('deposit_channel')
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
        min_amount: min,
        max_amount: max,
        preset_amounts: JSON.stringify(presets),
        updated_at: new Date(),
      })
      .where('code', '=', code)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (db === this.database.db) await this.channelChanged(code);
    return row;
  }

  /** Every instance reloads the channels (after a change committed in a caller's transaction). */
  async channelChanged(code: string): Promise<void> {
    if (this.feed) await this.feed.publish(`deposit-channel:${code}`);
  }

  async listChannels() {
    const { code, symbol, precision } = this.wallet.currency();
    const channels = (await this.allChannels()).filter((c) => c.enabled).map((c) => this.channelWire(c));
    return { currency: code, currencySymbol: symbol, precision, channels };
  }

  private orderWire(o: OrderRow, channelName: string): DepositOrder {
    const { precision } = this.wallet.currency();
    return {
      orderNo: o.order_no,
      channelCode: o.channel_code,
      channelType: o.channel_type,
      channelName,
      amount: minorToMajor(o.amount, precision),
      currency: o.currency,
      status: o.status,
      payerReference: o.payer_reference,
      note: o.note,
      createdAt: o.created_at.getTime(),
      updatedAt: o.updated_at.getTime(),
      completedAt: o.completed_at ? o.completed_at.getTime() : null,
      redirectUrl: o.status === 'PENDING' ? o.redirect_url : null,
      bankAccount: o.bank_account,
    };
  }

  private async wire(o: OrderRow): Promise<DepositOrder> {
    const channel = (await this.allChannels()).find((c) => c.code === o.channel_code);
    return this.orderWire(o, channel?.name ?? o.channel_code);
  }

  /** POST /wps/deposit/orders. */
  async createOrder(
    memberId: number,
    input: {
      channelCode: string;
      amount: unknown;
      payerReference?: string | undefined;
      idempotencyKey?: string | undefined;
    },
  ): Promise<DepositOrder> {
    const channel = (await this.allChannels()).find((c) => c.code === input.channelCode && c.enabled);
    if (!channel) throw fail(DepositErrors.depositChannelUnavailable);
    const { code: currency, precision } = this.wallet.currency();
    const parsed = parseAmount(input.amount, {
      precision,
      minMinor: channel.min_amount,
      maxMinor: channel.max_amount,
    });
    if (!parsed.ok) throw fail(WalletErrors.amountInvalid, { message: parsed.message });
    const amount = parsed.minor;
    const payerReference = (input.payerReference ?? '').trim();
    if (channel.type === 'BANK_TRANSFER' && !payerReference)
      throw fail(DepositErrors.depositReferenceRequired);
    const key = input.idempotencyKey ?? randomUUID();

    const created = await this.database.db.transaction().execute(async (trx) => {
      // The member row is the lock that makes "at most N pending" hold under concurrent requests.
      await trx.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst();
      const existing = await trx
        .selectFrom('deposit_order')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (existing) {
        if (
          existing.channel_code !== channel.code ||
          existing.amount !== amount ||
          existing.payer_reference !== payerReference
        )
          throw fail(WalletErrors.idempotencyKeyReused);
        return { order: existing, fresh: false };
      }
      const pending = await trx
        .selectFrom('deposit_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'PENDING')
        .executeTakeFirstOrThrow();
      if (Number(pending.n) >= MAX_PENDING_DEPOSITS) throw fail(DepositErrors.depositPendingLimit);
      await this.responsible?.deposit(trx, memberId, amount);
      const order = await trx
        .insertInto('deposit_order')
        .values({
          order_no: newOrderNo(),
          member_id: memberId,
          channel_code: channel.code,
          channel_type: channel.type,
          amount,
          currency,
          payer_reference: payerReference,
          idempotency_key: key,
          bank_account: channel.bank_account ? JSON.stringify(channel.bank_account) : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { order, fresh: true };
    });
    let order = created.order;
    if (created.fresh && channel.type === 'SANDBOX_GATEWAY') {
      // The gateway is another company: its answer (a payment page) is recorded after our order
      // committed, as it would be after an HTTP call to it.
      const payment = await this.gateway.createPayment({
        merchantOrderNo: order.order_no,
        amount,
        currency,
        returnUrl: `/?depositOrder=${encodeURIComponent(order.order_no)}`,
      });
      order = await this.database.db
        .updateTable('deposit_order')
        .set({ gateway_payment_id: payment.paymentId, redirect_url: payment.payUrl, updated_at: new Date() })
        .where('id', '=', order.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return this.orderWire(order, channel.name);
  }

  /** GET /wps/deposit/orders: the member's own orders, newest first. */
  async listOrders(
    memberId: number,
    q: { status?: DepositStatus | undefined; page: number; pageSize: number },
  ) {
    let base = this.database.db.selectFrom('deposit_order').where('member_id', '=', memberId);
    if (q.status) base = base.where('status', '=', q.status);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const channels = await this.allChannels();
    const name = (code: string) => channels.find((c) => c.code === code)?.name ?? code;
    return {
      items: rows.map((o) => this.orderWire(o, name(o.channel_code))),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** One of the member's own orders; another member's order is "not found", exactly like a missing one. */
  private async ownOrder(memberId: number, orderNo: string, db: Kysely<DB> = this.database.db, lock = false) {
    let q = db
      .selectFrom('deposit_order')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('member_id', '=', memberId);
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw fail(DepositErrors.depositNotFound);
    return row;
  }

  async getOrder(memberId: number, orderNo: string): Promise<DepositOrder> {
    return this.wire(await this.ownOrder(memberId, orderNo));
  }

  /** The player gives up a pending order (a late gateway payment is still credited: the money arrived). */
  async cancelOrder(memberId: number, orderNo: string): Promise<DepositOrder> {
    const row = await this.database.db.transaction().execute(async (trx) => {
      const order = await this.ownOrder(memberId, orderNo, trx, true);
      if (order.status !== 'PENDING') throw fail(DepositErrors.depositNotPending);
      return trx
        .updateTable('deposit_order')
        .set({ status: 'CANCELLED', updated_at: new Date(), completed_at: new Date() })
        .where('id', '=', order.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return this.wire(row);
  }

  // ---- crediting -----------------------------------------------------------------------------

  /**
   * Credits an order once: the order row is locked, a credited order answers as it is, and the
   * ledger key `deposit:<orderNo>` would refuse a second movement even if the row said otherwise.
   */
  private async credit(
    trx: Kysely<DB>,
    order: OrderRow,
    house: typeof HouseAccount.bankDeposits | typeof HouseAccount.sandboxGateway,
    reviewedBy: string | null,
  ): Promise<{ order: OrderRow; credited: boolean }> {
    if (order.status === 'SUCCESS') return { order, credited: false };
    const result = await this.wallet.transfer(
      {
        from: { house },
        to: { memberId: order.member_id },
        amount: order.amount,
        kind: 'DEPOSIT',
        reference: order.order_no,
        idempotencyKey: `deposit:${order.order_no}`,
      },
      trx,
    );
    const now = new Date();
    const updated = await trx
      .updateTable('deposit_order')
      .set({
        status: 'SUCCESS',
        ledger_transaction_id: result.transactionId,
        updated_at: now,
        completed_at: now,
        ...(reviewedBy ? { reviewed_by: reviewedBy } : {}),
      })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!result.replayed) await this.notify(trx, updated, 'depositCredited');
    return { order: updated, credited: !result.replayed };
  }

  private async lockForOperator(trx: Kysely<DB>, idOrNo: string): Promise<OrderRow> {
    let q = trx.selectFrom('deposit_order').selectAll();
    q = /^\d+$/.test(idOrNo)
      ? q.where('id', '=', Number(idOrNo))
      : q.where('order_no', '=', idOrNo.toUpperCase());
    const row = await q.forUpdate().executeTakeFirst();
    if (!row) throw fail(DepositErrors.depositNotFound, { message: `No deposit order ${idOrNo}` });
    return row;
  }

  /**
   * Operator: a manual bank transfer arrived; credits the member exactly once. `db` is the caller's
   * transaction (the back office's approvals add their four-eyes check and audit entry to it).
   */
  async approve(
    idOrNo: string,
    operator = 'ops',
    db: Kysely<DB> | null = null,
  ): Promise<{ order: OrderRow; credited: boolean }> {
    const work = async (trx: Kysely<DB>) => {
      const order = await this.lockForOperator(trx, idOrNo);
      if (order.channel_type !== 'BANK_TRANSFER')
        throw fail(DepositErrors.depositNotPending, {
          message: `Order ${order.order_no} is paid through the gateway: its notification credits it`,
        });
      if (order.status === 'SUCCESS') return { order, credited: false };
      if (order.status !== 'PENDING')
        throw fail(DepositErrors.depositNotPending, {
          message: `Order ${order.order_no} is ${order.status}`,
        });
      return this.credit(trx, order, HouseAccount.bankDeposits, operator);
    };
    return db ? work(db) : this.database.db.transaction().execute(work);
  }

  /** Operator: no such transfer arrived (or it does not match); nothing is credited. `db` as in approve. */
  async reject(
    idOrNo: string,
    reason: string,
    operator = 'ops',
    db: Kysely<DB> | null = null,
  ): Promise<OrderRow> {
    const work = async (trx: Kysely<DB>) => {
      const order = await this.lockForOperator(trx, idOrNo);
      if (order.status !== 'PENDING')
        throw fail(DepositErrors.depositNotPending, {
          message: `Order ${order.order_no} is ${order.status}`,
        });
      const rejected = await trx
        .updateTable('deposit_order')
        .set({
          status: 'REJECTED',
          note: reason,
          reviewed_by: operator,
          updated_at: new Date(),
          completed_at: new Date(),
        })
        .where('id', '=', order.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.notify(trx, rejected, 'depositRejected', reason);
      return rejected;
    };
    return db ? work(db) : this.database.db.transaction().execute(work);
  }

  /** Tells the member about their order, in the step's transaction. */
  private notify(
    trx: Kysely<DB>,
    order: OrderRow,
    kind: 'depositCredited' | 'depositRejected',
    reason?: string,
  ): Promise<void> {
    return this.notices.send(trx, order.member_id, kind, {
      orderNo: order.order_no,
      amount: noticeAmount(order.amount, this.wallet.currency()),
      ...(reason ? { reason } : {}),
    });
  }

  /** Operator listing, oldest pending first by default. */
  async operatorList(filter: OperatorOrderFilter = {}) {
    let q = this.database.db
      .selectFrom('deposit_order')
      .innerJoin('member', 'member.id', 'deposit_order.member_id')
      .selectAll('deposit_order')
      .select('member.username');
    if (filter.status) q = q.where('deposit_order.status', '=', filter.status);
    return q
      .orderBy('deposit_order.id', filter.status === 'PENDING' ? 'asc' : 'desc')
      .limit(filter.limit ?? 50)
      .execute();
  }

  // ---- the sandbox gateway's notification --------------------------------------------------------

  /**
   * POST /payment/notify/sandbox: verifies the timestamp (5 minutes either way) and the HMAC over
   * the raw body before reading it, finds the order the payment belongs to, refuses an amount or
   * currency that differs from the order, and credits a paid order once however often the
   * notification arrives (concurrent deliveries queue on the order's row lock).
   */
  async handleSandboxNotify(rawBody: string, timestamp: string | undefined, signature: string | undefined) {
    const ts = Number(timestamp);
    if (
      !timestamp ||
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(Date.now() / 1000 - ts) > SANDBOX_MAX_SKEW_SECONDS
    )
      throw fail(DepositErrors.gatewayTimestampStale);
    const expected = Buffer.from(signSandbox(this.secret, timestamp, rawBody), 'hex');
    const given = Buffer.from(
      typeof signature === 'string' && /^[0-9a-f]{64}$/i.test(signature) ? signature : '',
      'hex',
    );
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw fail(DepositErrors.gatewaySignatureInvalid);
    const parsed = SandboxNotifySchema.safeParse(parseJsonText(rawBody));
    if (!parsed.success)
      throw fail(Errors.invalidInput, {
        message: `Invalid notification: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      });
    const note = parsed.data;
    const { precision } = this.wallet.currency();
    return this.database.db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('deposit_order')
        .selectAll()
        .where('order_no', '=', note.merchantOrderNo)
        .where('channel_type', '=', 'SANDBOX_GATEWAY')
        .forUpdate()
        .executeTakeFirst();
      if (!order || order.gateway_payment_id !== note.paymentId) throw fail(DepositErrors.depositNotFound);
      const paid = parseAmount(note.amount, { precision });
      if (!paid.ok || paid.minor !== order.amount || note.currency !== order.currency)
        throw fail(DepositErrors.gatewayAmountMismatch, {
          message: `The paid amount ${note.amount} ${note.currency} differs from the order amount ${minorToMajor(order.amount, precision)} ${order.currency}`,
        });
      if (note.status === 'FAILED') {
        if (order.status === 'PENDING') {
          await trx
            .updateTable('deposit_order')
            .set({
              status: 'FAILED',
              note: 'Payment failed at the gateway',
              updated_at: new Date(),
              completed_at: new Date(),
            })
            .where('id', '=', order.id)
            .execute();
          return { orderNo: order.order_no, status: 'FAILED' as const };
        }
        return { orderNo: order.order_no, status: order.status };
      }
      const { order: done } = await this.credit(trx, order, HouseAccount.sandboxGateway, null);
      return { orderNo: done.order_no, status: done.status };
    });
  }

  // ---- reconciliation -----------------------------------------------------------------------

  /**
   * The deposit.reconcile job (issue 28, defect 5): the merchant asks the gateway about every
   * gateway order still open (pending, or cancelled in the last RECONCILE_CANCELLED_DAYS: a paid
   * cancelled order is credited too, as its notification would) and settles each by the gateway's
   * record, in the job's transaction: PAID is credited through `credit` (the order's row lock and
   * the ledger key `deposit:<orderNo>`, so once whatever else arrives), FAILED marks the order
   * failed, and a payment that expired unpaid marks it failed so it no longer waits (nor counts
   * towards the member's pending orders). A lost notification therefore costs the player at most
   * one run of the job.
   */
  async reconcile(db: Kysely<DB>, now = new Date()): Promise<{ credited: number; failed: number }> {
    const cancelledSince = new Date(now.getTime() - RECONCILE_CANCELLED_DAYS * 86_400_000);
    const open = await db
      .selectFrom('deposit_order')
      .selectAll()
      .where('channel_type', '=', 'SANDBOX_GATEWAY')
      .where('gateway_payment_id', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'PENDING'),
          eb.and([eb('status', '=', 'CANCELLED'), eb('created_at', '>', cancelledSince)]),
        ]),
      )
      .orderBy('id')
      .limit(RECONCILE_BATCH)
      .execute();
    const payments = new Map(
      (
        await this.gateway.payments(
          open.map((o) => o.gateway_payment_id!),
          db,
        )
      ).map((p) => [p.id, p]),
    );
    let credited = 0;
    let failed = 0;
    for (const seen of open) {
      const payment = payments.get(seen.gateway_payment_id!);
      if (!payment || payment.merchant_order_no !== seen.order_no) continue;
      const expired =
        payment.status === 'CREATED' &&
        payment.expires_at.getTime() < now.getTime() - RECONCILE_EXPIRY_MARGIN_MS;
      if (payment.status === 'CREATED' && !expired) continue;
      // Locked and read again: a notification may have settled it since the list was read.
      const order = await db
        .selectFrom('deposit_order')
        .selectAll()
        .where('id', '=', seen.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (payment.status === 'PAID') {
        if (order.status === 'SUCCESS') continue;
        // A record that differs from the order is the notification's refusal too: left for a person.
        if (payment.amount !== order.amount || payment.currency !== order.currency) continue;
        // One order the ledger refuses (a balance at its ceiling) must not hold back the others:
        // its movement is undone to a savepoint and it waits for the next run.
        await sql`savepoint reconcile_order`.execute(db);
        try {
          if ((await this.credit(db, order, HouseAccount.sandboxGateway, null)).credited) credited++;
          await sql`release savepoint reconcile_order`.execute(db);
        } catch (err) {
          await sql`rollback to savepoint reconcile_order`.execute(db);
          if (!(err instanceof AppError)) throw err;
        }
      } else if (order.status === 'PENDING') {
        await db
          .updateTable('deposit_order')
          .set({
            status: 'FAILED',
            note: expired ? 'The payment expired at the gateway' : 'Payment failed at the gateway',
            updated_at: now,
            completed_at: now,
          })
          .where('id', '=', order.id)
          .execute();
        failed++;
      }
    }
    return { credited, failed };
  }

  /** Orders still waiting, for the operator's summary. */
  async pendingCount(): Promise<number> {
    const row = await sql<{
      n: number;
    }>`select count(*)::int as n from deposit_order where status = 'PENDING'`.execute(this.database.db);
    return Number(row.rows[0]?.n ?? 0);
  }
}

export type { MerchantBankAccount };
