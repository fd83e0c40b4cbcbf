import { sql, type Kysely, type RawBuilder } from 'kysely';

/** The queues kept in two halves (decision 028, "The queue in two halves"; migrations 082, 087, 088). */
export type HalvedQueue = 'agent_stat_queue' | 'points_queue' | 'site_stat_queue' | 'bet_queue';

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
  // With the queue's defaults: a fold may add rows to its batch as its writers add them to the queue.
  await sql`create temp table ${sql.id(into)} (like ${sql.id(queue)} including defaults) on commit drop`.execute(
    trx,
  );
  const moved = await sql`insert into ${sql.id(into)} select * from ${half}`.execute(trx);
  const taken = Number(moved.numAffectedRows ?? 0);
  if (taken > 0) await sql`truncate ${half}`.execute(trx);
  return taken;
}

/** The advisory lock of the hand-on (one at a time across instances), keyed by the schema too. */
const HAND_ON_LOCK = 'bet_queue hand-on ';

/** The folds that take the settled bets, and what each takes of a bet queued in bet_queue. */
export type BetConsumer = 'points' | 'site' | 'agent';

/** A consumer's rows of the bets in `bet_queue_taken`, into `table`: its queue or a fold's batch. */
const handOnto: Record<BetConsumer, (table: string) => RawBuilder<unknown>> = {
  // Free play risks nothing and earns nothing; a zero valid bet earns nothing either.
  points: (table) => sql`
    insert into ${sql.id(table)} (member_id, product, valid_bet)
    select member_id, product, valid_bet from bet_queue_taken where valid_bet <> 0 and not free_play`,
  site: (table) => sql`
    insert into ${sql.id(table)} (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout)
    select member_id, at, product, vendor, bets, bet_amount, valid_bet, payout from bet_queue_taken`,
  agent: (table) => sql`
    insert into ${sql.id(table)} (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
    select member_id, at, 'BET', product, bets, bet_amount, valid_bet, payout from bet_queue_taken`,
};
const consumerQueue: Record<BetConsumer, HalvedQueue> = {
  points: 'points_queue',
  site: 'site_stat_queue',
  agent: 'agent_stat_queue',
};

/**
 * Hands the settled bets queued once each in `bet_queue` (migration 088, decision 066) on to the
 * three folds that take them: the points' (a non-zero valid bet, not free play), the site
 * figures' and the agent figures' (as a `BET` event). Each fold calls this right after taking its
 * own queue's half into its batch `own.batch`, inside its transaction `trx`: its own rows go
 * straight into that batch, so the fold takes every bet settled before it began, and the other
 * two folds' rows into their queues. The rows are handed on exactly once: with that transaction's
 * commit, or not at all. One hand-on at a time: a fold that finds another instance's hand-on in
 * progress leaves the bets to it (they reach the queues with that commit) and folds its batch as
 * it is. Answers the bets handed on.
 */
export async function handOnSettledBets<T>(
  trx: Kysely<T>,
  own?: { consumer: BetConsumer; batch: string },
): Promise<number> {
  const lock = await sql<{ ok: boolean }>`
    select pg_try_advisory_xact_lock(hashtextextended(${HAND_ON_LOCK} || current_schema(), 0)) as ok`.execute(
    trx,
  );
  if (!lock.rows[0]?.ok) return 0;
  const taken = await takeQueueHalf(trx, 'bet_queue', 'bet_queue_taken');
  if (taken > 0)
    for (const consumer of ['points', 'site', 'agent'] as const)
      await handOnto[consumer](own?.consumer === consumer ? own.batch : consumerQueue[consumer]).execute(trx);
  // Dropped now rather than at commit: a transaction may fold more than one queue.
  await sql`drop table bet_queue_taken`.execute(trx);
  return taken;
}
