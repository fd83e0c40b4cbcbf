import { sql, type Kysely } from 'kysely';

/**
 * A member's day rows keyed by day first (issue 29, decision 067).
 *
 * `agent_member_day`'s primary key was (member_id, product, day): a fold's upsert of its bettors'
 * rows of today probed one random leaf of that key per row, so on a site with months of history
 * (14.7M rows for 10M bets) each fold read and dirtied thousands of leaves spread over the whole
 * index. Keyed (day, product, member_id), the rows a fold adds to (today's, a few days at most)
 * sit on the few leaves of their days. The readers that go by member (the P&L, the missions, the
 * own rebates' payment, the bettors' active days) read the same columns in the old order from an
 * index of their own, which a fold's additions never touch: they update figures only, in place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agent_member_day drop constraint agent_member_day_pkey`.execute(db);
  await sql`alter table agent_member_day add constraint agent_member_day_pkey primary key (day, product, member_id)`.execute(
    db,
  );
  await sql`create index agent_member_day_by_member on agent_member_day (member_id, product, day)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index agent_member_day_by_member`.execute(db);
  await sql`alter table agent_member_day drop constraint agent_member_day_pkey`.execute(db);
  await sql`alter table agent_member_day add constraint agent_member_day_pkey primary key (member_id, product, day)`.execute(
    db,
  );
}
