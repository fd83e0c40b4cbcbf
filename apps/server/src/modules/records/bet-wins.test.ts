import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithSession } from './test-members.ts';

/**
 * The winners board reads bet_win, which bet_record's triggers keep (migration 021): every path a
 * record becomes, stops being or changes as a winner must show there, or the board lies.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const wins = async (vendor: string) =>
  (
    await sql<{ bet_no: string; bet_amount: number; payout: number; product: string }>`
      select r.bet_no, w.bet_amount, w.payout, w.product
      from bet_win w join bet_record r on r.id = w.bet_record_id
      where w.vendor = ${vendor} order by r.bet_no`.execute(t.database.db)
  ).rows.map((r) => [r.bet_no, r.bet_amount, r.payout, r.product]);

const outcomes = (list: [string, number, number, boolean][]) =>
  sql<{ bet_no: string; payout: number; valid_bet: number; cancelled: boolean }>`
    select * from unnest(${list.map((x) => x[0])}::text[], ${list.map((x) => x[1])}::bigint[],
      ${list.map((x) => x[2])}::bigint[], ${list.map((x) => x[3])}::boolean[])
      as x(bet_no, payout, valid_bet, cancelled)`;

describe(`winning bets for the winners board (${testDbKind})`, () => {
  it('a bulk settlement lists its winners only; a correction that takes a win away removes it, one that makes or changes a win writes it', async () => {
    const records = t.app.ctx.records;
    const m = await memberWithSession(t, `winsb${process.pid % 1000}`);
    const vendor = `WINB${process.pid % 1000}`;
    await records.placeBets({
      memberId: m.memberId,
      vendor,
      product: 'ELOTT',
      gameCode: 'G1',
      gameName: 'Game 1',
      bets: [
        { betNo: 'A1', betAmount: 200 },
        { betNo: 'A2', betAmount: 300 },
        { betNo: 'A3', betAmount: 400 },
        { betNo: 'A4', betAmount: 500 },
      ],
    });
    expect(await wins(vendor)).toEqual([]);
    await records.settleBetsFrom(
      vendor,
      outcomes([
        ['A1', 392, 200, false],
        ['A2', 0, 300, false],
        ['A3', 800, 0, true], // cancelled: its refund is no win, whatever the amount
        ['A4', 500, 500, false], // a tie returns the stake: no win
      ]),
    );
    expect(await wins(vendor)).toEqual([['A1', 200, 392, 'ELOTT']]);

    await records.settleBetsFrom(
      vendor,
      outcomes([
        ['A1', 0, 200, false],
        ['A2', 588, 300, false],
      ]),
    );
    expect(await wins(vendor)).toEqual([['A2', 300, 588, 'ELOTT']]);
    await records.settleBetsFrom(vendor, outcomes([['A2', 700, 300, false]]));
    expect(await wins(vendor)).toEqual([['A2', 300, 700, 'ELOTT']]);
  });

  it('a single settlement and a record written already settled (a spin) list a win; a loss and a cancel do not', async () => {
    const records = t.app.ctx.records;
    const m = await memberWithSession(t, `winss${process.pid % 1000}`);
    const vendor = `WINS${process.pid % 1000}`;
    for (const betNo of ['B1', 'B2', 'B3'])
      await records.placeBet({ memberId: m.memberId, vendor, betNo, product: 'RNG', betAmount: 100 });
    expect(await records.settleBet({ vendor, betNo: 'B1', payout: 250 })).toBe(true);
    expect(await records.settleBet({ vendor, betNo: 'B2', payout: 50 })).toBe(true);
    expect(await records.cancelBet(vendor, 'B3')).toBe(true);
    await sql`
      insert into bet_record (member_id, vendor, bet_no, product, currency, bet_amount, valid_bet, payout, status,
                              settled_at)
      values (${m.memberId}, ${vendor}, 'S1', 'RNG', 'USD', 100, 100, 900, 'SETTLED', now()),
             (${m.memberId}, ${vendor}, 'S2', 'RNG', 'USD', 100, 100, 0, 'SETTLED', now())`.execute(
      t.database.db,
    );
    expect(await wins(vendor)).toEqual([
      ['B1', 100, 250, 'RNG'],
      ['S1', 100, 900, 'RNG'],
    ]);
    // The board reads them, biggest win first.
    const { list } = await t.app.ctx.games.winnerBoard('RNG', 1000);
    const mine = list.filter((r) => r.vassalage === vendor);
    expect(mine.map((r) => r.winAmount)).toEqual([8, 1.5]);
  });
});
