import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../seed/seed.ts';
import { TEMPLATE_PATH, withDatabaseName } from './template-path.ts';

/**
 * Builds the databases the test files start from, once per run: every file then copies one instead
 * of migrating and seeding its own (several seconds each, tens of seconds on a loaded machine).
 *
 * - PGlite: one migrated, seeded database dumped to TEMPLATE_PATH; a file loads a copy (about 0.3 s).
 *   The projects that use it (server-pglite, admin) share one build: their set-ups run in the same
 *   process, and the second waits for the first instead of building it again.
 * - PostgreSQL (the server-postgres project): a template database beside TEST_DATABASE_URL's,
 *   `<its name>_tmpl`; a file creates its own database from it (test-app.ts). The teardown drops
 *   the template and every copy.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (project.name === 'server-postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('server-postgres needs TEST_DATABASE_URL');
    const template = `${new URL(url).pathname.slice(1)}_tmpl`;
    await dropDatabases(url, template);
    await adminQuery(url, `create database ${template}`);
    const database = await openPostgres({ url: withDatabaseName(url, template), poolSize: 2 });
    try {
      await migrateToLatest(database);
      await seedDemoData(database);
    } finally {
      await database.close();
    }
    project.provide('postgresTemplate', template);
    return () => dropDatabases(url, template);
  }
  const shared = globalThis as { pgliteTemplate?: Promise<void> };
  shared.pgliteTemplate ??= buildPgliteTemplate();
  await shared.pgliteTemplate;
}

async function buildPgliteTemplate(): Promise<void> {
  const database = await openPglite();
  await migrateToLatest(database);
  await seedDemoData(database);
  const dump = await database.pglite.dumpDataDir('gzip');
  mkdirSync(dirname(TEMPLATE_PATH), { recursive: true });
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

async function adminQuery(url: string, query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

/** The template and the test files' copies of it (`<template>_<hex>`), from this run or one killed. */
async function dropDatabases(url: string, template: string): Promise<void> {
  const found = await adminQuery(
    url,
    `select datname from pg_database where datname = '${template}' or datname like '${template}\\_%'`,
  );
  const names = (found.rows as { datname: string }[]).map((r) => r.datname);
  // The copies first: the template cannot go while a copy is being made from it.
  names.sort((a, b) => (a === template ? 1 : b === template ? -1 : 0));
  for (const name of names) await adminQuery(url, `drop database if exists ${name} with (force)`);
}
