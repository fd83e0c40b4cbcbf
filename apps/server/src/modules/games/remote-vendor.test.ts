import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { RemoteVendor } from './remote-vendor.ts';
import { DEV_SECRETS } from '../../config.ts';
import { SANDBOX_VENDOR_CODE } from './sandbox-vendor.ts';
import { signedHeaders, verifySigned } from './vendor-signature.ts';

/**
 * The remote-style vendor (decision 019) through real HTTP on both sides: our server listens on a
 * port, a stand-in vendor listens on another; the launch goes to the vendor signed, and the
 * vendor's seamless-wallet callbacks come to `/vendor/EVO/wallet/*` signed.
 */
const SECRET = 'evo-shared-secret-for-tests-0123456789';
const CODE = 'EVO';

let t: TestApp;
let base: string;
let vendor: Server;
let vendorBase: string;
/** What the stand-in vendor received, and whether it accepted our signature. */
const launches: Array<{ body: Record<string, unknown>; signed: boolean }> = [];
let vendorDown = false;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => resolve(raw));
  });
}

beforeAll(async () => {
  vendor = createServer(async (req, res) => {
    const raw = await readBody(req);
    let signed = true;
    try {
      verifySigned(SECRET, { method: req.method!, path: req.url!, headers: req.headers, rawBody: raw });
    } catch {
      signed = false;
    }
    const body = JSON.parse(raw) as Record<string, unknown>;
    launches.push({ body, signed });
    if (vendorDown || !signed) {
      res.writeHead(vendorDown ? 500 : 401).end('{}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ gameUrl: `https://play.evo.example/table/${String(body.gameCode)}?s=abc` }));
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  vendorBase = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/seamless`;
  t = await createTestApp({
    beforeReady: (app) =>
      app.ctx.vendors.register(
        new RemoteVendor({ vassalage: CODE, baseUrl: vendorBase, secret: SECRET }, app.ctx.seamlessWallet),
      ),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => vendor?.close(resolve));
});

interface CallbackAnswer {
  success: boolean;
  errorCode?: string;
  value: { balance: number; applied: boolean; roundStatus: string };
}

/** The vendor calling our wallet, signed (or not, or late) as told. */
async function callback(
  op: string,
  body: Record<string, unknown>,
  sign: { secret?: string; at?: number; tamper?: boolean; none?: boolean; code?: string } = {},
) {
  const path = `/vendor/${sign.code ?? CODE}/wallet/${op}`;
  const raw = JSON.stringify(body);
  const headers = sign.none
    ? {}
    : signedHeaders(sign.secret ?? SECRET, 'POST', path, raw, sign.at ?? Date.now());
  const sent = sign.tamper ? raw.replace(/"amount":(\d+)/, '"amount":1$1') : raw;
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: sent,
  });
  return {
    status: res.status,
    json: (await res.json()) as CallbackAnswer,
  };
}

let serial = 0;
const id = (p: string) => `${p}-${process.pid}-${++serial}`;
let evoGame: { node_id: string; game_id: string };
let player: TestMember;

describe(`remote vendor over HTTP (${testDbKind})`, () => {
  beforeAll(async () => {
    player = await memberWithMoney(t, 100_000, { prefix: 'evoplayer' });
    evoGame = await t.database.db
      .selectFrom('game')
      .select(['node_id', 'game_id'])
      .where('vassalage', '=', CODE)
      .executeTakeFirstOrThrow();
  });

  it('GL-15 one adapter interface: the launch asks the remote vendor over signed HTTP for the URL, and its debit, credit and rollback callbacks are idempotent per transaction id and round under 20 concurrent duplicates', async () => {
    // Launch: through our launch call, to the vendor, signed; the vendor's URL comes back.
    const res = await fetch(
      `${base}/wps/game/launchGame?nodeId=${evoGame.node_id}&vassalage=${CODE}&accountType=1&launchMode=GLS&platform=html5-desktop&clientType=3&language=EN`,
      { headers: { authorization: player.token, merchant: 'SEA888', device: 'web', language: 'vi' } },
    );
    const launched = (await res.json()) as { value: { content: { game_url: string } } };
    expect(res.status).toBe(200);
    expect(launched.value.content.game_url).toBe(`https://play.evo.example/table/${evoGame.game_id}?s=abc`);
    const seen = launches.at(-1)!;
    expect(seen.signed).toBe(true);
    expect(seen.body).toMatchObject({
      playerId: String(player.memberId),
      gameCode: evoGame.game_id,
      language: 'VI',
      freePlay: false,
    });

    const round = id('evo-round');
    const playerId = String(player.memberId);
    const currency = t.app.ctx.wallet.currency().code;
    // Debit: 20 identical callbacks at once, one movement.
    const debit = {
      playerId,
      transactionId: id('bet'),
      roundId: round,
      amount: 2_500,
      currency,
      gameType: 'LIVE',
    };
    const debits = await Promise.all(Array.from({ length: 20 }, () => callback('debit', debit)));
    expect(debits.every((d) => d.status === 200 && d.json.success)).toBe(true);
    expect(debits.filter((d) => d.json.value.applied)).toHaveLength(1);
    expect(new Set(debits.map((d) => d.json.value.balance))).toEqual(new Set([97_500]));
    expect(await walletMinor(t, player.memberId)).toBe(97_500);
    // A second bet of the round, rolled back 20 times at once: refunded once.
    const bet2 = { ...debit, transactionId: id('bet'), amount: 500 };
    expect((await callback('debit', bet2)).json.value.balance).toBe(97_000);
    const rb = { playerId, transactionId: id('rb'), roundId: round, debitTransactionId: bet2.transactionId };
    const rollbacks = await Promise.all(Array.from({ length: 20 }, () => callback('rollback', rb)));
    expect(rollbacks.every((r) => r.status === 200)).toBe(true);
    expect(rollbacks.filter((r) => r.json.value.applied)).toHaveLength(1);
    expect(await walletMinor(t, player.memberId)).toBe(97_500);
    // Credit: 20 at once, paid once, the round closed.
    const credit = { playerId, transactionId: id('win'), roundId: round, amount: 6_000, currency };
    const credits = await Promise.all(Array.from({ length: 20 }, () => callback('credit', credit)));
    expect(credits.every((c) => c.status === 200)).toBe(true);
    expect(credits.filter((c) => c.json.value.applied)).toHaveLength(1);
    expect(new Set(credits.map((c) => c.json.value.balance))).toEqual(new Set([103_500]));
    expect((await callback('balance', { playerId })).json.value.balance).toBe(103_500);
    // A rollback after the credit of the same round is refused, and moves nothing.
    const late = await callback('rollback', {
      ...rb,
      transactionId: id('rb'),
      debitTransactionId: debit.transactionId,
    });
    expect(late.status).toBe(409);
    expect(late.json.errorCode).toBe('game.round.settled');
    expect(await walletMinor(t, player.memberId)).toBe(103_500);
    // One betting record for the round, under the vendor, with the stake that stayed.
    const rec = await t.database.db
      .selectFrom('bet_record')
      .selectAll()
      .where('vendor', '=', CODE)
      .where('bet_no', '=', round)
      .execute();
    expect(rec).toHaveLength(1);
    expect(rec[0]).toMatchObject({ product: 'LIVE', status: 'SETTLED' });
    expect(Number(rec[0]!.bet_amount)).toBe(2_500);
    expect(Number(rec[0]!.payout)).toBe(6_000);
    // A vendor that fails to answer the launch is a clean 502.
    vendorDown = true;
    try {
      const down = await fetch(`${base}/wps/game/launchGame?nodeId=${evoGame.node_id}`, {
        headers: { authorization: player.token, merchant: 'SEA888', device: 'web' },
      });
      expect(down.status).toBe(502);
      expect(((await down.json()) as { errorCode: string }).errorCode).toBe('game.vendor.unavailable');
    } finally {
      vendorDown = false;
    }
  });

  it('a callback with a bad, missing, foreign or stale signature, or a body changed after signing, is refused with 401 and moves nothing', async () => {
    const playerId = String(player.memberId);
    const currency = t.app.ctx.wallet.currency().code;
    const before = await walletMinor(t, player.memberId);
    const debit = { playerId, transactionId: id('bet'), roundId: id('r'), amount: 1_000, currency };
    const refusals = [
      await callback('debit', debit, { none: true }),
      await callback('debit', debit, { secret: 'another-vendors-secret-0123456789' }),
      await callback('debit', debit, { at: Date.now() - 6 * 60_000 }),
      await callback('debit', debit, { at: Date.now() + 6 * 60_000 }),
      await callback('debit', debit, { tamper: true }),
      await callback('credit', { ...debit, transactionId: id('win') }, { none: true }),
      await callback(
        'rollback',
        {
          playerId,
          transactionId: id('rb'),
          roundId: debit.roundId,
          debitTransactionId: debit.transactionId,
        },
        { secret: 'x'.repeat(32) },
      ),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(401);
      expect(r.json.errorCode).toBe('vendor.signature.invalid');
    }
    expect(await walletMinor(t, player.memberId)).toBe(before);
    // The same request signed right, within the window (4 minutes old), goes through once.
    const ok = await callback('debit', debit, { at: Date.now() - 4 * 60_000 });
    expect(ok.status).toBe(200);
    expect(await walletMinor(t, player.memberId)).toBe(before - 1_000);
    // A well-signed but malformed body is a clean 4xx.
    const bad = await callback('debit', { ...debit, amount: -5 });
    expect(bad.status).toBe(422);
    const wrongCurrency = await callback('debit', { ...debit, transactionId: id('bet'), currency: 'XXX' });
    expect(wrongCurrency.status).toBe(422);
  });

  it("a vendor cannot book one member's stake into another member's round", async () => {
    const other = await memberWithMoney(t, 10_000, { prefix: 'evoother' });
    const currency = t.app.ctx.wallet.currency().code;
    const round = id('r');
    await callback('debit', {
      playerId: String(player.memberId),
      transactionId: id('bet'),
      roundId: round,
      amount: 100,
      currency,
    });
    const res = await callback('credit', {
      playerId: String(other.memberId),
      transactionId: id('win'),
      roundId: round,
      amount: 5_000,
      currency,
    });
    expect(res.status).toBe(403);
    expect(res.json.errorCode).toBe('game.round.forbidden');
    expect(await walletMinor(t, other.memberId)).toBe(10_000);
  });

  it('a callback for a vendor code with no adapter moves nothing, whatever secret signs it; the sandbox takes callbacks under its own code only', async () => {
    const currency = t.app.ctx.wallet.currency().code;
    const before = await walletMinor(t, player.memberId);
    const debit = () => ({
      playerId: String(player.memberId),
      transactionId: id('sbx'),
      roundId: id('r'),
      amount: 700,
      currency,
    });
    const sandboxSecret = DEV_SECRETS.GAME_SANDBOX_SECRET;
    // Codes the catalogue lists (PG) and codes nobody knows (ZZZ) have no vendor behind them: the
    // published sandbox secret, a remote vendor's secret and no signature are all refused alike.
    for (const code of ['PG', 'ZZZ'])
      for (const sign of [{ secret: sandboxSecret }, { secret: SECRET }, { none: true }]) {
        const refused = await callback('debit', debit(), { code, ...sign });
        expect(refused.status, `${code} ${JSON.stringify(sign)}`).toBe(404);
        expect(refused.json.success).toBe(false);
        const credit = await callback('credit', debit(), { code, ...sign });
        expect(credit.status).toBe(404);
      }
    expect(await walletMinor(t, player.memberId)).toBe(before);

    // The sandbox vendor's own code still takes its signed callbacks, and only with its secret.
    const foreign = await callback('debit', debit(), { code: SANDBOX_VENDOR_CODE });
    expect(foreign.status).toBe(401);
    const ok = await callback('debit', debit(), { code: SANDBOX_VENDOR_CODE, secret: sandboxSecret });
    expect(ok.status).toBe(200);
    expect(ok.json.value).toMatchObject({ applied: true, balance: before - 700, roundStatus: 'OPEN' });
    const unknownOp = await callback('refund', debit(), { code: SANDBOX_VENDOR_CODE, secret: sandboxSecret });
    expect(unknownOp.status).toBe(404);
  });
});
