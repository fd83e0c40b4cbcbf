/**
 * Runs one load in its own process, so the load generator can be pinned to another core than the
 * server (`taskset -c 1 node bench/lib/load-worker.ts '<options json>'`). Prints the line
 * `measuring` when the warm-up is over, then one JSON line with the result.
 *
 * The generator is the lean client of http-load.ts; `generator: 'autocannon'` runs autocannon
 * instead (its warm-up and measured run are two runs on fresh connections), to compare the two.
 */
import type { LoadCounts, LoadGenerator } from './load.ts';
import { runHttpLoad } from './http-load.ts';
import { waitSecondsOf } from './processes.ts';

interface WorkerOptions {
  url: string;
  connections: number;
  durationS: number;
  warmupS: number;
  headers: Record<string, string>;
  generator: LoadGenerator;
  poll: boolean;
}

const options = JSON.parse(process.argv[2] ?? '{}') as WorkerOptions;
let cpuBefore: NodeJS.CpuUsage | undefined;
let waitBefore: number | null = null;
// The parent samples the server's CPU time at this line and again when this process ends.
const measuring = () => {
  process.stdout.write('measuring\n');
  cpuBefore = process.cpuUsage();
  waitBefore = waitSecondsOf('self');
};

let counts: LoadCounts;
let busyS: number | undefined;
if (options.generator === 'autocannon') {
  const { default: autocannon } = await import('autocannon');
  const run = (duration: number) =>
    autocannon({ url: options.url, connections: options.connections, duration, headers: options.headers });
  if (options.warmupS > 0) await run(options.warmupS);
  measuring();
  const result = await run(options.durationS);
  counts = {
    reqPerSec: result.requests.average,
    total: result.requests.total,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
} else {
  const lean = await runHttpLoad({ ...options, onMeasuring: measuring });
  counts = lean;
  if (options.poll) busyS = lean.busyS;
}
const cpu = process.cpuUsage(cpuBefore);
const waitAfter = waitSecondsOf('self');
process.stdout.write(
  `${JSON.stringify({
    reqPerSec: counts.reqPerSec,
    total: counts.total,
    p99Ms: counts.p99Ms,
    non2xx: counts.non2xx,
    errors: counts.errors,
    timeouts: counts.timeouts,
    // The generator's own share of its core: near 1 it, not the server, set the pace. A polling
    // generator is always near 1: the share of the window it spent on answers says it instead.
    loadCpuShare: (cpu.user + cpu.system) / 1e6 / options.durationS,
    ...(busyS !== undefined ? { loadBusyShare: busyS / options.durationS } : {}),
    ...(waitBefore !== null && waitAfter !== null
      ? { loadWaitShare: (waitAfter - waitBefore) / options.durationS }
      : {}),
    generator: options.generator,
  })}\n`,
);
