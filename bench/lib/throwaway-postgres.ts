import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * A database of its own on the local PostgreSQL for one bench run (dropped by `drop`), or null when
 * no PostgreSQL answers or it refuses a new database. BENCH_DATABASE_URL or TEST_DATABASE_URL name
 * the server to use.
 */
export async function throwawayPostgres(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  if (spawnSync('pg_isready', ['-h', new URL(adminUrl).hostname]).status !== 0) return null;
  const name = `${prefix}_${Date.now().toString(36)}`;
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

/**
 * A database kept between bench runs (a bench's *_KEEP_URL): created if missing, never dropped, so
 * a long seed is paid once and later runs reuse it.
 */
export async function keptPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  return { url, drop: async () => undefined };
}
