import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SECRETS, loadConfig, MIN_PRODUCTION_SECRET_LENGTH } from '../config.ts';
import { createTestApp, productionTestEnv, testDbKind, type TestApp } from '../test/test-app.ts';
import { spawnServer } from '../test/server-processes.ts';
import { memberWithMoney, walletMinor } from '../modules/wallet/wallet-test-kit.ts';
import { openGatewayOrder, sandboxNotify } from '../modules/deposit/deposit-test-kit.ts';
import { SANDBOX_VENDOR_CODE } from '../modules/games/sandbox-vendor.ts';
import { vendorWalletPath } from '../modules/games/vendor-callbacks.routes.ts';
import { signedHeaders } from '../modules/games/vendor-signature.ts';

/**
 * Issue 28, defect 1: the sandbox payment gateway and game vendor sign money-moving callbacks with
 * secrets whose development defaults stand in the source. A production server must refuse to start
 * without secrets of its own, and a server that runs with them must refuse the published ones.
 */
const production = productionTestEnv;
const PAY_SECRET = production.SANDBOX_PAY_SECRET;
const GAME_SECRET = production.GAME_SANDBOX_SECRET;

describe('production secrets: the configuration', () => {
  it('outside production a missing secret falls back to its development default', () => {
    expect(loadConfig({}).secrets).toEqual({
      sandboxPay: DEV_SECRETS.SANDBOX_PAY_SECRET,
      gameSandbox: DEV_SECRETS.GAME_SANDBOX_SECRET,
    });
    expect(loadConfig({ SANDBOX_PAY_SECRET: 'mine' }).secrets.sandboxPay).toBe('mine');
  });

  it('with NODE_ENV=production a missing, blank, published or short secret stops the start, naming its variable', () => {
    expect(loadConfig(production).secrets).toEqual({ sandboxPay: PAY_SECRET, gameSandbox: GAME_SECRET });
    for (const name of ['SANDBOX_PAY_SECRET', 'GAME_SANDBOX_SECRET'] as const) {
      const missing = { ...production, [name]: undefined };
      expect(() => loadConfig(missing)).toThrow(new RegExp(`^${name} must be set when NODE_ENV=production`));
      expect(() => loadConfig({ ...production, [name]: '   ' })).toThrow(new RegExp(`^${name} must be set`));
      for (const published of Object.values(DEV_SECRETS))
        expect(() => loadConfig({ ...production, [name]: published })).toThrow(
          new RegExp(`^${name} is a published development default`),
        );
      expect(() =>
        loadConfig({ ...production, [name]: 'x'.repeat(MIN_PRODUCTION_SECRET_LENGTH - 1) }),
      ).toThrow(new RegExp(`^${name} is ${MIN_PRODUCTION_SECRET_LENGTH - 1} characters`));
    }
  });
});

describe('the demo seed in production (issue 28): the configuration', () => {
  it('SEED_DEMO asks for the demo content outside production; with NODE_ENV=production it stops the start, naming the variable', () => {
    expect(loadConfig({}).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    for (const on of ['1', 'true', ' ON ', 'yes']) expect(loadConfig({ SEED_DEMO: on }).seedDemo).toBe(true);
    expect(loadConfig({ ...production, SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig(production).seedDemo).toBe(false);
    for (const on of ['1', 'true'])
      expect(() => loadConfig({ ...production, SEED_DEMO: on })).toThrow(
        new RegExp(
          `^SEED_DEMO=${on} is refused when NODE_ENV=production: demo accounts with published passwords`,
        ),
      );
  });
});

// The processes stop before they open a database (DATA_DIR, never the project's): the PostgreSQL
// pass of the server tests would run exactly this again.
describe.runIf(testDbKind === 'pglite')('production secrets: the real server process', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'prod-secrets-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a production server without SANDBOX_PAY_SECRET exits at once with status 1 and says which variable is missing', async () => {
    const { listening } = spawnServer(
      {
        NODE_ENV: 'production',
        SANDBOX_PAY_SECRET: '',
        GAME_SANDBOX_SECRET: GAME_SECRET,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
      60_000,
    );
    const exited = (await listening.then(
      () => null,
      (err: unknown) => err,
    )) as { code: number; output: string } | null;
    expect(exited, 'the server must not start').not.toBeNull();
    expect(exited!.code).toBe(1);
    expect(exited!.output).toContain('SANDBOX_PAY_SECRET must be set when NODE_ENV=production');
    // A configuration mistake is a sentence, not a stack trace.
    expect(exited!.output).not.toMatch(/\n\s+at /);
    // A new process loading the server's modules: seconds on a quiet machine, far more on a busy one.
  }, 90_000);

  it('issue 28: a production server asked for the demo seed (SEED_DEMO=1) exits at once with status 1 in one line naming SEED_DEMO, before touching the database', async () => {
    const { listening } = spawnServer(
      { ...production, SEED_DEMO: '1', DATA_DIR: dataDir, DATABASE_URL: '' },
      60_000,
    );
    const exited = (await listening.then(
      () => null,
      (err: unknown) => err,
    )) as { code: number; output: string } | null;
    expect(exited, 'the server must not start').not.toBeNull();
    expect(exited!.code).toBe(1);
    expect(exited!.output.trim().split('\n')).toEqual([
      'SEED_DEMO=1 is refused when NODE_ENV=production: demo accounts with published passwords must never reach a production database (unset SEED_DEMO)',
    ]);
    // Refused before the database is opened: nothing was written to the data directory.
    expect(readdirSync(dataDir)).toEqual([]);
  }, 90_000);
});

describe(`production secrets: callbacks signed with the published defaults (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ configOverrides: { secrets: loadConfig(production).secrets } });
  });
  afterAll(async () => t?.close());

  it('a gateway notification signed with the development default is refused and credits nothing; the configured secret is accepted', async () => {
    const m = await memberWithMoney(t, 1_000);
    const { orderNo, paymentId } = await openGatewayOrder(t, m, 100);
    const raw = JSON.stringify({
      paymentId,
      merchantOrderNo: orderNo,
      amount: '100.00',
      currency: 'USD',
      status: 'PAID',
    });
    const notify = (secret: string) => sandboxNotify(t, secret, raw);
    const forged = await notify(DEV_SECRETS.SANDBOX_PAY_SECRET);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, errorCode: 'gateway.signature.invalid' });
    expect(await walletMinor(t, m.memberId)).toBe(1_000);
    const pending = await t.call({ url: `/wps/deposit/order?orderNo=${orderNo}`, token: m.token });
    expect(pending.json().value.status).toBe('PENDING');

    const genuine = await notify(PAY_SECRET);
    expect(genuine.statusCode, genuine.body).toBe(200);
    expect(await walletMinor(t, m.memberId)).toBe(11_000);
  });

  it('a sandbox vendor wallet callback signed with the development default is refused and moves nothing; the same callback signed with the configured secret is accepted and credits exactly its amount', async () => {
    const m = await memberWithMoney(t, 1_000);
    const currency = t.app.ctx.wallet.currency().code;
    const roundId = `round-${process.pid}-${Date.now()}`;
    const send = (op: 'debit' | 'credit', secret: string, raw: string) => {
      const path = vendorWalletPath(SANDBOX_VENDOR_CODE, op);
      return t.call({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(secret, 'POST', path, raw, Date.now()),
        },
        payload: raw,
      });
    };
    // The round's stake, signed with the configured secret: a credit then has a round to close.
    const debit = await send(
      'debit',
      GAME_SECRET,
      JSON.stringify({
        playerId: String(m.memberId),
        transactionId: `stake-${process.pid}-${Date.now()}`,
        roundId,
        amount: 300,
        currency,
      }),
    );
    expect(debit.statusCode, debit.body).toBe(200);
    expect(await walletMinor(t, m.memberId)).toBe(700);

    const raw = JSON.stringify({
      playerId: String(m.memberId),
      transactionId: `win-${process.pid}-${Date.now()}`,
      roundId,
      amount: 101_000_000,
      currency,
    });
    const forged = await send('credit', DEV_SECRETS.GAME_SANDBOX_SECRET, raw);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().success).toBe(false);
    expect(await walletMinor(t, m.memberId)).toBe(700);

    // The very same callback signed with the configured secret: credited, exactly its amount, once.
    const genuine = await send('credit', GAME_SECRET, raw);
    expect(genuine.statusCode, genuine.body).toBe(200);
    expect(genuine.json()).toEqual({
      success: true,
      value: {
        balance: 700 + 101_000_000,
        currency,
        applied: true,
        ledgerTransactionId: expect.any(Number),
        roundStatus: 'CREDITED',
        freePlay: false,
      },
    });
    expect(await walletMinor(t, m.memberId)).toBe(700 + 101_000_000);
    const movement = await t.database.db
      .selectFrom('ledger_transaction')
      .select(['kind', 'reference'])
      .where('id', '=', genuine.json().value.ledgerTransactionId as number)
      .executeTakeFirstOrThrow();
    expect(movement).toEqual({ kind: 'BET_PAYOUT', reference: `${SANDBOX_VENDOR_CODE}:${roundId}` });
  });
});
