import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithSession } from './test-members.ts';

/**
 * The records writer's bulk methods (BetRecordWriter.placeBets and settleBetsFrom): what a lottery
 * slip and a draw of many tickets write through, in one statement each.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rows = async (vendor: string) =>
  (
    await sql<{ bet_no: string; status: string; bet_amount: number; valid_bet: number; payout: number }>`
      select bet_no, status, bet_amount, valid_bet, payout from bet_record where vendor = ${vendor}
      order by bet_no`.execute(t.database.db)
  ).rows.map((r) => [r.bet_no, r.status, r.bet_amount, r.valid_bet, r.payout]);

describe(`records writer in bulk (${testDbKind})`, () => {
  it('placeBets records a batch once (a retry changes nothing); settleBetsFrom settles, cancels and corrects many bets in one statement', async () => {
    const records = t.app.ctx.records;
    const m = await memberWithSession(t, `bulkw${process.pid % 1000}`);
    const vendor = `BULK${process.pid % 1000}`;
    const batch = {
      memberId: m.memberId,
      vendor,
      product: 'ELOTT' as const,
      gameCode: 'G1',
      gameName: 'Game 1',
      bets: [
        { betNo: 'A1', betAmount: 200, detail: { numero: '1' } },
        { betNo: 'A2', betAmount: 300 },
        { betNo: 'A3', betAmount: 400 },
      ],
    };
    expect(await records.placeBets(batch)).toBe(3);
    expect(await records.placeBets(batch)).toBe(0);
    expect(await rows(vendor)).toEqual([
      ['A1', 'PENDING', 200, 0, 0],
      ['A2', 'PENDING', 300, 0, 0],
      ['A3', 'PENDING', 400, 0, 0],
    ]);
    const outcomes = (list: [string, number, number, boolean][]) =>
      sql<{ bet_no: string; payout: number; valid_bet: number; cancelled: boolean }>`
        select * from unnest(${list.map((x) => x[0])}::text[], ${list.map((x) => x[1])}::bigint[],
          ${list.map((x) => x[2])}::bigint[], ${list.map((x) => x[3])}::boolean[])
          as x(bet_no, payout, valid_bet, cancelled)`;
    expect(
      await records.settleBetsFrom(
        vendor,
        outcomes([
          ['A1', 392, 200, false],
          ['A2', 0, 300, false],
          ['A3', 400, 0, true],
        ]),
      ),
    ).toBe(3);
    expect(await rows(vendor)).toEqual([
      ['A1', 'SETTLED', 200, 200, 392],
      ['A2', 'SETTLED', 300, 300, 0],
      ['A3', 'CANCELLED', 400, 0, 400],
    ]);
    // The same outcomes again change nothing; a corrected one changes only its record.
    expect(
      await records.settleBetsFrom(
        vendor,
        outcomes([
          ['A1', 392, 200, false],
          ['A2', 588, 300, false],
        ]),
      ),
    ).toBe(1);
    expect((await rows(vendor))[1]).toEqual(['A2', 'SETTLED', 300, 300, 588]);
    // Another vendor's reference is never touched.
    expect(await records.settleBetsFrom('OTHER', outcomes([['A1', 1, 1, false]]))).toBe(0);
  });
});
