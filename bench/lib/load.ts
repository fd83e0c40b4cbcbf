import { cpuSecondsOf, pinnedNode, settled, waitSecondsOf, type RunningProcess } from './processes.ts';

/** What any load generator counts over its measured window. */
export interface LoadCounts {
  reqPerSec: number;
  total: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadResult extends LoadCounts {
  /** CPU the load generator used during the measured run, as a share of one core (1 = saturated). */
  loadCpuShare?: number;
  /**
   * For a polling generator (always at 1 of its core): the share of the measured run it spent
   * reading answers and writing requests; near 1 it, not the server, set the pace.
   */
  loadBusyShare?: number;
  /**
   * CPU time the server spent per request during the measured run (with `serverPid`). Unlike
   * req/s it hardly moves when other work shares the machine, so it shows what a route costs.
   */
  serverCpuUsPerReq?: number;
  /**
   * Share of the measured run the server (with `serverPid`) and the generator spent runnable but
   * waiting for their cores, each pinned to its own: other work on the machine took those cores.
   */
  serverWaitShare?: number;
  loadWaitShare?: number;
  /** Which client produced the figures. */
  generator?: LoadGenerator;
}

/**
 * `lean`: the client of http-load.ts, which skips answer bodies by their length. `autocannon`:
 * the package, kept to compare with; it decodes every body into a string, a cost of its own that
 * grows with binary (compressed) bodies. `BENCH_LOAD_GENERATOR` picks it for a whole run.
 */
export type LoadGenerator = 'lean' | 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationS?: number;
  warmupS?: number;
  /** Core the load generator is pinned to; the server under test runs on another. */
  core?: number | null;
  /** The server's process id, to measure its CPU time per request. */
  serverPid?: number;
  generator?: LoadGenerator;
}

/**
 * Drives `url` from a separate process (pinned to core 1 by default, the server being on core 0),
 * after a warm-up, with 50 keep-alive connections each keeping one request in flight. Fails when
 * any response is not 2xx: a fast error page is not throughput.
 */
export function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const args = {
    url: options.url,
    connections: options.connections ?? 50,
    durationS: options.durationS ?? Number(process.env.BENCH_DURATION_S ?? 10),
    warmupS: options.warmupS ?? 3,
    headers: options.headers ?? {},
    generator:
      options.generator ?? (process.env.BENCH_LOAD_GENERATOR === 'autocannon' ? 'autocannon' : 'lean'),
    // The lean generator polls unless BENCH_LOAD_POLL=0 (http-load.ts says why).
    poll: process.env.BENCH_LOAD_POLL !== '0',
  };
  const child = pinnedNode(options.core === undefined ? 1 : options.core, [
    'bench/lib/load-worker.ts',
    JSON.stringify(args),
  ]);
  let stdout = '';
  let stderr = '';
  let cpuAtStart: number | null = null;
  let waitAtStart: number | null = null;
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (cpuAtStart === null && options.serverPid && stdout.includes('measuring\n')) {
      cpuAtStart = cpuSecondsOf(options.serverPid);
      waitAtStart = waitSecondsOf(options.serverPid);
    }
  });
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done, fail) => {
    // 'close', not 'exit': the result line may still be in the pipe when the process exits.
    child.once('close', (code) => {
      if (code !== 0) return fail(new Error(`the load generator failed (${code}): ${stderr}`));
      const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadResult;
      const cpuAtEnd = options.serverPid ? cpuSecondsOf(options.serverPid) : null;
      if (cpuAtStart !== null && cpuAtEnd !== null && result.total > 0) {
        result.serverCpuUsPerReq = ((cpuAtEnd - cpuAtStart) * 1e6) / result.total;
      }
      const waitAtEnd = options.serverPid ? waitSecondsOf(options.serverPid) : null;
      if (waitAtStart !== null && waitAtEnd !== null)
        result.serverWaitShare = (waitAtEnd - waitAtStart) / args.durationS;
      if (result.non2xx || result.errors || result.timeouts) {
        return fail(
          new Error(
            `${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} time-outs under load`,
          ),
        );
      }
      done(result);
    });
  });
}

/**
 * Starts a server with `start`, waits until it is idle (the platform draws the first visit's images
 * right after it starts: not part of the call), measures `path` on it with `headers` and stops it.
 * Prints `label…` before and the load's description after.
 */
export async function measureServerLoad(
  label: string,
  start: () => Promise<RunningProcess>,
  path: string,
  headers: Record<string, string>,
  generator?: LoadGenerator,
): Promise<LoadResult> {
  console.error(`  ${label}…`);
  const server = await start();
  try {
    await settled(server);
    const result = await measureLoad({
      url: `${server.url}${path}`,
      headers,
      serverPid: server.pid,
      generator,
    });
    console.error(`    ${describeLoad(result)}`);
    return result;
  } finally {
    await server.stop();
  }
}

const pct = (share: number | undefined) => (share === undefined ? '?' : `${Math.round(share * 100)}%`);

export const formatRate = (r: LoadResult) =>
  `${Math.round(r.reqPerSec).toLocaleString('en-US')} req/s (p99 ${r.p99Ms} ms)`;

/**
 * The progress line of one load: rate, the server's CPU per request, how busy the server and the
 * generator were (a server well below 100% of its core did not set the pace) and how long other
 * work on the machine held their cores (a run disturbed so says it; on a quiet machine both are a
 * few percent and the server sits near 100%).
 */
export const describeLoad = (r: LoadResult) =>
  [
    formatRate(r),
    r.serverCpuUsPerReq === undefined
      ? null
      : `server ${r.serverCpuUsPerReq.toFixed(1)} µs CPU/req (${Math.round((r.serverCpuUsPerReq * r.reqPerSec) / 1e4)}% of its core)`,
    r.loadBusyShare !== undefined
      ? `load generator (${r.generator ?? 'lean'}, polling) busy with answers ${pct(r.loadBusyShare)} of the time`
      : r.loadCpuShare === undefined
        ? null
        : `load generator${r.generator ? ` (${r.generator})` : ''} at ${Math.round(r.loadCpuShare * 100)}% of its core`,
    r.serverWaitShare === undefined && r.loadWaitShare === undefined
      ? null
      : `other work held the server's core ${pct(r.serverWaitShare)} and the generator's ${pct(r.loadWaitShare)} of the time`,
  ]
    .filter(Boolean)
    .join(', ');

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The middle value (mean of the middle two for an even count): one disturbed round does not decide. */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
