import { sql, type Kysely, type RawBuilder } from 'kysely';

/** The queues kept in two halves (decision 028, "The queue in two halves"; migrations 082, 087). */
export type HalvedQueue = 'agent_stat_queue' | 'points_queue' | 'site_stat_queue';

/**
 * Takes one half of a queue kept in two halves, inside the caller's transaction `trx`, which holds
 * the queue's own folding lock (one folder at a time across instances): its rows are moved into
 * the temporary table `into` (dropped at commit) and the half is emptied with TRUNCATE, which
 * commits with what the folder makes of them, or neither does. Answers the rows taken.
 *
 * The writers insert into the queue and its column default routes each row to the half the
 * sequence `<queue>_slot` names (its last value modulo 2, read without a lock). A fold moves the
 * sequence on, so new rows go to the other half, and locks the half it takes ACCESS EXCLUSIVE,
 * which waits out the writers still in a transaction that wrote to it; the writers meanwhile write
 * to the other half and never wait on the fold. The half not written holds rows only when a fold
 * of it failed (a sequence's move is not rolled back) or a writer read the slot just before a
 * switch: it is taken first, without a switch.
 */
export async function takeQueueHalf<T>(trx: Kysely<T>, queue: HalvedQueue, into: string): Promise<number> {
  const sequence = `${queue}_slot`;
  const slot = async (f: RawBuilder<unknown>) =>
    Number((await sql<{ n: string }>`select ${f} as n`.execute(trx)).rows[0]!.n) % 2;
  let other = 1 - (await slot(sql`coalesce(pg_sequence_last_value(${sequence}::regclass), 0)`));
  const left = await sql`select 1 from ${sql.id(`${queue}_${other}`)} limit 1`.execute(trx);
  if (!left.rows.length) other = 1 - (await slot(sql`nextval(${sequence}::regclass)`));
  const half = sql.id(`${queue}_${other}`);
  await sql`lock table ${half} in access exclusive mode`.execute(trx);
  await sql`create temp table ${sql.id(into)} (like ${sql.id(queue)}) on commit drop`.execute(trx);
  const moved = await sql`insert into ${sql.id(into)} select * from ${half}`.execute(trx);
  const taken = Number(moved.numAffectedRows ?? 0);
  if (taken > 0) await sql`truncate ${half}`.execute(trx);
  return taken;
}
