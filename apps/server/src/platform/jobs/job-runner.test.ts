import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/connection.ts';
import { createTestDatabase, testDatabaseUrl, testDbKind, type TestDatabase } from '../../test/test-app.ts';
import { JobRunner, type JobRun, type JobSummary } from './job-runner.ts';

/**
 * The job mechanism on a real database: each (job, window) runs once, a failed run keeps nothing
 * and runs again, and two runners (on PostgreSQL: two connection pools, as two server instances
 * have) never run one window twice.
 */
let tdb: TestDatabase;
let second: Database;
let secondIsOwn = false;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await sql`create table job_probe (job text not null, window_start timestamptz not null, runner text not null)`.execute(
    tdb.database.db,
  );
  if (tdb.database.kind === 'postgres') {
    second = await openPostgres({ url: testDatabaseUrl(tdb), poolSize: 5 });
    secondIsOwn = true;
  } else {
    second = tdb.database;
  }
});
afterAll(async () => {
  if (secondIsOwn) await second.close();
  await tdb?.drop();
});

const probe = (runner: string) => async (run: JobRun) => {
  await run.db
    .insertInto('job_probe' as never)
    .values({ job: run.job, window_start: run.window.start, runner } as never)
    .execute();
};
const probes = async (job: string) =>
  (
    await sql<{
      window_start: Date;
      runner: string;
    }>`select window_start, runner from job_probe where job = ${job} order by window_start`.execute(
      tdb.database.db,
    )
  ).rows;
const runRow = async (job: string, start: Date) =>
  tdb.database.db
    .selectFrom('job_run')
    .selectAll()
    .where('job', '=', job)
    .where('window_start', '=', start)
    .executeTakeFirst();
/** Waits (up to 5 s) until a started runner has committed a first run of `job`. */
const untilProbed = async (job: string) => {
  const deadline = Date.now() + 5_000;
  while ((await probes(job)).length === 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 10));
};

const quiet = { tickMs: 0, onError: () => undefined };

describe(`job mechanism (${testDbKind})`, () => {
  it('windows align to the schedule; a tick looks at the latest closed window, or more when catching up', () => {
    const jobs = new JobRunner(tdb.database, quiet);
    jobs.register('align.minute', { everyMs: 60_000 }, async () => undefined);
    jobs.register(
      'align.daily',
      { everyMs: 86_400_000, offsetMs: 17 * 3_600_000, catchUpWindows: 3 },
      async () => undefined,
    );
    const now = new Date('2026-11-23T10:15:42.123Z');
    expect(jobs.dueWindows('align.minute', now)).toEqual([
      { start: new Date('2026-11-23T10:14:00Z'), end: new Date('2026-11-23T10:15:00Z') },
    ]);
    // Daily windows ending at 17:00 UTC (midnight in UTC+7), the last three.
    expect(jobs.dueWindows('align.daily', now).map((w) => w.end.toISOString())).toEqual([
      '2026-11-20T17:00:00.000Z',
      '2026-11-21T17:00:00.000Z',
      '2026-11-22T17:00:00.000Z',
    ]);
    expect(() => jobs.register('align.minute', { everyMs: 60_000 }, async () => undefined)).toThrow(/twice/);
    expect(() => jobs.register('Bad Name', { everyMs: 60_000 }, async () => undefined)).toThrow();
  });

  it('a window runs once: running a finished window again does nothing', async () => {
    const jobs = new JobRunner(tdb.database, quiet);
    jobs.register('once.a', { everyMs: 60_000 }, probe('a'));
    const start = new Date('2026-11-23T10:00:00Z');
    expect(await jobs.runWindow('once.a', start)).toBe('ran');
    expect(await jobs.runWindow('once.a', start)).toBe('done-already');
    const results = await jobs.runDue(new Date('2026-11-23T10:01:30Z'));
    expect(results).toEqual([
      { job: 'once.a', window: { start, end: new Date('2026-11-23T10:01:00Z') }, outcome: 'done-already' },
    ]);
    expect(await probes('once.a')).toHaveLength(1);
    expect(await runRow('once.a', start)).toMatchObject({ status: 'done', attempts: 1, last_error: '' });
    await expect(jobs.runWindow('once.a', new Date('2026-11-23T10:00:30Z'))).rejects.toThrow(/not the start/);
  });

  it('a failed run keeps none of its writes, is recorded as failed, and runs again on a later try', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const jobs = new JobRunner(tdb.database, { tickMs: 0, onError: (_j, _w, e) => errors.push(e) });
    jobs.register('flaky', { everyMs: 60_000 }, async (run) => {
      calls++;
      await probe('flaky')(run);
      if (calls === 1) throw new Error('gateway timed out');
    });
    const start = new Date('2026-11-23T11:00:00Z');
    expect(await jobs.runWindow('flaky', start)).toBe('failed');
    expect(errors).toHaveLength(1);
    expect(await probes('flaky')).toEqual([]);
    expect(await runRow('flaky', start)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'gateway timed out',
    });
    expect(await jobs.runWindow('flaky', start)).toBe('ran');
    expect(await probes('flaky')).toHaveLength(1);
    expect(await runRow('flaky', start)).toMatchObject({ status: 'done', attempts: 2, last_error: '' });
    expect(await jobs.runWindow('flaky', start)).toBe('done-already');
    expect(calls).toBe(2);
  });

  it(`two runners${testDbKind === 'postgres' ? ' on separate connection pools of one PostgreSQL database' : ' on one database'} run each window exactly once however often both try`, async () => {
    const a = new JobRunner(tdb.database, { ...quiet, instance: 'runner-a' });
    const b = new JobRunner(second, { ...quiet, instance: 'runner-b' });
    // A handler that takes a while, so the two overlap inside one window.
    const slow = (name: string) => async (run: JobRun) => {
      await probe(name)(run);
      await new Promise((r) => setTimeout(r, 30));
    };
    a.register('shared', { everyMs: 60_000, catchUpWindows: 5 }, slow('a'));
    b.register('shared', { everyMs: 60_000, catchUpWindows: 5 }, slow('b'));
    const now = new Date('2026-11-23T12:05:10Z');
    const outcomes = (
      await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).runDue(now)))
    ).flat();
    const windows = a.dueWindows('shared', now);
    expect(windows).toHaveLength(5);
    const rows = await probes('shared');
    expect(rows.map((r) => r.window_start.getTime())).toEqual(windows.map((w) => w.start.getTime()));
    for (const w of windows) {
      const forWindow = outcomes.filter((o) => o.window.start.getTime() === w.start.getTime());
      expect(forWindow.filter((o) => o.outcome === 'ran')).toHaveLength(1);
      expect(forWindow.every((o) => ['ran', 'done-already', 'busy'].includes(o.outcome))).toBe(true);
      expect(await runRow('shared', w.start)).toMatchObject({ status: 'done', attempts: 1 });
    }
    // A later pass by either finds every window done.
    const again = [...(await a.runDue(now)), ...(await b.runDue(now))];
    expect(again.every((o) => o.outcome === 'done-already')).toBe(true);
    expect(await probes('shared')).toHaveLength(5);
  });

  it('finished runs are forgotten after the retention, never while a tick could still reach their window', async () => {
    const jobs = new JobRunner(tdb.database, quiet);
    jobs.register('prune.minute', { everyMs: 60_000 }, probe('prune'));
    jobs.register('prune.daily', { everyMs: 86_400_000, catchUpWindows: 40 }, probe('prune'));
    const old = new Date('2026-09-01T00:00:00Z');
    expect(await jobs.runWindow('prune.minute', old)).toBe('ran');
    expect(await jobs.runWindow('prune.daily', old)).toBe('ran');
    const now = new Date('2026-11-01T00:00:00Z');
    // 61 days on: past the 30-day retention of the minute job; the daily job reaches back 40 days
    // on every tick, so its run is kept for twice that.
    expect(await jobs.prune(now)).toBe(1);
    expect(await runRow('prune.minute', old)).toBeUndefined();
    expect(await runRow('prune.daily', old)).toMatchObject({ status: 'done' });
    expect(await jobs.prune(new Date('2026-12-01T00:00:00Z'))).toBe(1);
    expect(await runRow('prune.daily', old)).toBeUndefined();
  });

  it('started, it runs due windows on its own; stop waits for a run in progress', async () => {
    const jobs = new JobRunner(tdb.database, { tickMs: 20, onError: () => undefined });
    let finished = 0;
    jobs.register('ticking', { everyMs: 1_000 }, async (run) => {
      await probe('ticking')(run);
      await new Promise((r) => setTimeout(r, 50));
      finished++;
    });
    jobs.start();
    await untilProbed('ticking');
    await jobs.stop();
    const rows = await probes('ticking');
    expect(rows.length).toBeGreaterThan(0);
    // Everything that started was finished and recorded before stop returned.
    expect(finished).toBe(rows.length);
    const done = await tdb.database.db
      .selectFrom('job_run')
      .select('status')
      .where('job', '=', 'ticking')
      .execute();
    expect(done.every((r) => r.status === 'done')).toBe(true);
  });
  it('stop during a catch-up takes no further window: the one in progress finishes, the rest are left for a later run', async () => {
    const jobs = new JobRunner(tdb.database, { tickMs: 20, onError: () => undefined });
    let finished = 0;
    jobs.register('catching-up', { everyMs: 1_000, catchUpWindows: 30 }, async (run) => {
      await probe('catching-up')(run);
      await new Promise((r) => setTimeout(r, 40));
      finished++;
    });
    jobs.start();
    await untilProbed('catching-up');
    await jobs.stop();
    const rows = await probes('catching-up');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(30);
    expect(finished).toBe(rows.length);
    // Nothing runs after stop returned.
    await new Promise((r) => setTimeout(r, 100));
    expect(await probes('catching-up')).toHaveLength(rows.length);
  });
  it('afterCommit work runs once the run committed, on the database outside its transaction (PGlite has one connection), and never for a run that rolled back', async () => {
    const jobs = new JobRunner(tdb.database, quiet);
    const seen: string[] = [];
    let fail = true;
    jobs.register('test.after-commit', { everyMs: 60_000 }, async (run) => {
      await probe('after')(run);
      run.afterCommit(async () => {
        // Reads what the run wrote through the shared database: committed, and not blocked by it.
        const rows = await probes('test.after-commit');
        seen.push(`after:${rows.length}`);
      });
      if (fail) throw new Error('rolled back');
    });
    const start = new Date('2026-11-23T11:00:00Z');
    expect(await jobs.runWindow('test.after-commit', start)).toBe('failed');
    expect(seen).toEqual([]);
    fail = false;
    expect(await jobs.runWindow('test.after-commit', start)).toBe('ran');
    expect(seen).toEqual(['after:1']);
    expect(await jobs.runWindow('test.after-commit', start)).toBe('done-already');
    expect(seen).toEqual(['after:1']);
  });

  it('issue 28: reported to a log, a run that did something is an info line with its counts, one that found nothing a debug line, a failure an error line', async () => {
    const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
    const at =
      (level: string) =>
      (fields: object, msg: string): void =>
        void lines.push({ level, msg, fields: fields as Record<string, unknown> });
    const jobs = new JobRunner(tdb.database, { tickMs: 0 });
    jobs.reportTo({ debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') });
    const counts: JobSummary[] = [{ drawn: 2, settled: 40 }, { drawn: 0 }];
    jobs.register('report.counts', { everyMs: 60_000 }, async () => counts.shift()!);
    jobs.register('report.fails', { everyMs: 60_000 }, async () => {
      throw new Error('no numero');
    });
    await jobs.runWindow('report.counts', new Date('2026-11-23T10:00:00Z'));
    await jobs.runWindow('report.counts', new Date('2026-11-23T10:01:00Z'));
    await jobs.runWindow('report.counts', new Date('2026-11-23T10:01:00Z'));
    await jobs.runWindow('report.fails', new Date('2026-11-23T10:00:00Z'));
    expect(lines.map(({ level, msg, fields }) => [level, msg, { ...fields, err: undefined }])).toEqual([
      [
        'info',
        'job ran',
        { job: 'report.counts', window: '2026-11-23T10:00:00.000Z', drawn: 2, settled: 40 },
      ],
      ['debug', 'job ran', { job: 'report.counts', window: '2026-11-23T10:01:00.000Z', drawn: 0 }],
      ['error', 'job failed', { job: 'report.fails', window: '2026-11-23T10:00:00.000Z' }],
    ]);
    expect((lines[2]!.fields.err as Error).message).toBe('no numero');
  });
});
