import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { LOTTERY_PRIZE_HELD } from '../lottery/lottery-engine.ts';
import { DWD, numerosFrom, officialSscGame, placeBet, slipLine } from '../lottery/lottery-test-kit.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { HouseAccount } from '../wallet/wallet.service.ts';

/**
 * A lottery prize the winner's main wallet had no room for is held in the member's own
 * LOTTERY_PRIZE_HELD account and paid to the main wallet by the held-prizes job (decision 022).
 * The account record is the member's money: like a withdrawal's PENDING_WITHDRAWAL account, the
 * held account's postings (the prize in, then out again) are bookkeeping, not rows of their own;
 * the record shows the one credit to the main wallet when the prize is paid.
 */
let t: TestApp;
let clock = Date.UTC(2026, 10, 23, 3, 0, 30);
beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  t.app.ctx.lottery.now = () => clock;
});
afterAll(async () => t?.close());

interface Row {
  reference: string;
  kind: string;
  type: string;
  walletType: string;
  amount: number;
  balanceAfter: number;
}

async function records(m: TestMember, query = '') {
  const res = await t.call({ url: `/wps/relay/ODSFE2_getAccountRecords?size=50${query}`, token: m.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    content: Row[];
    totalElements: number;
    summary: { credit: number; debit: number };
  };
}

/** Every row of the member's account record, page by page. */
async function allRows(m: TestMember): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const v = await records(m, `&page=${page}`);
    rows.push(...v.content);
    if (rows.length >= v.totalElements || v.content.length === 0) return rows;
  }
}

describe(`a held lottery prize in the account record (${testDbKind})`, () => {
  it('shows nothing while the prize is held and one credit of the main wallet (+19.60) when it is paid, never the held account’s postings; the summary counts the prize once', async () => {
    const g = await officialSscGame(t);
    await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
    const [n] = await numerosFrom(t, g, clock + 10_000, 1);
    clock = n!.sale_start.getTime() + 1000;
    // The winner's wallet ends 12.00 below the ceiling after its 2.00 stake: a 19.60 win is held.
    const m = await memberWithMoney(t, 0);
    const top = MAX_BALANCE_MINOR - 1_000;
    for (let i = 0, left = top; left > 0; i++) {
      const step = Math.min(left, MAX_AMOUNT_MINOR);
      await t.app.ctx.wallet.transfer({
        from: { house: HouseAccount.cash },
        to: { memberId: m.memberId },
        amount: step,
        kind: 'ADJUSTMENT',
        reference: `ceiling-${m.memberId}`,
        idempotencyKey: `test:held-record:${m.memberId}:${i}`,
      });
      left -= step;
    }
    const topUps = Math.ceil(top / MAX_AMOUNT_MINOR);
    const bet = await placeBet(t, m.token, {
      gameId: g.id,
      currentNumero: n!.numero,
      prizeModeId: 4,
      bettingSlipString: slipLine('5____', DWD),
      betCartAmountSum: 2,
    });
    expect(bet.statusCode, JSON.stringify(bet.json())).toBe(200);
    clock = n!.draw_at.getTime() + 6_000;
    const engine = t.app.ctx.lottery.engine;
    await engine.enterResult(g.code, n!.numero, { winNo: '5,0,0,0,0' });
    await engine.runDraws(new Date(clock));
    expect(await walletMinor(t, m.memberId, LOTTERY_PRIZE_HELD)).toBe(1_960);

    // Held: the main wallet got nothing, and the record says so.
    let rows = await allRows(m);
    expect(rows).toHaveLength(topUps + 1);
    expect(rows.every((r) => r.walletType === 'MAIN')).toBe(true);
    expect(rows.filter((r) => r.amount > 0 && r.kind !== 'ADJUSTMENT')).toEqual([]);
    expect((await records(m, '&type=PAYOUT')).content).toEqual([]);

    // Room made (the member spends 50.00), the job pays the prize to the main wallet.
    await t.app.ctx.wallet.transfer({
      from: { memberId: m.memberId },
      to: { house: HouseAccount.cash },
      amount: 5_000,
      kind: 'ADJUSTMENT',
      reference: `spend-${m.memberId}`,
      idempotencyKey: `test:held-record-spend:${m.memberId}`,
    });
    expect(await engine.payHeldPrizes()).toEqual({ released: 1, stillHeld: 0, failed: 0 });
    const main = await walletMinor(t, m.memberId);
    expect(main).toBe(top - 200 - 5_000 + 1_960);

    rows = await allRows(m);
    expect(rows).toHaveLength(topUps + 3);
    expect(rows.every((r) => r.walletType === 'MAIN')).toBe(true);
    const paid = rows.filter((r) => r.reference === LOTTERY_PRIZE_HELD);
    expect(paid).toEqual([
      expect.objectContaining({
        kind: 'WALLET_TRANSFER',
        type: 'TRANSFER',
        walletType: 'MAIN',
        amount: 19.6,
        balanceAfter: main / 100,
      }),
    ]);
    // The only credit besides the top-ups is that one; the held account's +19.60 and −19.60 are
    // not rows, and the summary counts the prize once.
    expect(rows.filter((r) => r.amount > 0 && r.kind !== 'ADJUSTMENT')).toEqual(paid);
    const v = await records(m);
    expect(v.summary).toEqual({ credit: (top + 1_960) / 100, debit: -(200 + 5_000) / 100 });
    expect((await records(m, '&type=TRANSFER')).content).toEqual(paid);
    expect((await records(m, '&type=PAYOUT')).content).toEqual([]);
  }, 60_000);
});
