import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, testDbKind, type TestDatabase } from '../test/test-app.ts';
import { openPostgres } from './connection.ts';
import * as m076 from './migrations/076-bet-record-one-trigger.ts';
import * as m088 from './migrations/088-one-queue-row-a-settled-bet.ts';
import { handOnSettledBets } from './queue-halves.ts';

/**
 * Migration 076 put the four pairs of triggers on bet_record (the winners board of 021, the agent
 * figures of 029, the points of 042, the site day figures of 048) into one insert trigger and one
 * update trigger; migration 088 has them queue a settled bet once, in bet_queue, which the folds
 * hand on to the three queues. The same writes to bet_record must leave the same rows in bet_win
 * and the three queues (after the hand-on) under all three: the four pairs (076's `down`), 076's
 * two triggers (088's `down`) and 088's, on this run's database kind (PGlite or PostgreSQL).
 */
const VENDOR = 'TRIGTEST';

/** Every kind of write the triggers tell apart, as settlements, spins and corrections make them. */
async function writeBets(db: Kysely<unknown>, member: number): Promise<void> {
  const at = sql`'2026-11-30 10:00:00+00'::timestamptz`;
  const later = sql`'2026-11-30 10:05:00+00'::timestamptz`;
  const insert = (
    betNo: string,
    product: string,
    amount: number,
    valid: number,
    payout: number,
    status: string,
    settledAt: ReturnType<typeof sql> | null,
    detail = '{}',
  ) =>
    sql`(${member}, ${VENDOR}, ${betNo}, ${product}, 'G', 'Game', 'USD', ${amount}, ${valid}, ${payout},
      ${status}, ${at}, ${settledAt ?? sql`null`}, ${detail}::jsonb)`;
  const into = sql`insert into bet_record (member_id, vendor, bet_no, product, game_code, game_name, currency,
    bet_amount, valid_bet, payout, status, bet_at, settled_at, detail) values`;

  // Spins, one settled record a statement: a win, a loss, free play, no valid bet, a push.
  await sql`${into} ${insert('win', 'RNG', 100, 100, 250, 'SETTLED', at)}`.execute(db);
  await sql`${into} ${insert('loss', 'RNG', 100, 100, 0, 'SETTLED', at)}`.execute(db);
  await sql`${into} ${insert('free', 'RNG', 100, 100, 300, 'SETTLED', at, '{"freePlay":true}')}`.execute(db);
  await sql`${into} ${insert('novalid', 'LIVE', 100, 0, 50, 'SETTLED', at)}`.execute(db);
  await sql`${into} ${insert('push', 'LIVE', 100, 100, 100, 'SETTLED', at)}`.execute(db);
  // A pending record (nothing yet), then a statement of several, pending and settled (one without
  // a settled time: its bet time counts).
  await sql`${into} ${insert('p0', 'LOTT', 20, 0, 0, 'PENDING', null)}`.execute(db);
  await sql`${into} ${insert('p1', 'LOTT', 20, 0, 0, 'PENDING', null)}, ${insert('p2', 'LOTT', 30, 0, 0, 'PENDING', null)},
    ${insert('p3', 'LOTT', 40, 0, 0, 'PENDING', null)}, ${insert('s1', 'SPORTS', 10, 10, 90, 'SETTLED', null)},
    ${insert('s2', 'SPORTS', 10, 10, 0, 'SETTLED', later, '{"freePlay":false}')}`.execute(db);
  // A vendor's retry of a record it sent: no row, no figures.
  await sql`${into} ${insert('win', 'RNG', 100, 100, 250, 'SETTLED', at)} on conflict (vendor, bet_no) do nothing`.execute(
    db,
  );

  const update = (set: ReturnType<typeof sql>, betNos: string[]) =>
    sql`update bet_record set ${set} where vendor = ${VENDOR} and bet_no in (${sql.join(betNos)})`.execute(
      db,
    );
  // A settlement of several at once: a win, a loss, a cancellation.
  await sql`
    update bet_record b set status = d.status, payout = d.payout, valid_bet = d.valid, settled_at = ${later}
    from (values ('p1', 'SETTLED', 200::bigint, 20::bigint), ('p2', 'SETTLED', 0::bigint, 30::bigint),
                 ('p3', 'CANCELLED', 0::bigint, 0::bigint)) as d(bet_no, status, payout, valid)
    where b.vendor = ${VENDOR} and b.bet_no = d.bet_no`.execute(db);
  // Corrections: a win taken away, a loss made a win, a win changed, a settled bet cancelled, a
  // settled bet touched without a change of its figures, a pending one touched.
  await update(sql`payout = 0`, ['win']);
  await update(sql`payout = 500`, ['loss']);
  await update(sql`payout = 400, settled_at = ${later}`, ['p1', 's1']);
  await update(sql`status = 'CANCELLED'`, ['novalid']);
  await update(sql`game_name = 'Game 2'`, ['push', 'free', 'p0']);
  // Nothing matched: a statement of no rows.
  await update(sql`payout = 1`, ['none']);
}

/**
 * What the triggers wrote for the member, in the order they wrote it (no ids: they differ); the
 * agent queue's rows sorted by their figures (it keeps no order since migration 082).
 */
async function written(db: Kysely<unknown>, member: number) {
  const wins = await sql`
    select b.bet_no, w.member_id, w.vendor, w.product, w.game_name, w.currency, w.bet_amount, w.payout, w.settled_at
    from bet_win w join bet_record b on b.id = w.bet_record_id
    where w.vendor = ${VENDOR} order by b.bet_no`.execute(db);
  const agent = await sql`
    select at, event, product, bets, bet_amount, valid_bet, payout, kind, reference, amount from agent_stat_queue
    where member_id = ${member} and event = 'BET'
    order by at, bets, bet_amount, valid_bet, payout, product`.execute(db);
  const points = await sql`
    select product, valid_bet from points_queue where member_id = ${member} order by product, valid_bet`.execute(
    db,
  );
  const site = await sql`
    select at, product, vendor, bets, bet_amount, valid_bet, payout from site_stat_queue
    where member_id = ${member} order by at, product, vendor, bets, bet_amount, valid_bet, payout`.execute(
    db,
  );
  return { wins: wins.rows, agent: agent.rows, points: points.rows, site: site.rows };
}

async function clear(db: Kysely<unknown>, member: number): Promise<void> {
  await sql`delete from bet_record where vendor = ${VENDOR}`.execute(db);
  for (const table of ['agent_stat_queue', 'points_queue', 'site_stat_queue'])
    await sql`delete from ${sql.id(table)} where member_id = ${member}`.execute(db);
}

async function triggersOnBetRecord(db: Kysely<unknown>): Promise<string[]> {
  const r = await sql<{ tgname: string }>`
    select tgname from pg_trigger where tgrelid = 'bet_record'::regclass and not tgisinternal order by tgname`.execute(
    db,
  );
  return r.rows.map((t) => t.tgname);
}

describe('bet_record: one insert trigger and one update trigger (migration 076)', () => {
  let t: TestDatabase;
  let db: Kysely<unknown>;
  let member: number;
  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.database.db as unknown as Kysely<unknown>;
    const m = await sql<{ id: number }>`
      insert into member (username, agent_type, language) values ('trigger_test', 0, 'en') returning id`.execute(
      db,
    );
    member = Number(m.rows[0]!.id);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('writes the same bet_win rows and queue rows as the four pairs it replaced', async () => {
    expect(await triggersOnBetRecord(db)).toEqual(['bet_record_insert', 'bet_record_update']);
    await writeBets(db, member);
    // Queued once each: nothing in the three queues before a fold hands the bets on.
    expect(await written(db, member)).toMatchObject({ agent: [], points: [], site: [] });
    const handedOn = await db.transaction().execute((trx) => handOnSettledBets(trx));
    expect(handedOn).toBeGreaterThan(10);
    // Exactly once: a second hand-on finds nothing.
    expect(await db.transaction().execute((trx) => handOnSettledBets(trx))).toBe(0);
    const after = await written(db, member);
    await clear(db, member);

    await m088.down(db);
    await writeBets(db, member);
    const at076 = await written(db, member);
    await clear(db, member);

    await m076.down(db);
    expect(await triggersOnBetRecord(db)).toEqual([
      'bet_record_points_insert',
      'bet_record_points_update',
      'bet_record_site_insert',
      'bet_record_site_update',
      'bet_record_stat_insert',
      'bet_record_stat_update',
      'bet_record_win_insert',
      'bet_record_win_update',
    ]);
    await writeBets(db, member);
    const before = await written(db, member);
    await clear(db, member);
    await m076.up(db);
    await m088.up(db);
    expect(await triggersOnBetRecord(db)).toEqual(['bet_record_insert', 'bet_record_update']);

    expect(at076).toEqual(before);
    expect(after).toEqual(before);
    // The scenario reaches every branch: wins written, updated and taken away, each queue both ways.
    expect(before.wins.map((w) => (w as { bet_no: string }).bet_no)).toEqual(['free', 'loss', 'p1', 's1']);
    expect(before.agent.length).toBeGreaterThan(10);
    expect(before.points.some((p) => Number((p as { valid_bet: number }).valid_bet) < 0)).toBe(true);
    expect(before.site.some((s) => Number((s as { bets: number }).bets) < 0)).toBe(true);
  });

  /** The member's rows waiting in bet_queue and in each of the three queues. */
  const waiting = async (on: Kysely<unknown> = db) => {
    const r = await sql<{ bets: string; points: string; site: string; agent: string }>`
      select (select count(*) from bet_queue where member_id = ${member}) as bets,
             (select count(*) from points_queue where member_id = ${member}) as points,
             (select count(*) from site_stat_queue where member_id = ${member}) as site,
             (select count(*) from agent_stat_queue where member_id = ${member} and event = 'BET') as agent`.execute(
      on,
    );
    const row = r.rows[0]!;
    return {
      bets: Number(row.bets),
      points: Number(row.points),
      site: Number(row.site),
      agent: Number(row.agent),
    };
  };
  const settleOne = (on: Kysely<unknown>, betNo: string) =>
    sql`insert into bet_record (member_id, vendor, bet_no, product, game_code, game_name, currency, bet_amount,
          valid_bet, payout, status, bet_at, settled_at)
        values (${member}, ${VENDOR}, ${betNo}, 'RNG', 'G', 'Game', 'USD', 100, 100, 0, 'SETTLED', now(), now())`.execute(
      on,
    );

  it('decision 066: a hand-on that fails hands nothing on; on PostgreSQL one in progress is not waited for and the bets settled meanwhile are not held up; each bet reaches each queue once', async () => {
    await clear(db, member);
    await db.transaction().execute((trx) => handOnSettledBets(trx));
    for (const n of [1, 2, 3]) await settleOne(db, `h${n}`);
    expect(await waiting()).toEqual({ bets: 3, points: 0, site: 0, agent: 0 });
    // A fold that fails after its hand-on: nothing handed on, the bets still queued once.
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await handOnSettledBets(trx)).toBe(3);
        throw new Error('the fold stopped (test)');
      }),
    ).rejects.toThrow(/stopped/);
    expect(await waiting()).toEqual({ bets: 3, points: 0, site: 0, agent: 0 });

    if (testDbKind === 'postgres') {
      // Another instance, with a pool of its own, while this one's hand-on is not yet committed.
      const other = await openPostgres({ url: testDatabaseUrl(t), poolSize: 2 });
      try {
        const odb = other.db as unknown as Kysely<unknown>;
        let commit = () => {};
        let handedOn = () => {};
        const handed = new Promise<void>((r) => (handedOn = r));
        const first = db.transaction().execute(async (trx) => {
          const n = await handOnSettledBets(trx);
          handedOn();
          await new Promise<void>((r) => (commit = r));
          return n;
        });
        await handed;
        // Not waited for: the other instance's hand-on answers at once with nothing, and a bet
        // settled meanwhile goes into bet_queue's other half without waiting either.
        expect(await odb.transaction().execute((trx) => handOnSettledBets(trx))).toBe(0);
        await settleOne(odb, 'h4');
        commit();
        expect(await first).toBe(3);
        expect(await waiting(odb)).toEqual({ bets: 1, points: 3, site: 3, agent: 3 });
        expect(await odb.transaction().execute((trx) => handOnSettledBets(trx))).toBe(1);
      } finally {
        await other.close();
      }
    } else {
      expect(await db.transaction().execute((trx) => handOnSettledBets(trx))).toBe(3);
      await settleOne(db, 'h4');
      expect(await db.transaction().execute((trx) => handOnSettledBets(trx))).toBe(1);
    }
    expect(await waiting()).toEqual({ bets: 0, points: 4, site: 4, agent: 4 });
    await clear(db, member);
  });
});
