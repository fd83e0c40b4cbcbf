import { sql, type Kysely } from 'kysely';

/**
 * Wallet and deposits (issue #4, decision 016).
 *
 * - Every movement carries a kind from a closed set (`ledger_kind`, the contract's LedgerKinds), a
 *   business reference and the fingerprint of its request, so a replay of an idempotency key with
 *   a different request is told apart from a true retry.
 * - Wallet configuration: single or multi wallet, and the vendor wallets of a multi-wallet merchant.
 * - Deposit channels (limits and preset amounts in minor units), deposit orders, and the sandbox
 *   payment gateway's own records (it stands for an outside company: its table is its database).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ledger_kind (
      code text primary key,
      description text not null
    )`.execute(db);
  await sql`
    insert into ledger_kind (code, description) values
      ('DEMO_CREDIT', 'Demo credit'),
      ('FREE_PLAY_CREDIT', 'Free play credit'),
      ('DEPOSIT', 'Deposit'),
      ('WALLET_TRANSFER', 'Wallet transfer'),
      ('UPLINE_TRANSFER', 'Transfer to upline'),
      ('WITHDRAW_HOLD', 'Withdrawal request (held)'),
      ('WITHDRAW_RELEASE', 'Withdrawal returned'),
      ('WITHDRAW_PAYOUT', 'Withdrawal paid'),
      ('BONUS_GRANT', 'Bonus'),
      ('BONUS_RELEASE', 'Bonus released'),
      ('BONUS_FORFEIT', 'Bonus forfeited'),
      ('BET_STAKE', 'Bet'),
      ('BET_PAYOUT', 'Winnings'),
      ('BET_REFUND', 'Bet refund'),
      ('ADJUSTMENT', 'Adjustment')`.execute(db);
  await sql`
    alter table ledger_transaction
      add column reference text not null default '',
      add column request_hash bytea,
      add constraint ledger_transaction_kind foreign key (kind) references ledger_kind (code)`.execute(db);
  await sql`create index ledger_transaction_reference on ledger_transaction (reference)`.execute(db);
  // One movement in one statement (one round trip, its own transaction when none is open): the
  // header under its idempotency key (a used key answers the first transaction instead), the
  // postings, then each balance in the order given (the caller's lock order), a debit refused
  // with SQLSTATE LD001 when it would take an account that may not go negative below zero.
  await sql`
    create function ledger_post(
      p_key text, p_kind text, p_reference text, p_memo text, p_hash bytea,
      p_accounts bigint[], p_amounts bigint[]
    ) returns table (o_id bigint, o_created_at timestamptz, o_replayed boolean, o_hash bytea, o_kind text, o_reference text)
    language plpgsql as $$
    declare
      t_id bigint;
      t_at timestamptz;
      i integer;
    begin
      insert into ledger_transaction as t (idempotency_key, kind, reference, memo, request_hash)
        values (p_key, p_kind, p_reference, p_memo, p_hash)
        on conflict (idempotency_key) do nothing
        returning t.id, t.created_at into t_id, t_at;
      if t_id is null then
        return query select t.id, t.created_at, true, t.request_hash, t.kind, t.reference
          from ledger_transaction t where t.idempotency_key = p_key;
        return;
      end if;
      insert into ledger_posting (transaction_id, account_id, amount)
        select t_id, x.a, x.m from unnest(p_accounts, p_amounts) as x(a, m);
      for i in 1 .. coalesce(array_length(p_accounts, 1), 0) loop
        update ledger_account as la set balance = la.balance + p_amounts[i]
          where la.id = p_accounts[i] and (la.allow_negative or la.balance + p_amounts[i] >= 0);
        if not found then
          raise exception 'ledger: insufficient balance on account %', p_accounts[i] using errcode = 'LD001';
        end if;
      end loop;
      return query select t_id, t_at, false, p_hash, p_kind, p_reference;
    end $$`.execute(db);

  // One row: whether the merchant runs one wallet for everything (GCS_merchantWallet isSingle).
  await sql`
    create table wallet_config (
      singleton boolean primary key default true check (singleton),
      single_wallet boolean not null default false,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into wallet_config (singleton, single_wallet) values (true, false)`.execute(db);
  // The vendor wallets of a multi-wallet merchant; a member's account of one is wallet_type VENDOR_<code>.
  await sql`
    create table wallet_vendor (
      account_type_id integer primary key check (account_type_id >= 100),
      code text not null unique check (code ~ '^[A-Z0-9]{2,20}$'),
      name text not null,
      enabled boolean not null default true,
      sort integer not null default 0
    )`.execute(db);
  await sql`
    insert into wallet_vendor (account_type_id, code, name, sort) values
      (101, 'PG', 'PG Soft', 1),
      (102, 'EVO', 'Evolution', 2),
      (103, 'SABA', 'Saba Sports', 3)`.execute(db);

  await sql`
    create table deposit_channel (
      code text primary key check (code ~ '^[A-Z0-9_]{2,30}$'),
      type text not null check (type in ('BANK_TRANSFER', 'SANDBOX_GATEWAY')),
      name text not null,
      enabled boolean not null default true,
      sort integer not null default 0,
      min_amount bigint not null check (min_amount > 0),
      max_amount bigint not null,
      preset_amounts jsonb not null default '[]',
      bank_account jsonb,
      updated_at timestamptz not null default now(),
      constraint deposit_channel_limits check (max_amount >= min_amount),
      constraint deposit_channel_bank check ((type = 'BANK_TRANSFER') = (bank_account is not null))
    )`.execute(db);
  await sql`
    insert into deposit_channel (code, type, name, sort, min_amount, max_amount, preset_amounts, bank_account) values
      ('BANK', 'BANK_TRANSFER', 'Bank transfer', 1, 10000, 5000000, '[10000, 50000, 100000, 500000, 1000000]',
       '{"bankName": "Siam Commercial Bank", "accountName": "Lucky Lotus Co., Ltd.", "accountNumber": "402-3-58714-6", "branch": "Silom, Bangkok"}'),
      ('SANDBOXPAY', 'SANDBOX_GATEWAY', 'Online payment (sandbox)', 2, 1000, 2000000, '[1000, 5000, 10000, 50000, 100000]', null)`.execute(
    db,
  );

  await sql`
    create table deposit_order (
      id bigserial primary key,
      order_no text not null unique,
      member_id bigint not null references member(id) on delete restrict,
      channel_code text not null references deposit_channel(code),
      channel_type text not null,
      amount bigint not null check (amount > 0),
      currency text not null,
      status text not null default 'PENDING'
        check (status in ('PENDING', 'SUCCESS', 'REJECTED', 'FAILED', 'CANCELLED')),
      payer_reference text not null default '',
      idempotency_key text not null,
      gateway_payment_id text unique,
      redirect_url text,
      bank_account jsonb,
      ledger_transaction_id bigint references ledger_transaction(id),
      note text not null default '',
      reviewed_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz,
      constraint deposit_order_member_key unique (member_id, idempotency_key),
      constraint deposit_order_credited check ((status = 'SUCCESS') = (ledger_transaction_id is not null))
    )`.execute(db);
  await sql`create index deposit_order_member on deposit_order (member_id, id desc)`.execute(db);
  await sql`create index deposit_order_pending on deposit_order (id) where status = 'PENDING'`.execute(db);

  await sql`
    create table sandbox_payment (
      id text primary key,
      merchant_order_no text not null unique,
      amount bigint not null check (amount > 0),
      currency text not null,
      return_url text not null,
      status text not null default 'CREATED' check (status in ('CREATED', 'PAID', 'FAILED')),
      notify_attempts integer not null default 0,
      notified_at timestamptz,
      last_notify_error text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
}
