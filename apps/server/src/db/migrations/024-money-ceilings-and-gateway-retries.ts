import { sql, type Kysely } from 'kysely';

/**
 * Issue 28, defects 5 and 6.
 *
 * A balance ceiling on every ledger account, written as a number here (migrations are frozen
 * history; the contract's MAX_BALANCE_MINOR says the same and the wallet maps this constraint to
 * wallet.balance.ceiling). Every path that posts (ledger_post, the lottery's bet function,
 * seamless_spin) updates `ledger_account.balance`, so the one constraint holds for all of them,
 * inside the posting statement, and a refused movement leaves nothing. Without it a vendor credit
 * could take a balance past 2^53, which the database holds but JavaScript cannot read back.
 *
 * The sandbox gateway's notification retries move from timers in process memory into its table:
 * `next_notify_at` is when a finished payment's notification is due again (set with the payment's
 * outcome, cleared once the merchant answered 200), so a crash between "Pay" and the notification
 * leaves a row a job delivers later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_account add constraint ledger_account_balance_ceiling
      check (balance between -100000000000000 and 100000000000000)`.execute(db);
  await sql`alter table sandbox_payment add column next_notify_at timestamptz`.execute(db);
  // Payments finished before this migration and never acknowledged are due at once.
  await sql`
    update sandbox_payment set next_notify_at = now()
    where status <> 'CREATED' and notified_at is null`.execute(db);
  await sql`
    create index sandbox_payment_notify_due on sandbox_payment (next_notify_at)
      where next_notify_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sandbox_payment_notify_due`.execute(db);
  await sql`alter table sandbox_payment drop column if exists next_notify_at`.execute(db);
  await sql`alter table ledger_account drop constraint if exists ledger_account_balance_ceiling`.execute(db);
}
