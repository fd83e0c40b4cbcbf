import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../seed/seed.ts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import type { ServiceOptions } from '../composition.ts';
import { TEMPLATE_PATH } from './template-path.ts';

/** Which database the server tests run on: PGlite always, PostgreSQL when the run asks for it. */
export const testDbKind: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * An environment a production configuration accepts (NODE_ENV=production refuses to start
 * without secrets of its own): spread it under a test's own variables.
 */
export const productionTestEnv = {
  NODE_ENV: 'production',
  SANDBOX_PAY_SECRET: 'test-production-sandbox-pay-secret-0123456789',
  GAME_SANDBOX_SECRET: 'test-production-game-sandbox-secret-0123456789',
} as const;

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/**
 * Kysely's migrator introspects the tables of every schema; a test file dropping its schema at
 * that moment makes the introspection fail ("schema ... does not exist"). Migrating and dropping
 * take one advisory lock, so they never overlap across the test files of a run.
 */
const SCHEMA_LOCK = 72_200_001;
async function withSchemaLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database holding the demo data, of the kind this run tests. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const database = await openPostgres({ url, schema, poolSize: 5 });
    await withSchemaLock(url, () => migrateToLatest(database));
    await seedDemoData(database);
    return {
      database,
      drop: async () => {
        await database.close();
        await withSchemaLock(url, async () => {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          await c.query(`drop schema ${schema} cascade`);
          await c.end();
        });
      },
    };
  }
  const blob = new Blob([readFileSync(TEMPLATE_PATH)]);
  const database = await openPglite({ loadDataDir: blob });
  return { database, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** inject() with the headers the web client sends. */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<BuildAppOptions> & {
    configOverrides?: Partial<AppConfig>;
    /** Adds routes a test needs (e.g. a throwaway call) before the app is sealed by ready(). */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const config = {
    // No web build unless a test gives one (configOverrides.webDist), as on a fresh clone: serving
    // apps/web/dist made every test app register a route for each of its ~1,300 files (about a
    // second each on a loaded machine), and a build running beside the tests could swap the files
    // under that scan (issue 28: "the @fastify/static start" failed on timing under load).
    ...loadConfig({
      ...process.env,
      DATA_DIR: '/nonexistent',
      DATABASE_URL: '',
      WEB_DIST: '/nonexistent-web-dist',
    }),
    ...overrides.configOverrides,
  };
  const app = await buildApp({ config, database, ...overrides });
  await overrides.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    call: ({ token, headers, ...opts }) =>
      app.inject({
        ...opts,
        headers: {
          merchant: 'SEA888',
          device: 'web',
          language: 'en',
          ...(token ? { authorization: token } : {}),
          ...headers,
        },
      }),
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** The schema a test app's database works in (PostgreSQL gives each test file its own). */
export async function currentSchema(t: TestApp): Promise<string> {
  return (await sql<{ s: string }>`select current_schema() as s`.execute(t.database.db)).rows[0]!.s;
}

/**
 * A second complete server (buildApp) on the test app's database, as another instance behind a
 * load balancer: on PostgreSQL with a pool of its own on the same schema (closed with the app), on
 * PGlite sharing the one in-process database. Jobs that must run once are raced between the two.
 */
export async function secondInstance(t: TestApp, services: ServiceOptions): Promise<FastifyInstance> {
  const own =
    t.database.kind === 'postgres'
      ? await openPostgres({
          url: process.env.TEST_DATABASE_URL!,
          schema: await currentSchema(t),
          poolSize: 5,
        })
      : null;
  const app = await buildApp({ config: t.config, database: own ?? t.database, services });
  if (own) app.addHook('onClose', () => own.close());
  await app.ready();
  return app;
}
