import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface Range {
  start: Date;
  /** Rows before this instant count (the query's bound). */
  end: Date;
  /** The end the caller is told, when it differs from the query's bound (an open range: now). */
  shownEnd?: Date;
}

// ---- bets ---------------------------------------------------------------------------------

export interface BetFilter extends Range {
  memberId: number;
  product?: string | undefined;
  status?: string | undefined;
}

function bets(db: Kysely<DB>, f: BetFilter) {
  let q = db
    .selectFrom('bet_record')
    .where('member_id', '=', f.memberId)
    .where('bet_at', '>=', f.start)
    .where('bet_at', '<', f.end);
  if (f.product) q = q.where('product', '=', f.product);
  if (f.status) q = q.where('status', '=', f.status as 'PENDING');
  return q;
}

export function betPage(db: Kysely<DB>, f: BetFilter, limit: number, offset: number) {
  return bets(db, f)
    .select([
      'id',
      'bet_no',
      'product',
      'vendor',
      'game_name',
      'bet_amount',
      'valid_bet',
      'payout',
      'status',
      'bet_at',
      'settled_at',
    ])
    .orderBy('bet_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function betSummary(db: Kysely<DB>, f: BetFilter) {
  const row = await bets(db, f)
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sql<number>`coalesce(sum(bet_amount) filter (where status <> 'CANCELLED'), 0)::bigint`.as('bet'),
      sql<number>`coalesce(sum(valid_bet) filter (where status = 'SETTLED'), 0)::bigint`.as('valid'),
      sql<number>`coalesce(sum(payout) filter (where status = 'SETTLED'), 0)::bigint`.as('payout'),
      sql<number>`coalesce(sum(payout - bet_amount) filter (where status = 'SETTLED'), 0)::bigint`.as(
        'winloss',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.n),
    bet: Number(row.bet),
    valid: Number(row.valid),
    payout: Number(row.payout),
    winLoss: Number(row.winloss),
  };
}

/** Settled bets by product, by settlement time: the games' part of the profit and loss. */
export async function settledByProduct(db: Kysely<DB>, memberId: number, r: Range) {
  const res = await sql<{
    product: string;
    n: number;
    bet: number;
    valid: number;
    payout: number;
  }>`
    select product, count(*)::bigint as n, sum(bet_amount)::bigint as bet, sum(valid_bet)::bigint as valid,
           sum(payout)::bigint as payout
    from bet_record
    where member_id = ${memberId} and status = 'SETTLED' and settled_at >= ${r.start} and settled_at < ${r.end}
    group by product`.execute(db);
  return res.rows.map((row) => ({
    product: row.product,
    count: Number(row.n),
    bet: Number(row.bet),
    valid: Number(row.valid),
    payout: Number(row.payout),
  }));
}

// ---- ledger postings of the member's accounts ------------------------------------------------

export interface PostingFilter extends Range {
  memberId: number;
  /** Only these ledger kinds (none given: every kind). */
  kinds?: readonly string[] | undefined;
  /** Leaves out the postings of the member's accounts of these wallet types. */
  exceptWallets?: readonly string[] | undefined;
}

/** The member's accounts, but those of the wallet types left out. */
const memberAccounts = (memberId: number, exceptWallets: readonly string[] | undefined) =>
  sql`select id, wallet_type from ledger_account where member_id = ${memberId}
      ${exceptWallets?.length ? sql`and wallet_type not in (${sql.join(exceptWallets)})` : sql``}`;

export interface PostingRow {
  id: number;
  transaction_id: number;
  amount: number;
  balance_after: number;
  created_at: Date;
  kind: string;
  reference: string;
  memo: string;
  wallet_type: string;
}

/**
 * The member's postings, newest first, each with the balance of its account right after it: the
 * running sum of that account's postings, which is what the balance is by construction (ledger).
 */
export async function postingPage(
  db: Kysely<DB>,
  f: PostingFilter,
  limit: number,
  offset: number,
): Promise<PostingRow[]> {
  if (f.kinds && !f.kinds.length) return [];
  const res = await sql<PostingRow>`
    with acct as (${memberAccounts(f.memberId, f.exceptWallets)}),
    p as (
      select p.id, p.transaction_id, p.account_id, p.amount, p.created_at,
             sum(p.amount) over (partition by p.account_id order by p.id)::bigint as balance_after
      from ledger_posting p where p.account_id in (select id from acct)
    )
    select p.id, p.transaction_id, p.amount, p.balance_after, p.created_at, t.kind, t.reference, t.memo,
           a.wallet_type
    from p
    join ledger_transaction t on t.id = p.transaction_id
    join acct a on a.id = p.account_id
    where p.created_at >= ${f.start} and p.created_at < ${f.end}
      ${f.kinds ? sql`and t.kind in (${sql.join(f.kinds)})` : sql``}
    order by p.id desc
    limit ${limit} offset ${offset}`.execute(db);
  return res.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    transaction_id: Number(r.transaction_id),
    amount: Number(r.amount),
    balance_after: Number(r.balance_after),
  }));
}

/** Count, credits and debits of the member's postings in the range, by kind. */
export async function postingTotalsByKind(
  db: Kysely<DB>,
  memberId: number,
  r: Range,
  exceptWallets?: readonly string[],
) {
  const res = await sql<{ kind: string; n: number; credit: number; debit: number }>`
    select t.kind, count(*)::bigint as n,
           coalesce(sum(p.amount) filter (where p.amount > 0), 0)::bigint as credit,
           coalesce(sum(p.amount) filter (where p.amount < 0), 0)::bigint as debit
    from ledger_posting p
    join ledger_account a on a.id = p.account_id
    join ledger_transaction t on t.id = p.transaction_id
    where a.member_id = ${memberId} and p.created_at >= ${r.start} and p.created_at < ${r.end}
      ${exceptWallets?.length ? sql`and a.wallet_type not in (${sql.join(exceptWallets)})` : sql``}
    group by t.kind`.execute(db);
  return res.rows.map((row) => ({
    kind: row.kind,
    count: Number(row.n),
    credit: Number(row.credit),
    debit: Number(row.debit),
  }));
}

/** Every ledger kind that ever touched the member's accounts. */
export async function kindsOfMember(db: Kysely<DB>, memberId: number): Promise<string[]> {
  const res = await sql<{ kind: string }>`
    select distinct t.kind from ledger_posting p
    join ledger_account a on a.id = p.account_id
    join ledger_transaction t on t.id = p.transaction_id
    where a.member_id = ${memberId}
    order by t.kind`.execute(db);
  return res.rows.map((r) => r.kind);
}
