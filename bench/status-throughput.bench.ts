/**
 * GET /wps/system/status throughput as a ratio of a bare Fastify JSON route, measured in the
 * same run: each server pinned to core 0 in turn, autocannon pinned to core 1, 50 connections.
 * The bare route is measured before and after the platform runs and averaged, so drift of the
 * shared machine during the run does not land on one side of the ratio.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import type { BenchRow } from './lib/types.ts';
import {
  canPin,
  clientHeaders,
  pinnedNode,
  startListening,
  startPlatformServer,
  type RunningProcess,
} from './lib/processes.ts';
import { formatRate, measureLoad, type LoadResult } from './lib/load.ts';

/**
 * The status body (about 10 kB: switch tree, rules, resources, countries, CDNs) changes only with
 * the cached snapshot. Sent pre-serialised it runs at the bare route's rate here; validated and
 * stringified per request it falls to 0.2–0.5. Half the bare rate leaves room for the per-request
 * part (status, location); see bench/README.md for the measurements.
 */
const MIN_RATIO = 0.5;
const PATH = '/wps/system/status?url=localhost';

async function measureServer(start: () => Promise<RunningProcess>, path: string): Promise<LoadResult> {
  const server = await start();
  try {
    return await measureLoad({ url: `${server.url}${path}`, headers: clientHeaders() });
  } finally {
    await server.stop();
  }
}

const bare = () =>
  measureServer(
    () => startListening(pinnedNode(0, ['bench/fixtures/bare-fastify.ts']), 'the bare Fastify app'),
    '/bare',
  );

/** A throwaway database on the local PostgreSQL, or null when none answers. */
async function throwawayPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const host = new URL(adminUrl).hostname;
  if (spawnSync('pg_isready', ['-h', host]).status !== 0) return null;
  const name = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    console.error(`  PostgreSQL answers but refused a bench database: ${(err as Error).message}`);
    await admin.end().catch(() => undefined);
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

function ratioRow(figure: string, result: LoadResult, reference: number): BenchRow {
  const ratio = result.reqPerSec / reference;
  return {
    figure,
    value: `${formatRate(result)} = ${ratio.toFixed(2)} of bare`,
    budget: `>= ${MIN_RATIO} of bare`,
    pass: ratio >= MIN_RATIO,
  };
}

export async function run(): Promise<BenchRow[]> {
  if (!canPin)
    console.error('  taskset is missing: server and load share the cores, ratios are less telling');
  console.error('  bare Fastify JSON route…');
  const bareBefore = await bare();
  console.error(`    ${formatRate(bareBefore)}`);
  console.error('  /wps/system/status on PGlite…');
  const onPglite = await measureServer(() => startPlatformServer({ core: 0 }), PATH);
  console.error(`    ${formatRate(onPglite)}`);

  let onPostgres: LoadResult | null = null;
  const database = await throwawayPostgres();
  if (database) {
    try {
      console.error('  /wps/system/status on PostgreSQL…');
      onPostgres = await measureServer(
        () => startPlatformServer({ core: 0, env: { DATABASE_URL: database.url } }),
        PATH,
      );
      console.error(`    ${formatRate(onPostgres)}`);
    } finally {
      await database.drop();
    }
  } else console.error('  PostgreSQL does not answer: its row is left out');

  console.error('  bare Fastify JSON route again…');
  const bareAfter = await bare();
  console.error(`    ${formatRate(bareAfter)}`);
  const reference = (bareBefore.reqPerSec + bareAfter.reqPerSec) / 2;

  const rows: BenchRow[] = [
    {
      figure: 'bare Fastify JSON route (reference, mean of 2 runs)',
      value: `${Math.round(reference).toLocaleString('en-US')} req/s (p99 ${Math.max(bareBefore.p99Ms, bareAfter.p99Ms)} ms)`,
      budget: '-',
      pass: true,
    },
    ratioRow('GET /wps/system/status, PGlite', onPglite, reference),
  ];
  if (onPostgres) rows.push(ratioRow('GET /wps/system/status, PostgreSQL', onPostgres, reference));
  return rows;
}
