import { pinnedNode } from './processes.ts';

export interface LoadResult {
  reqPerSec: number;
  total: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationS?: number;
  warmupS?: number;
  /** Core the load generator is pinned to; the server under test runs on another. */
  core?: number | null;
}

/**
 * Drives `url` with autocannon from a separate process (pinned to core 1 by default, the server
 * being on core 0), after a warm-up. Fails when any response is not 2xx: a fast error page is not
 * throughput.
 */
export function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const args = {
    url: options.url,
    connections: options.connections ?? 50,
    durationS: options.durationS ?? Number(process.env.BENCH_DURATION_S ?? 10),
    warmupS: options.warmupS ?? 3,
    headers: options.headers ?? {},
  };
  const child = pinnedNode(options.core === undefined ? 1 : options.core, [
    'bench/lib/load-worker.ts',
    JSON.stringify(args),
  ]);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done, fail) => {
    child.once('exit', (code) => {
      if (code !== 0) return fail(new Error(`the load generator failed (${code}): ${stderr}`));
      const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadResult;
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

export const formatRate = (r: LoadResult) =>
  `${Math.round(r.reqPerSec).toLocaleString('en-US')} req/s (p99 ${r.p99Ms} ms)`;
