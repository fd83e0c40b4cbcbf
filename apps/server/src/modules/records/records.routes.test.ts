import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerKind } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { HouseAccount, WalletType, type HouseCode } from '../wallet/wallet.service.ts';
import { memberWithSession } from './test-members.ts';
import { csvField } from './records-export.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let seq = 0;
/** One ledger movement between a member's wallet and a house account, as the money modules make them. */
function move(
  memberId: number,
  kind: LedgerKind,
  minor: number,
  opts: { house?: HouseCode; reference?: string; memo?: string; wallet?: string } = {},
) {
  const member = { memberId, wallet: opts.wallet ?? WalletType.main };
  const house = { house: opts.house ?? HouseAccount.cash };
  const key = `test:records:${++seq}`;
  return t.app.ctx.wallet.transfer({
    from: minor > 0 ? house : member,
    to: minor > 0 ? member : house,
    amount: Math.abs(minor),
    kind,
    reference: opts.reference ?? key,
    idempotencyKey: key,
    ...(opts.memo !== undefined ? { memo: opts.memo } : {}),
  });
}

async function get(url: string, token: string) {
  const res = await t.call({ url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

describe(`records (${testDbKind})`, () => {
  it('account records list the ledger postings with kind, type, signed amount and the balance after, newest first', async () => {
    const { memberId, token } = await memberWithSession(t, 'rec01');
    await move(memberId, 'DEPOSIT', 50_000, {
      house: HouseAccount.bankDeposits,
      reference: 'DP0001',
      memo: 'Bank transfer',
    });
    await move(memberId, 'BET_STAKE', -1_250);
    await move(memberId, 'BET_PAYOUT', 3_000);
    const v = await get('/wps/relay/ODSFE2_getAccountRecords', token);
    expect(v.totalElements).toBe(3);
    expect(v.content.map((r: { kind: string }) => r.kind)).toEqual(['BET_PAYOUT', 'BET_STAKE', 'DEPOSIT']);
    expect(v.content[2]).toMatchObject({
      kind: 'DEPOSIT',
      type: 'DEPOSIT',
      walletType: 'MAIN',
      amount: 500,
      balanceAfter: 500,
      reference: 'DP0001',
      memo: 'Bank transfer',
    });
    expect(v.content[1]).toMatchObject({ type: 'BET', amount: -12.5, balanceAfter: 487.5 });
    expect(v.content[0]).toMatchObject({ type: 'PAYOUT', amount: 30, balanceAfter: 517.5 });
    expect(v.summary).toEqual({ credit: 530, debit: -12.5 });

    // Filter by type, and pages.
    const deposits = await get('/wps/relay/ODSFE2_getAccountRecords?type=DEPOSIT', token);
    expect(deposits.content.map((r: { kind: string }) => r.kind)).toEqual(['DEPOSIT']);
    expect(deposits.summary).toEqual({ credit: 500, debit: 0 });
    const page2 = await get('/wps/relay/ODSFE2_getAccountRecords?page=2&size=2', token);
    expect(page2).toMatchObject({ page: 2, size: 2, totalElements: 3, totalPages: 2 });
    expect(page2.content.map((r: { kind: string }) => r.kind)).toEqual(['DEPOSIT']);
    // A range before the movements holds none of them.
    const past = await get(
      `/wps/relay/ODSFE2_getAccountRecords?startTime=${Date.now() - 10 * 86_400_000}&endTime=${Date.now() - 9 * 86_400_000}`,
      token,
    );
    expect(past.content).toEqual([]);
  });

  it('the date range defaults to the last 7 days and refuses an inverted or too long range with a clean 422', async () => {
    const { token } = await memberWithSession(t, 'rec02');
    const before = Date.now();
    const v = await get('/wps/relay/ODSFE2_getAccountRecords', token);
    expect(v.endTime).toBeGreaterThanOrEqual(before);
    expect(v.endTime - v.startTime).toBe(7 * 86_400_000);
    const now = Date.now();
    for (const q of [
      `startTime=${now}&endTime=${now - 1}`,
      `startTime=${now - 93 * 86_400_000}&endTime=${now}`,
      'size=101',
      'page=0',
      'type=NOPE',
      'startTime=yesterday',
    ]) {
      for (const path of ['ODSFE2_getAccountRecords', 'ODSFE2_getBetRecords', 'ODSFE2_getBonusDetails']) {
        const res = await t.call({ url: `/wps/relay/${path}?${q}`, token });
        if (q.startsWith('type=') && path !== 'ODSFE2_getAccountRecords') continue;
        expect(res.statusCode, `${path}?${q}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${path}?${q}`).toBeLessThan(500);
        expect(res.json().success).toBe(false);
      }
    }
    const ok = await t.call({
      url: `/wps/relay/ODSFE2_getProfitLoss?startTime=${now - 92 * 86_400_000}&endTime=${now}`,
      token,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('betting records are empty until a game writes through the BetRecordWriter; then they fill the record and the profit and loss by product', async () => {
    const { memberId, token } = await memberWithSession(t, 'rec03');
    const empty = await get('/wps/relay/ODSFE2_getBetRecords', token);
    expect(empty).toMatchObject({ content: [], totalElements: 0, summary: { betAmount: 0, winLoss: 0 } });

    const { records } = t.app.ctx;
    const slot = await records.placeBet({
      memberId,
      vendor: 'SANDBOX',
      betNo: 'R-1',
      product: 'RNG',
      gameName: 'Lotus Spins',
      betAmount: 1_000,
    });
    expect(slot.created).toBe(true);
    // A vendor retrying the same bet changes nothing.
    expect(
      await records.placeBet({ memberId, vendor: 'SANDBOX', betNo: 'R-1', product: 'RNG', betAmount: 1_000 }),
    ).toEqual({ id: slot.id, created: false });
    await records.placeBet({
      memberId,
      vendor: 'SANDBOX',
      betNo: 'R-2',
      product: 'RNG',
      gameName: 'Lotus Spins',
      betAmount: 500,
    });
    await records.placeBet({
      memberId,
      vendor: 'HOUSE_LOTTO',
      betNo: 'L-1',
      product: 'LOTT',
      gameName: 'Hanoi 5D',
      betAmount: 2_000,
    });
    await records.placeBet({
      memberId,
      vendor: 'HOUSE_LOTTO',
      betNo: 'L-2',
      product: 'LOTT',
      gameName: 'Hanoi 5D',
      betAmount: 700,
    });
    expect(await records.settleBet({ vendor: 'SANDBOX', betNo: 'R-1', payout: 2_500 })).toBe(true);
    expect(await records.settleBet({ vendor: 'SANDBOX', betNo: 'R-1', payout: 9_999 })).toBe(false);
    await records.settleBet({ vendor: 'SANDBOX', betNo: 'R-2', payout: 0 });
    await records.settleBet({ vendor: 'HOUSE_LOTTO', betNo: 'L-1', payout: 0, validBet: 1_800 });
    expect(await records.cancelBet('HOUSE_LOTTO', 'L-2')).toBe(true);

    const all = await get('/wps/relay/ODSFE2_getBetRecords', token);
    expect(all.totalElements).toBe(4);
    expect(all.content[0]).toMatchObject({ betNo: 'L-2', status: 'CANCELLED', winLoss: 0 });
    const r1 = all.content.find((b: { betNo: string }) => b.betNo === 'R-1');
    expect(r1).toMatchObject({
      product: 'RNG',
      vendor: 'SANDBOX',
      gameName: 'Lotus Spins',
      betAmount: 10,
      validBet: 10,
      payout: 25,
      winLoss: 15,
      status: 'SETTLED',
    });
    expect(r1.settleTime).toEqual(expect.any(Number));
    expect(all.summary).toEqual({ betAmount: 35, validBet: 33, payout: 25, winLoss: -10 });

    const lott = await get('/wps/relay/ODSFE2_getBetRecords?product=LOTT&status=SETTLED', token);
    expect(lott.content.map((b: { betNo: string }) => b.betNo)).toEqual(['L-1']);

    await move(memberId, 'DEPOSIT', 10_000, { house: HouseAccount.bankDeposits });
    await move(memberId, 'BONUS_GRANT', 800, { house: HouseAccount.bonus, memo: 'Welcome bonus' });
    await move(memberId, 'WITHDRAW_HOLD', -3_000, {
      wallet: WalletType.main,
      house: HouseAccount.withdrawalPayouts,
    });
    const pl = await get('/wps/relay/ODSFE2_getProfitLoss', token);
    expect(pl.products).toEqual([
      { product: 'LOTT', betCount: 1, betAmount: 20, validBet: 18, payout: 0, winLoss: -20 },
      { product: 'RNG', betCount: 2, betAmount: 15, validBet: 15, payout: 25, winLoss: 10 },
    ]);
    expect(pl.totals).toEqual({
      betCount: 3,
      betAmount: 35,
      validBet: 33,
      payout: 25,
      winLoss: -10,
      deposit: 100,
      withdraw: 30,
      bonus: 8,
      profit: -2,
    });
  });

  it('bonus details list the bonus movements with their kinds and total', async () => {
    const { memberId, token } = await memberWithSession(t, 'rec04');
    const none = await get('/wps/relay/ODSFE2_getBonusDetails', token);
    expect(none).toMatchObject({ content: [], kinds: [], summary: { total: 0 } });
    await move(memberId, 'BONUS_GRANT', 1_500, {
      house: HouseAccount.bonus,
      memo: 'Weekly rebate',
      reference: 'PR-77',
    });
    await move(memberId, 'DEPOSIT', 5_000, { house: HouseAccount.bankDeposits });
    await move(memberId, 'BONUS_GRANT', 500, { house: HouseAccount.bonus, memo: 'Birthday' });
    await move(memberId, 'BONUS_FORFEIT', -200, { house: HouseAccount.bonus, memo: 'Wagering not met' });
    const v = await get('/wps/relay/ODSFE2_getBonusDetails', token);
    expect(v.kinds).toEqual(['BONUS_FORFEIT', 'BONUS_GRANT']);
    expect(v.content.map((b: { memo: string; amount: number }) => [b.memo, b.amount])).toEqual([
      ['Wagering not met', -2],
      ['Birthday', 5],
      ['Weekly rebate', 15],
    ]);
    expect(v.content[2].reference).toBe('PR-77');
    expect(v.summary).toEqual({ total: 18 });
    const grants = await get('/wps/relay/ODSFE2_getBonusDetails?kind=BONUS_GRANT', token);
    expect(grants.totalElements).toBe(2);
    expect(grants.summary).toEqual({ total: 20 });
  });

  it("a member's records never show another member's movements or bets (no call takes a member id)", async () => {
    const a = await memberWithSession(t, 'recowner01');
    const b = await memberWithSession(t, 'recother01');
    await move(a.memberId, 'DEPOSIT', 7_700, { house: HouseAccount.bankDeposits, reference: 'A-ONLY' });
    await move(a.memberId, 'BONUS_GRANT', 100, { house: HouseAccount.bonus });
    await t.app.ctx.records.placeBet({
      memberId: a.memberId,
      vendor: 'SANDBOX',
      betNo: 'A-BET',
      product: 'RNG',
      betAmount: 100,
    });
    for (const path of ['ODSFE2_getAccountRecords', 'ODSFE2_getBetRecords', 'ODSFE2_getBonusDetails']) {
      // Even a member id in the query (ignored, not declared) shows only the caller's own.
      const v = await get(`/wps/relay/${path}?memberId=${a.memberId}`, b.token);
      expect(v.content, path).toEqual([]);
    }
    const pl = await get('/wps/relay/ODSFE2_getProfitLoss', b.token);
    expect(pl.totals).toMatchObject({ deposit: 0, bonus: 0, betCount: 0 });
    for (const kind of ['account', 'bets', 'bonus']) {
      const res = await t.call({ url: `/wps/records/export?kind=${kind}`, token: b.token });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('A-ONLY');
      expect(res.body).not.toContain('A-BET');
      expect(res.body.trim().split('\r\n')).toHaveLength(1);
    }
  });

  it('CSV export: the server builds the file of the range for the caller, with RFC 4180 quoting and formula text neutralised', async () => {
    const { memberId, token } = await memberWithSession(t, 'reccsv01');
    await move(memberId, 'DEPOSIT', 123_456, {
      house: HouseAccount.bankDeposits,
      reference: 'DP-9',
      memo: 'Ref "A", line\nbreak',
    });
    await move(memberId, 'ADJUSTMENT', -456, { memo: '=HYPERLINK("http://x")', reference: 'ADJ-1' });
    const res = await t.call({ url: '/wps/records/export?kind=account&timeZone=Asia/Ho_Chi_Minh', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="account-records-\d{8}-\d{8}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Time,Reference,Type,Kind,Wallet,Amount,Balance after,Memo,Status');
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},ADJ-1,ADJUSTMENT,ADJUSTMENT,MAIN,-4\.56,1230\.00,"'=HYPERLINK\(""http:\/\/x""\)",$/,
    );
    expect(lines[2]).toMatch(/,DP-9,DEPOSIT,DEPOSIT,MAIN,1234\.56,1234\.56,"Ref ""A"", line\nbreak",$/);
    // The time is written in the asked zone (UTC+7).
    const utc = await t.call({ url: '/wps/records/export?kind=account', token });
    const hour = (text: string) => Number(text.slice(1).split('\r\n')[1]!.slice(11, 13));
    expect((hour(utc.body) + 7) % 24).toBe(hour(body));

    expect(csvField('plain')).toBe('plain');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField(-12)).toBe('-12');
    expect(csvField('-4.56')).toBe('-4.56');
    expect(csvField('-cmd')).toBe("'-cmd");

    const pl = await t.call({ url: '/wps/records/export?kind=profit', token });
    expect(pl.body).toContain('Deposits,,1234.56');
    expect((await t.call({ url: '/wps/records/export?kind=account' })).statusCode).toBe(401);
    for (const q of ['kind=nope', 'kind=account&timeZone=Mars/Base', 'kind=bets&startTime=9&endTime=1', '']) {
      const bad = await t.call({ url: `/wps/records/export?${q}`, token });
      expect(bad.statusCode, q).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, q).toBeLessThan(500);
      expect(bad.json().success).toBe(false);
    }
  });
});
