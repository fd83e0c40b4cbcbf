import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice, playsOf } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { DWD, numerosFrom, officialSscGame, placeBet, slipLine } from '../lottery/lottery-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * Decision 040 on PGlite and PostgreSQL: the brand settings edited from the back office (checked,
 * audited with a reason, served to players at once, and by an instance that only hears the change
 * notice), a lottery game's schedule edited (future numeros without bets follow it, those with
 * bets are kept and listed), and an official result entered prize by prize (previewed, confirmed
 * against the preview's version, settled exactly once by the last prize). The permission matrix
 * over the new calls is permissions.test.ts.
 */
const { SiteBoErrors: SE, LotteryBoErrors: LE } = backoffice;

let t: TestApp;
let admin: SignedIn;
let reader: SignedIn;
// Monday 23 November 2026, 08:00 UTC (15:00 in Vietnam): the Monday South draws are at 16:15.
let clock = Date.UTC(2026, 10, 23, 8, 0, 0);

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true }, services: { jobs: { tickMs: 0 } } });
  t.app.ctx.lottery.now = () => clock;
  admin = await createSignedIn(t, `bc-adm-${process.pid % 1000}`, 'admin');
  reader = await createSignedIn(t, `bc-ro-${process.pid % 1000}`, 'read-only');
}, 180_000);
afterAll(async () => t?.close());

function bo(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.call({
    method,
    url,
    headers: callerIp(),
    token: who.token,
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
}
const ok = async (res: Awaited<ReturnType<typeof bo>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const playerBrand = async () => (await t.call({ url: '/config/brand.json' })).json();

describe(`back-office brand settings (${testDbKind})`, () => {
  it('an admin changes the brand settings with a reason: checked, audited before and after, served to players at once; reset to the file', async () => {
    const start = await ok(await bo(admin, 'GET', '/bo/api/site/brand'));
    expect(start.settings).toEqual(start.defaults);
    expect(start.overridden).toEqual([]);
    expect(JSON.stringify(start)).not.toMatch(/secret|password|token/i);
    const settings = { ...start.defaults, brandName: 'Golden Lotus', currencySymbol: 'US$' };
    // Refused: a read-only member of staff; a default language not offered; an unknown language; a bad colour.
    expect((await bo(reader, 'POST', '/bo/api/site/brand/set', { settings, reason: 'x' })).statusCode).toBe(
      403,
    );
    const bad = [
      { ...settings, defaultLang: 'TH', supportLanguages: ['EN'] },
      { ...settings, supportLanguages: ['EN', 'XX'] },
    ];
    for (const s of bad) {
      const res = await bo(admin, 'POST', '/bo/api/site/brand/set', { settings: s, reason: 'x' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errorCode).toBe(SE.boBrandInvalid.code);
    }
    const colour = await bo(admin, 'POST', '/bo/api/site/brand/set', {
      settings: { ...settings, chatHeaderColor: 'red' },
      reason: 'x',
    });
    expect(colour.statusCode).toBe(422);
    expect(await auditOf(t, 'site.brand')).toHaveLength(0);

    const set = await ok(
      await bo(admin, 'POST', '/bo/api/site/brand/set', { settings, reason: 'rebranding for the launch' }),
    );
    expect(set.settings).toMatchObject({ brandName: 'Golden Lotus', currencySymbol: 'US$' });
    expect(set.overridden.sort()).toEqual(['brandName', 'currencySymbol']);
    const served = await playerBrand();
    expect(served.brandName).toBe('Golden Lotus');
    expect(served.currency).toEqual({ ...start.config.currency, symbol: 'US$' });
    expect(served.merchant).toBe(start.config.merchant);
    expect(t.app.ctx.brand.get().brandName).toBe('Golden Lotus');
    const [entry] = await auditOf(t, 'site.brand');
    expect(entry).toMatchObject({
      actor_kind: 'staff',
      actor_id: admin.id,
      target_type: 'site',
      target_id: 'brand',
    });
    expect(entry!.before).toEqual({
      brandName: start.defaults.brandName,
      currencySymbol: start.defaults.currencySymbol,
    });
    expect(entry!.after).toEqual({
      brandName: 'Golden Lotus',
      currencySymbol: 'US$',
      reason: 'rebranding for the launch',
    });
    // The same settings again change nothing and write nothing.
    await ok(await bo(admin, 'POST', '/bo/api/site/brand/set', { settings, reason: 'again' }));
    expect(await auditOf(t, 'site.brand')).toHaveLength(1);
    // Back to the file's values: nothing of the operator's is left stored.
    const reset = await ok(
      await bo(admin, 'POST', '/bo/api/site/brand/set', { settings: start.defaults, reason: 'back' }),
    );
    expect(reset.overridden).toEqual([]);
    expect((await playerBrand()).brandName).toBe(start.defaults.brandName);
    expect(await auditOf(t, 'site.brand')).toHaveLength(2);
    expect((await t.app.ctx.audit.verify()).ok).toBe(true);
  });

  it('a change written by another instance reaches this one through the change notice, without a restart', async () => {
    const before = (await playerBrand()).brandName as string;
    // What another instance's back office (or the CLI) does: the row in its transaction, then the notice.
    await t.app.ctx.database.db.transaction().execute(async (trx) => {
      await t.app.ctx.system.changeBrandIn(trx, () => ({ brandName: 'Lotus Elsewhere' }));
    });
    await sql`select pg_notify('platform_changed', 'brand')`.execute(t.app.ctx.database.db);
    let name = before;
    for (let i = 0; i < 100 && name === before; i++) {
      await new Promise((r) => setTimeout(r, 20));
      name = (await playerBrand()).brandName;
    }
    expect(name).toBe('Lotus Elsewhere');
    await t.app.ctx.database.db.transaction().execute(async (trx) => {
      await t.app.ctx.system.changeBrandIn(trx, () => ({}));
    });
    await t.app.ctx.system.changed('brand');
    expect((await playerBrand()).brandName).toBe(before);
  });
});

describe(`back-office lottery schedules and prize-by-prize results (${testDbKind})`, () => {
  it("a fast game's closing offset and suspended dates: numeros without bets follow, one with a bet is kept; refusals; audited", async () => {
    clock = Date.UTC(2026, 10, 24, 3, 0, 30);
    const g = await officialSscGame(t);
    await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
    const [n1, n2] = await numerosFrom(t, g, clock + 10_000, 2);
    const m = await memberWithMoney(t, 100_000);
    clock = n2!.sale_start.getTime() + 1000;
    const bet = await placeBet(t, m.token, {
      gameId: g.id,
      currentNumero: n2!.numero,
      prizeModeId: 4,
      bettingSlipString: slipLine('5____', DWD),
      betCartAmountSum: 2,
    });
    expect(bet.statusCode, JSON.stringify(bet.json())).toBe(200);
    const url = '/bo/api/lottery/games/schedule';
    const body = { code: g.code, lockS: 15, suspendedDates: ['2026-11-25'], reason: 'holiday tomorrow' };
    expect((await bo(reader, 'POST', url, body)).statusCode).toBe(403);
    for (const wrong of [
      { ...body, drawTime: '18:00' },
      { ...body, lockS: 60 },
    ]) {
      const res = await bo(admin, 'POST', url, wrong);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errorCode).toBe(LE.boLotteryScheduleInvalid.code);
    }
    expect((await bo(admin, 'POST', url, { ...body, suspendedDates: ['2026-02-30'] })).statusCode).toBe(422);
    const out = await ok(await bo(admin, 'POST', url, body));
    expect(out.game).toMatchObject({ lockS: 15, suspendedDates: ['20261125'] });
    expect(out.replaced).toBeGreaterThan(0);
    expect(out.kept).toEqual([]);
    // The numero with a bet kept its times; the next ones close 15 s before their draw.
    const rows = await numerosFrom(t, g, n1!.draw_at.getTime() - 1, 3);
    expect(rows[1]!.numero).toBe(n2!.numero);
    expect(rows[1]!.sale_end.getTime()).toBe(n2!.sale_end.getTime());
    expect(rows[2]!.draw_at.getTime() - rows[2]!.sale_end.getTime()).toBe(15_000);
    const tomorrow = await sql<{ n: number }>`
      select count(*)::int as n from lottery_numero where game_id = ${g.id} and numero like '20261125-%'`.execute(
      t.database.db,
    );
    expect(tomorrow.rows[0]!.n).toBe(0);
    const [entry] = (await auditOf(t, 'lottery.game.schedule')).slice(-1);
    expect(entry).toMatchObject({ actor_id: admin.id, target_id: g.code });
    expect(entry!.before).toMatchObject({ lockS: 5, suspended: [] });
    expect(entry!.after).toMatchObject({ lockS: 15, suspended: ['20261125'], reason: 'holiday tomorrow' });
  });

  it('an official South result entered prize by prize: each previewed and confirmed against its version; the last settles once', async () => {
    clock = Date.UTC(2026, 10, 23, 8, 0, 0);
    await runOps(['lottery', 'game', 'XSHCM', 'sandbox', 'off']);
    await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
    const lo = playsOf('VNSOUTH').find((p) => p.code === 'LO2')!;
    const near = (await t.call({ method: 'GET', url: '/lgw/numeros/near?gameCode=XSHCM' })).json();
    const m = await memberWithMoney(t, 100_000);
    const bet = await placeBet(t, m.token, {
      gameId: near.gameId,
      currentNumero: '20261123',
      prizeModeId: 4,
      bettingSlipString: `27~1~${lo.playId}~1~1960~1`,
      betCartAmountSum: lo.singleBetPrice,
    });
    expect(bet.statusCode).toBe(200);
    const afterBet = await walletMinor(t, m.memberId);
    clock = Date.UTC(2026, 10, 23, 9, 20, 0);
    const q = 'code=XSHCM&numero=20261123';
    const detail = await ok(await bo(admin, 'GET', `/bo/api/lottery/numero?${q}`));
    expect(detail.can).toMatchObject({ enter: true, prizes: true });
    expect(detail.slots).toEqual([]);
    const first = { code: 'XSHCM', numero: '20261123', slots: { G8: ['27'] } };
    const p1 = await ok(await bo(admin, 'POST', '/bo/api/lottery/prizes/preview', first));
    expect(p1.missing).toHaveLength(8);
    expect(p1.effect).toMatchObject({
      action: 'prizes',
      ticketsAffected: 0,
      payoutsAdded: 0,
      version: detail.version,
    });
    expect(
      (await bo(reader, 'POST', '/bo/api/lottery/prizes', { ...first, version: detail.version })).statusCode,
    ).toBe(403);
    const wrongWidth = await bo(admin, 'POST', '/bo/api/lottery/prizes/preview', {
      ...first,
      slots: { G6: ['1234'] },
    });
    expect(wrongWidth.statusCode).toBe(422);
    const c1 = await ok(
      await bo(admin, 'POST', '/bo/api/lottery/prizes', { ...first, version: detail.version }),
    );
    expect(c1.entered).toEqual([{ prize: 'G8', numbers: ['27'] }]);
    expect(c1.auditId).toBeGreaterThan(0);
    // The same version again: the numero changed (the G8 is in), 409.
    const again = await bo(admin, 'POST', '/bo/api/lottery/prizes', { ...first, version: detail.version });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe(LE.boLotteryChanged.code);
    const d2 = await ok(await bo(admin, 'GET', `/bo/api/lottery/numero?${q}`));
    expect(d2.slots).toEqual([{ prize: 'G8', numbers: ['27'] }]);
    const rest = {
      code: 'XSHCM',
      numero: '20261123',
      slots: {
        G7: ['123'],
        G6: ['1111', '2222', '3333'],
        G5: ['4444'],
        G4: ['10001', '10002', '10003', '10004', '10005', '10006', '10007'],
        G3: ['20001', '20002'],
        G2: ['30001'],
        G1: ['40001'],
        DB: ['999999'],
      },
    };
    const p2 = await ok(await bo(admin, 'POST', '/bo/api/lottery/prizes/preview', rest));
    expect(p2.missing).toEqual([]);
    expect(p2.effect).toMatchObject({ statusAfter: 'settled', ticketsAffected: 1, winnersAfter: 1 });
    expect(p2.effect.payoutsAdded).toBeGreaterThan(0);
    // The preview moved nothing.
    expect(await walletMinor(t, m.memberId)).toBe(afterBet);
    const c2 = await ok(await bo(admin, 'POST', '/bo/api/lottery/prizes', { ...rest, version: d2.version }));
    const { version: _v1, ...previewed } = p2.effect;
    const { version: _v2, ...confirmed } = c2.effect;
    expect(confirmed).toEqual(previewed);
    const paid = await walletMinor(t, m.memberId);
    expect(paid - afterBet).toBe(Math.round(p2.effect.payoutsAdded * 100));
    // Exactly once: the draw job after it pays nothing more, and the ledger holds.
    await t.app.ctx.lottery.engine.runDraws(new Date(clock));
    expect(await walletMinor(t, m.memberId)).toBe(paid);
    const wins = await sql<{ n: number }>`
      select count(*)::int as n from lottery_ticket t join lottery_numero n on n.id = t.numero_id
      join lottery_game g on g.id = n.game_id
      where g.code = 'XSHCM' and n.numero = '20261123' and t.settled_at is not null`.execute(t.database.db);
    expect(wins.rows[0]!.n).toBe(1);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
    const entries = (await auditOf(t, 'lottery.result.prizes')).filter(
      (e) => e.target_id === 'XSHCM-20261123',
    );
    expect(entries).toHaveLength(2);
    expect(entries[1]!.after).toMatchObject({ missing: [], status: 'settled' });
    expect((await t.app.ctx.audit.verify()).ok).toBe(true);
    const done = await ok(await bo(admin, 'GET', `/bo/api/lottery/numero?${q}`));
    expect(done.can.prizes).toBe(false);
  });
});

async function runOps(argv: string[]) {
  const { runOpsCommand } = await import('../../cli/commands.ts');
  return runOpsCommand(t.app.ctx, argv);
}
