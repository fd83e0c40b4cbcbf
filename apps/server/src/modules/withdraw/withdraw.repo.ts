import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { DB, WithdrawalStatus, WithdrawalTable } from '../../db/schema.ts';

export type WithdrawalRow = Selectable<WithdrawalTable>;
export type Actor = 'member' | 'operator' | 'system';

export function banks(db: Kysely<DB>) {
  return db
    .selectFrom('bank')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('code')
    .execute();
}

export function bank(db: Kysely<DB>, code: string) {
  return db
    .selectFrom('bank')
    .selectAll()
    .where('code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

const accountColumns = [
  'bank_account.id',
  'bank_account.member_id',
  'bank_account.bank_code',
  'bank_account.payee_name',
  'bank_account.account_number',
  'bank_account.branch',
  'bank_account.created_at',
  'bank.name as bank_name',
  'bank.country_code',
] as const;

export function bankAccounts(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('bank_account')
    .innerJoin('bank', 'bank.code', 'bank_account.bank_code')
    .select(accountColumns)
    .where('bank_account.member_id', '=', memberId)
    .where('bank_account.deleted_at', 'is', null)
    .orderBy('bank_account.id')
    .execute();
}

/** One live account of the member: another member's id finds nothing, like a missing one. */
export function bankAccount(db: Kysely<DB>, memberId: number, id: number) {
  return db
    .selectFrom('bank_account')
    .innerJoin('bank', 'bank.code', 'bank_account.bank_code')
    .select(accountColumns)
    .where('bank_account.id', '=', id)
    .where('bank_account.member_id', '=', memberId)
    .where('bank_account.deleted_at', 'is', null)
    .executeTakeFirst();
}
export type BankAccountRow = NonNullable<Awaited<ReturnType<typeof bankAccount>>>;

export async function insertBankAccount(
  db: Kysely<DB>,
  row: { member_id: number; bank_code: string; payee_name: string; account_number: string; branch: string },
): Promise<number | null> {
  const inserted = await db
    .insertInto('bank_account')
    .values(row)
    // The partial unique index on live (bank, number): a second binding inserts nothing.
    .onConflict((oc) =>
      oc.columns(['bank_code', 'account_number']).where('deleted_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function deleteBankAccount(db: Kysely<DB>, memberId: number, id: number): Promise<boolean> {
  const res = await db
    .updateTable('bank_account')
    .set({ deleted_at: sql`now()` })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Serialises a member's requests that check a count before writing (daily count, account limit). */
export async function lockMember(db: Kysely<DB>, memberId: number): Promise<void> {
  await db.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().execute();
}

export async function countLiveBankAccounts(db: Kysely<DB>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('bank_account')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Requests of the member since `since` that count towards the daily limit. */
export async function countSince(db: Kysely<DB>, memberId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where('status', 'not in', ['REJECTED', 'CANCELLED'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function byRequestId(db: Kysely<DB>, memberId: number, requestId: string) {
  return db
    .selectFrom('withdrawal')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function insertWithdrawal(
  db: Kysely<DB>,
  row: {
    member_id: number;
    request_id: string | null;
    amount: number;
    currency: string;
    bank_account_id: number;
    bank_code: string;
    bank_name: string;
    payee_name: string;
    account_number: string;
  },
): Promise<WithdrawalRow> {
  return db.insertInto('withdrawal').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertEvent(
  db: Kysely<DB>,
  withdrawalId: number,
  status: WithdrawalStatus,
  actor: Actor,
  note = '',
): Promise<void> {
  await db
    .insertInto('withdrawal_event')
    .values({ withdrawal_id: withdrawalId, status, actor, note })
    .execute();
}

/** One request; with `memberId` only the member's own (another member's id finds nothing). */
export function byId(db: Kysely<DB>, id: number, memberId?: number) {
  let q = db.selectFrom('withdrawal').selectAll().where('id', '=', id);
  if (memberId !== undefined) q = q.where('member_id', '=', memberId);
  return q.executeTakeFirst();
}

export function lockById(db: Kysely<DB>, id: number, memberId: number) {
  return db
    .selectFrom('withdrawal')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Moves a request from one of `from` to `to` as one conditional UPDATE: of concurrent attempts
 * on one request the first to commit wins and the others find the status changed (no row).
 */
export function transition(
  db: Kysely<DB>,
  id: number,
  from: readonly WithdrawalStatus[],
  to: WithdrawalStatus,
  set: Partial<{
    paid_at: RawBuilder<Date>;
    confirmed_at: RawBuilder<Date>;
    received_amount: number;
    refund_amount: number;
    forced_received: boolean;
    refund_forfeited: boolean;
    remark: string;
  }> = {},
  memberId?: number,
) {
  let q = db
    .updateTable('withdrawal')
    .set({ ...set, status: to, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', [...from]);
  if (memberId !== undefined) q = q.where('member_id', '=', memberId);
  return q.returningAll().executeTakeFirst();
}

export function list(
  db: Kysely<DB>,
  memberId: number,
  opts: { offset: number; limit: number; status?: WithdrawalStatus },
) {
  let q = db.selectFrom('withdrawal').selectAll().where('member_id', '=', memberId);
  if (opts.status) q = q.where('status', '=', opts.status);
  return q.orderBy('id', 'desc').offset(opts.offset).limit(opts.limit).execute();
}

export async function count(db: Kysely<DB>, memberId: number, status?: WithdrawalStatus): Promise<number> {
  let q = db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId);
  if (status) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export function awaitingConfirmation(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('withdrawal')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'PAID')
    .orderBy('paid_at')
    .execute();
}

/** Operator's list: the requests in `statuses` (all when empty), newest first. */
export function listAll(db: Kysely<DB>, statuses: readonly WithdrawalStatus[], limit: number) {
  let q = db
    .selectFrom('withdrawal')
    .innerJoin('member', 'member.id', 'withdrawal.member_id')
    .selectAll('withdrawal')
    .select('member.username')
    .orderBy('withdrawal.id', 'desc')
    .limit(limit);
  if (statuses.length) q = q.where('withdrawal.status', 'in', [...statuses]);
  return q.execute();
}

/** Payouts unanswered since before `cutoff`: the auto-confirm job's work, oldest first. */
export function overduePayouts(db: Kysely<DB>, cutoff: Date, limit: number) {
  return db
    .selectFrom('withdrawal')
    .select(['id'])
    .where('status', '=', 'PAID')
    .where('paid_at', '<=', cutoff)
    .orderBy('paid_at')
    .limit(limit)
    .execute();
}

export function events(db: Kysely<DB>, withdrawalId: number) {
  return db
    .selectFrom('withdrawal_event')
    .select(['status', 'actor', 'note', 'at'])
    .where('withdrawal_id', '=', withdrawalId)
    .orderBy('id')
    .execute();
}

const proofColumns = [
  'id',
  'withdrawal_id',
  'member_id',
  'content_type',
  'size',
  'sha256',
  'created_at',
] as const;

export function proofs(db: Kysely<DB>, withdrawalId: number) {
  return db
    .selectFrom('withdrawal_proof')
    .select(proofColumns)
    .where('withdrawal_id', '=', withdrawalId)
    .orderBy('id')
    .execute();
}

export async function countProofs(db: Kysely<DB>, withdrawalId: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_proof')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('withdrawal_id', '=', withdrawalId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertProof(
  db: Kysely<DB>,
  row: {
    withdrawal_id: number;
    member_id: number;
    content_type: 'image/png' | 'image/jpeg';
    size: number;
    sha256: Buffer;
    content: Buffer | null;
  },
) {
  return db.insertInto('withdrawal_proof').values(row).returning(proofColumns).executeTakeFirstOrThrow();
}

/** One proof with its bytes; with `memberId` only the member's own. */
export function proofWithContent(db: Kysely<DB>, id: number, memberId?: number) {
  let q = db.selectFrom('withdrawal_proof').selectAll().where('id', '=', id);
  if (memberId !== undefined) q = q.where('member_id', '=', memberId);
  return q.executeTakeFirst();
}

export function proofMeta(db: Kysely<DB>, id: number, memberId: number) {
  return db
    .selectFrom('withdrawal_proof')
    .select(proofColumns)
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function deleteProof(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('withdrawal_proof').where('id', '=', id).execute();
}

/** Whether any proof still refers to the image with this hash (files are kept once per image). */
export async function proofFileUsed(db: Kysely<DB>, sha256: Buffer): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawal_proof')
    .select('id')
    .where('sha256', '=', sha256)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}
