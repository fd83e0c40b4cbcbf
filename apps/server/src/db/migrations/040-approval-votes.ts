import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, the back office's approval queues (decision 031, "Approvals"): the approvals given to
 * a deposit or a withdrawal that needs two people (four eyes, above APPROVAL_FOUR_EYES_ABOVE).
 *
 * One row per approval. `approver` names the person once, whichever door they came through
 * (`staff:<id>` for a member of staff, `cli:<OS user>` for the operator CLI), and the unique key
 * (kind, item_id, approver) is what makes "the same person cannot approve twice" hold even when
 * two of their requests race: the second insert fails on the key whatever the application
 * checked before. The item itself keeps its status (PENDING) until the approval that completes
 * the count moves it, in the same transaction as that row, under the item's row lock.
 *
 * `item_id` is deposit_order.id or withdrawal.id by `kind` (no foreign key: one table serves
 * both). Rows are kept after the item is decided: they are who approved it.
 *
 * The queues page the whole history too (status ALL, newest or oldest first): (created_at, id)
 * indexes let such a page read its rows in order instead of sorting every order ever made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table approval_vote (
      id bigserial primary key,
      kind text not null check (kind in ('deposit', 'withdrawal')),
      item_id bigint not null,
      approver text not null,
      actor_kind text not null check (actor_kind in ('staff', 'cli')),
      staff_id bigint references staff (id),
      actor_name text not null,
      ip text,
      note text not null default '',
      at timestamptz not null default now(),
      unique (kind, item_id, approver)
    )`.execute(db);
  await sql`create index deposit_order_created on deposit_order (created_at, id)`.execute(db);
  await sql`create index withdrawal_created on withdrawal (created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index withdrawal_created`.execute(db);
  await sql`drop index deposit_order_created`.execute(db);
  await sql`drop table approval_vote`.execute(db);
}
