import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { expectEachWindowRanOnce, ServerProcesses } from '../../test/server-processes.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { AUTO_CONFIRM_JOB } from './withdraw.jobs.ts';
import { bindBank, newMember, submitWithdraw } from './withdraw-test-kit.ts';

/**
 * WD-12 with real server processes: two `main.ts` processes, as two instances behind a load
 * balancer, on one PostgreSQL database (this file's schema). Each ticks the job mechanism on its
 * own timer; each overdue payout is confirmed once, and each window runs once.
 */
const onPostgres = testDbKind === 'postgres';
let t: TestApp;
const processes = new ServerProcesses();
beforeAll(async () => {
  t = await createTestApp({
    configOverrides: { dataDir: mkdtempSync(join(tmpdir(), 'wd-procs-')) },
    services: { jobs: { tickMs: 0 } },
  });
});
afterAll(async () => {
  await processes.stop();
  await t?.close();
});

describe.skipIf(!onPostgres)(`withdrawal auto-confirm in two server processes (${testDbKind})`, () => {
  it('two server processes on one PostgreSQL database confirm each overdue payout once and run each window once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await newMember(t);
      const bankAccountId = await bindBank(t, m);
      const id = (await submitWithdraw(t, m, { bankAccountId, amount: 100 })).json().value.id as number;
      await runOpsCommand(t.app.ctx, ['withdraw', 'approve', String(id)]);
      await runOpsCommand(t.app.ctx, ['withdraw', 'pay', String(id)]);
      ids.push(id);
    }
    // Paid 40 minutes ago: overdue for the default 30-minute confirmation time.
    await sql`update withdrawal set paid_at = now() - interval '40 minutes' where id in (${sql.join(ids)})`.execute(
      t.database.db,
    );
    const both = await processes.start(t, 2);

    // Both tick every 5 s; wait until the payouts are confirmed, then a little more ticking by both.
    const deadline = Date.now() + 90_000;
    const received = async () =>
      (
        await t.database.db
          .selectFrom('withdrawal')
          .select('id')
          .where('id', 'in', ids)
          .where('status', '=', 'RECEIVED')
          .execute()
      ).length;
    while ((await received()) < ids.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 500));
    expect(await received()).toBe(ids.length);
    await new Promise((r) => setTimeout(r, 12_000));
    await processes.stop();

    const events = await t.database.db
      .selectFrom('withdrawal_event')
      .select(['withdrawal_id', 'actor'])
      .where('withdrawal_id', 'in', ids)
      .where('status', '=', 'RECEIVED')
      .execute();
    expect(events.map((e) => e.withdrawal_id).sort()).toEqual([...ids].sort());
    expect(events.every((e) => e.actor === 'system')).toBe(true);
    const runs = await t.database.db
      .selectFrom('job_run')
      .selectAll()
      .where('job', '=', AUTO_CONFIRM_JOB)
      .execute();
    expectEachWindowRanOnce(runs, both);
    const rows = await t.database.db
      .selectFrom('withdrawal')
      .select(['forced_received', 'refund_forfeited'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((r) => r.forced_received && r.refund_forfeited)).toBe(true);
  }, 240_000);
});
