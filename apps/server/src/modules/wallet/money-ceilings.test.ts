import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { openGatewayOrder, sandboxNotify } from '../deposit/deposit-test-kit.ts';
import { SANDBOX_VENDOR_CODE } from '../games/sandbox-vendor.ts';
import { vendorWalletPath } from '../games/vendor-callbacks.routes.ts';
import { signedHeaders } from '../games/vendor-signature.ts';
import { memberWithMoney, walletMinor, type TestMember } from './wallet-test-kit.ts';
import { HouseAccount } from './wallet.service.ts';

/**
 * Issue 28, defect 6: signed callbacks answered 500 for a NUL byte in a text field and for a vendor
 * credit past 2^53 minor units. Nothing moved, but a vendor or gateway retrying kept getting 500.
 * Each is now a 4xx from the catalogue, and the amount ceilings are a rule of the ledger itself:
 * one movement carries at most MAX_AMOUNT_MINOR and no account holds more than MAX_BALANCE_MINOR.
 */
const PAY_SECRET = 'ceilings-test-pay-secret';
const GAME_SECRET = 'ceilings-test-game-secret';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { sandboxPaySecret: PAY_SECRET, gameSandboxSecret: GAME_SECRET } });
});
afterAll(async () => t?.close());

let serial = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++serial}`;

/** A signed callback of the sandbox vendor, sent as its raw text. */
function vendorCall(op: 'debit' | 'credit', raw: string) {
  const path = vendorWalletPath(SANDBOX_VENDOR_CODE, op);
  return t.call({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...signedHeaders(GAME_SECRET, 'POST', path, raw) },
    payload: raw,
  });
}

const move = (m: TestMember, fields: Record<string, unknown>) =>
  JSON.stringify({
    playerId: String(m.memberId),
    currency: t.app.ctx.wallet.currency().code,
    ...fields,
  });

/** A signed gateway notification, sent as its raw text. */
const notify = (raw: string) => sandboxNotify(t, PAY_SECRET, raw);

/** Ledger transactions whose reference is `reference` (what a refused call must not leave). */
const movementsOf = async (reference: string) =>
  (
    await t.database.db
      .selectFrom('ledger_transaction')
      .select('id')
      .where('reference', '=', reference)
      .execute()
  ).length;

/** A member a few units below the balance ceiling (moved there in movements within the movement ceiling). */
async function memberNearCeiling(below: number): Promise<TestMember> {
  const m = await memberWithMoney(t, 0);
  let left = MAX_BALANCE_MINOR - below;
  for (let i = 0; left > 0; i++) {
    const amount = Math.min(left, MAX_AMOUNT_MINOR);
    await t.app.ctx.wallet.transfer({
      from: { house: HouseAccount.cash },
      to: { memberId: m.memberId },
      amount,
      kind: 'ADJUSTMENT',
      reference: `ceiling-${m.memberId}`,
      idempotencyKey: `test:ceiling:${m.memberId}:${i}`,
    });
    left -= amount;
  }
  return m;
}

describe(`issue 28 defect 6: signed callbacks never answer 500, and money has ceilings (${testDbKind})`, () => {
  it('a signed gateway notification with a NUL byte in merchantOrderNo is refused 422 invalid.input naming the field, credits nothing, and a retry gets the same answer', async () => {
    const m = await memberWithMoney(t, 0);
    const raw = JSON.stringify({
      paymentId: 'sp_whatever',
      merchantOrderNo: 'D2611280000\u0000X',
      amount: '10.00',
      currency: 'USD',
      status: 'PAID',
    });
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await notify(raw);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'invalid.input' });
      expect(res.json().message).toContain('merchantOrderNo contains a NUL character');
    }
    expect(await walletMinor(t, m.memberId)).toBe(0);
  });

  it('a signed vendor debit with a NUL byte in gameName or gameCode is refused 422 invalid.input, takes no stake, opens no round', async () => {
    const m = await memberWithMoney(t, 10_000);
    for (const field of ['gameName', 'gameCode'] as const) {
      const roundId = unique('nul-round');
      const raw = move(m, { transactionId: unique('nul-tx'), roundId, amount: 100, [field]: 'Slot\u0000' });
      const res = await vendorCall('debit', raw);
      expect(res.statusCode, field).toBe(422);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'invalid.input' });
      expect(res.json().message).toContain(`${field} contains a NUL character`);
      expect(await movementsOf(`${SANDBOX_VENDOR_CODE}:${roundId}`)).toBe(0);
    }
    expect(await walletMinor(t, m.memberId)).toBe(10_000);
  });

  it('a signed vendor credit above the movement ceiling (up to 2^53 - 1) is refused 422 wallet.movement.too.large, not a RangeError 500; the round stays open and its retry gets the same answer', async () => {
    const m = await memberWithMoney(t, 10_000);
    const roundId = unique('big-round');
    const debit = await vendorCall('debit', move(m, { transactionId: unique('tx'), roundId, amount: 100 }));
    expect(debit.statusCode, debit.body).toBe(200);
    for (const amount of [MAX_AMOUNT_MINOR + 1, Number.MAX_SAFE_INTEGER]) {
      const raw = move(m, { transactionId: unique('big-credit'), roundId, amount });
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await vendorCall('credit', raw);
        expect(res.statusCode, String(amount)).toBe(422);
        expect(res.json()).toMatchObject({ success: false, errorCode: 'wallet.movement.too.large' });
        expect(res.json().message).toBe('One movement carries at most 10,000,000,000.00');
      }
    }
    expect(await walletMinor(t, m.memberId)).toBe(9_900);
    // The largest credit allowed is paid.
    const ok = await vendorCall(
      'credit',
      move(m, { transactionId: unique('max-credit'), roundId, amount: MAX_AMOUNT_MINOR }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await walletMinor(t, m.memberId)).toBe(9_900 + MAX_AMOUNT_MINOR);
  });

  it('a signed vendor credit that would take the balance past the balance ceiling is refused 409 wallet.balance.ceiling; nothing moves, the round stays open, and a credit that fits is then paid', async () => {
    const m = await memberNearCeiling(100);
    const roundId = unique('ceiling-round');
    const debit = await vendorCall('debit', move(m, { transactionId: unique('tx'), roundId, amount: 1 }));
    expect(debit.statusCode, debit.body).toBe(200);
    const before = await walletMinor(t, m.memberId);
    expect(before).toBe(MAX_BALANCE_MINOR - 101);
    const raw = move(m, { transactionId: unique('over'), roundId, amount: 102 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await vendorCall('credit', raw);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'wallet.balance.ceiling' });
      expect(res.json().message).toContain('1,000,000,000,000.00');
    }
    expect(await walletMinor(t, m.memberId)).toBe(before);
    const fits = await vendorCall('credit', move(m, { transactionId: unique('fits'), roundId, amount: 101 }));
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json().value).toMatchObject({ balance: MAX_BALANCE_MINOR, roundStatus: 'CREDITED' });
  });

  it('a gateway payment that would take the balance past the ceiling is refused 409 wallet.balance.ceiling and the order stays pending, credited nothing', async () => {
    const m = await memberNearCeiling(500);
    const { orderNo, paymentId } = await openGatewayOrder(t, m, 10);
    const raw = JSON.stringify({
      paymentId,
      merchantOrderNo: orderNo,
      amount: '10.00',
      currency: 'USD',
      status: 'PAID',
    });
    const res = await notify(raw);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'wallet.balance.ceiling' });
    expect(await walletMinor(t, m.memberId)).toBe(MAX_BALANCE_MINOR - 500);
    const order = await t.call({ url: `/wps/deposit/order?orderNo=${orderNo}`, token: m.token });
    expect(order.json().value.status).toBe('PENDING');
  });

  it('a house game spin (seamless_spin, which posts in its own statement) whose win would pass the balance ceiling is refused 409 wallet.balance.ceiling and moves neither stake nor win', async () => {
    const m = await memberNearCeiling(100);
    const roundId = unique('spin');
    await expect(
      t.app.ctx.seamlessWallet.play(
        {
          vendor: SANDBOX_VENDOR_CODE,
          memberId: m.memberId,
          transactionId: `${roundId}:bet`,
          roundId,
          amount: 10,
        },
        { transactionId: `${roundId}:win`, amount: 200 },
      ),
    ).rejects.toMatchObject({ error: { code: 'wallet.balance.ceiling', status: 409 } });
    expect(await walletMinor(t, m.memberId)).toBe(MAX_BALANCE_MINOR - 100);
    expect(await movementsOf(`${SANDBOX_VENDOR_CODE}:${roundId}`)).toBe(0);
  });

  it('every ledger movement, whatever module asks for it, is refused above the movement ceiling with wallet.movement.too.large before anything is posted', async () => {
    const m = await memberWithMoney(t, 0);
    const reference = unique('too-large');
    await expect(
      t.app.ctx.wallet.transfer({
        from: { house: HouseAccount.cash },
        to: { memberId: m.memberId },
        amount: MAX_AMOUNT_MINOR + 1,
        kind: 'ADJUSTMENT',
        reference,
        idempotencyKey: reference,
      }),
    ).rejects.toMatchObject({ error: { code: 'wallet.movement.too.large', status: 422 } });
    expect(await movementsOf(reference)).toBe(0);
  });
});
