import { sql, type Kysely } from 'kysely';

/**
 * Accounts: credentials and profile of members, the double-entry ledger, and the state of the
 * security flows (payload keys and nonces, captchas, slider challenges, one-time codes, login
 * failures, rate counters, remember tokens, pending second factors, the outbox).
 * Everything that must hold across instances lives here, never in process memory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table member
      add column password_hash text,
      add column payment_password_hash text,
      add column email text,
      add column mobile_dialing_code text,
      add column mobile_number text,
      add column payee_name text,
      add column nickname text not null default '',
      add column avatar text not null default '1',
      add column avatar_type text not null default 'STATIC' check (avatar_type in ('CUSTOM','STATIC')),
      add column club_label text not null default 'Bronze',
      add column rank_level integer not null default 1,
      add column member_label text not null default '',
      add column to_upline boolean not null default false,
      add column upline_id bigint references member(id),
      add column first_login boolean not null default true,
      add column password_changed_at timestamptz,
      add column password_expires_at timestamptz,
      add column totp_secret text,
      add column totp_pending_secret text,
      add column qq_num text,
      add column line_id text,
      add column whatsapp text,
      add column facebook text,
      add column wechat text,
      add column id_number text,
      add column recommender_id text,
      add column referrer_id bigint references member(id),
      add column register_ip text not null default '',
      add column register_url text not null default '',
      add column register_method text not null default 'WEB',
      add column register_domain text not null default '',
      add column device_key_hash bytea,
      add column daily_salary_req_type integer not null default 0,
      add column dividend_req_type integer not null default 0,
      add column hourly_salary_req_type integer not null default 0,
      add column realtime_salary_req_type integer not null default 0,
      add column last_login_at timestamptz,
      add column last_login_ip text
  `.execute(db);
  await sql`create unique index member_mobile on member (mobile_dialing_code, mobile_number) where mobile_number is not null`.execute(
    db,
  );
  await sql`create unique index member_device_key on member (device_key_hash) where device_key_hash is not null`.execute(
    db,
  );
  await sql`create index member_upline on member (upline_id)`.execute(db);

  await sql`alter table session add column remember_id bigint`.execute(db);

  // Ledger (DESIGN.md §3). An account belongs to a member (one per wallet type and currency) or
  // is a house account (code set, may go negative). `balance` is the running sum of the account's
  // postings, kept in the same transaction as the postings so a conditional update can refuse an
  // overdraft; `ledger_check` can always recompute it from the postings.
  await sql`
    create table ledger_account (
      id bigserial primary key,
      member_id bigint references member(id) on delete restrict,
      code text unique,
      wallet_type text not null,
      currency text not null,
      balance bigint not null default 0,
      allow_negative boolean not null default false,
      created_at timestamptz not null default now(),
      constraint ledger_account_owner check ((member_id is null) <> (code is null)),
      constraint ledger_account_overdraft check (allow_negative or balance >= 0),
      constraint ledger_account_member_wallet unique (member_id, wallet_type, currency)
    )`.execute(db);
  await sql`
    create table ledger_transaction (
      id bigserial primary key,
      idempotency_key text not null unique,
      kind text not null,
      memo text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table ledger_posting (
      id bigserial primary key,
      transaction_id bigint not null references ledger_transaction(id) on delete restrict,
      account_id bigint not null references ledger_account(id) on delete restrict,
      amount bigint not null check (amount <> 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ledger_posting_account on ledger_posting (account_id, id)`.execute(db);
  await sql`create index ledger_posting_transaction on ledger_posting (transaction_id)`.execute(db);
  // The database itself refuses a transaction whose postings do not sum to zero, checked at
  // commit (deferred) so the postings of one transaction may be inserted one by one.
  await sql`
    create function ledger_transaction_balanced() returns trigger language plpgsql as $$
    declare total numeric;
    begin
      select coalesce(sum(amount), 0) into total from ledger_posting where transaction_id = new.transaction_id;
      if total <> 0 then
        raise exception 'ledger transaction % does not balance (sum %)', new.transaction_id, total;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_posting_balanced after insert or update on ledger_posting
      deferrable initially deferred for each row execute function ledger_transaction_balanced()`.execute(db);

  // RSA keys of encrypted calls, shared by every instance; rotated by key id.
  await sql`
    create table payload_key (
      key_id text primary key,
      public_pem text not null,
      private_pem text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create table payload_nonce (nonce text primary key, expires_at timestamptz not null)`.execute(db);
  await sql`create index payload_nonce_expiry on payload_nonce (expires_at)`.execute(db);

  await sql`
    create table captcha (
      id_hash bytea primary key,
      answer text not null,
      ip text not null default '',
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index captcha_expiry on captcha (expires_at)`.execute(db);

  await sql`
    create table slider_challenge (
      id text primary key,
      purpose text not null,
      answer_x integer not null,
      issued_at timestamptz not null default now(),
      expires_at timestamptz not null,
      checked_at timestamptz,
      pass_hash bytea unique,
      pass_expires_at timestamptz,
      used_at timestamptz,
      ip text not null default ''
    )`.execute(db);
  await sql`create index slider_challenge_expiry on slider_challenge (expires_at)`.execute(db);

  // One-time codes (SMS and e-mail) and reset tokens: only hashes are stored.
  await sql`
    create table verification_code (
      id bigserial primary key,
      purpose text not null,
      channel text not null check (channel in ('sms','email','link')),
      target text not null,
      member_id bigint references member(id) on delete cascade,
      code_hash bytea not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      ip text not null default ''
    )`.execute(db);
  await sql`create index verification_code_target on verification_code (purpose, target, created_at desc)`.execute(
    db,
  );

  await sql`
    create table login_failure (
      id bigserial primary key,
      username_key text not null,
      ip text not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_failure_username on login_failure (username_key, at)`.execute(db);
  await sql`create index login_failure_ip on login_failure (ip, at)`.execute(db);

  await sql`
    create table rate_counter (
      bucket text not null,
      window_start timestamptz not null,
      hits integer not null,
      primary key (bucket, window_start)
    )`.execute(db);

  await sql`
    create table remember_token (
      id bigserial primary key,
      token_hash bytea not null unique,
      member_id bigint not null references member(id) on delete cascade,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table pending_login (
      id bigserial primary key,
      token_hash bytea not null unique,
      member_id bigint not null references member(id) on delete cascade,
      ip text not null,
      remember_me boolean not null default false,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);

  await sql`
    create table member_known_ip (
      member_id bigint not null references member(id) on delete cascade,
      ip text not null,
      first_seen timestamptz not null default now(),
      last_seen timestamptz not null default now(),
      primary key (member_id, ip)
    )`.execute(db);

  await sql`
    create table invitation_code (
      code text primary key,
      member_id bigint not null references member(id) on delete cascade,
      kind text not null check (kind in ('AFFILIATE','REFERRAL')),
      domain text,
      active boolean not null default true,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index invitation_code_lower on invitation_code (lower(code))`.execute(db);

  await sql`
    create table member_message (
      id bigserial primary key,
      member_id bigint not null references member(id) on delete cascade,
      title text not null,
      content text not null,
      read_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_message_unread on member_message (member_id) where read_at is null`.execute(
    db,
  );

  await sql`
    create table outbox_message (
      id bigserial primary key,
      channel text not null check (channel in ('sms','email')),
      recipient text not null,
      subject text not null default '',
      body text not null,
      purpose text not null,
      transport text not null,
      status text not null check (status in ('kept','pending','sent','failed')),
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`create index outbox_recipient on outbox_message (recipient, id desc)`.execute(db);
  await sql`create index outbox_pending on outbox_message (id) where status = 'pending'`.execute(db);
}
