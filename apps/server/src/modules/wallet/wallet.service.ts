import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  AccountTypes,
  AgentType,
  type AmountRules,
  type Balance,
  Errors,
  isLedgerKind,
  type LedgerKind,
  MAX_AMOUNT_MINOR,
  MAX_BALANCE_MINOR,
  type MerchantWallet,
  formatMinor,
  minorToMajor,
  parseAmount,
  VENDOR_ACCOUNT_TYPE_MIN,
  WalletErrors,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { BrandConfigStore } from '../system/brand-config.ts';
import type { ChangeFeed, CachedValue } from '../../platform/change-feed.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { verifyPassword } from '../../platform/crypto/password-hash.ts';
import { fail, type AppError } from '../../platform/http/errors.ts';
import type { MemberService } from '../member/member.service.ts';
import * as repo from './ledger.repo.ts';

/** Wallet types of member accounts (`ledger_account.wallet_type`); vendor wallets are `VENDOR_<code>`. */
export const WalletType = {
  main: 'MAIN',
  bonus: 'BONUS',
  /** Money held for withdrawal requests under review (moved back on rejection, out on payout). */
  pendingWithdrawal: 'PENDING_WITHDRAWAL',
} as const;
export const vendorWalletType = (code: string) => `VENDOR_${code}`;

/**
 * House accounts (the operator's side of member movements) and clearing accounts (money on its way
 * between the platform and a bank or gateway). Both may go negative: the house's deposits arrive
 * as a negative clearing balance that equals what the bank or gateway owes.
 */
export const HouseAccount = {
  demoCredit: 'HOUSE_DEMO_CREDIT',
  freePlay: 'HOUSE_FREE_PLAY',
  cash: 'HOUSE_CASH',
  bonus: 'HOUSE_BONUS',
  /** Balance adjustments by staff (the back office's player.adjust, decision 031). */
  adjustment: 'HOUSE_ADJUSTMENT',
  /** Manual bank transfers received into the merchant's bank account. */
  bankDeposits: 'CLEARING_BANK_DEPOSIT',
  /** Payments collected by the sandbox gateway. */
  sandboxGateway: 'CLEARING_SANDBOX_GATEWAY',
  /** Withdrawals paid out to members' banks. */
  withdrawalPayouts: 'CLEARING_WITHDRAWAL_PAYOUT',
} as const;
export type HouseCode = (typeof HouseAccount)[keyof typeof HouseAccount];

/**
 * An account of a movement: a ledger account id, a member's wallet (main by default) or a house
 * or clearing account by code. Member and house accounts are created on first use.
 */
export type AccountRef = number | { memberId: number; wallet?: string } | { house: HouseCode };

export interface Posting {
  account: AccountRef;
  /** Minor units; negative debits, positive credits. */
  amount: number;
}

export interface PostRequest {
  /** Unique per business event: a retry with the same key changes nothing and answers the first result. */
  idempotencyKey: string;
  kind: LedgerKind;
  /** The business reference shown in account records (an order number, a transfer number). */
  reference: string;
  memo?: string;
  postings: Posting[];
}

/** One movement of `amount` minor units from one account to another. */
export interface TransferRequest {
  from: AccountRef;
  to: AccountRef;
  amount: number;
  kind: LedgerKind;
  reference: string;
  idempotencyKey: string;
  memo?: string;
}

export interface PostResult {
  transactionId: number;
  kind: LedgerKind;
  reference: string;
  createdAt: Date;
  /** True when the key had been used before: nothing moved, this is the first movement's result. */
  replayed: boolean;
}

/** A movement ready for ledger_post: see WalletService.prepareMovement. */
export interface PreparedMovement {
  key: string;
  kind: LedgerKind;
  reference: string;
  memo: string;
  requestHash: Buffer;
  accounts: number[];
  amounts: number[];
}

export interface WalletConfig {
  isSingle: boolean;
  vendors: { accountTypeId: number; code: string; name: string; enabled: boolean }[];
}

export interface WalletServiceDeps {
  /** Reloads the wallet configuration when an operator changes it (every instance). */
  feed?: ChangeFeed;
  /** Counts payment-password attempts. */
  limiter?: RateLimiter;
  /** The member facts the upline transfer and the payment password need. */
  members?: Pick<MemberService, 'moneyProfile'>;
}

/** Rows per house or clearing account: movements spread over them by idempotency key. */
export const HOUSE_SHARDS = 16;

/** Shard 0 keeps the plain code (`HOUSE_CASH:USD`), so a ledger from before sharding reads on. */
function houseShardCode(code: string, currency: string, shard: number): string {
  return shard === 0 ? `${code}:${currency}` : `${code}:${currency}:${shard}`;
}

function shardOf(key: string): number {
  // FNV-1a: cheap and stable across processes and versions.
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % HOUSE_SHARDS;
}

/** Payment-password attempts per member: 10 per 15 minutes, right or wrong. */
const PAYMENT_PASSWORD_RULE = { limit: 10, windowMs: 15 * 60_000 };

function validate(req: PostRequest): void {
  if (!req.idempotencyKey || req.idempotencyKey.length > 200)
    throw new Error('ledger: an idempotency key of 1..200 characters is required');
  if (!isLedgerKind(req.kind)) throw new Error(`ledger: unknown kind "${String(req.kind)}"`);
  if (req.reference.length > 100) throw new Error('ledger: a reference has at most 100 characters');
  if (req.postings.length < 2) throw new Error('ledger: a transaction has at least two postings');
  let total = 0;
  for (const p of req.postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0)
      throw new Error(`ledger: posting amount ${p.amount} is not a non-zero integer of minor units`);
    total += p.amount;
  }
  if (total !== 0) throw new Error(`ledger: postings sum to ${total}, not zero`);
}

/**
 * The movement ceiling, once the accounts are known: a member's posting carries at most
 * MAX_AMOUNT_MINOR. A domain rule, not a programming error (a vendor or gateway may ask for any
 * amount), checked before anything is posted. The house's side of a movement that pays many
 * members at once (a lottery draw's winnings) is their sum and is bounded by the balance ceiling.
 */
function withinMovementCeiling(postings: { amount: number; house: boolean }[], precision: number): void {
  for (const p of postings)
    if (!p.house && Math.abs(p.amount) > MAX_AMOUNT_MINOR) throw movementTooLarge(precision);
}

/** The refusal of a movement above MAX_AMOUNT_MINOR (the one rule of every money path). */
export function movementTooLarge(precision: number): AppError {
  return fail(WalletErrors.movementTooLarge, {
    message: `One movement carries at most ${formatMinor(MAX_AMOUNT_MINOR, precision)}`,
  });
}

/** Name of the database constraint that keeps every balance within MAX_BALANCE_MINOR (migration 024). */
export const BALANCE_CEILING_CONSTRAINT = 'ledger_account_balance_ceiling';

/**
 * The catalogue refusal of a database error a posting can raise, or null: the conditional debit
 * (LD001) and the balance ceiling's check constraint. Whichever statement posted (ledger_post, the
 * lottery's bet function, seamless_spin), the movement was refused whole.
 */
export function ledgerRefusal(err: unknown, precision: number): AppError | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code === repo.INSUFFICIENT_SQLSTATE) return fail(Errors.balanceInsufficient);
  if (
    e?.code === '23514' &&
    (e.constraint === BALANCE_CEILING_CONSTRAINT || String(e.message).includes(BALANCE_CEILING_CONSTRAINT))
  )
    return fail(WalletErrors.balanceCeiling, {
      message: `This movement would take a balance above ${formatMinor(MAX_BALANCE_MINOR, precision)}, the most an account may hold`,
    });
  return null;
}

/** The fingerprint of a request: a replay of its key must carry the same kind, reference and postings. */
export function fingerprint(
  kind: string,
  reference: string,
  postings: { accountId: number; amount: number }[],
): Buffer {
  const canonical = [...postings]
    .sort((a, b) => a.accountId - b.accountId || a.amount - b.amount)
    .map((p) => `${p.accountId}:${p.amount}`)
    .join(',');
  return createHash('sha256').update(`${kind}\n${reference}\n${canonical}`).digest();
}

/**
 * The double-entry ledger (DESIGN.md §3, decisions 010 and 016). Every movement is one database
 * transaction of postings that sum to zero, with a kind from the closed set, a reference and an
 * idempotency key; a member account never goes below zero. Balances are the running sums of the
 * postings and `check()` recomputes them.
 */
export class WalletService {
  private readonly database: Database;
  private readonly brand: BrandConfigStore;
  private readonly limiter: RateLimiter | undefined;
  private readonly members: Pick<MemberService, 'moneyProfile'> | undefined;
  private readonly config: CachedValue<WalletConfig> | null;
  /**
   * Account ids by member, wallet type and currency (or house code), kept once read from a
   * committed row: accounts are never deleted, so an id once seen stays right.
   */
  private readonly accountIds = new Map<string, number>();
  /** Ids of house and clearing accounts seen, whichever way a caller named them (lock order). */
  private readonly houseIds = new Set<number>();

  constructor(database: Database, brand: BrandConfigStore, deps: WalletServiceDeps = {}) {
    this.database = database;
    this.brand = brand;
    this.limiter = deps.limiter;
    this.members = deps.members;
    this.config = deps.feed ? deps.feed.cached(() => this.loadConfig()) : null;
  }

  currency(): { code: string; symbol: string; precision: number } {
    const { code, symbol, precision } = this.brand.get().currency;
    return { code, symbol, precision };
  }

  /** Parses a wire amount (major units) to minor units, or refuses it with 422 amount.invalid. */
  parseAmount(input: unknown, limits: Omit<AmountRules, 'precision'> = {}): number {
    const parsed = parseAmount(input, { precision: this.currency().precision, ...limits });
    if (!parsed.ok) throw fail(WalletErrors.amountInvalid, { message: parsed.message });
    return parsed.minor;
  }

  toMajor(minor: number): number {
    return minorToMajor(minor, this.currency().precision);
  }

  // ---- configuration -------------------------------------------------------------------------

  private async loadConfig(): Promise<WalletConfig> {
    const db = this.database.db;
    const [cfg, vendors] = await Promise.all([
      db.selectFrom('wallet_config').select('single_wallet').executeTakeFirst(),
      db
        .selectFrom('wallet_vendor')
        .select(['account_type_id', 'code', 'name', 'enabled'])
        .orderBy('sort')
        .orderBy('account_type_id')
        .execute(),
    ]);
    return {
      isSingle: cfg?.single_wallet ?? true,
      vendors: vendors.map((v) => ({
        accountTypeId: v.account_type_id,
        code: v.code,
        name: v.name,
        enabled: v.enabled,
      })),
    };
  }

  walletConfig(): Promise<WalletConfig> {
    return this.config ? this.config.get() : this.loadConfig();
  }

  /** Operator: one wallet for everything, or a wallet per vendor. */
  async setSingleWallet(
    single: boolean,
    feed?: ChangeFeed,
    db: Kysely<DB> = this.database.db,
  ): Promise<void> {
    await db.updateTable('wallet_config').set({ single_wallet: single, updated_at: new Date() }).execute();
    // In a caller's transaction (an audited change) the caller announces it after the commit.
    if (db === this.database.db) await this.walletConfigChanged(feed);
  }

  /** Every instance (or this one, without a feed) reloads the wallet configuration. */
  async walletConfigChanged(feed?: ChangeFeed): Promise<void> {
    if (feed) await feed.publish('wallet:config');
    else this.config?.invalidate();
  }

  async merchantWallet(): Promise<MerchantWallet> {
    const cfg = await this.walletConfig();
    const main = {
      accountTypeId: AccountTypes.MAIN.id,
      accountType: WalletType.main,
      name: AccountTypes.MAIN.name,
    };
    if (cfg.isSingle) return { isSingle: true, wallets: [main] };
    return {
      isSingle: false,
      wallets: [
        main,
        ...cfg.vendors
          .filter((v) => v.enabled)
          .map((v) => ({ accountTypeId: v.accountTypeId, accountType: v.code, name: v.name })),
      ],
    };
  }

  // ---- accounts ------------------------------------------------------------------------------

  memberAccount(
    memberId: number,
    walletType: string = WalletType.main,
    db: Kysely<DB> = this.database.db,
  ): Promise<number> {
    return this.resolve({ memberId, wallet: walletType }, db);
  }

  /** A house or clearing account's first shard (the one an operator's report starts from). */
  houseAccount(code: HouseCode, db: Kysely<DB> = this.database.db): Promise<number> {
    return this.resolve({ house: code }, db);
  }

  /**
   * The id of an account. Ids are remembered only when read outside any transaction (`remember`):
   * a row seen inside a caller's transaction may be that transaction's own and vanish with it.
   * A house account is one of HOUSE_SHARDS rows (`shard`), so movements touching "the house" do
   * not all queue on one row lock.
   */
  private async resolve(ref: AccountRef, db: Kysely<DB>, remember = false, shard = 0): Promise<number> {
    if (typeof ref === 'number') return ref;
    const currency = this.currency().code;
    if ('house' in ref) {
      const code = houseShardCode(ref.house, currency, shard);
      const cached = this.accountIds.get(code);
      if (cached !== undefined) return cached;
      const found = await repo.findHouseAccount(db, code);
      const id =
        found ??
        (await repo.houseAccountId(
          db,
          code,
          ref.house.startsWith('CLEARING_') ? 'CLEARING' : 'HOUSE',
          currency,
        ));
      if (found !== null && remember) this.accountIds.set(code, found);
      this.houseIds.add(id);
      return id;
    }
    const wallet = ref.wallet ?? WalletType.main;
    const key = `m:${ref.memberId}:${wallet}:${currency}`;
    const cached = this.accountIds.get(key);
    if (cached !== undefined) return cached;
    const found = await repo.findMemberAccount(db, ref.memberId, wallet, currency);
    if (found !== null) {
      if (remember) this.accountIds.set(key, found);
      return found;
    }
    return repo.memberAccountId(db, ref.memberId, wallet, currency);
  }

  private async resolveAll(req: PostRequest, db: Kysely<DB>, remember: boolean) {
    // The shard follows from the key, so a replay of a request names the same accounts.
    const shard = shardOf(req.idempotencyKey);
    const postings: { accountId: number; amount: number; house: boolean }[] = [];
    for (const p of req.postings) {
      const accountId = await this.resolve(p.account, db, remember, shard);
      postings.push({ accountId, amount: p.amount, house: this.houseIds.has(accountId) });
    }
    return postings;
  }

  // ---- movements -----------------------------------------------------------------------------

  /**
   * Posts one transaction: one statement (ledger_post, migration 008) in its own database
   * transaction, or inside `trx` when given (the movement then commits or rolls back with it).
   */
  async post(req: PostRequest, trx?: Kysely<DB>): Promise<PostResult> {
    validate(req);
    // Outside a caller's transaction the accounts are found (or opened: an empty account is
    // harmless) before the movement, where their ids can be remembered.
    const postings = await this.resolveAll(req, trx ?? this.database.db, !trx);
    withinMovementCeiling(postings, this.currency().precision);
    return this.postResolved(trx, req, postings);
  }

  /**
   * Moves `amount` minor units from one account to another as one transaction: the ledger API
   * every module uses (deposits, transfers, withdrawal holds, bets).
   */
  transfer(req: TransferRequest, trx?: Kysely<DB>): Promise<PostResult> {
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
      throw new Error(`ledger: a transfer moves a positive integer of minor units, not ${req.amount}`);
    return this.post(
      {
        idempotencyKey: req.idempotencyKey,
        kind: req.kind,
        reference: req.reference,
        ...(req.memo !== undefined ? { memo: req.memo } : {}),
        postings: [
          { account: req.from, amount: -req.amount },
          { account: req.to, amount: req.amount },
        ],
      },
      trx,
    );
  }

  /**
   * A movement checked and resolved for a caller that posts it from its own SQL function in one
   * round trip with the rest of its work (the lottery's bet): the exact arguments of ledger_post
   * (migration 008), accounts in the ledger's lock order, with the request's fingerprint. Accounts
   * are found outside any transaction, where their ids are remembered. A debit below zero raises
   * SQLSTATE `insufficientSqlstate` from that call.
   */
  async prepareMovement(req: PostRequest): Promise<PreparedMovement> {
    validate(req);
    const postings = await this.resolveAll(req, this.database.db, true);
    withinMovementCeiling(postings, this.currency().precision);
    const ordered = [...postings].sort(
      (a, b) => Number(a.house) - Number(b.house) || a.accountId - b.accountId || a.amount - b.amount,
    );
    return {
      key: req.idempotencyKey,
      kind: req.kind,
      reference: req.reference,
      memo: req.memo ?? '',
      requestHash: fingerprint(req.kind, req.reference, postings),
      accounts: ordered.map((p) => p.accountId),
      amounts: ordered.map((p) => p.amount),
    };
  }

  /** The SQLSTATE ledger_post raises when a debit would take a member below zero. */
  static readonly insufficientSqlstate = repo.INSUFFICIENT_SQLSTATE;

  private async postResolved(
    trx: Kysely<DB> | undefined,
    req: PostRequest,
    postings: { accountId: number; amount: number; house: boolean }[],
  ): Promise<PostResult> {
    const requestHash = fingerprint(req.kind, req.reference, postings);
    // One lock order for every movement, so two never deadlock: member accounts by id, then house
    // accounts by id. House accounts come last because many movements touch one (deposits, bets):
    // their row lock is then held for the shortest time.
    const ordered = [...postings].sort(
      (a, b) => Number(a.house) - Number(b.house) || a.accountId - b.accountId || a.amount - b.amount,
    );
    let row: repo.PostedRow;
    try {
      row = await repo.post(this.database, trx, {
        key: req.idempotencyKey,
        kind: req.kind,
        reference: req.reference,
        memo: req.memo ?? '',
        requestHash,
        accounts: ordered.map((p) => p.accountId),
        amounts: ordered.map((p) => p.amount),
      });
    } catch (err) {
      throw ledgerRefusal(err, this.currency().precision) ?? err;
    }
    if (row.o_replayed) {
      // The key was used by a committed movement (a concurrent one with the same key waits on
      // the unique index until the first commits, then lands here too).
      if (row.o_hash && !Buffer.from(row.o_hash).equals(requestHash))
        throw fail(WalletErrors.idempotencyKeyReused);
    }
    return {
      transactionId: row.o_id,
      kind: row.o_kind as LedgerKind,
      reference: row.o_reference,
      createdAt: row.o_created_at,
      replayed: row.o_replayed,
    };
  }

  /** Credits a member's main wallet from a house account (demo money, free-play money). */
  creditFromHouse(
    memberId: number,
    house: HouseCode,
    amount: number,
    idempotencyKey: string,
    kind: LedgerKind,
    trx?: Kysely<DB>,
  ): Promise<PostResult> {
    return this.transfer(
      { from: { house }, to: { memberId }, amount, kind, reference: idempotencyKey, idempotencyKey },
      trx,
    );
  }

  // ---- reads ---------------------------------------------------------------------------------

  /** GET /wps/v2/wallets/balance: the main wallet, the vendor wallets and a bonus holding money. */
  async balance(memberId: number): Promise<Balance> {
    const { code, symbol, precision } = this.currency();
    const [rows, cfg] = await Promise.all([
      repo.memberBalances(this.database, memberId, code),
      this.walletConfig(),
    ]);
    const held = new Map(rows.map((r) => [r.wallet_type, r.balance]));
    const entries: Balance['balance'] = [];
    const add = (accountTypeId: number, accountType: string, name: string, minor: number) =>
      entries.push({ accountTypeId, accountType, name, availBalance: minorToMajor(minor, precision) });
    let sum = 0;
    const main = held.get(WalletType.main) ?? 0;
    sum += main;
    add(AccountTypes.MAIN.id, WalletType.main, AccountTypes.MAIN.name, main);
    for (const v of cfg.vendors) {
      const minor = held.get(vendorWalletType(v.code)) ?? 0;
      // A wallet closed by configuration still shows while it holds the member's money.
      if ((!cfg.isSingle && v.enabled) || minor !== 0) {
        sum += minor;
        add(v.accountTypeId, v.code, v.name, minor);
      }
    }
    const bonus = held.get(WalletType.bonus) ?? 0;
    if (bonus !== 0) {
      sum += bonus;
      add(AccountTypes.BONUS.id, WalletType.bonus, AccountTypes.BONUS.name, bonus);
    }
    return {
      sumBalance: minorToMajor(sum, precision),
      currency: code,
      currencySymbol: symbol,
      precision,
      balance: entries,
    };
  }

  accountBalance(accountId: number): Promise<number> {
    return repo.accountBalance(this.database.db, accountId);
  }

  /** The wallet type of a wire accountTypeId that money may move between (main or an open vendor wallet). */
  async transferableWallet(accountTypeId: number): Promise<string> {
    if (accountTypeId === AccountTypes.MAIN.id) return WalletType.main;
    const cfg = await this.walletConfig();
    if (cfg.isSingle) throw fail(WalletErrors.singleWallet);
    const vendor =
      accountTypeId >= VENDOR_ACCOUNT_TYPE_MIN
        ? cfg.vendors.find((v) => v.accountTypeId === accountTypeId && v.enabled)
        : undefined;
    if (!vendor)
      throw fail(WalletErrors.walletUnknown, { message: `No wallet with accountTypeId ${accountTypeId}` });
    return vendorWalletType(vendor.code);
  }

  /** POST /wps/relay/GCS_walletTransfer: main ↔ vendor wallets of one member. */
  async transferBetweenWallets(
    memberId: number,
    input: {
      fromAccountTypeId: number;
      toAccountTypeId: number;
      amount: unknown;
      idempotencyKey?: string | undefined;
    },
  ) {
    const cfg = await this.walletConfig();
    if (cfg.isSingle) throw fail(WalletErrors.singleWallet);
    if (input.fromAccountTypeId === input.toAccountTypeId) throw fail(WalletErrors.sameWallet);
    const [fromWallet, toWallet] = [
      await this.transferableWallet(input.fromAccountTypeId),
      await this.transferableWallet(input.toAccountTypeId),
    ];
    if (fromWallet !== WalletType.main && toWallet !== WalletType.main)
      throw fail(WalletErrors.walletUnknown, {
        message: 'Move money between the main wallet and one vendor wallet',
      });
    const amount = this.parseAmount(input.amount);
    const key = input.idempotencyKey ?? newKey();
    const result = await this.transfer({
      from: { memberId, wallet: fromWallet },
      to: { memberId, wallet: toWallet },
      amount,
      kind: 'WALLET_TRANSFER',
      reference: referenceFor('TF', `${memberId}:${key}`),
      // Namespaced by member: one member's key can never meet another's.
      idempotencyKey: `wallet-transfer:${memberId}:${key}`,
    });
    return {
      ...this.movement(result, amount),
      fromAccountTypeId: input.fromAccountTypeId,
      toAccountTypeId: input.toAccountTypeId,
    };
  }

  /** The wire form of a movement. */
  movement(result: PostResult, amountMinor: number) {
    return {
      transactionId: String(result.transactionId),
      reference: result.reference,
      kind: result.kind,
      amount: this.toMajor(amountMinor),
      createdAt: result.createdAt.getTime(),
      replayed: result.replayed,
    };
  }

  // ---- payment password and upline ------------------------------------------------------------

  /**
   * Checks a member's payment password (argon2id hash set at registration or in the security
   * centre); 10 wrong attempts per 15 minutes. Withdrawals and transfers to the upline and to
   * downlines call it: an agent paying its team many times an hour is never locked out by its
   * own right answers, a guesser is after ten wrong ones (each attempt counts while it is checked,
   * so racing guesses cannot pass the limit together; a right one is taken back).
   */
  async checkPaymentPassword(memberId: number, password: string): Promise<void> {
    const member = await this.profile(memberId);
    if (!member?.paymentPasswordHash) throw fail(WalletErrors.paymentPasswordNotSet);
    const bucket = `payment-password:${memberId}`;
    await this.limiter?.consume(bucket, PAYMENT_PASSWORD_RULE);
    if (!(await verifyPassword(member.paymentPasswordHash, password)))
      throw fail(WalletErrors.paymentPasswordInvalid);
    await this.limiter?.release(bucket, PAYMENT_PASSWORD_RULE);
  }

  private profile(memberId: number) {
    if (!this.members) throw new Error('wallet: built without the member service');
    return this.members.moneyProfile(memberId);
  }

  async uplineInfo(memberId: number) {
    const member = await this.profile(memberId);
    return {
      allowed: Boolean(member?.toUpline && member.upline && member.agentType !== AgentType.trial),
      upline: member?.upline ? { account: member.upline.username, nickname: member.upline.nickname } : null,
      hasPaymentPassword: Boolean(member?.paymentPasswordHash),
    };
  }

  /** Moves money from the member's main wallet to the upline's main wallet (the member's toUpline switch). */
  async transferToUpline(
    memberId: number,
    input: { amount: unknown; paymentPassword: string; idempotencyKey?: string | undefined },
  ) {
    const member = await this.profile(memberId);
    const upline = member?.upline;
    if (!member || !member.toUpline || !upline) throw fail(WalletErrors.uplineNotAllowed);
    const amount = this.parseAmount(input.amount);
    await this.checkPaymentPassword(memberId, input.paymentPassword);
    const key = input.idempotencyKey ?? newKey();
    const result = await this.transfer({
      from: { memberId },
      to: { memberId: upline.id },
      amount,
      kind: 'UPLINE_TRANSFER',
      reference: referenceFor('TU', `${memberId}:${key}`),
      idempotencyKey: `upline-transfer:${memberId}:${key}`,
    });
    return { ...this.movement(result, amount), upline: upline.username };
  }

  // ---- checks --------------------------------------------------------------------------------

  /** Proof of the ledger's invariants: no drifted balance, no unbalanced transaction, postings sum to zero. */
  async audit(): Promise<{ drifted: number; unbalanced: number; total: number }> {
    const db = this.database.db;
    const [drifted, unbalanced, total] = await Promise.all([
      repo.driftedAccounts(db),
      repo.unbalancedTransactions(db),
      repo.totalOfAllPostings(db),
    ]);
    return { drifted: drifted.length, unbalanced: unbalanced.length, total };
  }

  /** `npm run ops -- ledger check`: every balance re-derived from the postings. */
  async check() {
    const db = this.database.db;
    const [totals, drifted, unbalanced, total, negative] = await Promise.all([
      repo.totalsByAccountType(db),
      repo.driftedAccounts(db),
      repo.unbalancedTransactions(db),
      repo.totalOfAllPostings(db),
      repo.negativeMemberAccounts(db),
    ]);
    return {
      ok: drifted.length === 0 && unbalanced.length === 0 && total === 0 && negative.length === 0,
      totals,
      drifted,
      unbalanced,
      total,
      negative,
    };
  }
}

/** A random idempotency key for a call that sent none (it then has no retry protection). */
export function newKey(): string {
  return randomUUID();
}

/** A short reference for account records, stable for one idempotency key. */
export function referenceFor(prefix: string, key: string): string {
  return `${prefix}${createHash('sha256').update(key).digest('hex').slice(0, 14).toUpperCase()}`;
}
