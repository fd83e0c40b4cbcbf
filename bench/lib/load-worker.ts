/**
 * Runs one autocannon load in its own process, so the load generator can be pinned to another
 * core than the server (`taskset -c 1 node bench/lib/load-worker.ts '<options json>'`). Prints
 * the line `measuring` when the warm-up is over, then one JSON line with the result.
 */
import autocannon from 'autocannon';

interface WorkerOptions {
  url: string;
  connections: number;
  durationS: number;
  warmupS: number;
  headers: Record<string, string>;
}

const options = JSON.parse(process.argv[2] ?? '{}') as WorkerOptions;
if (options.warmupS > 0) {
  await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.warmupS,
    headers: options.headers,
  });
}
// The parent samples the server's CPU time at this line and again when this process ends.
process.stdout.write('measuring\n');
const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.durationS,
  headers: options.headers,
});
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  `${JSON.stringify({
    reqPerSec: result.requests.average,
    total: result.requests.total,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    // The generator's own share of its core: near 1 it, not the server, set the pace.
    loadCpuShare: (cpu.user + cpu.system) / 1e6 / options.durationS,
  })}\n`,
);
