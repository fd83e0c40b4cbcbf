import type { PGlite } from '@electric-sql/pglite';
import { parse as pgliteParse, protocol } from '@electric-sql/pglite';
import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
} from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/connection.ts';
import { poolQuery } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';

/** What a prepared read binds: the values the hot paths pass (a token hash, an id, a code). */
export type ParamValue = string | number | Uint8Array | null;

// Builds and compiles queries only; a prepared read never executes through it.
const compiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const names = new Set<string>();

/**
 * A read on a hot path (the token check of every authenticated call, the balance), written with
 * Kysely like every other query but parsed and planned once per database connection: afterwards a
 * call only binds and executes it. An unnamed statement is planned again on every call, and on
 * PGlite that planning (and the extra protocol round trips of `query()`) is most of the cost: the
 * session lookup takes about 400 µs that way and about 45 µs prepared, on PostgreSQL the planning
 * is work the database server does on a core the app server shares.
 */
export class PreparedRead<Row, Params extends Record<string, ParamValue>> {
  readonly name: string;
  readonly sql: string;
  /** For each SQL parameter: the name of the call's value, or the constant the query was built with. */
  private readonly slots: ({ param: keyof Params } | { constant: unknown })[];

  /**
   * `build` gets `param(name)`, a placeholder standing for the value each call passes under that
   * name; anything else the query holds is a constant of the statement.
   */
  constructor(
    name: string,
    build: (db: Kysely<DB>, param: <K extends keyof Params>(name: K) => Params[K]) => Compilable<Row>,
  ) {
    const placeholders = new Map<unknown, keyof Params>();
    const param = <K extends keyof Params>(key: K): Params[K] => {
      // A unique object per name: a constant of the query can never be mistaken for it.
      const placeholder = { placeholder: key };
      placeholders.set(placeholder, key);
      return placeholder as unknown as Params[K];
    };
    if (names.has(name)) throw new Error(`prepared read "${name}" is declared twice`);
    names.add(name);
    const compiled = build(compiler, param).compile();
    this.name = name;
    this.sql = compiled.sql;
    this.slots = compiled.parameters.map((value) => {
      const key = placeholders.get(value);
      return key === undefined ? { constant: value } : { param: key };
    });
  }

  private values(params: Params): unknown[] {
    return this.slots.map((slot) => ('param' in slot ? params[slot.param] : slot.constant));
  }

  /** Runs the statement on `database` itself: these reads are for request paths, never inside a transaction. */
  async execute(database: Database, params: Params): Promise<Row[]> {
    const values = this.values(params);
    const driver = database as Database & { pglite?: PGlite; pool?: pg.Pool };
    if (driver.kind === 'pglite' && driver.pglite) {
      const pglite = driver.pglite;
      // PGlite is one backend session: Kysely's connection lock is what keeps a read out of another
      // request's open transaction (where it would see uncommitted rows). Take it like any query.
      return database.db.connection().execute(() => runOnPglite<Row>(pglite, this, values));
    }
    if (driver.kind === 'postgres' && driver.pool) {
      // node-postgres parses a named statement once per pooled connection and reuses it after.
      const result = await poolQuery(driver.pool, { name: this.name, text: this.sql, values });
      return result.rows as Row[];
    }
    const result = await database.db.executeQuery<Row>(CompiledQuery.raw(this.sql, values));
    return [...result.rows];
  }

  async executeTakeFirst(database: Database, params: Params): Promise<Row | undefined> {
    return (await this.execute(database, params))[0];
  }
}

/** The statements prepared so far on each PGlite instance (a statement lives as long as its backend). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function toPglite(value: unknown): string | Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return value;
  return String(value);
}

/**
 * PGlite's `query()` sends an unnamed statement: parse, plan and five protocol round trips on
 * every call. Here the statement is parsed under its name the first time, and each call is one
 * round trip of bind, describe, execute and sync. The caller holds Kysely's connection lock (no
 * transaction is open) and this takes PGlite's own query lock, so it never interleaves with
 * another statement.
 */
async function runOnPglite<Row>(
  pglite: PGlite,
  read: { name: string; sql: string },
  values: unknown[],
): Promise<Row[]> {
  if (pglite.closed) throw new Error('PGlite is closed');
  let prepared = preparedOn.get(pglite);
  if (!prepared) preparedOn.set(pglite, (prepared = new Set()));
  const known = prepared;
  const { serialize } = protocol;
  return pglite._runExclusiveQuery(async () => {
    const parsing = !known.has(read.name);
    const message = concat([
      ...(parsing ? [serialize.parse({ name: read.name, text: read.sql })] : []),
      serialize.bind({ statement: read.name, values: values.map(toPglite) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    try {
      // A read leaves nothing to write back to the data directory.
      const { messages } = await pglite.execProtocol(message, { syncToFs: false });
      known.add(read.name);
      return pgliteParse.parseResults(messages, pglite.parsers)[0]!.rows as Row[];
    } catch (err) {
      // Whatever failed, the next call starts from a fresh parse (closing an unknown statement is no error).
      known.delete(read.name);
      await pglite
        .execProtocol(concat([serialize.close({ type: 'S', name: read.name }), serialize.sync()]), {
          syncToFs: false,
        })
        .catch(() => undefined);
      throw err;
    }
  });
}
