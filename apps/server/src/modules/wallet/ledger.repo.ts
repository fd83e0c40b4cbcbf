import { CompiledQuery, sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../../db/connection.ts';
import { poolQuery } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { PreparedRead } from '../../platform/prepared-read.ts';

/** A member's account of one wallet type, created on first use (one row per member, wallet type and currency). */
export async function memberAccountId(
  db: Kysely<DB>,
  memberId: number,
  walletType: string,
  currency: string,
): Promise<number> {
  const existing = await findMemberAccount(db, memberId, walletType, currency);
  if (existing !== null) return existing;
  await db
    .insertInto('ledger_account')
    .values({ member_id: memberId, wallet_type: walletType, currency })
    .onConflict((oc) => oc.columns(['member_id', 'wallet_type', 'currency']).doNothing())
    .execute();
  return (await findMemberAccount(db, memberId, walletType, currency))!;
}

export async function findMemberAccount(
  db: Kysely<DB>,
  memberId: number,
  walletType: string,
  currency: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('member_id', '=', memberId)
    .where('wallet_type', '=', walletType)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findHouseAccount(db: Kysely<DB>, fullCode: string): Promise<number | null> {
  const row = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('code', '=', fullCode)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * A house or clearing account row (the other side of member movements), created on first use; it
 * may go negative: a house account that paid out more than it took in shows a negative balance.
 * `fullCode` is `<code>:<currency>[:<shard>]`.
 */
export async function houseAccountId(
  db: Kysely<DB>,
  fullCode: string,
  walletType: string,
  currency: string,
): Promise<number> {
  await db
    .insertInto('ledger_account')
    .values({ code: fullCode, wallet_type: walletType, currency, allow_negative: true })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('code', '=', fullCode)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** SQLSTATE ledger_post raises when a debit would take an account below zero. */
export const INSUFFICIENT_SQLSTATE = 'LD001';

export interface PostedRow {
  o_id: number;
  o_created_at: Date;
  o_replayed: boolean;
  o_hash: Uint8Array | null;
  o_kind: string;
  o_reference: string;
}

const LEDGER_POST_SQL = 'select * from ledger_post($1, $2, $3, $4, $5, $6::bigint[], $7::bigint[])';

/**
 * One movement in one statement (ledger_post, migration 008): header, postings and balances, the
 * accounts updated in the given order; a used key answers the first movement's header. On its own
 * (no caller's transaction) on PostgreSQL it runs as a named statement, parsed once per pooled
 * connection; inside a caller's transaction it runs on that transaction's connection.
 */
export async function post(
  database: Database,
  trx: Kysely<DB> | undefined,
  m: {
    key: string;
    kind: string;
    reference: string;
    memo: string;
    requestHash: Buffer;
    accounts: number[];
    amounts: number[];
  },
): Promise<PostedRow> {
  const values = [m.key, m.kind, m.reference, m.memo, m.requestHash, m.accounts, m.amounts];
  const pool = (database as Database & { pool?: pg.Pool }).pool;
  if (!trx && database.kind === 'postgres' && pool) {
    const res = await poolQuery<PostedRow>(pool, { name: 'ledger_post', text: LEDGER_POST_SQL, values });
    return res.rows[0]!;
  }
  const res = await (trx ?? database.db).executeQuery<PostedRow>(CompiledQuery.raw(LEDGER_POST_SQL, values));
  return res.rows[0]!;
}

export async function postingsOf(db: Kysely<DB>, transactionId: number) {
  return db
    .selectFrom('ledger_posting')
    .select(['account_id', 'amount'])
    .where('transaction_id', '=', transactionId)
    .orderBy('id')
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
  const res = await sql<{
    id: number;
    code: string | null;
    member_id: number | null;
    wallet_type: string;
    balance: string;
    derived: string;
  }>`
    select a.id, a.code, a.member_id, a.wallet_type, a.balance, coalesce(p.total, 0)::bigint as derived
    from ledger_account a
    left join (select account_id, sum(amount) as total from ledger_posting group by account_id) p on p.account_id = a.id
    where a.balance <> coalesce(p.total, 0)
    order by a.id`.execute(db);
  return res.rows.map((r) => ({ ...r, balance: Number(r.balance), derived: Number(r.derived) }));
}

/** Transactions whose postings do not sum to zero, or that have fewer than two (should be none). */
export async function unbalancedTransactions(db: Kysely<DB>) {
  const res = await sql<{ transaction_id: number; total: string; postings: string }>`
    select t.id as transaction_id, coalesce(sum(p.amount), 0)::bigint as total, count(p.id) as postings
    from ledger_transaction t left join ledger_posting p on p.transaction_id = t.id
    group by t.id having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2
    order by t.id`.execute(db);
  return res.rows.map((r) => ({
    transaction_id: Number(r.transaction_id),
    total: Number(r.total),
    postings: Number(r.postings),
  }));
}

export async function totalOfAllPostings(db: Kysely<DB>): Promise<number> {
  const res = await sql<{
    total: string;
  }>`select coalesce(sum(amount), 0)::bigint as total from ledger_posting`.execute(db);
  return Number(res.rows[0]?.total ?? 0);
}

/** Balances summed per account type (member wallet types; house and clearing accounts by code). */
export async function totalsByAccountType(db: Kysely<DB>) {
  const res = await sql<{
    account_type: string;
    currency: string;
    accounts: string;
    balance: string;
    derived: string;
  }>`
    select case when a.code is null then a.wallet_type else split_part(a.code, ':', 1) end as account_type,
           a.currency, count(*) as accounts, sum(a.balance)::bigint as balance,
           sum(coalesce(p.total, 0))::bigint as derived
    from ledger_account a
    left join (select account_id, sum(amount) as total from ledger_posting group by account_id) p on p.account_id = a.id
    group by 1, 2 order by 2, 1`.execute(db);
  return res.rows.map((r) => ({
    accountType: r.account_type,
    currency: r.currency,
    accounts: Number(r.accounts),
    balance: Number(r.balance),
    derived: Number(r.derived),
  }));
}

/** Member accounts below zero (the check constraint forbids them; the ledger check looks anyway). */
export async function negativeMemberAccounts(db: Kysely<DB>) {
  return db
    .selectFrom('ledger_account')
    .select(['id', 'member_id', 'wallet_type', 'balance'])
    .where('allow_negative', '=', false)
    .where('balance', '<', 0)
    .execute();
}
