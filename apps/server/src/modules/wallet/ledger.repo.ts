import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { PreparedRead } from '../../platform/prepared-read.ts';

export async function memberAccountId(
  db: Kysely<DB>,
  memberId: number,
  walletType: string,
  currency: string,
): Promise<number> {
  await db
    .insertInto('ledger_account')
    .values({ member_id: memberId, wallet_type: walletType, currency })
    .onConflict((oc) => oc.columns(['member_id', 'wallet_type', 'currency']).doNothing())
    .execute();
  const row = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('member_id', '=', memberId)
    .where('wallet_type', '=', walletType)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function houseAccountId(db: Kysely<DB>, code: string, currency: string): Promise<number> {
  const fullCode = `${code}:${currency}`;
  await db
    .insertInto('ledger_account')
    .values({ code: fullCode, wallet_type: 'HOUSE', currency, allow_negative: true })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('code', '=', fullCode)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts the transaction header; null when the idempotency key was used already. */
export async function insertTransaction(
  db: Kysely<DB>,
  key: string,
  kind: string,
  memo: string,
): Promise<number | null> {
  const row = await db
    .insertInto('ledger_transaction')
    .values({ idempotency_key: key, kind, memo })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function transactionByKey(db: Kysely<DB>, key: string) {
  return db
    .selectFrom('ledger_transaction')
    .select(['id', 'kind'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function postingsOf(db: Kysely<DB>, transactionId: number) {
  return db
    .selectFrom('ledger_posting')
    .select(['account_id', 'amount'])
    .where('transaction_id', '=', transactionId)
    .orderBy('id')
    .execute();
}

/**
 * Applies one posting to the running balance, refusing (no row) when it would take an account
 * that may not go negative below zero. The row lock taken by the UPDATE serialises concurrent
 * postings to one account, so the check and the write are one atomic step.
 */
export async function applyPosting(db: Kysely<DB>, accountId: number, amount: number): Promise<boolean> {
  const row = await db
    .updateTable('ledger_account')
    .set({ balance: sql`balance + ${amount}` })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('allow_negative', '=', true), eb(sql`balance + ${amount}`, '>=', 0)]))
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertPostings(
  db: Kysely<DB>,
  transactionId: number,
  postings: { accountId: number; amount: number }[],
): Promise<void> {
  await db
    .insertInto('ledger_posting')
    .values(
      postings.map((p) => ({ transaction_id: transactionId, account_id: p.accountId, amount: p.amount })),
    )
    .execute();
}

/** A member's wallets in one currency: the read behind every balance call, prepared once per connection. */
const memberBalancesRead = new PreparedRead<
  { wallet_type: string; balance: number },
  { memberId: number; currency: string }
>('member_balances', (db, param) =>
  db
    .selectFrom('ledger_account')
    .select(['wallet_type', 'balance'])
    .where('member_id', '=', param('memberId'))
    .where('currency', '=', param('currency'))
    .orderBy('wallet_type'),
);

export function memberBalances(database: Database, memberId: number, currency: string) {
  return memberBalancesRead.execute(database, { memberId, currency });
}

export async function accountBalance(db: Kysely<DB>, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** Accounts whose running balance differs from the sum of their postings (should be none). */
export async function driftedAccounts(db: Kysely<DB>) {
  const res = await sql<{ id: number; balance: number; derived: number }>`
    select a.id, a.balance, coalesce(sum(p.amount), 0)::bigint as derived
    from ledger_account a left join ledger_posting p on p.account_id = a.id
    group by a.id, a.balance
    having a.balance <> coalesce(sum(p.amount), 0)`.execute(db);
  return res.rows;
}

/** Transactions whose postings do not sum to zero (should be none; the deferred trigger refuses them). */
export async function unbalancedTransactions(db: Kysely<DB>) {
  const res = await sql<{ transaction_id: number; total: number }>`
    select transaction_id, sum(amount)::bigint as total from ledger_posting group by transaction_id having sum(amount) <> 0`.execute(
    db,
  );
  return res.rows;
}

export async function totalOfAllPostings(db: Kysely<DB>): Promise<number> {
  const res = await sql<{
    total: number;
  }>`select coalesce(sum(amount), 0)::bigint as total from ledger_posting`.execute(db);
  return Number(res.rows[0]?.total ?? 0);
}
