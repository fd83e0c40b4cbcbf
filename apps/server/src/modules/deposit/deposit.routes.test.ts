import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SANDBOX_NOTIFY_PATH, SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { signSandbox } from './deposit.service.ts';
import { openGatewayOrder, sandboxNotify } from './deposit-test-kit.ts';

const SECRET = 'test-sandbox-secret';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { sandboxPaySecret: SECRET } });
});
afterAll(async () => t?.close());

const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv);

function createOrder(m: TestMember, body: Record<string, unknown>) {
  return t.call({ method: 'POST', url: '/wps/deposit/orders', token: m.token, payload: body });
}

function notify(body: unknown, opts: { secret?: string; timestamp?: number; raw?: string } = {}) {
  return sandboxNotify(t, opts.secret ?? SECRET, opts.raw ?? JSON.stringify(body), opts.timestamp);
}

const gatewayOrder = (m: TestMember, amount: number | string) => openGatewayOrder(t, m, amount);

describe(`deposits (${testDbKind})`, () => {
  it('GET /wps/deposit/channels lists the configured channels with min, max and preset amounts in major units; the bank channel shows the merchant account', async () => {
    const m = await memberWithMoney(t, 0);
    const res = await t.call({ url: '/wps/deposit/channels', token: m.token });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ currency: 'USD', currencySymbol: '$', precision: 2 });
    expect(value.channels).toEqual([
      {
        code: 'BANK',
        type: 'BANK_TRANSFER',
        name: 'Bank transfer',
        minAmount: 100,
        maxAmount: 50000,
        presetAmounts: [100, 500, 1000, 5000, 10000],
        bankAccount: {
          bankName: 'Siam Commercial Bank',
          accountName: 'Lucky Lotus Co., Ltd.',
          accountNumber: '402-3-58714-6',
          branch: 'Silom, Bangkok',
        },
      },
      {
        code: 'SANDBOXPAY',
        type: 'SANDBOX_GATEWAY',
        name: 'Online payment (sandbox)',
        minAmount: 10,
        maxAmount: 20000,
        presetAmounts: [10, 50, 100, 500, 1000],
        bankAccount: null,
      },
    ]);
    expect((await t.call({ url: '/wps/deposit/channels' })).statusCode).toBe(401);
  });

  it('a bank transfer order needs a reference and an amount within the channel limits with at most 2 decimals', async () => {
    const m = await memberWithMoney(t, 0);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ channelCode: 'BANK', amount: 100 }, 'deposit.reference.required', /reference/],
      [
        { channelCode: 'BANK', amount: 99.99, payerReference: 'X' },
        'amount.invalid',
        /from 100\.00 to 50,000\.00/,
      ],
      [
        { channelCode: 'BANK', amount: 50000.01, payerReference: 'X' },
        'amount.invalid',
        /from 100\.00 to 50,000\.00/,
      ],
      [
        { channelCode: 'BANK', amount: '100.001', payerReference: 'X' },
        'amount.invalid',
        /at most 2 decimals/,
      ],
      [{ channelCode: 'BANK', amount: '1e3', payerReference: 'X' }, 'amount.invalid', /exponent/],
      [{ channelCode: 'BANK', amount: -100, payerReference: 'X' }, 'amount.invalid', /negative/],
      [{ channelCode: 'BANK', amount: 0, payerReference: 'X' }, 'amount.invalid', /greater than zero/],
      [{ channelCode: 'BANK', amount: 'abc', payerReference: 'X' }, 'amount.invalid', /digits/],
      [
        { channelCode: 'NOPE', amount: 100, payerReference: 'X' },
        'deposit.channel.unavailable',
        /not available/,
      ],
    ];
    for (const [body, code, message] of cases) {
      const res = await createOrder(m, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, errorCode: code });
      expect(res.json().message).toMatch(message);
    }
    expect(
      await t.database.db
        .selectFrom('deposit_order')
        .select('id')
        .where('member_id', '=', m.memberId)
        .execute(),
    ).toEqual([]);
  });

  it('manual bank transfer: the player submits amount and reference, the operator approves with npm run ops -- deposit approve, and the credit happens exactly once', async () => {
    const m = await memberWithMoney(t, 0);
    const res = await createOrder(m, {
      channelCode: 'BANK',
      amount: '250.50',
      payerReference: 'SCB 0923 Somchai',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().value;
    expect(order).toMatchObject({
      channelCode: 'BANK',
      channelType: 'BANK_TRANSFER',
      channelName: 'Bank transfer',
      amount: 250.5,
      currency: 'USD',
      status: 'PENDING',
      payerReference: 'SCB 0923 Somchai',
      redirectUrl: null,
      completedAt: null,
      bankAccount: { accountNumber: '402-3-58714-6' },
    });
    expect(order.orderNo).toMatch(/^D\d{6}[A-Z2-9]{10}$/);

    const listed = await ops('deposit', 'list');
    expect(listed).toContain(order.orderNo);
    expect(listed).toContain('SCB 0923 Somchai');
    expect(listed).toContain(m.username);

    // Ten operators pressing approve at once: one credit.
    const outputs = await Promise.all(
      Array.from({ length: 10 }, () => ops('deposit', 'approve', order.orderNo)),
    );
    expect(outputs.filter((o) => o.includes('credited to member'))).toHaveLength(1);
    expect(outputs.filter((o) => o.includes('already approved'))).toHaveLength(9);
    expect(await walletMinor(t, m.memberId)).toBe(25_050);
    const deposits = await t.database.db
      .selectFrom('ledger_transaction')
      .select(['kind', 'reference'])
      .where('reference', '=', order.orderNo)
      .execute();
    expect(deposits).toEqual([{ kind: 'DEPOSIT', reference: order.orderNo }]);

    const after = await t.call({ url: `/wps/deposit/order?orderNo=${order.orderNo}`, token: m.token });
    expect(after.json().value).toMatchObject({ status: 'SUCCESS' });
    expect(after.json().value.completedAt).toBeGreaterThan(0);
    await expect(ops('deposit', 'reject', order.orderNo)).rejects.toMatchObject({
      errorCode: 'deposit.not.pending',
    });
  });

  it('a rejected bank transfer credits nothing and cannot be approved afterwards; the player sees the reason', async () => {
    const m = await memberWithMoney(t, 0);
    const order = (await createOrder(m, { channelCode: 'BANK', amount: 100, payerReference: 'ref-1' })).json()
      .value;
    const id = String(
      (
        await t.database.db
          .selectFrom('deposit_order')
          .select('id')
          .where('order_no', '=', order.orderNo)
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect(await ops('deposit', 'reject', id, '--reason', 'No transfer with this reference')).toContain(
      'rejected',
    );
    await expect(ops('deposit', 'approve', id)).rejects.toMatchObject({ errorCode: 'deposit.not.pending' });
    expect(await walletMinor(t, m.memberId)).toBe(0);
    const mine = await t.call({ url: '/wps/deposit/orders', token: m.token });
    expect(mine.json().value.items[0]).toMatchObject({
      orderNo: order.orderNo,
      status: 'REJECTED',
      note: 'No transfer with this reference',
    });
    await expect(ops('deposit', 'approve', 'D000000NOSUCH')).rejects.toMatchObject({
      errorCode: 'deposit.not.found',
    });
    await expect(ops('deposit', 'approve')).rejects.toThrow(/Usage: deposit approve/);
  });

  it('the same idempotency key makes one order; with a different amount it is refused; at most 5 orders wait at once', async () => {
    const m = await memberWithMoney(t, 0);
    const body = {
      channelCode: 'BANK',
      amount: 100,
      payerReference: 'r',
      idempotencyKey: 'deposit-key-0001',
    };
    const same = await Promise.all(Array.from({ length: 5 }, () => createOrder(m, body)));
    expect(new Set(same.map((r) => r.json().value.orderNo)).size).toBe(1);
    const other = await createOrder(m, { ...body, amount: 101 });
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('idempotency.key.reused');
    for (let i = 0; i < 4; i++)
      expect((await createOrder(m, { ...body, idempotencyKey: `deposit-key-100${i}` })).statusCode).toBe(200);
    const sixth = await createOrder(m, { ...body, idempotencyKey: 'deposit-key-2000' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().errorCode).toBe('deposit.pending.limit');
    const cancelled = await t.call({
      method: 'POST',
      url: '/wps/deposit/order/cancel',
      token: m.token,
      payload: { orderNo: same[0]!.json().value.orderNo },
    });
    expect(cancelled.json().value.status).toBe('CANCELLED');
    expect((await createOrder(m, { ...body, idempotencyKey: 'deposit-key-2000' })).statusCode).toBe(200);
  });

  it("a member cannot read, list or cancel another member's deposit orders (every call tried with the other's order number)", async () => {
    const owner = await memberWithMoney(t, 0);
    const other = await memberWithMoney(t, 0);
    const order = (
      await createOrder(owner, { channelCode: 'BANK', amount: 100, payerReference: 'mine' })
    ).json().value;
    const read = await t.call({ url: `/wps/deposit/order?orderNo=${order.orderNo}`, token: other.token });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ success: false, errorCode: 'deposit.not.found' });
    const cancel = await t.call({
      method: 'POST',
      url: '/wps/deposit/order/cancel',
      token: other.token,
      payload: { orderNo: order.orderNo },
    });
    expect(cancel.statusCode).toBe(404);
    const list = await t.call({ url: '/wps/deposit/orders?status=PENDING', token: other.token });
    expect(list.json().value).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    // The order is untouched and still the owner's.
    const own = await t.call({ url: `/wps/deposit/order?orderNo=${order.orderNo}`, token: owner.token });
    expect(own.json().value.status).toBe('PENDING');
  });

  it('a trial account (type 4) cannot deposit: channels, orders, lists and cancel answer 403 in_need_true_account', async () => {
    const trial = await memberWithMoney(t, 200_000, { agentType: 4 });
    const calls = [
      { url: '/wps/deposit/channels' },
      {
        method: 'POST' as const,
        url: '/wps/deposit/orders',
        payload: { channelCode: 'BANK', amount: 100, payerReference: 'x' },
      },
      { url: '/wps/deposit/orders' },
      { url: '/wps/deposit/order?orderNo=D000000AAAAAAAAAA' },
      {
        method: 'POST' as const,
        url: '/wps/deposit/order/cancel',
        payload: { orderNo: 'D000000AAAAAAAAAA' },
      },
    ];
    for (const c of calls) {
      const res = await t.call({ ...c, token: trial.token });
      expect(res.statusCode, c.url).toBe(403);
      expect(res.json().errorCode).toBe('in_need_true_account');
    }
  });

  it('sandbox gateway: the order answers a redirect to the gateway page; paying there notifies the server, which credits the order, and sends the browser back', async () => {
    const m = await memberWithMoney(t, 0);
    const { orderNo, redirectUrl } = await gatewayOrder(m, 75.25);
    expect(redirectUrl).toMatch(/^\/sandbox-pay\/checkout\/sp_[\w-]+$/);
    const pageRes = await t.call({ url: redirectUrl });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toMatch(/text\/html/);
    expect(pageRes.body).toContain('USD 75.25');
    expect(pageRes.body).toContain(orderNo);
    expect(pageRes.body).not.toMatch(/<script/i);
    expect(pageRes.headers['content-security-policy']).toContain("script-src 'self'");
    const pay = await t.call({
      method: 'POST',
      url: redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/?depositOrder=${orderNo}`);
    expect(await walletMinor(t, m.memberId)).toBe(7_525);
    const order = await t.call({ url: `/wps/deposit/order?orderNo=${orderNo}`, token: m.token });
    expect(order.json().value).toMatchObject({ status: 'SUCCESS', redirectUrl: null });
    // Paying twice is not possible: the page says paid, a second press credits nothing.
    expect((await t.call({ url: redirectUrl })).body).toContain('This payment is paid');
    await t.call({
      method: 'POST',
      url: redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(await walletMinor(t, m.memberId)).toBe(7_525);
    const payment = await t.database.db
      .selectFrom('sandbox_payment')
      .selectAll()
      .where('merchant_order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'PAID', notify_attempts: 1, last_notify_error: null });
  });

  it('sandbox gateway: a failed payment marks the order failed and credits nothing', async () => {
    const m = await memberWithMoney(t, 0);
    const { orderNo, redirectUrl } = await gatewayOrder(m, 20);
    const fail = await t.call({
      method: 'POST',
      url: redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=fail',
    });
    expect(fail.statusCode).toBe(303);
    const order = await t.call({ url: `/wps/deposit/order?orderNo=${orderNo}`, token: m.token });
    expect(order.json().value.status).toBe('FAILED');
    expect(await walletMinor(t, m.memberId)).toBe(0);
    expect((await t.call({ url: '/sandbox-pay/checkout/sp_nosuchpayment' })).statusCode).toBe(404);
  });

  it('the gateway notification refuses a bad signature, a stale or missing timestamp and an amount that differs from the order, crediting nothing', async () => {
    const m = await memberWithMoney(t, 0);
    const { orderNo, paymentId } = await gatewayOrder(m, 50);
    const body = { paymentId, merchantOrderNo: orderNo, amount: '50.00', currency: 'USD', status: 'PAID' };

    const badSig = await notify(body, { secret: 'not-the-secret' });
    expect(badSig.statusCode).toBe(401);
    expect(badSig.json()).toMatchObject({ success: false, errorCode: 'gateway.signature.invalid' });

    // A body changed after signing.
    const ts = String(Math.floor(Date.now() / 1000));
    const tampered = await t.call({
      method: 'POST',
      url: SANDBOX_NOTIFY_PATH,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_TIMESTAMP_HEADER]: ts,
        [SANDBOX_SIGNATURE_HEADER]: signSandbox(SECRET, ts, JSON.stringify(body)),
      },
      payload: JSON.stringify({ ...body, amount: '5000.00' }),
    });
    expect(tampered.json().errorCode).toBe('gateway.signature.invalid');

    const stale = await notify(body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().errorCode).toBe('gateway.timestamp.stale');
    const future = await notify(body, { timestamp: Math.floor(Date.now() / 1000) + 301 });
    expect(future.json().errorCode).toBe('gateway.timestamp.stale');
    const noTs = await t.call({
      method: 'POST',
      url: SANDBOX_NOTIFY_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(noTs.json().errorCode).toBe('gateway.timestamp.stale');

    const wrongAmount = await notify({ ...body, amount: '50.01' });
    expect(wrongAmount.statusCode).toBe(409);
    expect(wrongAmount.json().errorCode).toBe('gateway.amount.mismatch');
    const wrongCurrency = await notify({ ...body, currency: 'THB' });
    expect(wrongCurrency.json().errorCode).toBe('gateway.amount.mismatch');
    const otherPayment = await notify({ ...body, paymentId: 'sp_other' });
    expect(otherPayment.statusCode).toBe(404);
    const garbage = await notify(null, { raw: 'not json' });
    expect(garbage.statusCode).toBe(400);

    expect(await walletMinor(t, m.memberId)).toBe(0);
    const order = await t.call({ url: `/wps/deposit/order?orderNo=${orderNo}`, token: m.token });
    expect(order.json().value.status).toBe('PENDING');
  });

  it('a gateway notification sent 20 times at once credits the order once', async () => {
    const m = await memberWithMoney(t, 0);
    const { orderNo, paymentId } = await gatewayOrder(m, '123.45');
    const body = { paymentId, merchantOrderNo: orderNo, amount: '123.45', currency: 'USD', status: 'PAID' };
    const results = await Promise.all(Array.from({ length: 20 }, () => notify(body)));
    for (const r of results) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().value).toEqual({ orderNo, status: 'SUCCESS' });
    }
    expect(await walletMinor(t, m.memberId)).toBe(12_345);
    const movements = await t.database.db
      .selectFrom('ledger_transaction')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reference', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(Number(movements.n)).toBe(1);
    // Later deliveries (a gateway retrying) change nothing either.
    expect((await notify(body)).json().value.status).toBe('SUCCESS');
    expect(await walletMinor(t, m.memberId)).toBe(12_345);
  });

  it('service: a gateway notification handled 20 times at once credits the order once', async () => {
    const m = await memberWithMoney(t, 0);
    const { orderNo, paymentId } = await gatewayOrder(m, '234.56');
    const raw = JSON.stringify({
      paymentId,
      merchantOrderNo: orderNo,
      amount: '234.56',
      currency: 'USD',
      status: 'PAID',
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = signSandbox(SECRET, ts, raw);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.app.ctx.deposits.handleSandboxNotify(raw, ts, signature)),
    );
    expect(results).toEqual(Array(20).fill({ orderNo, status: 'SUCCESS' }));
    expect(await walletMinor(t, m.memberId)).toBe(23_456);
    const movements = await t.database.db
      .selectFrom('ledger_transaction')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reference', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(Number(movements.n)).toBe(1);
    expect(await t.app.ctx.wallet.audit()).toEqual({ drifted: 0, unbalanced: 0, total: 0 });
  });

  it('the operator changes a channel with npm run ops -- deposit channel: limits, presets and state reach players at once; bad values are refused', async () => {
    const m = await memberWithMoney(t, 0);
    expect(await ops('deposit', 'channels')).toMatch(/BANK\s+on\s+BANK_TRANSFER\s+100\.00 - 50,000\.00/);
    try {
      expect(
        await ops(
          'deposit',
          'channel',
          'sandboxpay',
          '--min',
          '20',
          '--max',
          '500',
          '--presets',
          '20,50,100.50',
        ),
      ).toBe('Channel SANDBOXPAY (on): 20.00 - 500.00, presets 20.00, 50.00, 100.50.');
      const channels = (await t.call({ url: '/wps/deposit/channels', token: m.token })).json().value.channels;
      expect(channels.find((c: { code: string }) => c.code === 'SANDBOXPAY')).toMatchObject({
        minAmount: 20,
        maxAmount: 500,
        presetAmounts: [20, 50, 100.5],
      });
      const tooSmall = await createOrder(m, { channelCode: 'SANDBOXPAY', amount: 19.99 });
      expect(tooSmall.json()).toMatchObject({
        errorCode: 'amount.invalid',
        message: 'Enter an amount from 20.00 to 500.00',
      });
      await ops('deposit', 'channel', 'SANDBOXPAY', '--enabled', 'off');
      const off = (await t.call({ url: '/wps/deposit/channels', token: m.token })).json().value.channels;
      expect(off.map((c: { code: string }) => c.code)).toEqual(['BANK']);
      expect((await createOrder(m, { channelCode: 'SANDBOXPAY', amount: 50 })).json().errorCode).toBe(
        'deposit.channel.unavailable',
      );
      await expect(ops('deposit', 'channel', 'SANDBOXPAY', '--min', '600')).rejects.toMatchObject({
        errorCode: 'invalid.input',
      });
      await expect(ops('deposit', 'channel', 'SANDBOXPAY', '--presets', '10,20')).rejects.toThrow(
        /outside: 10/,
      );
      await expect(ops('deposit', 'channel', 'SANDBOXPAY', '--min', '1e3')).rejects.toThrow(/exponent/);
      await expect(ops('deposit', 'channel', 'NOPE', '--enabled', 'on')).rejects.toThrow(
        /No deposit channel NOPE/,
      );
    } finally {
      await ops(
        'deposit',
        'channel',
        'SANDBOXPAY',
        '--min',
        '10',
        '--max',
        '20000',
        '--presets',
        '10,50,100,500,1000',
        '--enabled',
        'on',
      );
    }
  });

  it('npm run ops -- ledger check prints the totals per account type, passes on a sound ledger and fails with the mismatch on a corrupted balance', async () => {
    const ok = await ops('ledger', 'check');
    expect(ok).toMatch(/Totals per account type/);
    expect(ok).toMatch(/MAIN\s+USD/);
    expect(ok).toMatch(/CLEARING_SANDBOX_GATEWAY\s+USD/);
    expect(ok).toContain('Ledger check OK');
    const m = await memberWithMoney(t, 1_000);
    const account = await t.app.ctx.wallet.memberAccount(m.memberId);
    await sql`update ledger_account set balance = balance + 1 where id = ${account}`.execute(t.database.db);
    try {
      const failed = ops('ledger', 'check');
      await expect(failed).rejects.toMatchObject({ errorCode: 'ledger.check.failed' });
      const message = await failed.catch((e: Error) => e.message);
      expect(message).toContain(
        `MISMATCH account ${account} (member ${m.memberId} MAIN): balance 10.01, postings 10.00`,
      );
      expect(message).toContain('Ledger check FAILED');
    } finally {
      await sql`update ledger_account set balance = balance - 1 where id = ${account}`.execute(t.database.db);
    }
    expect(await ops('ledger', 'check')).toContain('Ledger check OK');
  });
});
