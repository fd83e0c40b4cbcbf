import type { z } from 'zod';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { backoffice, DepositErrors, Errors, minorToMajor, type WithdrawStatus } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { ApprovalVoteTable, DB, DepositOrderTable, WithdrawalStatus } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import type { DepositService } from '../deposit/deposit.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import {
  maskAccountNumber,
  orderNo as withdrawalNo,
  type WithdrawService,
} from '../withdraw/withdraw.service.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';

type ApprovalKind = backoffice.ApprovalKind;
type VoteRow = Selectable<ApprovalVoteTable>;
type DepositRow = Selectable<DepositOrderTable>;
/** The parsed (defaulted) queries the routes hand over. */
type DepositQuery = z.output<typeof backoffice.DepositQueueQuerySchema>;
type WithdrawalQuery = z.output<typeof backoffice.WithdrawalQueueQuerySchema>;

/**
 * Withdrawal statuses the queue shows by default, as the CLI's `withdraw list`: what waits for
 * finance (approval, payout, and a payout the member disputes: refund or dismiss).
 */
const OPEN: WithdrawalStatus[] = ['PENDING', 'APPROVED', 'PARTLY_RECEIVED', 'NOT_RECEIVED'];
/** Paid-out statuses: the money left (a refund's part returns, counted by refund_amount). */
const PAID_OUT: WithdrawalStatus[] = ['PAID', 'RECEIVED', 'PARTLY_RECEIVED', 'NOT_RECEIVED', 'REFUNDED'];
const RECENT = 10;

/**
 * Four eyes (decision 031, "Approvals"): an item whose amount is above `fourEyesAboveMinor` needs
 * two approvals by two different people. Null turns it off (every item needs one).
 */
export interface ApprovalPolicy {
  fourEyesAboveMinor: number | null;
}

/**
 * APPROVAL_FOUR_EYES_ABOVE: major units of the brand currency (default 10000); an item above it
 * needs a second approver. `0` asks for two on every item; `off` turns four eyes off.
 */
export function approvalPolicyFromEnv(
  precision: number,
  env: NodeJS.ProcessEnv = process.env,
): ApprovalPolicy {
  const raw = env.APPROVAL_FOUR_EYES_ABOVE?.trim();
  if (raw === undefined || raw === '') return { fourEyesAboveMinor: 10_000 * 10 ** precision };
  if (raw.toLowerCase() === 'off') return { fourEyesAboveMinor: null };
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`APPROVAL_FOUR_EYES_ABOVE must be an amount of 0 or more, or "off", got "${raw}"`);
  return { fourEyesAboveMinor: Math.round(n * 10 ** precision) };
}

/** One person, whichever door they came through: the key of approval_vote's uniqueness. */
function approverKey(actor: AuditActor): string {
  if (actor.kind === 'staff' && actor.id !== null) return `staff:${actor.id}`;
  return `${actor.kind}:${actor.name}`;
}

/** `%` and `_` typed in a filter box are matched as themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ApprovalsServiceDeps {
  database: Database;
  deposits: DepositService;
  withdrawals: WithdrawService;
  wallet: WalletService;
  audit: AuditLog;
  policy: ApprovalPolicy;
}

/**
 * The approval queues (issue 31): manual bank-transfer deposits and withdrawal requests, as the
 * back office lists them and acts on them. The one path for an operator's approve, reject and
 * pay, whether a member of staff clicks it or the CLI runs it: each action takes the item's row
 * lock, checks its status, counts approvals (four eyes), moves the money through the deposit or
 * withdrawal service (their ledger keys make a credit or a payout happen once) and appends its
 * audit entry, all in one transaction, so an entry exists exactly when the action did.
 */
export class ApprovalsService {
  readonly policy: ApprovalPolicy;
  private readonly database: Database;
  private readonly deposits: DepositService;
  private readonly withdrawals: WithdrawService;
  private readonly wallet: WalletService;
  private readonly audit: AuditLog;

  constructor(deps: ApprovalsServiceDeps) {
    this.database = deps.database;
    this.deposits = deps.deposits;
    this.withdrawals = deps.withdrawals;
    this.wallet = deps.wallet;
    this.audit = deps.audit;
    this.policy = deps.policy;
  }

  private get db() {
    return this.database.db;
  }

  private precision(): number {
    return this.wallet.currency().precision;
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.precision());
  }

  private minor(major: number): number {
    return Math.round(major * 10 ** this.precision());
  }

  /** Approvals an item of this amount needs. */
  required(amountMinor: number): 1 | 2 {
    const limit = this.policy.fourEyesAboveMinor;
    return limit !== null && amountMinor > limit ? 2 : 1;
  }

  private fourEyesAbove(): number | null {
    const limit = this.policy.fourEyesAboveMinor;
    return limit === null ? null : this.major(limit);
  }

  // ---- votes ------------------------------------------------------------------------------------

  private votesOf(db: Kysely<DB>, kind: ApprovalKind, ids: number[]): Promise<VoteRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom('approval_vote')
      .selectAll()
      .where('kind', '=', kind)
      .where('item_id', 'in', ids)
      .orderBy('id')
      .execute();
  }

  private state(amountMinor: number, votes: VoteRow[], viewer: AuditActor | null): backoffice.ApprovalState {
    const key = viewer ? approverKey(viewer) : null;
    return {
      required: this.required(amountMinor),
      votes: votes.map((v) => ({
        actorKind: v.actor_kind,
        staffId: v.staff_id === null ? null : Number(v.staff_id),
        name: v.actor_name,
        at: new Date(v.at).getTime(),
        note: v.note,
      })),
      approvedByYou: key !== null && votes.some((v) => v.approver === key),
    };
  }

  /**
   * Records `actor`'s approval of a locked, pending item and says whether the count is now
   * complete. The same person twice is refused; the unique key refuses it too, should two of
   * their requests ever get past the row lock together.
   */
  private async vote(
    trx: Transaction<DB>,
    kind: ApprovalKind,
    itemId: number,
    amountMinor: number,
    actor: AuditActor,
    note: string,
  ): Promise<{ complete: boolean; before: string[]; after: string[]; required: number }> {
    const votes = await this.votesOf(trx, kind, [itemId]);
    const key = approverKey(actor);
    if (votes.some((v) => v.approver === key)) throw fail(backoffice.ApprovalErrors.boApprovalSameApprover);
    if (actor.kind !== 'staff' && actor.kind !== 'cli')
      throw new Error(`An approval is given by a person, not by ${actor.kind}`);
    const inserted = await trx
      .insertInto('approval_vote')
      .values({
        kind,
        item_id: itemId,
        approver: key,
        actor_kind: actor.kind,
        staff_id: actor.kind === 'staff' ? actor.id : null,
        actor_name: actor.name,
        ip: actor.ip,
        note,
      })
      .onConflict((oc) => oc.columns(['kind', 'item_id', 'approver']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw fail(backoffice.ApprovalErrors.boApprovalSameApprover);
    const required = this.required(amountMinor);
    const before = votes.map((v) => v.actor_name);
    return { complete: votes.length + 1 >= required, before, after: [...before, actor.name], required };
  }

  // ---- deposits ---------------------------------------------------------------------------------

  private async lockDeposit(trx: Kysely<DB>, idOrNo: number | string): Promise<DepositRow> {
    const text = String(idOrNo);
    let q = trx.selectFrom('deposit_order').selectAll();
    q = /^\d+$/.test(text) ? q.where('id', '=', Number(text)) : q.where('order_no', '=', text.toUpperCase());
    const row = await q.forUpdate().executeTakeFirst();
    if (!row) throw fail(DepositErrors.depositNotFound, { message: `No deposit order ${text}` });
    return row;
  }

  private depositAudit(o: DepositRow, approvals: string[]) {
    return {
      status: o.status,
      amount: o.amount,
      currency: o.currency,
      memberId: o.member_id,
      payerReference: o.payer_reference,
      approvals,
      ledgerTransactionId: o.ledger_transaction_id,
    };
  }

  /**
   * Approves a manual bank transfer. Below the threshold the approval credits the member; above
   * it the first approval is recorded and the second, by another person, credits. An order
   * credited already answers `already-approved` and credits nothing again (the CLI's retry).
   */
  async approveDeposit(
    actor: AuditActor,
    idOrNo: number | string,
    note = '',
  ): Promise<{
    outcome: 'approved' | 'awaiting-second' | 'already-approved';
    item: backoffice.DepositQueueItem;
  }> {
    const { outcome, id } = await this.db.transaction().execute(async (trx) => {
      const order = await this.lockDeposit(trx, idOrNo);
      if (order.status !== 'PENDING' || order.channel_type !== 'BANK_TRANSFER') {
        // The deposit service's own answer: a credited order is a no-op, anything else its refusal.
        const done = await this.deposits.approve(String(order.id), actor.name, trx);
        return { outcome: 'already-approved' as const, id: done.order.id };
      }
      const v = await this.vote(trx, 'deposit', order.id, order.amount, actor, note);
      if (!v.complete) {
        await this.audit.append(trx, actor, {
          action: 'deposit.approve.first',
          targetType: 'deposit',
          targetId: order.order_no,
          before: this.depositAudit(order, v.before),
          after: { ...this.depositAudit(order, v.after), required: v.required, note },
        });
        return { outcome: 'awaiting-second' as const, id: order.id };
      }
      const { order: credited } = await this.deposits.approve(String(order.id), v.after.join(', '), trx);
      await this.audit.append(trx, actor, {
        action: 'deposit.approve',
        targetType: 'deposit',
        targetId: order.order_no,
        before: this.depositAudit(order, v.before),
        after: { ...this.depositAudit(credited, v.after), required: v.required, note },
      });
      return { outcome: 'approved' as const, id: order.id };
    });
    return { outcome, item: await this.depositItem(id, actor) };
  }

  /** Rejects a pending bank transfer with the reason the member is told; nothing is credited. */
  async rejectDeposit(
    actor: AuditActor,
    idOrNo: number | string,
    reason: string,
  ): Promise<{ outcome: 'rejected'; item: backoffice.DepositQueueItem }> {
    const id = await this.db.transaction().execute(async (trx) => {
      const order = await this.lockDeposit(trx, idOrNo);
      const votes = (await this.votesOf(trx, 'deposit', [order.id])).map((v) => v.actor_name);
      const rejected = await this.deposits.reject(String(order.id), reason, actor.name, trx);
      await this.audit.append(trx, actor, {
        action: 'deposit.reject',
        targetType: 'deposit',
        targetId: order.order_no,
        before: this.depositAudit(order, votes),
        after: { ...this.depositAudit(rejected, votes), reason },
      });
      return order.id;
    });
    return { outcome: 'rejected', item: await this.depositItem(id, actor) };
  }

  private depositWire(
    o: DepositRow & { username: string },
    votes: VoteRow[],
    viewer: AuditActor | null,
  ): backoffice.DepositQueueItem {
    return {
      id: o.id,
      orderNo: o.order_no,
      memberId: o.member_id,
      username: o.username,
      amount: this.major(o.amount),
      currency: o.currency,
      status: o.status,
      channelCode: o.channel_code,
      payerReference: o.payer_reference,
      paidTo: o.bank_account,
      note: o.note,
      reviewedBy: o.reviewed_by,
      createdAt: new Date(o.created_at).getTime(),
      updatedAt: new Date(o.updated_at).getTime(),
      completedAt: o.completed_at ? new Date(o.completed_at).getTime() : null,
      approvals: this.state(o.amount, votes, viewer),
    };
  }

  private depositBase() {
    return this.db
      .selectFrom('deposit_order')
      .innerJoin('member', 'member.id', 'deposit_order.member_id')
      .where('deposit_order.channel_type', '=', 'BANK_TRANSFER');
  }

  private async depositItem(id: number, viewer: AuditActor | null): Promise<backoffice.DepositQueueItem> {
    const row = await this.depositBase()
      .selectAll('deposit_order')
      .select('member.username')
      .where('deposit_order.id', '=', id)
      .executeTakeFirst();
    if (!row) throw fail(DepositErrors.depositNotFound);
    return this.depositWire(row, await this.votesOf(this.db, 'deposit', [id]), viewer);
  }

  /** The deposit queue: manual bank transfers, filtered, sorted and paged in the database. */
  async depositQueue(viewer: AuditActor | null, q: DepositQuery) {
    let base = this.depositBase();
    if (q.status !== 'ALL') base = base.where('deposit_order.status', '=', q.status);
    if (q.username)
      base = base.where(
        sql<boolean>`lower(member.username) like ${`${escapeLike(q.username.toLowerCase())}%`}`,
      );
    if (q.orderNo)
      base = base.where('deposit_order.order_no', 'like', `${escapeLike(q.orderNo.toUpperCase())}%`);
    if (q.reference)
      base = base.where(
        sql<boolean>`lower(deposit_order.payer_reference) like ${`%${escapeLike(q.reference.toLowerCase())}%`}`,
      );
    if (q.amountMin !== undefined) base = base.where('deposit_order.amount', '>=', this.minor(q.amountMin));
    if (q.amountMax !== undefined) base = base.where('deposit_order.amount', '<=', this.minor(q.amountMax));
    if (q.from !== undefined) base = base.where('deposit_order.created_at', '>=', new Date(q.from));
    if (q.to !== undefined) base = base.where('deposit_order.created_at', '<', new Date(q.to));
    if (q.awaitingSecond === 'true')
      base = base
        .where('deposit_order.status', '=', 'PENDING')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('approval_vote')
              .select('approval_vote.id')
              .where('approval_vote.kind', '=', 'deposit')
              .whereRef('approval_vote.item_id', '=', 'deposit_order.id'),
          ),
        );
    const column = q.sort === 'amount' ? 'deposit_order.amount' : 'deposit_order.created_at';
    const [rows, count] = await Promise.all([
      base
        .selectAll('deposit_order')
        .select('member.username')
        .orderBy(column, q.order)
        .orderBy('deposit_order.id', q.order)
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const votes = await this.votesOf(
      this.db,
      'deposit',
      rows.map((r) => r.id),
    );
    const { code, precision } = this.wallet.currency();
    return {
      list: rows.map((r) =>
        this.depositWire(
          r,
          votes.filter((v) => Number(v.item_id) === r.id),
          viewer,
        ),
      ),
      total: Number(count.n),
      page: q.page,
      size: q.size,
      currency: code,
      precision,
      fourEyesAbove: this.fourEyesAbove(),
    };
  }

  async depositDetail(viewer: AuditActor | null, id: number): Promise<backoffice.DepositApprovalDetail> {
    const item = await this.depositItem(id, viewer);
    return { item, member: await this.memberSummary(item.memberId) };
  }

  // ---- withdrawals ------------------------------------------------------------------------------

  private async lockWithdrawal(trx: Kysely<DB>, id: number) {
    const row = await trx
      .selectFrom('withdrawal')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw fail(Errors.withdrawNotFound);
    return row;
  }

  private withdrawalAudit(
    w: { status: string; amount: number; currency: string; member_id: number },
    approvals: string[],
  ) {
    return { status: w.status, amount: w.amount, currency: w.currency, memberId: w.member_id, approvals };
  }

  /**
   * Approves a pending withdrawal for payment; above the threshold it takes two people. Of
   * approvals racing on one request one moves it (the row lock, then the service's conditional
   * status change); the others are refused as the request is no longer pending.
   */
  async approveWithdrawal(
    actor: AuditActor,
    id: number,
    note = '',
  ): Promise<{ outcome: 'approved' | 'awaiting-second'; item: backoffice.WithdrawalQueueItem }> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const w = await this.lockWithdrawal(trx, id);
      // Not pending: the withdrawal service's own refusal, worded as the CLI always said it.
      if (w.status !== 'PENDING') await this.withdrawals.approve(id, note, trx);
      const v = await this.vote(trx, 'withdrawal', id, w.amount, actor, note);
      if (!v.complete) {
        await this.audit.append(trx, actor, {
          action: 'withdrawal.approve.first',
          targetType: 'withdrawal',
          targetId: withdrawalNo(id),
          before: this.withdrawalAudit(w, v.before),
          after: { ...this.withdrawalAudit(w, v.after), required: v.required, note },
        });
        return 'awaiting-second' as const;
      }
      const approved = await this.withdrawals.approve(id, note, trx);
      await this.audit.append(trx, actor, {
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: withdrawalNo(id),
        before: this.withdrawalAudit(w, v.before),
        after: { ...this.withdrawalAudit(approved, v.after), required: v.required, note },
      });
      return 'approved' as const;
    });
    return { outcome, item: await this.withdrawalItem(id, actor) };
  }

  /** One audited step of the withdrawal service on a locked request (reject, pay, refund, dismiss). */
  private async withdrawalStep(
    actor: AuditActor,
    id: number,
    action: string,
    note: string,
    step: (
      trx: Transaction<DB>,
    ) => Promise<{ status: string; amount: number; currency: string; member_id: number }>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const w = await this.lockWithdrawal(trx, id);
      const votes = (await this.votesOf(trx, 'withdrawal', [id])).map((v) => v.actor_name);
      const after = await step(trx);
      const current = await trx
        .selectFrom('withdrawal')
        .select(['refund_amount'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action,
        targetType: 'withdrawal',
        targetId: withdrawalNo(id),
        before: this.withdrawalAudit(w, votes),
        after: {
          ...this.withdrawalAudit(after, votes),
          note,
          ...(current.refund_amount !== null ? { refundAmount: current.refund_amount } : {}),
        },
      });
    });
  }

  /** Refuses a withdrawal not paid yet; the hold returns to the member. */
  async rejectWithdrawal(actor: AuditActor, id: number, reason: string) {
    await this.withdrawalStep(actor, id, 'withdrawal.reject', reason, (trx) =>
      this.withdrawals.reject(id, reason, trx),
    );
    return { outcome: 'rejected' as const, item: await this.withdrawalItem(id, actor) };
  }

  /** Marks an approved withdrawal paid: the hold leaves for the clearing account once. */
  async payWithdrawal(actor: AuditActor, id: number, note = '') {
    await this.withdrawalStep(actor, id, 'withdrawal.pay', note, (trx) =>
      this.withdrawals.pay(id, note, trx),
    );
    return { outcome: 'paid' as const, item: await this.withdrawalItem(id, actor) };
  }

  /** A disputed payout: the missing money returns to the member (the CLI's `withdraw refund`). */
  async refundWithdrawal(actor: AuditActor, id: number, note = '') {
    await this.withdrawalStep(actor, id, 'withdrawal.refund', note, (trx) =>
      this.withdrawals.refund(id, note, trx),
    );
    return { outcome: 'refunded' as const, item: await this.withdrawalItem(id, actor) };
  }

  /** A disputed payout shown to have arrived: closed as received (the CLI's `withdraw dismiss`). */
  async dismissWithdrawal(actor: AuditActor, id: number, note: string) {
    await this.withdrawalStep(actor, id, 'withdrawal.dismiss', note, (trx) =>
      this.withdrawals.dismiss(id, note, trx),
    );
    return { outcome: 'dismissed' as const, item: await this.withdrawalItem(id, actor) };
  }

  /** One proof image of any member's payout, through the withdrawal service's own reader. */
  async withdrawalProof(id: number) {
    const owner = await this.db
      .selectFrom('withdrawal_proof')
      .select(['member_id', 'withdrawal_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!owner) throw fail(Errors.withdrawProofNotFound);
    const proof = await this.withdrawals.proof(owner.member_id, id);
    return { ...proof, withdrawalId: owner.withdrawal_id };
  }

  private withdrawalBase() {
    return this.db.selectFrom('withdrawal').innerJoin('member', 'member.id', 'withdrawal.member_id');
  }

  private withdrawalWire(
    w: Selectable<DB['withdrawal']> & { username: string },
    votes: VoteRow[],
    viewer: AuditActor | null,
  ): backoffice.WithdrawalQueueItem {
    return {
      id: w.id,
      orderNo: withdrawalNo(w.id),
      memberId: w.member_id,
      username: w.username,
      amount: this.major(w.amount),
      currency: w.currency,
      status: w.status as WithdrawStatus,
      bankCode: w.bank_code,
      bankName: w.bank_name,
      payeeName: w.payee_name,
      accountNumber: maskAccountNumber(w.account_number),
      createdAt: new Date(w.created_at).getTime(),
      updatedAt: new Date(w.updated_at).getTime(),
      paidAt: w.paid_at ? new Date(w.paid_at).getTime() : null,
      approvals: this.state(w.amount, votes, viewer),
    };
  }

  private async withdrawalItem(
    id: number,
    viewer: AuditActor | null,
  ): Promise<backoffice.WithdrawalQueueItem> {
    const row = await this.withdrawalBase()
      .selectAll('withdrawal')
      .select('member.username')
      .where('withdrawal.id', '=', id)
      .executeTakeFirst();
    if (!row) throw fail(Errors.withdrawNotFound);
    return this.withdrawalWire(row, await this.votesOf(this.db, 'withdrawal', [id]), viewer);
  }

  /** The withdrawal queue: open requests by default, filtered, sorted and paged in the database. */
  async withdrawalQueue(viewer: AuditActor | null, q: WithdrawalQuery) {
    let base = this.withdrawalBase();
    if (q.status === 'OPEN') base = base.where('withdrawal.status', 'in', OPEN);
    else if (q.status !== 'ALL') base = base.where('withdrawal.status', '=', q.status);
    if (q.username)
      base = base.where(
        sql<boolean>`lower(member.username) like ${`${escapeLike(q.username.toLowerCase())}%`}`,
      );
    if (q.orderNo) {
      const m = /^(?:WD)?0*(\d{1,15})$/i.exec(q.orderNo);
      // A number that cannot be a request finds nothing (never an error: it is a filter box).
      base = base.where('withdrawal.id', '=', m ? Number(m[1]) : -1);
    }
    if (q.bankCode) base = base.where('withdrawal.bank_code', '=', q.bankCode.toUpperCase());
    if (q.amountMin !== undefined) base = base.where('withdrawal.amount', '>=', this.minor(q.amountMin));
    if (q.amountMax !== undefined) base = base.where('withdrawal.amount', '<=', this.minor(q.amountMax));
    if (q.from !== undefined) base = base.where('withdrawal.created_at', '>=', new Date(q.from));
    if (q.to !== undefined) base = base.where('withdrawal.created_at', '<', new Date(q.to));
    if (q.awaitingSecond === 'true')
      base = base
        .where('withdrawal.status', '=', 'PENDING')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('approval_vote')
              .select('approval_vote.id')
              .where('approval_vote.kind', '=', 'withdrawal')
              .whereRef('approval_vote.item_id', '=', 'withdrawal.id'),
          ),
        );
    const column =
      q.sort === 'amount'
        ? 'withdrawal.amount'
        : q.sort === 'updatedAt'
          ? 'withdrawal.updated_at'
          : 'withdrawal.created_at';
    const [rows, count] = await Promise.all([
      base
        .selectAll('withdrawal')
        .select('member.username')
        .orderBy(column, q.order)
        .orderBy('withdrawal.id', q.order)
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const votes = await this.votesOf(
      this.db,
      'withdrawal',
      rows.map((r) => r.id),
    );
    const { code, precision } = this.wallet.currency();
    return {
      list: rows.map((r) =>
        this.withdrawalWire(
          r,
          votes.filter((v) => Number(v.item_id) === r.id),
          viewer,
        ),
      ),
      total: Number(count.n),
      page: q.page,
      size: q.size,
      currency: code,
      precision,
      fourEyesAbove: this.fourEyesAbove(),
    };
  }

  async withdrawalDetail(
    viewer: AuditActor | null,
    id: number,
  ): Promise<backoffice.WithdrawalApprovalDetail> {
    const item = await this.withdrawalItem(id, viewer);
    // The withdrawal service's operator view: the whole account number, the timeline, the proofs.
    const d = await this.withdrawals.operatorDetail(id);
    const accounts = await this.db
      .selectFrom('bank_account')
      .innerJoin('bank', 'bank.code', 'bank_account.bank_code')
      .select([
        'bank_account.id',
        'bank_account.bank_code',
        'bank.name as bank_name',
        'bank_account.payee_name',
        'bank_account.account_number',
        'bank_account.branch',
        'bank_account.created_at',
        'bank_account.deleted_at',
      ])
      .where('bank_account.member_id', '=', item.memberId)
      .orderBy('bank_account.id')
      .execute();
    const own = await this.db
      .selectFrom('withdrawal')
      .select('bank_account_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      item,
      fullAccountNumber: d.fullAccountNumber,
      branch: accounts.find((a) => a.id === own.bank_account_id)?.branch ?? '',
      timeline: d.timeline,
      proofs: d.proofs,
      member: await this.memberSummary(item.memberId),
      bankAccounts: accounts.map((a) => ({
        id: a.id,
        bankCode: a.bank_code,
        bankName: a.bank_name,
        payeeName: a.payee_name,
        accountNumber: maskAccountNumber(a.account_number),
        createdAt: new Date(a.created_at).getTime(),
        deleted: a.deleted_at !== null,
      })),
    };
  }

  // ---- the member behind an item ----------------------------------------------------------------

  /** Who the member is and what their money did lately: what a reviewer weighs an item against. */
  private async memberSummary(memberId: number): Promise<backoffice.ApprovalMember> {
    const db = this.db;
    const [member, deposits, withdrawals, deposited, withdrawn, account] = await Promise.all([
      db
        .selectFrom('member')
        .select(['id', 'username', 'payee_name', 'created_at'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('deposit_order')
        .select(['id', 'order_no', 'amount', 'status', 'channel_code', 'created_at'])
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(RECENT)
        .execute(),
      db
        .selectFrom('withdrawal')
        .select(['id', 'amount', 'status', 'created_at'])
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(RECENT)
        .execute(),
      db
        .selectFrom('deposit_order')
        .select(sql<string>`coalesce(sum(amount), 0)`.as('n'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'SUCCESS')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('withdrawal')
        .select(sql<string>`coalesce(sum(amount - coalesce(refund_amount, 0)), 0)`.as('n'))
        .where('member_id', '=', memberId)
        .where('status', 'in', PAID_OUT)
        .executeTakeFirstOrThrow(),
      this.wallet.memberAccount(memberId),
    ]);
    return {
      id: member.id,
      username: member.username,
      realName: member.payee_name,
      registeredAt: new Date(member.created_at).getTime(),
      mainBalance: this.major(await this.wallet.accountBalance(account)),
      depositedTotal: this.major(Number(deposited.n)),
      withdrawnTotal: this.major(Number(withdrawn.n)),
      recentDeposits: deposits.map((o) => ({
        id: o.id,
        orderNo: o.order_no,
        amount: this.major(o.amount),
        status: o.status,
        channelCode: o.channel_code,
        createdAt: new Date(o.created_at).getTime(),
      })),
      recentWithdrawals: withdrawals.map((w) => ({
        id: w.id,
        orderNo: withdrawalNo(w.id),
        amount: this.major(w.amount),
        status: w.status as WithdrawStatus,
        createdAt: new Date(w.created_at).getTime(),
      })),
    };
  }
}
