import { sql, type Kysely } from 'kysely';
import { cpuSecondsOf } from './processes.ts';
import type { BenchRow } from './types.ts';

export interface BurstOptions<DB> {
  /** One call of what is measured: a movement, a spin, a bet. */
  op: () => Promise<unknown>;
  /** How many loops call `op` at once, each awaiting its call before the next. */
  concurrency: number;
  /** Seconds measured, after the warm-up. */
  durationS: number;
  /** Milliseconds the loops run before the measurement starts (pool connections opened, plans cached). */
  warmupMs?: number;
  /** The database the op works on: the CPU of its PostgreSQL backends is charged to the run. */
  db: Kysely<DB>;
  /**
   * Whether a failed call is a refusal the run expects (counted while measuring) rather than a
   * failure of the bench (thrown). Every failure is a refusal when not given.
   */
  isRefusal?: (err: unknown) => boolean;
  /** More refusals than this while measuring fail the run (none by default). */
  maxRefused?: number;
}

export interface BurstResult {
  /** Calls that succeeded while measuring. */
  count: number;
  refused: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time per successful call of this process and of the PostgreSQL backends serving it (µs). */
  appCpuUs: number;
  dbCpuUs: number | null;
  /** The backends charged, for a caller that measures something else on the same pool afterwards. */
  backendPids: number[];
}

/** The PostgreSQL backends connected to the database `db` works on now (its pool's connections). */
export async function databaseBackendPids<DB>(db: Kysely<DB>): Promise<number[]> {
  return (
    await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(
      db,
    )
  ).rows.map((r) => r.pid);
}

/**
 * Starts counting the CPU time of this process and of the PostgreSQL backends `backendPids`; the
 * function returned tells the seconds each used since (the backends' null when one of them was
 * gone at the start). The backends are read every second: one that has closed by the end (the
 * pool closes a connection idle for ten seconds, as it does when rounds go together over fewer
 * connections) is charged up to its last reading, which holds all it did, having been idle since.
 */
export function startCpuSample(backendPids: number[]): () => { appS: number; dbS: number | null } {
  const first = backendPids.map((pid) => cpuSecondsOf(pid));
  const last = [...first];
  const read = () =>
    backendPids.forEach((pid, i) => {
      const c = cpuSecondsOf(pid);
      if (c !== null) last[i] = c;
    });
  const sampler = setInterval(read, 1_000);
  sampler.unref();
  const app0 = process.cpuUsage();
  return () => {
    const app = process.cpuUsage(app0);
    clearInterval(sampler);
    read();
    const dbS = first.some((c) => c === null)
      ? null
      : last.reduce<number>((sum, c, i) => sum + c! - first[i]!, 0);
    return { appS: (app.user + app.system) / 1e6, dbS };
  };
}

/**
 * A burst: `concurrency` loops call `op` back to back, first for a warm-up, then for `durationS`
 * seconds in which each successful call's latency is kept and the CPU of this process and of the
 * database's backends is measured. Percentiles are of the successful calls; per-call CPU divides
 * by their count. The loops are stopped and awaited before it returns, so a failure of the bench
 * thrown by any loop is thrown here.
 */
export async function measureBurst<DB>(o: BurstOptions<DB>): Promise<BurstResult> {
  const isRefusal = o.isRefusal ?? (() => true);
  const maxRefused = o.maxRefused ?? Infinity;
  const latencies: number[] = [];
  let refused = 0;
  let measuring = false;
  let stop = false;
  const loop = async () => {
    while (!stop) {
      const t0 = performance.now();
      try {
        await o.op();
        if (measuring) latencies.push(performance.now() - t0);
      } catch (err) {
        if (!isRefusal(err)) throw err;
        if (measuring) refused++;
        if (refused > maxRefused) throw err;
      }
    }
  };
  const loops = Array.from({ length: o.concurrency }, loop);
  await new Promise((r) => setTimeout(r, o.warmupMs ?? 2_000));
  // Read once the loops have opened the pool's connections, so that each of them is charged.
  const backendPids = await databaseBackendPids(o.db);
  const cpu = startCpuSample(backendPids);
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, o.durationS * 1000));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  const used = cpu();
  stop = true;
  await Promise.all(loops);

  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const perCall = Math.max(1, latencies.length);
  return {
    count: latencies.length,
    refused,
    seconds,
    p50Ms: pct(50),
    p99Ms: pct(99),
    appCpuUs: (used.appS * 1e6) / perCall,
    dbCpuUs: used.dbS === null ? null : (used.dbS * 1e6) / perCall,
    backendPids,
  };
}

/** A burst's figures as a worker process reports them to its bench (without the backends' ids). */
export type BurstFigures = Omit<BurstResult, 'backendPids'>;

export function burstFigures({ backendPids: _, ...figures }: BurstResult): BurstFigures {
  return figures;
}

export const burstRate = (b: BurstFigures) => b.count / b.seconds;

/** The progress line's `<rate> <unit>/s, p50 …, p99 …, <n> refused`. */
export const describeBurst = (b: BurstFigures, unit: string) =>
  `${burstRate(b).toFixed(0)} ${unit}/s, p50 ${b.p50Ms.toFixed(1)} ms, p99 ${b.p99Ms.toFixed(1)} ms, ${b.refused} refused`;

/** The progress line's `CPU per <call>: app … µs, PostgreSQL backends … µs`. */
export const describeBurstCpu = (b: BurstFigures, call: string) =>
  `CPU per ${call}: app ${b.appCpuUs.toFixed(0)} µs, PostgreSQL backends ${b.dbCpuUs?.toFixed(0) ?? '?'} µs`;

export interface BurstRowsOptions {
  /** The figures of the rate row, the p99 row and (when given) the CPU-per-call row. */
  rateFigure: string;
  p99Figure: string;
  cpuFigure?: string;
  minRate: number;
  maxP99Ms: number;
  /** Whether a refused call fails the rate row (and is shown in its value). */
  refusalsFail?: boolean;
}

/**
 * The rows of a burst: calls per second against `minRate`, the p99 against `maxP99Ms` and, with
 * `cpuFigure`, the CPU per call of the app and of the PostgreSQL backends with the rate the busier
 * of the two would allow (one core each).
 */
export function burstRows(b: BurstFigures, o: BurstRowsOptions): BenchRow[] {
  const rate = burstRate(b);
  const rows: BenchRow[] = [
    {
      figure: o.rateFigure,
      value: `${rate.toFixed(0)}/s (${b.count} in ${b.seconds.toFixed(1)} s${o.refusalsFail ? `, ${b.refused} refused` : ''})`,
      budget: `>= ${o.minRate}/s`,
      pass: rate >= o.minRate && (!o.refusalsFail || b.refused === 0),
    },
    {
      figure: o.p99Figure,
      value: `${b.p99Ms.toFixed(1)} ms (p50 ${b.p50Ms.toFixed(1)} ms)`,
      budget: `< ${o.maxP99Ms} ms`,
      pass: b.p99Ms < o.maxP99Ms,
    },
  ];
  if (o.cpuFigure)
    rows.push({
      figure: o.cpuFigure,
      value:
        b.dbCpuUs === null
          ? `${b.appCpuUs.toFixed(0)} µs app`
          : `${b.appCpuUs.toFixed(0)} µs / ${b.dbCpuUs.toFixed(0)} µs (≈ ${Math.floor(1e6 / Math.max(b.appCpuUs, b.dbCpuUs))}/s)`,
      budget: '-',
      pass: true,
    });
  return rows;
}
