import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { DWD, numerosFrom, officialSscGame, placeBet, slipLine } from '../lottery/lottery-test-kit.ts';
import type { GameRow } from '../lottery/lottery-games.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The back office's Lottery section (issue 31, decision 034) on PGlite and PostgreSQL: a result
 * previewed then entered (the preview is what the settlement then moves, to the minor unit), a
 * correction by the difference, a void, two people confirming one result at once (one outcome),
 * the job after a confirmation (nothing paid twice), the liability of an open numero, refusals,
 * and the CLI acting through the same audited path. The permission matrix over these calls is
 * permissions.test.ts (they are in `backofficeCalls`).
 */
const { LotteryBoErrors: E } = backoffice;

let t: TestApp;
let admin: SignedIn;
let admin2: SignedIn;
let reader: SignedIn;
let clock = Date.UTC(2026, 10, 24, 3, 0, 30);

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true }, services: { jobs: { tickMs: 0 } } });
  t.app.ctx.lottery.now = () => clock;
  admin = await createSignedIn(t, `lbo-adm-${process.pid % 1000}`, 'admin');
  admin2 = await createSignedIn(t, `lbo-adm2-${process.pid % 1000}`, 'admin');
  reader = await createSignedIn(t, `lbo-ro-${process.pid % 1000}`, 'read-only');
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

async function ledgerAndChainHold() {
  const report = await t.app.ctx.wallet.check();
  expect(report.ok, JSON.stringify(report)).toBe(true);
  const chain = await t.app.ctx.audit.verify();
  expect(chain.ok, JSON.stringify(chain)).toBe(true);
}

/** A game of the test's own (official SSC, one draw a minute) with a numero on sale now. */
async function gameOnSale(): Promise<{ g: GameRow; numero: string; drawAt: number }> {
  const g = await officialSscGame(t);
  await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
  const [n] = await numerosFrom(t, g, clock + 10_000, 1);
  clock = n!.sale_start.getTime() + 1000;
  return { g, numero: n!.numero, drawAt: n!.draw_at.getTime() };
}

/** Position digit bets on the ten-thousands digit: `digit` wins on a result starting with it. */
async function bet(g: GameRow, numero: string, token: string, digit: number, multiple = 1) {
  const res = await placeBet(t, token, {
    gameId: g.id,
    currentNumero: numero,
    prizeModeId: 4,
    bettingSlipString: slipLine(`${digit}____`, DWD, multiple),
    betCartAmountSum: 2 * multiple,
  });
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
}

const figures = (e: Record<string, unknown>) => {
  const { auditId: _a, currency: _c, precision: _p, ...rest } = e;
  return rest;
};

describe(`back-office lottery (${testDbKind})`, () => {
  it('lists the games with schedules and results awaited, and a numero with its liability while open', async () => {
    const { g, numero } = await gameOnSale();
    const a = await memberWithMoney(t, 100_000);
    const b = await memberWithMoney(t, 100_000);
    await bet(g, numero, a.token, 5, 3);
    await bet(g, numero, b.token, 5, 1);
    await bet(g, numero, b.token, 7, 2);
    const games = await bo(reader, 'GET', '/bo/api/lottery/games');
    expect(games.statusCode, games.body).toBe(200);
    const mine = games.json().value.list.find((x: { code: string }) => x.code === g.code);
    expect(mine).toMatchObject({
      resultSource: 'OFFICIAL',
      schedule: 'every 1 min',
      lockS: 5,
      enabled: true,
    });
    expect(mine.onSale.numero).toBe(numero);
    const liability = await bo(reader, 'GET', `/bo/api/lottery/liability?code=${g.code}&numero=${numero}`);
    expect(liability.statusCode, liability.body).toBe(200);
    const l = liability.json().value;
    expect(l).toMatchObject({ tickets: 3, players: 2, stake: 12 });
    // 5 on the first position: 4 × 19.60 at SEA 1960; 7: 2 × 19.60. One result hits one digit.
    expect(l.rows[0]).toMatchObject({ content: '5____', tickets: 2, stake: 8, payoutIfHit: 78.4 });
    expect(l.rows[1]).toMatchObject({ content: '7____', payoutIfHit: 39.2 });
    expect(l.worstCase).toBe(78.4);
    const list = await bo(reader, 'GET', `/bo/api/lottery/numeros?code=${g.code}&filter=upcoming&size=3`);
    expect(list.json().value.list[0]).toMatchObject({ numero, status: 'open', tickets: 3, stake: 12 });
  });

  it('a result previewed then entered: the preview is exactly what the settlement moves, audited; the job pays nothing twice', async () => {
    const { g, numero, drawAt } = await gameOnSale();
    const a = await memberWithMoney(t, 100_000);
    const b = await memberWithMoney(t, 100_000);
    await bet(g, numero, a.token, 5, 3);
    await bet(g, numero, b.token, 7, 1);
    // Before the draw time no result is taken.
    const early = await bo(admin, 'POST', '/bo/api/lottery/preview', {
      code: g.code,
      numero,
      action: 'enter',
      winNo: '5,0,0,0,0',
    });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().errorCode).toBe(E.boLotteryState.code);
    clock = drawAt + 2000;
    const detail = (await bo(admin, 'GET', `/bo/api/lottery/numero?code=${g.code}&numero=${numero}`)).json()
      .value;
    expect(detail.can).toEqual({ enter: true, correct: false, void: true, prizes: true });
    expect(detail.numero.awaitingResult).toBe(true);
    const preview = await bo(admin, 'POST', '/bo/api/lottery/preview', {
      code: g.code,
      numero,
      action: 'enter',
      winNo: '5,0,0,0,0',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().value;
    expect(p).toMatchObject({
      ticketsAffected: 2,
      winnersAfter: 1,
      payoutsAdded: 58.8,
      payoutsRemoved: 0,
      houseNet: -58.8,
      playersMoved: 1,
      statusAfter: 'settled',
      version: detail.version,
    });
    expect(p.players).toEqual([{ memberId: a.memberId, username: a.username, amount: 58.8 }]);
    // The preview moved nothing.
    expect(await walletMinor(t, a.memberId)).toBe(100_000 - 600);
    const unchanged = (
      await bo(admin, 'GET', `/bo/api/lottery/numero?code=${g.code}&numero=${numero}`)
    ).json().value;
    expect(unchanged.numero.status).not.toBe('settled');
    const confirm = await bo(admin, 'POST', '/bo/api/lottery/result', {
      code: g.code,
      numero,
      action: 'enter',
      winNo: '5,0,0,0,0',
      version: p.version,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(figures(confirm.json().value)).toEqual(figures(p));
    expect(await walletMinor(t, a.memberId)).toBe(100_000 - 600 + 5880);
    expect(await walletMinor(t, b.memberId)).toBe(100_000 - 200);
    // The settlement job finds it settled: nothing more moves.
    const run = await t.app.ctx.lottery.engine.runDraws(new Date(clock));
    expect(run.failed).toBe(0);
    expect(await walletMinor(t, a.memberId)).toBe(100_000 - 600 + 5880);
    const entries = (await auditOf(t, 'lottery.result')).filter((x) => x.target_id === `${g.code}-${numero}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_kind: 'staff', actor_name: admin.username });
    expect(entries[0]!.before).toMatchObject({ winNo: '' });
    expect(entries[0]!.after).toMatchObject({ winNo: '5,0,0,0,0', payoutsAdded: 58.8, houseNet: -58.8 });
    await ledgerAndChainHold();
  });

  it('a correction is previewed and moves only the difference through the ledger; the same result again is refused', async () => {
    const { g, numero, drawAt } = await gameOnSale();
    const a = await memberWithMoney(t, 100_000);
    const b = await memberWithMoney(t, 100_000);
    await bet(g, numero, a.token, 5, 3);
    await bet(g, numero, b.token, 7, 1);
    clock = drawAt + 2000;
    const v0 = (await bo(admin, 'GET', `/bo/api/lottery/numero?code=${g.code}&numero=${numero}`)).json()
      .value;
    const first = await bo(admin, 'POST', '/bo/api/lottery/result', {
      code: g.code,
      numero,
      action: 'enter',
      winNo: '5,1,2,3,4',
      version: v0.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    const v1 = (await bo(admin, 'GET', `/bo/api/lottery/numero?code=${g.code}&numero=${numero}`)).json()
      .value;
    expect(v1.can).toEqual({ enter: false, correct: true, void: false, prizes: false });
    const preview = (
      await bo(admin, 'POST', '/bo/api/lottery/preview', {
        code: g.code,
        numero,
        action: 'correct',
        winNo: '7,1,2,3,4',
      })
    ).json().value;
    expect(preview).toMatchObject({
      revisionAfter: 1,
      ticketsAffected: 2,
      winnersBefore: 1,
      winnersAfter: 1,
      payoutsAdded: 19.6,
      payoutsRemoved: 58.8,
      houseNet: 39.2,
      playersMoved: 2,
    });
    const confirm = await bo(admin, 'POST', '/bo/api/lottery/result', {
      code: g.code,
      numero,
      action: 'correct',
      winNo: '7,1,2,3,4',
      version: preview.version,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(figures(confirm.json().value)).toEqual(figures(preview));
    expect(await walletMinor(t, a.memberId)).toBe(100_000 - 600);
    expect(await walletMinor(t, b.memberId)).toBe(100_000 - 200 + 1960);
    const adjust = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transaction where kind = 'ADJUSTMENT'
        and idempotency_key like ${`lottery:adjust:${v0.numero.id}:%`}`.execute(t.database.db);
    expect(adjust.rows[0]!.n).toBe(1);
    const same = await bo(admin, 'POST', '/bo/api/lottery/preview', {
      code: g.code,
      numero,
      action: 'correct',
      winNo: '7,1,2,3,4',
    });
    expect(same.statusCode).toBe(422);
    const revisions = (
      await bo(reader, 'GET', `/bo/api/lottery/numero?code=${g.code}&numero=${numero}`)
    ).json().value.revisions;
    expect(revisions.map((r: { winNo: string }) => r.winNo)).toEqual(['5,1,2,3,4', '7,1,2,3,4']);
    const audit = (await auditOf(t, 'lottery.correct')).filter((x) => x.target_id === `${g.code}-${numero}`);
    expect(audit[0]!.before).toMatchObject({ winNo: '5,1,2,3,4', status: 'settled' });
    await ledgerAndChainHold();
  });

  it('a void is previewed as the refunds it makes, then refunds every bet once', async () => {
    const { g, numero, drawAt } = await gameOnSale();
    const a = await memberWithMoney(t, 100_000);
    await bet(g, numero, a.token, 5, 3);
    await bet(g, numero, a.token, 6, 2);
    clock = drawAt + 2000;
    const preview = (
      await bo(admin, 'POST', '/bo/api/lottery/preview', {
        code: g.code,
        numero,
        action: 'void',
        reason: 'feed lost',
      })
    ).json().value;
    expect(preview).toMatchObject({ ticketsAffected: 2, refunds: 10, houseNet: -10, statusAfter: 'void' });
    const confirm = await bo(admin, 'POST', '/bo/api/lottery/void', {
      code: g.code,
      numero,
      reason: 'feed lost',
      version: preview.version,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(figures(confirm.json().value)).toEqual(figures(preview));
    expect(await walletMinor(t, a.memberId)).toBe(100_000);
    const again = await bo(admin, 'POST', '/bo/api/lottery/void', {
      code: g.code,
      numero,
      reason: 'feed lost',
      version: preview.version,
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await auditOf(t, 'lottery.void')).filter((x) => x.target_id === `${g.code}-${numero}`),
    ).toHaveLength(1);
    await ledgerAndChainHold();
  });

  it('two people confirming one result at once give one outcome; the other is told it changed', async () => {
    const { g, numero, drawAt } = await gameOnSale();
    const a = await memberWithMoney(t, 100_000);
    await bet(g, numero, a.token, 5, 1);
    clock = drawAt + 2000;
    const { version } = (
      await bo(admin, 'GET', `/bo/api/lottery/numero?code=${g.code}&numero=${numero}`)
    ).json().value;
    const [r1, r2, job] = await Promise.all([
      bo(admin, 'POST', '/bo/api/lottery/result', {
        code: g.code,
        numero,
        action: 'enter',
        winNo: '5,0,0,0,0',
        version,
      }),
      bo(admin2, 'POST', '/bo/api/lottery/result', {
        code: g.code,
        numero,
        action: 'enter',
        winNo: '6,0,0,0,0',
        version,
      }),
      t.app.ctx.lottery.engine.runDraws(new Date(clock)),
    ]);
    expect(job.failed).toBe(0);
    const codes = [r1.statusCode, r2.statusCode].sort();
    expect(codes, `${r1.body} ${r2.body}`).toEqual([200, 409]);
    const loser = r1.statusCode === 409 ? r1 : r2;
    expect(loser.json().errorCode).toBe(E.boLotteryChanged.code);
    const won = r1.statusCode === 200 ? '5,0,0,0,0' : '6,0,0,0,0';
    expect(await walletMinor(t, a.memberId)).toBe(100_000 - 200 + (won.startsWith('5') ? 1960 : 0));
    const entries = [...(await auditOf(t, 'lottery.result'))].filter(
      (x) => x.target_id === `${g.code}-${numero}`,
    );
    expect(entries).toHaveLength(1);
    await ledgerAndChainHold();
  });

  it('refuses a hand-entered result on an RNG game, a wrong result, an unknown numero; a read-only role reads but cannot preview', async () => {
    const rng = (await bo(reader, 'GET', '/bo/api/lottery/games'))
      .json()
      .value.list.find((x: { resultSource: string }) => x.resultSource === 'RNG');
    await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
    const recent = (
      await bo(reader, 'GET', `/bo/api/lottery/numeros?code=${rng.code}&filter=upcoming&size=1`)
    ).json().value.list[0];
    const rngEnter = await bo(admin, 'POST', '/bo/api/lottery/preview', {
      code: rng.code,
      numero: recent.numero,
      action: 'enter',
      winNo: '1,2,3,4,5',
    });
    expect(rngEnter.statusCode).toBe(409);
    expect(rngEnter.json().message).toMatch(/committed seed/);
    const { g, numero, drawAt } = await gameOnSale();
    clock = drawAt + 2000;
    const bad = await bo(admin, 'POST', '/bo/api/lottery/preview', {
      code: g.code,
      numero,
      action: 'enter',
      winNo: '1,2,3',
    });
    expect(bad.statusCode, bad.body).toBe(422);
    const unknown = await bo(admin, 'GET', `/bo/api/lottery/numero?code=${g.code}&numero=20000101-0001`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe(E.boLotteryNumeroNotFound.code);
    const junk = await bo(admin, 'GET', `/bo/api/lottery/numero?code=${g.code}&numero=abc`);
    expect(junk.statusCode).toBe(422);
    const denied = await bo(reader, 'POST', '/bo/api/lottery/preview', {
      code: g.code,
      numero,
      action: 'void',
    });
    expect(denied.statusCode).toBe(403);
  });

  it('the CLI enters a result, voids and switches a game through the same path, audited as its OS user', async () => {
    const { g, numero, drawAt } = await gameOnSale();
    const a = await memberWithMoney(t, 100_000);
    await bet(g, numero, a.token, 5, 1);
    clock = drawAt + 2000;
    const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, ['lottery', ...argv], 'jdoe');
    expect(await ops('result', g.code, numero, '--win-no', '5,0,0,0,0')).toMatch(
      /revision 0\); settled: 1 bets changed, paid 19.6/,
    );
    expect(await walletMinor(t, a.memberId)).toBe(100_000 - 200 + 1960);
    const entry = (await auditOf(t, 'lottery.result')).find((x) => x.target_id === `${g.code}-${numero}`)!;
    expect(entry).toMatchObject({ actor_kind: 'cli', actor_name: 'jdoe' });
    expect(await ops('game', g.code, 'off', '--reason', 'provider down')).toBe(`Game ${g.code} is off.`);
    const sw = (await auditOf(t, 'lottery.game.switch')).find((x) => x.target_id === g.code)!;
    expect(sw).toMatchObject({ actor_kind: 'cli', actor_name: 'jdoe', after: { enabled: false } });
    const games = (await bo(reader, 'GET', '/bo/api/lottery/games')).json().value.list;
    expect(games.find((x: { code: string }) => x.code === g.code).enabled).toBe(false);
    await ledgerAndChainHold();
  });
});
