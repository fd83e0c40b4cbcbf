import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithSession } from '../records/test-members.ts';
import { BET_WIN_PRUNE_BATCH, BET_WIN_PRUNE_BATCHES_PER_RUN, BET_WIN_PRUNE_JOB } from './games.jobs.ts';
import { WINNER_DAYS } from './games.service.ts';

/**
 * bet_win keeps only the winners board's window (decision 024): the prune job deletes what fell
 * out of it, a bounded number of rows per run, and nothing the board or the player's history reads.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const PER_RUN = BET_WIN_PRUNE_BATCH * BET_WIN_PRUNE_BATCHES_PER_RUN;

describe(`bet_win retention (${testDbKind})`, () => {
  it('the prune job deletes the wins settled before the board window, at most a bounded number per run and oldest first, keeps the rest from the window start on, and changes neither the betting records nor the board', async () => {
    const m = await memberWithSession(t, `retn${process.pid % 1000}`);
    const vendor = `RETN${process.pid % 1000}`;
    const jobs = t.app.ctx.jobs;
    // Two consecutive windows of the job; each run's cutoff is its window's end minus the board's days.
    const [second] = jobs.dueWindows(BET_WIN_PRUNE_JOB, new Date());
    const first = { start: new Date(second!.start.getTime() - 5_000) };
    const cutoff1 = new Date(second!.start.getTime() - WINNER_DAYS * DAY);
    const cutoff2 = new Date(second!.end.getTime() - WINNER_DAYS * DAY);

    // More old wins than one run may delete, one a millisecond, the newest 1 ms before cutoff1.
    const old = PER_RUN + 1;
    await sql`
      insert into bet_record (member_id, vendor, bet_no, product, currency, bet_amount, valid_bet, payout, status,
                              bet_at, settled_at)
      select ${m.memberId}, ${vendor}, 'OLD' || i, 'RNG', 'USD', 100, 100, 200 + i, 'SETTLED', s, s
      from generate_series(1, ${old}::int) i,
           lateral (select ${cutoff1}::timestamptz - make_interval(secs => i / 1000.0) as s) x`.execute(
      t.database.db,
    );
    const write = async (betNo: string, at: Date, payout: number, gameName = '') =>
      sql`
        insert into bet_record (member_id, vendor, bet_no, product, game_name, currency, bet_amount, valid_bet,
                                payout, status, bet_at, settled_at)
        values (${m.memberId}, ${vendor}, ${betNo}, 'RNG', ${gameName}, 'USD', 100, 100, ${payout}, 'SETTLED',
                ${at}, ${at})`.execute(t.database.db);
    // An old loss: a betting record with no bet_win row, which must stay like every other record.
    await write('LOSS', new Date(cutoff1.getTime() - DAY), 0);
    // Around the second run's cutoff: the one before it goes, the one at it and after it stay.
    await write('EDGE-BEFORE', new Date(cutoff2.getTime() - 1), 900_000);
    await write('EDGE-AT', cutoff2, 900_000);
    await write('EDGE-AFTER', new Date(cutoff2.getTime() + 1), 900_000);
    // On the board: two wins of the same amount (the earlier record first) and a smaller one.
    const recent = Date.now() - DAY;
    await write('NEW1', new Date(recent), 800_100, 'Tie A');
    await write('NEW2', new Date(recent + 1), 800_100, 'Tie B');
    await write('NEW3', new Date(recent + 2), 500_100, 'Smaller');

    const winsLeft = async () =>
      (
        await sql<{ bet_no: string }>`
          select r.bet_no from bet_win w join bet_record r on r.id = w.bet_record_id
          where w.vendor = ${vendor} order by w.settled_at, r.bet_no`.execute(t.database.db)
      ).rows.map((r) => r.bet_no);
    const records = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from bet_record where vendor = ${vendor}`.execute(
            t.database.db,
          )
        ).rows[0]!.n,
      );
    const board = async () => ({
      all: (await t.app.ctx.games.winnerBoard('ALL', 100)).list,
      rng: (await t.app.ctx.games.winnerBoard('RNG', 100)).list,
    });
    const recordsBefore = await records();
    expect(recordsBefore).toBe(old + 7);
    expect(await winsLeft()).toHaveLength(old + 6);
    const boardBefore = await board();
    const mine = boardBefore.all.filter((r) => r.vassalage === vendor);
    expect(mine.map((r) => [r.gameName, r.winAmount])).toEqual([
      ['Tie A', t.app.ctx.wallet.toMajor(800_000)],
      ['Tie B', t.app.ctx.wallet.toMajor(800_000)],
      ['Smaller', t.app.ctx.wallet.toMajor(500_000)],
    ]);

    // First run: its cutoff is 5 s earlier; of the PER_RUN + 1 rows before it, the oldest PER_RUN go.
    expect(await jobs.runWindow(BET_WIN_PRUNE_JOB, first.start)).toBe('ran');
    expect(await winsLeft()).toEqual([
      'OLD1',
      'EDGE-BEFORE',
      'EDGE-AT',
      'EDGE-AFTER',
      'NEW1',
      'NEW2',
      'NEW3',
    ]);

    // Second run: the last old row and the one a millisecond before its cutoff go; the rest stay.
    expect(await jobs.runWindow(BET_WIN_PRUNE_JOB, second!.start)).toBe('ran');
    expect(await winsLeft()).toEqual(['EDGE-AT', 'EDGE-AFTER', 'NEW1', 'NEW2', 'NEW3']);
    expect(await jobs.runWindow(BET_WIN_PRUNE_JOB, second!.start)).toBe('done-already');

    // The player's history is whole, and the board answers what it answered before.
    expect(await records()).toBe(recordsBefore);
    expect(await board()).toEqual(boardBefore);
  });
});
