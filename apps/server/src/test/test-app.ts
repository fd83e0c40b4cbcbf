import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/connection.ts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import type { ServiceOptions } from '../composition.ts';
import { TEMPLATE_PATH, withDatabaseName } from './template-path.ts';

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

/** The name of the migrated, seeded PostgreSQL template database a run's global set-up made. */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

const databaseUrls = new WeakMap<Database, string>();

/**
 * The connection string of a test's own PostgreSQL database: for another pool on it (a second
 * instance, a connection a test kills) or a server process (`main.ts`) pointed at it.
 */
export function testDatabaseUrl(t: { database: Database }): string {
  const url = databaseUrls.get(t.database);
  if (!url) throw new Error('testDatabaseUrl: only a PostgreSQL test database has one');
  return url;
}

/**
 * A fresh, migrated database holding the demo data, of the kind this run tests.
 *
 * PostgreSQL: a database of its own per test file, copied from the template the run's global
 * set-up migrated and seeded once (CREATE DATABASE ... TEMPLATE: about 0.1-0.6 s where migrating
 * and seeding a schema took 4-20 s). The copies are dropped together at the end of the run
 * (global-setup.ts): DROP DATABASE waits for a checkpoint, seconds each beside running tests.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = inject('postgresTemplate');
    if (!template) throw new Error('TEST_DB=postgres needs the template global-setup.ts makes');
    const name = `${template}_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    const ownUrl = withDatabaseName(url, name);
    const database = await openPostgres({ url: ownUrl, poolSize: 5 });
    databaseUrls.set(database, ownUrl);
    return { database, drop: () => database.close() };
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

/** The schema a test app's database works in. */
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
    t.database.kind === 'postgres' ? await openPostgres({ url: testDatabaseUrl(t), poolSize: 5 }) : null;
  const app = await buildApp({
    config: t.config,
    database: own ?? t.database,
    services,
    closeDatabase: !!own,
  });
  await app.ready();
  return app;
}
