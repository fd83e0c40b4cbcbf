import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, the back office's foundation (decision 031): staff accounts apart from members, their
 * sessions, and the audit log.
 *
 * - `staff`: the people who run the site. Usernames are unique whatever their case. The password
 *   is an argon2id hash like a member's; the authenticator's secret is kept as base32 like a
 *   member's `totp_secret`, with `totp_enrolled` set once a code confirmed it, and
 *   `totp_last_step` the 30-second step of the last code accepted, so a code works once.
 * - `staff_session`: only the SHA-256 of the token is kept; `second_factor_at` is null until the
 *   authenticator was given, and until then the token opens only the second-factor step.
 * - `audit_log`: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE with SQLSTATE AU001,
 *   as 026 does for the ledger) and hash-chained: `hash` is the SHA-256 of `prev_hash` and the
 *   entry's canonical JSON, computed by the server under a transaction advisory lock so the
 *   chain never forks. Hashes are lower-case hex.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff (
      id bigserial primary key,
      username text not null,
      display_name text not null,
      password_hash text not null,
      role text not null check (role in ('admin', 'finance', 'support', 'risk', 'content', 'read-only')),
      totp_secret text,
      totp_enrolled boolean not null default false,
      totp_last_step bigint not null default 0,
      disabled_at timestamptz,
      created_at timestamptz not null default now(),
      created_by bigint references staff (id)
    )`.execute(db);
  await sql`create unique index staff_username_lower on staff (lower(username))`.execute(db);

  await sql`
    create table staff_session (
      id bigserial primary key,
      token_hash bytea not null unique,
      staff_id bigint not null references staff (id),
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      second_factor_at timestamptz,
      idle_expires_at timestamptz not null,
      absolute_expires_at timestamptz not null,
      revoked_at timestamptz,
      ip text not null default '',
      user_agent text not null default ''
    )`.execute(db);
  await sql`create index staff_session_staff on staff_session (staff_id) where revoked_at is null`.execute(
    db,
  );

  await sql`
    create table audit_log (
      id bigint primary key,
      at timestamptz not null,
      actor_kind text not null check (actor_kind in ('staff', 'cli', 'system')),
      actor_id bigint,
      actor_name text not null,
      ip text,
      action text not null,
      target_type text,
      target_id text,
      before jsonb,
      after jsonb,
      prev_hash text not null check (prev_hash ~ '^[0-9a-f]{64}$'),
      hash text not null unique check (hash ~ '^[0-9a-f]{64}$')
    )`.execute(db);
  // Ids come from this sequence, taken under the chain's lock, so the chain's order is the id order.
  await sql`create sequence audit_log_id_seq owned by audit_log.id`.execute(db);
  await sql`create index audit_log_action on audit_log (action, id)`.execute(db);
  await sql`create index audit_log_actor on audit_log (actor_name, id)`.execute(db);
  await sql`create index audit_log_target on audit_log (target_type, target_id, id)`.execute(db);

  await sql`
    create function audit_log_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log: % refused, the audit log is append-only', tg_op
        using errcode = 'AU001';
    end $$`.execute(db);
  await sql`
    create trigger audit_log_immutable before update or delete on audit_log
      for each row execute function audit_log_immutable()`.execute(db);
  await sql`
    create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_immutable()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_log`.execute(db);
  await sql`drop function audit_log_immutable`.execute(db);
  await sql`drop table staff_session`.execute(db);
  await sql`drop table staff`.execute(db);
}
