import type { Kysely } from 'kysely';
import { Errors, type Balance } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { BrandConfigStore } from '../system/brand-config.ts';
import { fail } from '../../platform/http/errors.ts';
import * as repo from './ledger.repo.ts';

export const WalletType = { main: 'MAIN' } as const;

/** House accounts money comes from: demo credit for seeded demo members, free-play money for trials. */
export const HouseAccount = {
  demoCredit: 'HOUSE_DEMO_CREDIT',
  freePlay: 'HOUSE_FREE_PLAY',
  cash: 'HOUSE_CASH',
} as const;

export interface Posting {
  accountId: number;
  /** Minor units; negative debits, positive credits. */
  amount: number;
}

export interface PostRequest {
  /** Unique per business event: a retry with the same key changes nothing and returns the first result. */
  idempotencyKey: string;
  kind: string;
  memo?: string;
  postings: Posting[];
}

export interface PostResult {
  transactionId: number;
  replayed: boolean;
}

export const insufficientFunds = () => fail(Errors.balanceInsufficient);

/** Minor units to the wire's major units with the currency's precision. */
export function toMajor(minor: number, precision: number): number {
  return Number((minor / 10 ** precision).toFixed(precision));
}

/** Major units (at most `precision` decimals) to minor units; refuses more decimals than the currency has. */
export function toMinor(major: number, precision: number): number {
  const minor = Math.round(major * 10 ** precision);
  if (!Number.isSafeInteger(minor) || Math.abs(minor / 10 ** precision - major) > 1e-9) {
    throw fail(Errors.invalidInput, { message: `Amounts have at most ${precision} decimals` });
  }
  return minor;
}

function validate(req: PostRequest): void {
  if (!req.idempotencyKey || req.idempotencyKey.length > 200)
    throw new Error('ledger: an idempotency key of 1..200 characters is required');
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
 * The double-entry ledger (DESIGN.md §3). Every movement is one transaction of postings that sum
 * to zero, under a unique idempotency key; a member account never goes below zero. Balances are
 * the running sums of postings and can be recomputed from them at any time.
 */
export class WalletService {
  private readonly database: Database;
  private readonly brand: BrandConfigStore;

  constructor(database: Database, brand: BrandConfigStore) {
    this.database = database;
    this.brand = brand;
  }

  currency(): { code: string; precision: number } {
    const { code, precision } = this.brand.get().currency;
    return { code, precision };
  }

  memberAccount(
    memberId: number,
    walletType: string = WalletType.main,
    db: Kysely<DB> = this.database.db,
  ): Promise<number> {
    return repo.memberAccountId(db, memberId, walletType, this.currency().code);
  }

  houseAccount(code: string, db: Kysely<DB> = this.database.db): Promise<number> {
    return repo.houseAccountId(db, code, this.currency().code);
  }

  /** Posts one transaction in its own database transaction (or inside `trx` when given). */
  async post(req: PostRequest, trx?: Kysely<DB>): Promise<PostResult> {
    validate(req);
    if (trx) return this.postIn(trx, req);
    return this.database.db.transaction().execute((t) => this.postIn(t, req));
  }

  private async postIn(db: Kysely<DB>, req: PostRequest): Promise<PostResult> {
    const id = await repo.insertTransaction(db, req.idempotencyKey, req.kind, req.memo ?? '');
    if (id === null) {
      const existing = await repo.transactionByKey(db, req.idempotencyKey);
      if (!existing) throw new Error('ledger: idempotency key vanished');
      return { transactionId: existing.id, replayed: true };
    }
    // One lock order for every transaction (by account id) so two transfers never deadlock.
    const ordered = [...req.postings].sort((a, b) => a.accountId - b.accountId || a.amount - b.amount);
    for (const p of ordered) {
      if (!(await repo.applyPosting(db, p.accountId, p.amount))) throw insufficientFunds();
    }
    await repo.insertPostings(db, id, req.postings);
    return { transactionId: id, replayed: false };
  }

  /** Moves `amount` minor units from one account to another as one transaction. */
  transfer(
    from: number,
    to: number,
    amount: number,
    idempotencyKey: string,
    kind: string,
    memo = '',
    trx?: Kysely<DB>,
  ): Promise<PostResult> {
    return this.post(
      {
        idempotencyKey,
        kind,
        memo,
        postings: [
          { accountId: from, amount: -amount },
          { accountId: to, amount },
        ],
      },
      trx,
    );
  }

  /** Credits a member's main wallet from a house account (demo money, free-play money). */
  async creditFromHouse(
    memberId: number,
    house: string,
    amount: number,
    idempotencyKey: string,
    kind: string,
    trx?: Kysely<DB>,
  ): Promise<PostResult> {
    const db = trx ?? this.database.db;
    const [from, to] = [
      await this.houseAccount(house, db),
      await this.memberAccount(memberId, WalletType.main, db),
    ];
    return this.transfer(from, to, amount, idempotencyKey, kind, '', trx);
  }

  async balance(memberId: number): Promise<Balance> {
    const { code, precision } = this.currency();
    const rows = await repo.memberBalances(this.database, memberId, code);
    const wallets = rows.length ? rows : [{ wallet_type: WalletType.main, balance: 0 }];
    const sum = wallets.reduce((s, w) => s + w.balance, 0);
    return {
      sumBalance: toMajor(sum, precision),
      currency: code,
      precision,
      wallets: wallets.map((w) => ({ walletType: w.wallet_type, balance: toMajor(w.balance, precision) })),
    };
  }

  accountBalance(accountId: number): Promise<number> {
    return repo.accountBalance(this.database.db, accountId);
  }

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
}
