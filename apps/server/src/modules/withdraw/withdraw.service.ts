import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  Errors,
  minorToMajor,
  normalizePayeeName,
  parseAmount,
  payeeNameOk,
  PROFILE_FIELD_HINTS,
  samePayeeName,
  WithdrawProofLimits,
  type Bank,
  type MemberBankAccount,
  type Withdrawal,
  type WithdrawalDetail,
  type WithdrawRecordStatus,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB, WithdrawalStatus } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import { HouseAccount, WalletType, type AccountRef, type WalletService } from '../wallet/wallet.service.ts';
import type { MemberService } from '../member/member.service.ts';
import { startOfDay, type WithdrawPolicy } from './withdraw-policy.ts';
import { headerMatches, imageTypeOf } from './proof-image.ts';
import type { ProofStore } from './proof-store.ts';
import { noticeAmount, type MemberNotices, type NoticeKind } from '../messages/member-notices.ts';
import * as repo from './withdraw.repo.ts';

const DISPUTED: readonly WithdrawalStatus[] = ['PARTLY_RECEIVED', 'NOT_RECEIVED'];

/** "**** 5678": every account number on the wire and in the CLI. */
export function maskAccountNumber(number: string): string {
  return `**** ${number.slice(-4)}`;
}

const main = (memberId: number): AccountRef => ({ memberId, wallet: WalletType.main });
/** The member's account that holds requested amounts until they are paid out or returned. */
const pending = (memberId: number): AccountRef => ({ memberId, wallet: WalletType.pendingWithdrawal });
/** Paid-out withdrawals: money that left for members' banks. */
const clearing: AccountRef = { house: HouseAccount.withdrawalPayouts };

/** The request's number in account records and on the wire. */
export const orderNo = (id: number) => `WD${String(id).padStart(8, '0')}`;

/** A request's status as the account record shows it: where the money is, in four words. */
const recordStatus: Record<WithdrawalStatus, WithdrawRecordStatus> = {
  PENDING: 'PENDING',
  APPROVED: 'PENDING',
  PAID: 'PAID',
  RECEIVED: 'PAID',
  PARTLY_RECEIVED: 'PAID',
  NOT_RECEIVED: 'PAID',
  // A disputed payout's refund is a movement of its own in the record; the request was paid.
  REFUNDED: 'PAID',
  REJECTED: 'REJECTED',
  CANCELLED: 'CANCELLED',
};

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

export interface WithdrawServiceDeps {
  database: Database;
  wallet: WalletService;
  members: MemberService;
  policy: WithdrawPolicy;
  /** Where proof images' bytes are kept (proof-store.ts). */
  proofs: ProofStore;
  /** The member's inbox: told when a request is approved, paid or rejected. */
  notices: MemberNotices;
  /**
   * The bonus wallet's check (decision 041), in the request's transaction after the member's lock:
   * refuses a request while a bonus is being wagered, or forfeits the bonus when the member chose to.
   */
  bonusGate?: (trx: Kysely<DB>, memberId: number, forfeit: boolean) => Promise<void>;
}

/**
 * Bank accounts and withdrawals (decision 017). A request holds its amount at once: in the same
 * database transaction as the request row, the main wallet is debited into the member's
 * PENDING_WITHDRAWAL account by the ledger's conditional debit, so no number of concurrent
 * requests can hold more than the balance. Every later step is a conditional status change in one
 * transaction with its money movement, so concurrent approvals, rejections and confirmations of
 * one request resolve exactly once.
 */
export class WithdrawService {
  readonly policy: WithdrawPolicy;
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly members: MemberService;
  private readonly proofStore: ProofStore;
  private readonly notices: MemberNotices;
  private readonly bonusGate: WithdrawServiceDeps['bonusGate'];

  constructor(deps: WithdrawServiceDeps) {
    this.bonusGate = deps.bonusGate;
    this.proofStore = deps.proofs;
    this.notices = deps.notices;
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.members = deps.members;
    this.policy = deps.policy;
  }

  private get db() {
    return this.database.db;
  }

  currencyPrecision(): number {
    return this.wallet.currency().precision;
  }

  private precision(): number {
    return this.currencyPrecision();
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.precision());
  }

  // ---- bank accounts ----------------------------------------------------------------------------

  async banks(): Promise<Bank[]> {
    const rows = await repo.banks(this.db);
    return rows.map((b) => ({
      bankCode: b.code,
      bankName: b.name,
      countryCode: b.country_code,
      accountNumberMinLength: b.account_min_length,
      accountNumberMaxLength: b.account_max_length,
    }));
  }

  private toBankAccount(a: repo.BankAccountRow): MemberBankAccount {
    return {
      id: a.id,
      bankCode: a.bank_code,
      bankName: a.bank_name,
      countryCode: a.country_code,
      payeeName: a.payee_name,
      accountNumber: maskAccountNumber(a.account_number),
      branch: a.branch,
      createdAt: new Date(a.created_at).getTime(),
    };
  }

  async bankAccounts(memberId: number): Promise<MemberBankAccount[]> {
    return (await repo.bankAccounts(this.db, memberId)).map((a) => this.toBankAccount(a));
  }

  async addBankAccount(
    memberId: number,
    input: { bankCode: string; payeeName: string; accountNumber: string; branch: string },
  ): Promise<MemberBankAccount> {
    const bank = await repo.bank(this.db, input.bankCode.toUpperCase());
    if (!bank) throw fail(Errors.bankUnknown);
    // The real name's one rule (the contract's, which the profile's full name follows too).
    const payeeName = normalizePayeeName(input.payeeName);
    if (!payeeNameOk(payeeName))
      throw fail(Errors.realNameFormat, {
        message: `${Errors.realNameFormat.message}: ${PROFILE_FIELD_HINTS.fullName}`,
      });
    // Spaces and dashes are how people copy numbers from a bank card; the bank sees digits only.
    const number = input.accountNumber.replace(/[\s-]/g, '');
    const lengths =
      bank.account_min_length === bank.account_max_length
        ? `${bank.account_min_length}`
        : `${bank.account_min_length} to ${bank.account_max_length}`;
    if (
      !/^[0-9]+$/.test(number) ||
      number.length < bank.account_min_length ||
      number.length > bank.account_max_length
    )
      throw fail(Errors.bankAccountNumberInvalid, {
        message: `A ${bank.name} account number has ${lengths} digits`,
      });
    const member = await this.members.byId(memberId);
    if (!member) throw fail(Errors.sessionEnded);
    // The money may only go to the member's own name: the real name given at registration.
    if (member.payee_name && !samePayeeName(member.payee_name, payeeName))
      throw fail(Errors.bankPayeeMismatch);

    const id = await this.db.transaction().execute(async (trx) => {
      await repo.lockMember(trx, memberId);
      if ((await repo.countLiveBankAccounts(trx, memberId)) >= this.policy.maxBankAccounts)
        throw fail(Errors.bankAccountLimit, {
          message: `You can bind at most ${this.policy.maxBankAccounts} bank accounts: remove one first`,
        });
      const newId = await repo.insertBankAccount(trx, {
        member_id: memberId,
        bank_code: bank.code,
        payee_name: payeeName,
        account_number: number,
        branch: input.branch,
      });
      if (newId === null) throw fail(Errors.bankAccountTaken);
      return newId;
    });
    const row = await repo.bankAccount(this.db, memberId, id);
    return this.toBankAccount(row!);
  }

  async deleteBankAccount(memberId: number, id: number): Promise<void> {
    if (!(await repo.deleteBankAccount(this.db, memberId, id))) throw fail(Errors.bankAccountNotFound);
  }

  // ---- requests ---------------------------------------------------------------------------------

  async settings(memberId: number) {
    const { code, precision } = this.wallet.currency();
    const member = await this.members.byId(memberId);
    const main = await this.wallet.memberAccount(memberId);
    return {
      currency: code,
      precision,
      minAmount: this.major(this.policy.minMinor),
      maxAmount: this.major(this.policy.maxMinor),
      dailyCount: this.policy.dailyCount,
      usedToday: await repo.countSince(this.db, memberId, startOfDay(new Date(), this.policy.timeZone)),
      autoConfirmMinutes: this.policy.autoConfirmMinutes,
      availableBalance: this.major(await this.wallet.accountBalance(main)),
      hasPaymentPassword: Boolean(member?.payment_password_hash),
      bankAccounts: await this.bankAccounts(memberId),
    };
  }

  /** A new request: checks, then the row and the hold in one transaction. */
  async request(
    memberId: number,
    input: {
      bankAccountId: number;
      amount: unknown;
      paymentPassword: string;
      requestId?: string | undefined;
      forfeitBonus?: boolean | undefined;
    },
  ): Promise<WithdrawalDetail> {
    const parsed = parseAmount(input.amount, {
      precision: this.precision(),
      minMinor: this.policy.minMinor,
      maxMinor: this.policy.maxMinor,
    });
    if (!parsed.ok) throw fail(Errors.withdrawAmountInvalid, { message: parsed.message });
    // A retry answers the first request; the same id for a different request is refused.
    const replay = (earlier: repo.WithdrawalRow) => {
      if (earlier.amount !== parsed.minor || earlier.bank_account_id !== input.bankAccountId)
        throw fail(Errors.idempotencyKeyReused);
      return earlier.id;
    };
    if (input.requestId) {
      const earlier = await repo.byRequestId(this.db, memberId, input.requestId);
      if (earlier) return this.detail(memberId, replay(earlier));
    }
    const account = await repo.bankAccount(this.db, memberId, input.bankAccountId);
    if (!account) throw fail(Errors.bankAccountNotFound);
    // Argon2 outside any transaction: it must not hold a connection (on PGlite the only one).
    await this.wallet.checkPaymentPassword(memberId, input.paymentPassword);

    const { code: currency } = this.wallet.currency();
    const since = startOfDay(new Date(), this.policy.timeZone);
    const id = await this.db.transaction().execute(async (trx) => {
      await repo.lockMember(trx, memberId);
      if (input.requestId) {
        const earlier = await repo.byRequestId(trx, memberId, input.requestId);
        if (earlier) return replay(earlier);
      }
      if (this.bonusGate) await this.bonusGate(trx, memberId, input.forfeitBonus === true);
      if ((await repo.countSince(trx, memberId, since)) >= this.policy.dailyCount)
        throw fail(Errors.withdrawDailyLimit, {
          message: `You have made today's ${this.policy.dailyCount} withdrawal requests: try again tomorrow`,
        });
      const row = await repo.insertWithdrawal(trx, {
        member_id: memberId,
        request_id: input.requestId ?? null,
        amount: parsed.minor,
        currency,
        bank_account_id: account.id,
        bank_code: account.bank_code,
        bank_name: account.bank_name,
        payee_name: account.payee_name,
        account_number: account.account_number,
      });
      await this.move(trx, row.id, 'hold', main(memberId), pending(memberId), parsed.minor, 'WITHDRAW_HOLD');
      await repo.insertEvent(trx, row.id, 'PENDING', 'member');
      return row.id;
    });
    return this.detail(memberId, id);
  }

  /** One ledger movement of a request, keyed by the request and its step (a replay moves nothing). */
  private async move(
    trx: Kysely<DB>,
    withdrawalId: number,
    step: string,
    from: AccountRef,
    to: AccountRef,
    amount: number,
    kind: 'WITHDRAW_HOLD' | 'WITHDRAW_RELEASE' | 'WITHDRAW_PAYOUT',
  ): Promise<void> {
    await this.wallet.transfer(
      {
        from,
        to,
        amount,
        kind,
        reference: orderNo(withdrawalId),
        // No memo: the account record's remark is for words meant for the player; the step
        // shows as the movement's kind.
        idempotencyKey: `withdraw:${withdrawalId}:${step}`,
      },
      trx,
    );
  }

  private async change(
    opts: {
      id: number;
      from: readonly WithdrawalStatus[];
      to: WithdrawalStatus;
      actor: repo.Actor;
      note?: string;
      memberId?: number;
      set?: Parameters<typeof repo.transition>[4];
      verb: string;
      /** Money that moves with the change, inside its transaction. */
      money?: (trx: Kysely<DB>, row: repo.WithdrawalRow) => Promise<void>;
      /** A further check on the changed row, inside the transaction (a throw undoes the change). */
      check?: (trx: Kysely<DB>, row: repo.WithdrawalRow) => Promise<void>;
      /** The message the member gets for this step, sent in its transaction. */
      notice?: NoticeKind;
    },
    db: Kysely<DB> | null = null,
  ): Promise<repo.WithdrawalRow> {
    const work = async (trx: Kysely<DB>) => {
      const row = await repo.transition(trx, opts.id, opts.from, opts.to, opts.set, opts.memberId);
      if (!row) {
        const current = await repo.byId(trx, opts.id, opts.memberId);
        if (!current) throw fail(Errors.withdrawNotFound);
        // A payout the job counted as received: no answer and no refund any more (WD-11).
        if (current.refund_forfeited && (opts.actor === 'member' || opts.to === 'REFUNDED'))
          throw fail(Errors.withdrawConfirmClosed);
        throw fail(Errors.withdrawStatusConflict, {
          message: `Withdrawal ${opts.id} is ${current.status.toLowerCase().replace('_', ' ')} and cannot be ${opts.verb}`,
        });
      }
      await opts.check?.(trx, row);
      await opts.money?.(trx, row);
      await repo.insertEvent(trx, row.id, opts.to, opts.actor, opts.note ?? '');
      if (opts.notice)
        await this.notices.send(trx, row.member_id, opts.notice, {
          orderNo: orderNo(row.id),
          amount: noticeAmount(row.amount, this.wallet.currency()),
          ...(opts.note?.trim() ? { reason: opts.note } : {}),
        });
      return row;
    };
    return db ? work(db) : this.db.transaction().execute(work);
  }

  /** Returns a held amount from the member's pending account to the main wallet. */
  private release = async (trx: Kysely<DB>, row: repo.WithdrawalRow) => {
    await this.move(
      trx,
      row.id,
      'release',
      pending(row.member_id),
      main(row.member_id),
      row.amount,
      'WITHDRAW_RELEASE',
    );
  };

  async cancel(memberId: number, id: number): Promise<WithdrawalDetail> {
    await this.change({
      id,
      memberId,
      from: ['PENDING'],
      to: 'CANCELLED',
      actor: 'member',
      verb: 'cancelled',
      money: this.release,
    });
    return this.detail(memberId, id);
  }

  /**
   * Operator: approves a pending request for payment. Each operator step takes an optional `db`,
   * the caller's transaction: the back office's approvals add their four-eyes check and audit
   * entry to the step's transaction.
   */
  approve(id: number, note = '', db: Kysely<DB> | null = null) {
    return this.change(
      {
        id,
        from: ['PENDING'],
        to: 'APPROVED',
        actor: 'operator',
        note,
        verb: 'approved',
        notice: 'withdrawApproved',
      },
      db,
    );
  }

  /** Operator: refuses a request that is not paid yet; the hold returns to the main wallet. */
  reject(id: number, note = '', db: Kysely<DB> | null = null) {
    return this.change(
      {
        id,
        from: ['PENDING', 'APPROVED'],
        to: 'REJECTED',
        actor: 'operator',
        note,
        verb: 'rejected',
        money: this.release,
        notice: 'withdrawRejected',
      },
      db,
    );
  }

  /** Operator: the bank transfer is made; the hold leaves for the house clearing account. */
  pay(id: number, note = '', db: Kysely<DB> | null = null) {
    return this.change(
      {
        id,
        from: ['APPROVED'],
        to: 'PAID',
        actor: 'operator',
        note,
        verb: 'paid',
        notice: 'withdrawPaid',
        set: { paid_at: sql<Date>`now()` },
        money: async (trx, row) => {
          await this.move(
            trx,
            row.id,
            'payout',
            pending(row.member_id),
            clearing,
            row.amount,
            'WITHDRAW_PAYOUT',
          );
        },
      },
      db,
    );
  }

  /**
   * Operator, on a disputed payout: the missing money (all of it, or what a partly received payout
   * lacks) returns from the clearing account to the main wallet.
   */
  refund(id: number, note = '', db: Kysely<DB> | null = null) {
    return this.change(
      {
        id,
        from: DISPUTED,
        to: 'REFUNDED',
        actor: 'operator',
        note,
        verb: 'refunded',
        set: {},
        money: async (trx, row) => {
          const amount = row.amount - (row.received_amount ?? 0);
          await trx
            .updateTable('withdrawal')
            .set({ refund_amount: amount })
            .where('id', '=', row.id)
            .execute();
          await this.move(trx, row.id, 'refund', clearing, main(row.member_id), amount, 'WITHDRAW_RELEASE');
        },
      },
      db,
    );
  }

  /** Operator, on a disputed payout shown to have arrived in full: closed as received. */
  dismiss(id: number, note: string, db: Kysely<DB> | null = null) {
    return this.change(
      {
        id,
        from: DISPUTED,
        to: 'RECEIVED',
        actor: 'operator',
        note,
        verb: 'closed as received',
      },
      db,
    );
  }

  /** The member's answer to a payout (WD-07, WD-08). */
  async confirm(
    memberId: number,
    input: {
      id: number;
      result: 'RECEIVED' | 'PARTLY_RECEIVED' | 'NOT_RECEIVED';
      receivedAmount?: unknown;
      remark: string;
    },
  ): Promise<WithdrawalDetail> {
    let receivedMinor: number | undefined;
    if (input.result === 'PARTLY_RECEIVED') {
      const current = await repo.byId(this.db, input.id, memberId);
      if (!current) throw fail(Errors.withdrawNotFound);
      const parsed = parseAmount(input.receivedAmount ?? '', {
        precision: this.precision(),
        maxMinor: Math.max(1, current.amount - 1),
      });
      if (!parsed.ok || parsed.minor >= current.amount)
        throw fail(Errors.withdrawReceivedAmountInvalid, {
          message: `${Errors.withdrawReceivedAmountInvalid.message} (${parsed.ok ? 'less than the request' : parsed.message})`,
        });
      receivedMinor = parsed.minor;
    }
    await this.change({
      id: input.id,
      memberId,
      from: ['PAID'],
      to: input.result,
      actor: 'member',
      note: input.remark,
      verb: 'confirmed',
      set: {
        confirmed_at: sql<Date>`now()`,
        remark: input.remark,
        ...(receivedMinor !== undefined ? { received_amount: receivedMinor } : {}),
      },
      check:
        input.result === 'NOT_RECEIVED'
          ? async (trx, row) => {
              if ((await repo.countProofs(trx, row.id)) === 0) throw fail(Errors.withdrawProofRequired);
            }
          : undefined,
    });
    return this.detail(memberId, input.id);
  }

  /**
   * The auto-confirm job's work (WD-10, WD-11): every payout unanswered since before
   * `windowEnd - autoConfirmMinutes` counts as received, forced, and its refund is forfeited.
   * Runs inside the job's transaction, so the window is done exactly when these changes are.
   */
  async autoConfirm(windowEnd: Date, trx: Kysely<DB>): Promise<number> {
    const cutoff = new Date(windowEnd.getTime() - this.policy.autoConfirmMinutes * 60_000);
    let done = 0;
    for (;;) {
      const due = await repo.overduePayouts(trx, cutoff, 500);
      for (const { id } of due) {
        // A member's answer that commits first wins: that request is simply not ours any more.
        const row = await repo.transition(trx, id, ['PAID'], 'RECEIVED', {
          confirmed_at: sql<Date>`now()`,
          forced_received: true,
          refund_forfeited: true,
        });
        if (!row) continue;
        await repo.insertEvent(
          trx,
          id,
          'RECEIVED',
          'system',
          `No answer within ${this.policy.autoConfirmMinutes} minutes of payout: counted as received; the refund is forfeited`,
        );
        done++;
      }
      if (due.length < 500) return done;
    }
  }

  // ---- proofs -----------------------------------------------------------------------------------

  /** Stores one proof image of a paid-out request (WD-09); a refused upload stores nothing. */
  async addProof(memberId: number, withdrawalId: number, bytes: Buffer) {
    if (bytes.length > WithdrawProofLimits.maxBytes) throw fail(Errors.withdrawProofTooLarge);
    if (bytes.length === 0) throw fail(Errors.withdrawProofType, { message: 'The upload is empty' });
    const type = imageTypeOf(bytes);
    if (!type || !(await headerMatches(bytes, type))) throw fail(Errors.withdrawProofType);
    const sha256 = createHash('sha256').update(bytes).digest();
    const inDatabase = this.proofStore.kind === 'database';
    let wrote = false;
    let row;
    try {
      row = await this.db.transaction().execute(async (trx) => {
        const w = await repo.lockById(trx, withdrawalId, memberId);
        if (!w) throw fail(Errors.withdrawNotFound);
        if (w.status !== 'PAID') {
          if (w.refund_forfeited) throw fail(Errors.withdrawConfirmClosed);
          throw fail(Errors.withdrawStatusConflict, {
            message: 'Proof can be uploaded only while a payout waits for your confirmation',
          });
        }
        if ((await repo.countProofs(trx, w.id)) >= WithdrawProofLimits.maxFiles)
          throw fail(Errors.withdrawProofTooMany);
        // Written only once every check has passed: a refused upload leaves nothing behind.
        if (!inDatabase) {
          await this.proofStore.put(sha256, bytes);
          wrote = true;
        }
        return repo.insertProof(trx, {
          withdrawal_id: w.id,
          member_id: memberId,
          content_type: type,
          size: bytes.length,
          sha256,
          content: inDatabase ? bytes : null,
        });
      });
    } catch (err) {
      if (wrote) await this.forgetFileUnlessUsed(sha256);
      throw err;
    }
    return {
      id: row.id,
      contentType: row.content_type,
      size: row.size,
      uploadedAt: new Date(row.created_at).getTime(),
    };
  }

  /** Removes a proof file no row refers to any more (files are shared by identical images). */
  private async forgetFileUnlessUsed(sha256: Buffer): Promise<void> {
    if (this.proofStore.kind === 'database') return;
    if (!(await repo.proofFileUsed(this.db, sha256))) await this.proofStore.remove(sha256);
  }

  async proof(memberId: number, id: number) {
    const row = await repo.proofWithContent(this.db, id, memberId);
    if (!row) throw fail(Errors.withdrawProofNotFound);
    const content = row.content ?? (await this.proofStore.get(row.sha256));
    if (!content)
      throw fail(Errors.withdrawProofNotFound, { message: 'The image file of this proof is missing' });
    return {
      id: row.id,
      contentType: row.content_type,
      size: row.size,
      uploadedAt: new Date(row.created_at).getTime(),
      dataUrl: `data:${row.content_type};base64,${Buffer.from(content).toString('base64')}`,
    };
  }

  async deleteProof(memberId: number, id: number): Promise<void> {
    const sha256 = await this.db.transaction().execute(async (trx) => {
      const proof = await repo.proofMeta(trx, id, memberId);
      if (!proof) throw fail(Errors.withdrawProofNotFound);
      const w = await repo.lockById(trx, proof.withdrawal_id, memberId);
      if (w?.status !== 'PAID')
        throw fail(Errors.withdrawStatusConflict, {
          message: 'Proof can be removed only while the payout waits for your confirmation',
        });
      await repo.deleteProof(trx, id);
      return proof.sha256;
    });
    await this.forgetFileUnlessUsed(sha256);
  }

  // ---- reads ------------------------------------------------------------------------------------

  private toWithdrawal(w: repo.WithdrawalRow): Withdrawal {
    const paidAt = ms(w.paid_at);
    return {
      id: w.id,
      orderNo: orderNo(w.id),
      amount: this.major(w.amount),
      currency: w.currency,
      status: w.status,
      bankCode: w.bank_code,
      bankName: w.bank_name,
      payeeName: w.payee_name,
      accountNumber: maskAccountNumber(w.account_number),
      createdAt: new Date(w.created_at).getTime(),
      updatedAt: new Date(w.updated_at).getTime(),
      paidAt,
      confirmBefore:
        w.status === 'PAID' && paidAt !== null ? paidAt + this.policy.autoConfirmMinutes * 60_000 : null,
      confirmedAt: ms(w.confirmed_at),
      receivedAmount: w.received_amount === null ? null : this.major(w.received_amount),
      refundAmount: w.refund_amount === null ? null : this.major(w.refund_amount),
      forcedReceived: w.forced_received,
      refundForfeited: w.refund_forfeited,
      remark: w.remark,
      canCancel: w.status === 'PENDING',
      canConfirm: w.status === 'PAID',
    };
  }

  /**
   * The account record's state of the member's requests named by their numbers (`WD00000042`, the
   * reference of their ledger movements); numbers that are not the member's requests are left out.
   */
  async recordStatuses(memberId: number, references: string[]): Promise<Map<string, WithdrawRecordStatus>> {
    const ids = [...new Set(references.filter((r) => /^WD\d{8,15}$/.test(r)).map((r) => Number(r.slice(2))))];
    if (!ids.length) return new Map();
    const rows = await this.database.db
      .selectFrom('withdrawal')
      .select(['id', 'status'])
      .where('member_id', '=', memberId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [orderNo(r.id), recordStatus[r.status]]));
  }

  async detail(memberId: number, id: number): Promise<WithdrawalDetail> {
    const w = await repo.byId(this.db, id, memberId);
    if (!w) throw fail(Errors.withdrawNotFound);
    return this.detailOf(w);
  }

  private async detailOf(w: repo.WithdrawalRow): Promise<WithdrawalDetail> {
    const [events, proofs] = await Promise.all([repo.events(this.db, w.id), repo.proofs(this.db, w.id)]);
    return {
      ...this.toWithdrawal(w),
      timeline: events.map((e) => ({
        status: e.status,
        at: new Date(e.at).getTime(),
        actor: e.actor,
        note: e.note,
      })),
      proofs: proofs.map((p) => ({
        id: p.id,
        contentType: p.content_type,
        size: p.size,
        uploadedAt: new Date(p.created_at).getTime(),
      })),
    };
  }

  async list(memberId: number, q: { page: number; pageSize: number; status?: WithdrawalStatus | undefined }) {
    const opts = {
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize,
      ...(q.status ? { status: q.status } : {}),
    };
    const [rows, total] = await Promise.all([
      repo.list(this.db, memberId, opts),
      repo.count(this.db, memberId, q.status),
    ]);
    return { list: rows.map((w) => this.toWithdrawal(w)), total, page: q.page, pageSize: q.pageSize };
  }

  async awaitingConfirmation(memberId: number): Promise<Withdrawal[]> {
    return (await repo.awaitingConfirmation(this.db, memberId)).map((w) => this.toWithdrawal(w));
  }

  // ---- operator ---------------------------------------------------------------------------------

  listForOperator(statuses: readonly WithdrawalStatus[], limit = 50) {
    return repo.listAll(this.db, statuses, limit);
  }

  /** The operator sees the whole account number: it is what the bank transfer goes to. */
  async operatorDetail(
    id: number,
  ): Promise<WithdrawalDetail & { memberId: number; fullAccountNumber: string }> {
    const w = await repo.byId(this.db, id);
    if (!w) throw fail(Errors.withdrawNotFound);
    return { ...(await this.detailOf(w)), memberId: w.member_id, fullAccountNumber: w.account_number };
  }
}
