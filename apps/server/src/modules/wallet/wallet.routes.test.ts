import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { secureCall } from '../session/accounts-test-kit.ts';
import { memberWithMoney, walletMinor, type TestMember } from './wallet-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function transfer(m: TestMember, payload: Record<string, unknown>) {
  return t.call({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', token: m.token, payload });
}

async function agent1Id(): Promise<number> {
  const row = await t.database.db
    .selectFrom('member')
    .select('id')
    .where('username', '=', 'agent1')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`wallet calls (${testDbKind})`, () => {
  it('WD-06 GET /wps/relay/GCS_merchantWallet (token) returns value.isSingle from configuration, with the wallets money moves between', async () => {
    const m = await memberWithMoney(t, 0);
    const res = await t.call({ url: '/wps/relay/GCS_merchantWallet', token: m.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      value: {
        isSingle: false,
        wallets: [
          { accountTypeId: 1, accountType: 'MAIN', name: 'Main wallet' },
          { accountTypeId: 101, accountType: 'PG', name: 'PG Soft' },
          { accountTypeId: 102, accountType: 'EVO', name: 'Evolution' },
          { accountTypeId: 103, accountType: 'SABA', name: 'Saba Sports' },
        ],
      },
    });
    expect((await t.call({ url: '/wps/relay/GCS_merchantWallet' })).statusCode).toBe(401);
    try {
      expect(await runOpsCommand(t.app.ctx, ['wallet', 'mode', 'single'])).toBe('Wallet mode: single.');
      const single = await t.call({ url: '/wps/relay/GCS_merchantWallet', token: m.token });
      expect(single.json().value).toEqual({
        isSingle: true,
        wallets: [{ accountTypeId: 1, accountType: 'MAIN', name: 'Main wallet' }],
      });
      // A single-wallet merchant has nothing to transfer between, and shows one wallet.
      const refused = await transfer(m, { fromAccountTypeId: 1, toAccountTypeId: 101, amount: 1 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errorCode).toBe('wallet.single');
      const balance = await t.call({ url: '/wps/v2/wallets/balance', token: m.token });
      expect(balance.json().value.balance.map((b: { accountTypeId: number }) => b.accountTypeId)).toEqual([
        1,
      ]);
    } finally {
      await runOpsCommand(t.app.ctx, ['wallet', 'mode', 'multi']);
    }
    expect(
      (await t.call({ url: '/wps/relay/GCS_merchantWallet', token: m.token })).json().value.isSingle,
    ).toBe(false);
  });

  it('WD-05 POST /wps/relay/GCS_walletTransfer (token) moves money between the main wallet and a vendor wallet, both ways', async () => {
    const m = await memberWithMoney(t, 50_000);
    const out = await transfer(m, {
      fromAccountTypeId: 1,
      toAccountTypeId: 101,
      amount: '120.50',
      idempotencyKey: 'wd05-out-0001',
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().value).toMatchObject({
      kind: 'WALLET_TRANSFER',
      amount: 120.5,
      fromAccountTypeId: 1,
      toAccountTypeId: 101,
      replayed: false,
    });
    expect(out.json().value.reference).toMatch(/^TF[0-9A-F]{14}$/);
    const back = await transfer(m, { fromAccountTypeId: 101, toAccountTypeId: 1, amount: 20.5 });
    expect(back.statusCode).toBe(200);
    expect(await walletMinor(t, m.memberId, 'MAIN')).toBe(40_000);
    expect(await walletMinor(t, m.memberId, 'VENDOR_PG')).toBe(10_000);
    const balance = (await t.call({ url: '/wps/v2/wallets/balance', token: m.token })).json().value;
    expect(balance.sumBalance).toBe(500);
    expect(balance.balance.slice(0, 2)).toEqual([
      { accountTypeId: 1, accountType: 'MAIN', name: 'Main wallet', availBalance: 400 },
      { accountTypeId: 101, accountType: 'PG', name: 'PG Soft', availBalance: 100 },
    ]);

    // Refusals, each a clean 4xx that moves nothing.
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ fromAccountTypeId: 1, toAccountTypeId: 1, amount: 1 }, 422, 'wallet.transfer.same'],
      [{ fromAccountTypeId: 101, toAccountTypeId: 102, amount: 1 }, 422, 'wallet.unknown'],
      [{ fromAccountTypeId: 1, toAccountTypeId: 999, amount: 1 }, 422, 'wallet.unknown'],
      [{ fromAccountTypeId: 3, toAccountTypeId: 1, amount: 1 }, 422, 'wallet.unknown'],
      [{ fromAccountTypeId: 1, toAccountTypeId: 101, amount: 400.01 }, 409, 'wallet.balance.insufficient'],
      [{ fromAccountTypeId: 1, toAccountTypeId: 101, amount: '1.001' }, 422, 'amount.invalid'],
      [{ fromAccountTypeId: 1, toAccountTypeId: 101, amount: '1e2' }, 422, 'amount.invalid'],
      [{ fromAccountTypeId: 1, toAccountTypeId: 101, amount: -5 }, 422, 'amount.invalid'],
      [{ fromAccountTypeId: 1, toAccountTypeId: 101, amount: 0 }, 422, 'amount.invalid'],
      [{ fromAccountTypeId: 1, toAccountTypeId: 101 }, 422, 'invalid.input'],
      [{ fromAccountTypeId: 1, toAccountTypeId: 101, amount: 1, idempotencyKey: 'x' }, 422, 'invalid.input'],
      [
        { fromAccountTypeId: 1, toAccountTypeId: 101, amount: 5, idempotencyKey: 'wd05-out-0001' },
        409,
        'idempotency.key.reused',
      ],
    ];
    for (const [payload, status, code] of refusals) {
      const res = await transfer(m, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ success: false, errorCode: code });
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
    expect(await walletMinor(t, m.memberId, 'MAIN')).toBe(40_000);
    expect(await walletMinor(t, m.memberId, 'VENDOR_PG')).toBe(10_000);
    expect(
      (await t.call({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('a member’s idempotency key never meets another member’s: the same key from two members makes two transfers', async () => {
    const a = await memberWithMoney(t, 1_000);
    const b = await memberWithMoney(t, 1_000);
    const body = { fromAccountTypeId: 1, toAccountTypeId: 103, amount: 1, idempotencyKey: 'shared-key-0001' };
    expect((await transfer(a, body)).json().value.replayed).toBe(false);
    expect((await transfer(b, body)).json().value.replayed).toBe(false);
    expect(await walletMinor(t, a.memberId, 'VENDOR_SABA')).toBe(100);
    expect(await walletMinor(t, b.memberId, 'VENDOR_SABA')).toBe(100);
  });

  it('transfer to upline: allowed by the member’s toUpline switch, needs the payment password, moves main to the upline’s main wallet', async () => {
    const upline = await agent1Id();
    const m = await memberWithMoney(t, 10_000, {
      uplineId: upline,
      toUpline: true,
      paymentPassword: '135790',
    });
    const info = await t.call({ url: '/wps/wallet/transfer/upline', token: m.token });
    expect(info.json().value).toEqual({
      allowed: true,
      upline: { account: 'agent1', nickname: 'Lotus Agent' },
      hasPaymentPassword: true,
    });
    const uplineBefore = await walletMinor(t, upline);
    const send = (payload: Record<string, unknown>, token = m.token) =>
      secureCall(t, { url: '/wps/wallet/transfer/upline', token, payload });

    const wrong = await send({ amount: 10, paymentPassword: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errorCode).toBe('payment.password.invalid');
    const plain = await t.call({
      method: 'POST',
      url: '/wps/wallet/transfer/upline',
      token: m.token,
      payload: { amount: 10, paymentPassword: '135790' },
    });
    expect(plain.json().errorCode).toBe('payload.encryption.required');
    const tooMuch = await send({ amount: 100.01, paymentPassword: '135790' });
    expect(tooMuch.json().errorCode).toBe('wallet.balance.insufficient');

    const ok = await send({ amount: '25.75', paymentPassword: '135790', idempotencyKey: 'upline-0001' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({
      kind: 'UPLINE_TRANSFER',
      amount: 25.75,
      upline: 'agent1',
      replayed: false,
    });
    expect(await walletMinor(t, m.memberId)).toBe(10_000 - 2_575);
    expect(await walletMinor(t, upline)).toBe(uplineBefore + 2_575);

    // Not allowed without the switch, nor without a payment password.
    const noSwitch = await memberWithMoney(t, 10_000, {
      uplineId: upline,
      toUpline: false,
      paymentPassword: '135790',
    });
    expect(
      (await t.call({ url: '/wps/wallet/transfer/upline', token: noSwitch.token })).json().value.allowed,
    ).toBe(false);
    const refused = await send({ amount: 1, paymentPassword: '135790' }, noSwitch.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('transfer.upline.not.allowed');
    const noPassword = await memberWithMoney(t, 10_000, { uplineId: upline, toUpline: true });
    const unset = await send({ amount: 1, paymentPassword: '135790' }, noPassword.token);
    expect(unset.json().errorCode).toBe('payment.password.not.set');
    expect(await walletMinor(t, noSwitch.memberId)).toBe(10_000);
  });

  it('the payment password limit counts wrong answers only: twelve right ones pass, ten wrong ones then lock the eleventh attempt, right or wrong, with 429 and nothing moved', async () => {
    const upline = await agent1Id();
    const m = await memberWithMoney(t, 10_000, {
      uplineId: upline,
      toUpline: true,
      paymentPassword: '246801',
    });
    const send = (paymentPassword: string, key: string) =>
      secureCall(t, {
        url: '/wps/wallet/transfer/upline',
        token: m.token,
        payload: { amount: 1, paymentPassword, idempotencyKey: key },
      });
    for (let i = 0; i < 12; i++) {
      const ok = await send('246801', `right-key-${i}`);
      expect(ok.statusCode, ok.body).toBe(200);
    }
    expect(await walletMinor(t, m.memberId)).toBe(10_000 - 1_200);
    const wrong = await Promise.all(Array.from({ length: 10 }, (_, i) => send('000000', `wrong-key-${i}`)));
    expect(wrong.map((r) => r.json().errorCode)).toEqual(Array(10).fill('payment.password.invalid'));
    const locked = await send('246801', 'after-lock-key');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorCode).toBe('TOO_MANY_REQUESTS');
    expect(await walletMinor(t, m.memberId)).toBe(10_000 - 1_200);
  });

  it('a trial account (type 4) cannot transfer: GCS_walletTransfer and the upline transfer answer 403 in_need_true_account', async () => {
    const trial = await memberWithMoney(t, 200_000, {
      agentType: 4,
      uplineId: await agent1Id(),
      toUpline: true,
      paymentPassword: '135790',
    });
    const res = await transfer(trial, { fromAccountTypeId: 1, toAccountTypeId: 101, amount: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('in_need_true_account');
    const up = await secureCall(t, {
      url: '/wps/wallet/transfer/upline',
      token: trial.token,
      payload: { amount: 1, paymentPassword: '135790' },
    });
    expect(up.statusCode).toBe(403);
    expect(up.json().errorCode).toBe('in_need_true_account');
    expect(await walletMinor(t, trial.memberId)).toBe(200_000);
  });
});

describe(`BC-09 money in minor units (${testDbKind})`, () => {
  let t3: TestApp;
  beforeAll(async () => {
    // The same server with a brand config of 3 decimals: the precision comes from configuration.
    const dir = mkdtempSync(join(tmpdir(), 'brand-'));
    const brandPath = join(dir, 'brand.json');
    const brand = JSON.parse(readFileSync(t.config.brandConfigPath, 'utf8'));
    writeFileSync(
      brandPath,
      JSON.stringify({ ...brand, currency: { code: 'USD', symbol: '$', precision: 3 } }),
    );
    t3 = await createTestApp({ configOverrides: { brandConfigPath: brandPath } });
  });
  afterAll(async () => t3?.close());

  it('BC-09 money is integer minor units in the database and in all arithmetic; on the wire major units with at most the configured precision (2 by default, 3 when configured)', async () => {
    // The database: every money column is a 64-bit integer.
    const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema()
        and (table_name, column_name) in (('ledger_posting','amount'), ('ledger_account','balance'),
          ('deposit_order','amount'), ('deposit_channel','min_amount'), ('deposit_channel','max_amount'),
          ('sandbox_payment','amount'))
      order by table_name, column_name`.execute(t.database.db);
    expect(columns.rows).toHaveLength(6);
    for (const c of columns.rows) expect(c.data_type, `${c.table_name}.${c.column_name}`).toBe('bigint');

    // Arithmetic: 0.10 + 0.20 is exactly 0.30 (30 minor units), never 0.30000000000000004.
    const m = await memberWithMoney(t, 100);
    expect((await transfer(m, { fromAccountTypeId: 1, toAccountTypeId: 101, amount: 0.1 })).statusCode).toBe(
      200,
    );
    expect(
      (await transfer(m, { fromAccountTypeId: 1, toAccountTypeId: 101, amount: '0.20' })).statusCode,
    ).toBe(200);
    expect(await walletMinor(t, m.memberId, 'VENDOR_PG')).toBe(30);
    const wire = (await t.call({ url: '/wps/v2/wallets/balance', token: m.token })).json().value;
    expect(wire.precision).toBe(2);
    expect(wire.balance.find((b: { accountTypeId: number }) => b.accountTypeId === 101).availBalance).toBe(
      0.3,
    );
    expect(wire.balance.find((b: { accountTypeId: number }) => b.accountTypeId === 1).availBalance).toBe(0.7);
    expect(
      (await transfer(m, { fromAccountTypeId: 1, toAccountTypeId: 101, amount: '0.001' })).json().errorCode,
    ).toBe('amount.invalid');

    // Precision 3 from the brand config: a third decimal is accepted, a fourth refused.
    const m3 = await memberWithMoney(t3, 5_000);
    const three = await t3.call({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      token: m3.token,
      payload: { fromAccountTypeId: 1, toAccountTypeId: 102, amount: '1.234' },
    });
    expect(three.statusCode, three.body).toBe(200);
    expect(three.json().value.amount).toBe(1.234);
    const four = await t3.call({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      token: m3.token,
      payload: { fromAccountTypeId: 1, toAccountTypeId: 102, amount: '1.2345' },
    });
    expect(four.json()).toMatchObject({
      errorCode: 'amount.invalid',
      message: 'Enter an amount with at most 3 decimals',
    });
    const b3 = (await t3.call({ url: '/wps/v2/wallets/balance', token: m3.token })).json().value;
    expect(b3.precision).toBe(3);
    expect(b3.sumBalance).toBe(5);
    expect(b3.balance.find((b: { accountTypeId: number }) => b.accountTypeId === 1).availBalance).toBe(3.766);
    for (const b of [...wire.balance, ...b3.balance]) {
      const decimals = String(b.availBalance).split('.')[1]?.length ?? 0;
      expect(decimals).toBeLessThanOrEqual(b === undefined ? 0 : wire.balance.includes(b) ? 2 : 3);
    }
  });
});
