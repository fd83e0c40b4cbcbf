import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { AUTO_CONFIRM_JOB } from './withdraw.jobs.ts';
import { bindBank, newMember, submitWithdraw } from './withdraw-test-kit.ts';

/**
 * WD-12: the withdrawal auto-confirm runs as a scheduled job exactly once with several server
 * instances, and a re-run changes nothing. Two complete servers (buildApp) share one database; on
 * PostgreSQL each has its own connection pool, as two processes behind a load balancer do.
 */
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  const services = { jobs: { tickMs: 0, onError: () => undefined }, withdraw: { autoConfirmMinutes: 30 } };
  t = await createTestApp({
    services,
    configOverrides: { dataDir: mkdtempSync(join(tmpdir(), 'wd-jobs-')) },
  });
  second = await secondInstance(t, services);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe(`withdrawal auto-confirm job (${testDbKind})`, () => {
  it(`WD-12 the auto-confirm runs exactly once with two server instances${testDbKind === 'postgres' ? ' on one PostgreSQL database' : ''}, and a re-run of its window does nothing`, async () => {
    const ids: number[] = [];
    const members = [];
    for (let i = 0; i < 4; i++) {
      const m = await newMember(t);
      const bankAccountId = await bindBank(t, m);
      const id = (await submitWithdraw(t, m, { bankAccountId, amount: 100 })).json().value.id as number;
      await runOpsCommand(t.app.ctx, ['withdraw', 'approve', String(id)]);
      // Half are paid through one instance's operator endpoint, half through the other's.
      await runOpsCommand((i % 2 ? second : t.app).ctx, ['withdraw', 'pay', String(id)]);
      ids.push(id);
      members.push(m);
    }
    const paid = await t.database.db
      .selectFrom('withdrawal')
      .select('paid_at')
      .where('id', 'in', ids)
      .execute();
    const latestPaid = Math.max(...paid.map((p) => new Date(p.paid_at!).getTime()));
    const now = new Date(latestPaid + 31 * 60_000);

    // Both instances tick at once, again and again, for the same moment.
    // (Every registered job is due at that moment; the lottery's run too and are not this test's.)
    const all = (
      await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? second : t.app).ctx.jobs.runDue(now)))
    ).flat();
    const outcomes = all.filter((o) => o.job === AUTO_CONFIRM_JOB);
    expect(outcomes.filter((o) => o.outcome === 'ran')).toHaveLength(1);
    expect(all.filter((o) => o.outcome === 'failed')).toEqual([]);
    const [window] = t.app.ctx.jobs.dueWindows(AUTO_CONFIRM_JOB, now);

    const runs = await t.database.db
      .selectFrom('job_run')
      .selectAll()
      .where('job', '=', AUTO_CONFIRM_JOB)
      .execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'done', attempts: 1 });
    expect(new Date(runs[0]!.window_start).getTime()).toBe(window!.start.getTime());

    const events = await t.database.db
      .selectFrom('withdrawal_event')
      .select(['withdrawal_id', 'actor'])
      .where('withdrawal_id', 'in', ids)
      .where('status', '=', 'RECEIVED')
      .execute();
    expect(events.map((e) => e.withdrawal_id).sort()).toEqual([...ids].sort());
    expect(events.every((e) => e.actor === 'system')).toBe(true);

    // A re-run of the finished window, by either instance or the operator, changes nothing.
    expect(await second.ctx.jobs.runWindow(AUTO_CONFIRM_JOB, window!.start)).toBe('done-already');
    expect(await t.app.ctx.jobs.runWindow(AUTO_CONFIRM_JOB, window!.start)).toBe('done-already');
    const after = await t.database.db
      .selectFrom('withdrawal_event')
      .select('id')
      .where('withdrawal_id', 'in', ids)
      .execute();
    expect(after).toHaveLength(ids.length * 4);
    const rows = await t.database.db
      .selectFrom('withdrawal')
      .select(['status', 'forced_received'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((r) => r.status === 'RECEIVED' && r.forced_received)).toBe(true);
    expect((await t.app.ctx.wallet.audit()).drifted).toBe(0);
  });
});
