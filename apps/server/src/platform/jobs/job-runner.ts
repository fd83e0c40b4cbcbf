import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';

/** The time window one run of a job covers: [start, end). */
export interface JobWindow {
  start: Date;
  end: Date;
}

/** What a handler gets: its window, and the transaction that also records the run. */
export interface JobRun {
  job: string;
  window: JobWindow;
  /**
   * The run's database transaction. Write through it: the work and the record that the window is
   * done commit together, so a crash or a throw leaves neither, and the window runs again later.
   */
  db: Kysely<DB>;
  /**
   * Work to do once the run has committed, outside its transaction: a network call (a webhook, a
   * notification) that must not hold the run's connection (on PGlite the only one) nor happen for
   * work that rolled back. Run in order after a committed run and awaited by it; a throw is
   * reported (onError) but does not undo the run. At most once per claim: what must not be lost
   * is written in the run's transaction, so a crash before it ran leaves it for a later run.
   */
  afterCommit(task: () => Promise<void>): void;
}

/**
 * What a run did, in counts (`{ drawn: 2, settled: 40 }`): the runner logs it, at info when any
 * count is above zero and at debug when the run found nothing to do.
 */
export type JobSummary = Record<string, number>;

export type JobHandler = (run: JobRun) => Promise<void | JobSummary>;

/** Where runs are reported: the platform's pino logger fits. */
export interface JobLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobSchedule {
  /** Length of a window; windows are aligned to the epoch (plus `offsetMs`). */
  everyMs: number;
  /** Shifts the window boundaries, e.g. a daily job at 17:00 UTC (midnight in UTC+7): 17 h. */
  offsetMs?: number;
  /**
   * How many of the latest closed windows a tick looks at (default 1). A job whose every window
   * matters (a daily salary) sets more, so windows missed while no server ran are made up.
   */
  catchUpWindows?: number;
}

export interface JobRunnerOptions {
  /** How often due windows are looked for (default 5 s); 0 never on its own (tests call runDue). */
  tickMs?: number;
  /** Name of this process in job_run.instance (default host:pid:random). */
  instance?: string;
  /**
   * Where a failed run is reported (default: the log given to reportTo, else stderr); the failure
   * is also kept in job_run.
   */
  onError?: (job: string, window: JobWindow, error: unknown) => void;
}

export type RunOutcome = 'ran' | 'done-already' | 'busy' | 'failed';

/** Finished runs are kept this long at least (and longer than a job's catch-up reaches back). */
export const JOB_RUN_RETENTION_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

interface RegisteredJob {
  name: string;
  schedule: Required<JobSchedule>;
  handler: JobHandler;
}

/**
 * Scheduled work (DESIGN.md §3 "Jobs", decision 017). Each run is keyed by (job, window start) in
 * `job_run`: a window's run inserts that row in the same transaction as its work, so whichever
 * instance commits first has run it and every other instance, now or later, finds it done. No
 * leases and no clock agreement are needed between instances, and it works the same on PGlite and
 * PostgreSQL. A run that throws rolls back its work and is recorded as failed; a later tick runs
 * the window again while it is within `catchUpWindows`.
 */
export class JobRunner {
  private readonly database: Database;
  private readonly jobs = new Map<string, RegisteredJob>();
  private readonly tickMs: number;
  private readonly instance: string;
  private readonly onError: NonNullable<JobRunnerOptions['onError']>;
  private log: JobLog | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<unknown> | null = null;
  private stopped = false;
  private lastPrune = 0;

  constructor(database: Database, options: JobRunnerOptions = {}) {
    this.database = database;
    this.tickMs = options.tickMs ?? 5_000;
    this.instance =
      options.instance ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 100);
    this.onError =
      options.onError ??
      ((job, window, error) => {
        if (this.log) this.log.error({ job, window: window.start.toISOString(), err: error }, 'job failed');
        else
          console.error(
            `job ${job} window ${window.start.toISOString()} failed:`,
            error instanceof Error ? error.stack : error,
          );
      });
  }

  /**
   * Reports each run to `log` from now on: what a run did (JobSummary) at info, a run that found
   * nothing at debug, a failure at error. Without it runs are silent and failures go to stderr.
   */
  reportTo(log: JobLog): void {
    this.log = log;
  }

  private reportRun(job: string, window: JobWindow, summary: void | JobSummary): void {
    if (!this.log) return;
    const counts = summary ?? {};
    const fields = { job, window: window.start.toISOString(), ...counts };
    if ((counts.failed ?? 0) > 0) this.log.warn(fields, 'job ran, with failures');
    else if (Object.values(counts).some((n) => n > 0)) this.log.info(fields, 'job ran');
    else this.log.debug(fields, 'job ran');
  }

  /** Adds a job. Names are unique and stable: they key the runs in the database. */
  register(name: string, schedule: JobSchedule, handler: JobHandler): void {
    if (!/^[a-z0-9][a-z0-9.:-]{0,99}$/.test(name)) throw new Error(`job name "${name}" is not a-z0-9.:-`);
    if (this.jobs.has(name)) throw new Error(`job ${name} is registered twice`);
    if (!Number.isInteger(schedule.everyMs) || schedule.everyMs < 1_000)
      throw new Error(`job ${name}: everyMs must be a whole number of at least 1000`);
    const catchUpWindows = schedule.catchUpWindows ?? 1;
    if (!Number.isInteger(catchUpWindows) || catchUpWindows < 1 || catchUpWindows > 10_000)
      throw new Error(`job ${name}: catchUpWindows must be 1..10000`);
    this.jobs.set(name, {
      name,
      schedule: { everyMs: schedule.everyMs, offsetMs: schedule.offsetMs ?? 0, catchUpWindows },
      handler,
    });
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Starts looking for due windows every tick (nothing when tickMs is 0). */
  start(): void {
    this.stopped = false;
    if (this.timer || this.tickMs <= 0 || this.jobs.size === 0) return;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** Stops the ticks and waits for a run in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  private tick(): void {
    if (this.ticking || this.stopped) return;
    this.ticking = this.runDue()
      .catch((err: unknown) => this.onError('(tick)', { start: new Date(), end: new Date() }, err))
      .finally(() => {
        this.ticking = null;
      });
  }

  /** The closed windows of a job that a tick at `now` looks at, oldest first. */
  dueWindows(name: string, now: Date = new Date()): JobWindow[] {
    const job = this.require(name);
    const { everyMs, offsetMs, catchUpWindows } = job.schedule;
    const latestEnd = Math.floor((now.getTime() - offsetMs) / everyMs) * everyMs + offsetMs;
    const out: JobWindow[] = [];
    for (let k = catchUpWindows; k >= 1; k--) {
      const end = latestEnd - (k - 1) * everyMs;
      out.push({ start: new Date(end - everyMs), end: new Date(end) });
    }
    return out;
  }

  /** Runs every job's due windows that no instance has finished; what happened to each. */
  async runDue(now: Date = new Date()): Promise<{ job: string; window: JobWindow; outcome: RunOutcome }[]> {
    const results: { job: string; window: JobWindow; outcome: RunOutcome }[] = [];
    if (now.getTime() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      await this.prune(now).catch((err: unknown) => this.onError('(prune)', { start: now, end: now }, err));
    }
    for (const name of this.jobs.keys()) {
      for (const window of this.dueWindows(name, now)) {
        // A runner told to stop takes no further window: each is a transaction of its own, and
        // what is left is a later tick's (or another instance's); stop() waits for one window, not
        // a job's whole catch-up.
        if (this.stopped) return results;
        results.push({ job: name, window, outcome: await this.runWindow(name, window.start) });
      }
    }
    return results;
  }

  /**
   * Runs one window of a job unless it is done already (then nothing happens: a re-run is safe)
   * or another instance is running it at this moment.
   */
  async runWindow(name: string, windowStart: Date): Promise<RunOutcome> {
    const job = this.require(name);
    const { everyMs, offsetMs } = job.schedule;
    if ((windowStart.getTime() - offsetMs) % everyMs !== 0)
      throw new Error(`job ${name}: ${windowStart.toISOString()} is not the start of one of its windows`);
    const window = { start: windowStart, end: new Date(windowStart.getTime() + everyMs) };
    const after: (() => Promise<void>)[] = [];
    let outcome: RunOutcome;
    let summary: void | JobSummary = undefined;
    try {
      outcome = await this.database.db.transaction().execute(async (trx) => {
        // Another instance inside this window right now: leave it to that one instead of
        // queueing on its row lock (which would hold a pooled connection for as long as it runs).
        const lock = await sql<{ ok: boolean }>`
          select pg_try_advisory_xact_lock(hashtextextended(${`job:${name}@${window.start.toISOString()}`}, 0)) as ok`.execute(
          trx,
        );
        if (!lock.rows[0]?.ok) return 'busy' as const;
        const claimed = await trx
          .insertInto('job_run')
          .values({
            job: name,
            window_start: window.start,
            window_end: window.end,
            status: 'running',
            instance: this.instance,
          })
          .onConflict((oc) =>
            oc
              .columns(['job', 'window_start'])
              .doUpdateSet({
                status: 'running',
                attempts: sql`job_run.attempts + 1`,
                instance: this.instance,
                started_at: sql`now()`,
              })
              .where('job_run.status', '<>', 'done'),
          )
          .returning('job')
          .executeTakeFirst();
        if (!claimed) return 'done-already' as const;
        summary = await job.handler({ job: name, window, db: trx, afterCommit: (task) => after.push(task) });
        await trx
          .updateTable('job_run')
          .set({ status: 'done', finished_at: sql`now()`, last_error: '' })
          .where('job', '=', name)
          .where('window_start', '=', window.start)
          .execute();
        return 'ran' as const;
      });
    } catch (err) {
      this.onError(name, window, err);
      await this.recordFailure(name, window, err).catch(() => undefined);
      return 'failed';
    }
    // Reported once committed: a run whose commit failed did nothing.
    if (outcome === 'ran') this.reportRun(name, window, summary);
    for (const task of after) {
      try {
        await task();
      } catch (err) {
        this.onError(`${name} (after commit)`, window, err);
      }
    }
    return outcome;
  }

  /**
   * Forgets finished runs older than the retention (one row a minute is half a million a year).
   * A window is forgotten only once no tick can reach back to it, so it can never run twice;
   * failed runs are kept for the operator. Several instances pruning at once delete the same rows.
   */
  async prune(now: Date = new Date()): Promise<number> {
    let removed = 0;
    for (const job of this.jobs.values()) {
      const { everyMs, catchUpWindows } = job.schedule;
      const keepMs = Math.max(JOB_RUN_RETENTION_MS, 2 * everyMs * (catchUpWindows + 1));
      const res = await this.database.db
        .deleteFrom('job_run')
        .where('job', '=', job.name)
        .where('status', '=', 'done')
        .where('window_end', '<', new Date(now.getTime() - keepMs))
        .executeTakeFirst();
      removed += Number(res.numDeletedRows);
    }
    return removed;
  }

  /** The newest runs, for the operator. */
  async history(limit = 20, name?: string) {
    let q = this.database.db
      .selectFrom('job_run')
      .selectAll()
      .orderBy('window_start', 'desc')
      .orderBy('job')
      .limit(limit);
    if (name) q = q.where('job', '=', name);
    return q.execute();
  }

  private async recordFailure(name: string, window: JobWindow, err: unknown): Promise<void> {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    await this.database.db
      .insertInto('job_run')
      .values({
        job: name,
        window_start: window.start,
        window_end: window.end,
        status: 'failed',
        instance: this.instance,
        last_error: message,
      })
      .onConflict((oc) =>
        oc
          .columns(['job', 'window_start'])
          .doUpdateSet({
            status: 'failed',
            attempts: sql`job_run.attempts + 1`,
            instance: this.instance,
            last_error: message,
            finished_at: sql`now()`,
          })
          .where('job_run.status', '<>', 'done'),
      )
      .execute();
  }

  private require(name: string): RegisteredJob {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    return job;
  }
}
