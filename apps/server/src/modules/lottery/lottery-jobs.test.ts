import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { expectEachWindowRanOnce, ServerProcesses } from '../../test/server-processes.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { DRAW_JOB } from './lottery.jobs.ts';
import { DWD, numerosFrom, placeBet, slipLine } from './lottery-test-kit.ts';
import type { GameRow } from './lottery-games.ts';

/**
 * LT-08: draws and settlement run as jobs exactly once, with several server instances, and a
 * re-run changes nothing. Two complete servers (buildApp) on one database (on PostgreSQL each with
 * its own pool) race the same windows and the same numeros; then, on PostgreSQL, two real server
 * processes tick on their own timers.
 */
let t: TestApp;
let second: FastifyInstance;
let clock = Date.UTC(2026, 10, 23, 6, 0, 20);
beforeAll(async () => {
  const services = { jobs: { tickMs: 0, onError: () => undefined } };
  t = await createTestApp({ services });
  second = await secondInstance(t, services);
  t.app.ctx.lottery.now = () => clock;
  second.ctx.lottery.now = () => clock;
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** Pays exactly what the rules say for DWD on the first digit: 19.60 a hit at series 1960. */
const expectedWin = (winNo: string, digit: string) => (winNo.split(',')[0] === digit ? 1960 : 0);

async function rngGame(t: TestApp, code: string, intervalS = 60, lockS = 5): Promise<GameRow> {
  return t.app.ctx.lottery.games.add({
    code,
    remark: code,
    family: 'SSC',
    intervalS,
    lockS,
    resultSource: 'RNG',
  });
}

describe(`lottery jobs (${testDbKind})`, () => {
  it('LT-08 draws and settlement run as jobs exactly once with two server instances racing the same windows, and re-runs change nothing', async () => {
    const g = await rngGame(t, `J${process.pid % 1000}`);
    await Promise.all([
      t.app.ctx.lottery.engine.ensureNumeros(new Date(clock)),
      second.ctx.lottery.engine.ensureNumeros(new Date(clock)),
    ]);
    const ns = await numerosFrom(t, g, clock + 10_000, 3);
    clock = ns[0]!.sale_start.getTime() + 1000;
    const players: { m: TestMember; digit: string; start: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const m = await memberWithMoney(t, 10_000);
      const digit = String(i);
      // A chase over the 3 numeros without win-stop: each numero settles its own detail.
      const r = await placeBet(t, m.token, {
        gameId: g.id,
        currentNumero: ns[0]!.numero,
        prizeModeId: 4,
        bettingSlipString: slipLine(`${digit}____`, DWD),
        betCartAmountSum: 6,
        chase: true,
        winningStop: false,
        chaseSlip: { numero: ns[0]!.numero, multiples: [1, 1, 1] },
      });
      expect(r.statusCode).toBe(200);
      players.push({ m, digit, start: await walletMinor(t, m.memberId) });
    }
    clock = ns[2]!.draw_at.getTime() + 1000;
    const job = t.app.ctx.jobs;
    const windows = job.dueWindows(DRAW_JOB, new Date(clock));
    // Both instances run the due window and the direct pass at the same moment, twice over.
    const outcomes = await Promise.all([
      ...windows.map((w) => job.runWindow(DRAW_JOB, w.start)),
      ...windows.map((w) => second.ctx.jobs.runWindow(DRAW_JOB, w.start)),
      t.app.ctx.lottery.engine.runDraws(new Date(clock)),
      second.ctx.lottery.engine.runDraws(new Date(clock)),
    ]);
    expect(outcomes.slice(0, windows.length * 2).filter((o) => o === 'ran')).toHaveLength(windows.length);
    // Anything left by a busy instance is finished by the next pass.
    await t.app.ctx.lottery.engine.runDraws(new Date(clock));
    const rows = await sql<{
      id: number;
      status: string;
      win_no: string;
      revision: number;
      settled_revision: number;
    }>`
      select id, status, win_no, revision, settled_revision from lottery_numero
      where id = any(${ns.map((n) => n.id)}::bigint[]) order by draw_at`.execute(t.database.db);
    expect(rows.rows.map((r) => [r.status, r.revision, r.settled_revision])).toEqual([
      ['settled', 0, 0],
      ['settled', 0, 0],
      ['settled', 0, 0],
    ]);
    const revisions = await sql<{ n: number }>`
      select count(*)::int as n from lottery_result_revision where numero_id = any(${ns.map((n) => n.id)}::bigint[])`.execute(
      t.database.db,
    );
    expect(revisions.rows[0]!.n).toBe(3);
    const payouts = await sql<{ reference: string; n: number }>`
      select reference, count(*)::int as n from ledger_transaction
      where kind = 'BET_PAYOUT' and reference like ${`${g.code}-%`} group by reference`.execute(
      t.database.db,
    );
    for (const p of payouts.rows) expect(p.n).toBe(1);
    const check = async () => {
      for (const p of players) {
        const won = rows.rows.reduce((a, r) => a + expectedWin(r.win_no, p.digit), 0);
        expect(await walletMinor(t, p.m.memberId)).toBe(p.start + won);
      }
    };
    await check();
    // Re-runs: the windows are done, the passes find nothing to draw or pay.
    for (const w of windows) {
      expect(await job.runWindow(DRAW_JOB, w.start)).toBe('done-already');
      expect(await second.ctx.jobs.runWindow(DRAW_JOB, w.start)).toBe('done-already');
    }
    const again = await Promise.all([
      t.app.ctx.lottery.engine.runDraws(new Date(clock)),
      second.ctx.lottery.engine.runDraws(new Date(clock)),
    ]);
    for (const a of again) expect(a).toMatchObject({ drawn: 0, failed: 0 });
    await check();
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  }, 240_000);
});

describe.skipIf(testDbKind !== 'postgres')('lottery jobs in two server processes (postgres)', () => {
  const processes = new ServerProcesses();
  afterAll(() => processes.stop());

  it('LT-08 two server processes on one PostgreSQL database draw and settle each numero once, each window once', async () => {
    const lottery = t.app.ctx.lottery;
    lottery.now = Date.now;
    const startedAt = Date.now();
    const g = await rngGame(t, `P${process.pid % 1000}`, 30, 3);
    await lottery.engine.ensureNumeros(new Date());
    let ns = await numerosFrom(t, g, Date.now(), 2);
    // Not too close to the close: take the next numero if this one closes within 5 s.
    if (ns[0]!.sale_end.getTime() - Date.now() < 5_000)
      ns = await numerosFrom(t, g, ns[0]!.draw_at.getTime(), 2);
    while (Date.now() < ns[0]!.sale_start.getTime()) await new Promise((r) => setTimeout(r, 200));
    const players: { m: TestMember; digit: string; start: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const m = await memberWithMoney(t, 10_000);
      const r = await placeBet(t, m.token, {
        gameId: g.id,
        currentNumero: ns[0]!.numero,
        prizeModeId: 4,
        bettingSlipString: slipLine(`${i}____`, DWD),
        betCartAmountSum: 4,
        chase: true,
        winningStop: false,
        chaseSlip: { numero: ns[0]!.numero, multiples: [1, 1] },
      });
      expect(r.statusCode, r.json().message as string).toBe(200);
      players.push({ m, digit: String(i), start: await walletMinor(t, m.memberId) });
    }
    const both = await processes.start(t, 2);
    const settled = async () =>
      (
        await sql<{ n: number }>`
          select count(*)::int as n from lottery_numero where id = any(${ns.map((n) => n.id)}::bigint[])
            and status = 'settled'`.execute(t.database.db)
      ).rows[0]!.n;
    const deadline = ns[1]!.draw_at.getTime() + 60_000;
    while ((await settled()) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    expect(await settled()).toBe(2);
    await new Promise((r) => setTimeout(r, 11_000));
    await processes.stop();
    const rows = await sql<{ win_no: string; revision: number; settled_revision: number }>`
      select win_no, revision, settled_revision from lottery_numero where id = any(${ns.map((n) => n.id)}::bigint[])`.execute(
      t.database.db,
    );
    expect(rows.rows.every((r) => r.revision === 0 && r.settled_revision === 0)).toBe(true);
    for (const p of players) {
      const won = rows.rows.reduce((s, r) => s + expectedWin(r.win_no, p.digit), 0);
      expect(await walletMinor(t, p.m.memberId)).toBe(p.start + won);
    }
    // The windows ticked by the two processes (the first test ran windows of a day long past).
    const runs = await t.database.db
      .selectFrom('job_run')
      .selectAll()
      .where('job', '=', DRAW_JOB)
      .where('window_start', '>=', new Date(startedAt - 10_000))
      .execute();
    expectEachWindowRanOnce(runs, both);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  }, 240_000);
});
