import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

const INT8_OID = 20;

/**
 * BIGINT (money in minor units, ids, counts) comes back as a number from both drivers. pg returns
 * strings and PGlite numbers by default; one rule for both, refusing values past 2^53 rather than
 * rounding them silently.
 */
function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`BIGINT ${text} is outside the safe integer range`);
  return n;
}

export interface Database {
  readonly db: Kysely<DB>;
  readonly kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** Data directory; omitted for an in-memory database (tests). */
  dataDir?: string;
  /** A dump of a migrated database to start from (tests clone a template this way). */
  loadDataDir?: Blob;
  /** Take the single-owner lock of the directory (servers and the CLI do; tests in memory need not). */
  lock?: { port: number; opsToken: string } | false;
}

export async function openPglite(
  options: PgliteOptions = {},
): Promise<Database & { pglite: PGlite; lock: DataDirLock | null }> {
  let lock: DataDirLock | null = null;
  if (options.dataDir) {
    mkdirSync(dirname(options.dataDir), { recursive: true });
    mkdirSync(options.dataDir, { recursive: true });
    if (options.lock !== false)
      lock = acquireDataDirLock(options.dataDir, options.lock ?? { port: 0, opsToken: '' });
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      parsers: { [INT8_OID]: parseInt8 },
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    lock,
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      lock?.release();
    },
  };
}

pg.types.setTypeParser(INT8_OID, parseInt8);

export interface PostgresOptions {
  url: string;
  /** Schema to use instead of public (tests give each file its own). */
  schema?: string;
  poolSize?: number;
}

export async function openPostgres(options: PostgresOptions): Promise<Database & { pool: pg.Pool }> {
  const searchPath = options.schema ? `-c search_path=${options.schema}` : undefined;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    ...(searchPath ? { options: searchPath } : {}),
  });
  // An idle pooled connection the server ends (a restart, a terminated backend) is an 'error' on
  // the pool, which removes that connection by itself; unheard, the event would end the process.
  // The next request opens a new connection, and a statement that fails says why.
  pool.on('error', () => undefined);
  // A refused connection should say so at start, not at the first request.
  const probe = await pool.connect();
  probe.release();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: 'postgres',
    pool,
    listen: async (channel, onPayload) => {
      const client = new pg.Client({
        connectionString: options.url,
        ...(searchPath ? { options: searchPath } : {}),
      });
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel) onPayload(msg.payload ?? '');
      });
      // A dropped LISTEN connection must not crash the server; the cache then stays as it was.
      client.on('error', () => undefined);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.push(client);
      return async () => {
        await client.end().catch(() => undefined);
      };
    },
    close: async () => {
      await Promise.all(listeners.map((c) => c.end().catch(() => undefined)));
      await db.destroy();
    },
  };
}

export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  lock?: PgliteOptions['lock'];
}): Promise<Database> {
  if (config.databaseUrl) return openPostgres({ url: config.databaseUrl });
  return openPglite({ dataDir: config.dataDir, lock: config.lock ?? { port: 0, opsToken: '' } });
}

/**
 * One statement on a pooled connection (its own transaction), for the hot paths that send a named
 * statement straight to the pool. node-postgres's `pool.query` destroys the connection on any
 * error, so every refusal a statement raises by design (a debit beyond the balance, a bet over a
 * limit) cost a new connection: a backend forked, authenticated and every named statement parsed
 * again (the wallet's 64-client race: 1,458 refusals took 57 s instead of a few). An error the
 * server answered (`DatabaseError`, short of FATAL) leaves the connection as it was (the statement ran
 * outside a transaction block, so nothing is left open); any other (a broken socket, a terminated
 * backend) removes it.
 */
export async function poolQuery<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  config: pg.QueryConfig,
): Promise<pg.QueryResult<R>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A connection lost while checked out emits 'error' on its client: heard here (as pool.query
  // does), or it would be an unhandled error event; the query's own rejection follows.
  const onError = (err: Error) => {
    broken = err;
  };
  client.on('error', onError);
  try {
    return await client.query<R>(config);
  } catch (err) {
    // A server error ends the statement, not the session, unless it is FATAL or PANIC (the
    // backend ended: a terminated connection, a shutdown).
    const ended = !(err instanceof pg.DatabaseError) || err.severity === 'FATAL' || err.severity === 'PANIC';
    if (ended) broken ??= err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}
