import { sql, type Kysely } from 'kysely';

/**
 * Issue 33, social sign-in (decision 045).
 *
 * member_identity: an account at an OpenID provider (its issuer's subject) linked to a member. One
 * subject of a provider names one member; a member may hold one identity per provider.
 *
 * social_flow: one authorization-code flow, from the redirect to the provider until the web app
 * exchanges its ticket. Keyed by the hash of its `state`, single use (`used_at`), 10 minutes; holds
 * the nonce and the PKCE verifier the callback checks, and what the register dialog carried through
 * the flow (invitation codes, domain, the age confirmation). A finished flow names its member and a
 * 2-minute single-use ticket (hashed), or the refusal the web app shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_identity (
      id bigint generated always as identity primary key,
      provider text not null,
      subject text not null,
      member_id bigint not null references member (id),
      email text,
      created_at timestamptz not null default now(),
      unique (provider, subject),
      unique (member_id, provider)
    )`.execute(db);
  await sql`
    create table social_flow (
      state_hash bytea primary key,
      provider text not null,
      nonce text not null,
      code_verifier text not null,
      redirect_uri text not null,
      intent text not null check (intent in ('login', 'register')),
      affiliate_code text not null default '',
      referral_code text not null default '',
      domain text not null default '',
      age_confirmed boolean not null default false,
      language text not null default '',
      ip text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz,
      member_id bigint references member (id),
      ticket_hash bytea unique,
      ticket_expires_at timestamptz,
      ticket_used_at timestamptz
    )`.execute(db);
  await sql`create index social_flow_expires on social_flow (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table social_flow`.execute(db);
  await sql`drop table member_identity`.execute(db);
}
