import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, the agent centre's team management and transfers (modules/agent/team.service.ts).
 *
 * - Two ledger kinds: DOWNLINE_TRANSFER (an agent's main wallet to a direct downline's) and
 *   LUCKY_BAG (one debit of the agent, one credit per recipient, in one movement).
 * - lucky_bag and lucky_bag_share: what the ledger does not hold of a lucky bag (its mode, the
 *   agent's request key, the shares by recipient) for the agent's history. Written in the same
 *   transaction as the movement, so a bag exists exactly when its money moved.
 * - Direct downlines by tab (players: agent type 0; agents: 1, 2, 41, 42), newest first, from an
 *   index: the first page and the count of an agent with 50,000 players read one index range
 *   (member.upline_id is the depth-1 row of member_tree, kept together by the tree's triggers).
 * - Successful deposits by member and time: the team list's deposit filters (first, last, any,
 *   none) and the member details' last deposit and total read a member's few rows from it.
 * - The lucky bag's switch (AGENTRANSMULTDOWN3, off) on a database seeded before it existed; an
 *   empty database gets its switches from the seed (migrations add switches only to a seeded tree).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into ledger_kind (code, description) values
      ('DOWNLINE_TRANSFER', 'Transfer to downline'),
      ('LUCKY_BAG', 'Lucky bag')
    on conflict do nothing`.execute(db);

  await sql`create index member_direct_players on member (upline_id, id) where agent_type = 0`.execute(db);
  await sql`create index member_direct_agents on member (upline_id, id) where agent_type in (1, 2, 41, 42)`.execute(
    db,
  );
  await sql`
    create index deposit_order_success on deposit_order (member_id, completed_at)
    where status = 'SUCCESS'`.execute(db);

  await sql`
    create table lucky_bag (
      id bigserial primary key,
      agent_id bigint not null references member(id),
      request_key text not null,
      mode text not null check (mode in ('EQUAL', 'RANDOM')),
      total bigint not null check (total > 0),
      recipients integer not null check (recipients > 0),
      remark text not null default '',
      ledger_transaction_id bigint not null unique references ledger_transaction(id),
      created_at timestamptz not null default now(),
      unique (agent_id, request_key)
    )`.execute(db);
  await sql`create index lucky_bag_agent on lucky_bag (agent_id, id desc)`.execute(db);
  await sql`
    create table lucky_bag_share (
      bag_id bigint not null references lucky_bag(id),
      member_id bigint not null references member(id),
      amount bigint not null check (amount > 0),
      primary key (bag_id, member_id)
    )`.execute(db);

  await sql`
    insert into feature_switch (mod_id, parent_mod_id, enabled, label, sort)
    select 'AGENTRANSMULTDOWN3', 'SITE3', false, 'Agent lucky bag to several direct downlines', coalesce(max(sort), 0) + 1
    from feature_switch
    having exists (select 1 from feature_switch where mod_id = 'SITE3')
    on conflict (mod_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from feature_switch where mod_id = 'AGENTRANSMULTDOWN3'`.execute(db);
  await sql`drop table lucky_bag_share`.execute(db);
  await sql`drop table lucky_bag`.execute(db);
  await sql`drop index deposit_order_success`.execute(db);
  await sql`drop index member_direct_agents`.execute(db);
  await sql`drop index member_direct_players`.execute(db);
  await sql`delete from ledger_kind where code in ('DOWNLINE_TRANSFER', 'LUCKY_BAG')`.execute(db);
}
