import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogueFiles } from './apps/web/catalogue-files.ts';
import { fontSubsets } from './apps/web/font-subsets.ts';

/**
 * One retry in CI, as the e2e suite has: a test that passes on its retry is named as flaky at the
 * end of `npm test` (scripts/vitest-retried-reporter.ts), not hidden; a real failure fails twice.
 */
const retry = process.env.CI ? 1 : 0;

/**
 * One worker count for every project, so that they all run in one group side by side. Vitest runs
 * a project whose files are isolated on one worker (its default on two cores) one file at a time,
 * each file a group of its own after every other group: in the run of 2026-11-29 the server
 * projects ended at 949 s and contract, web and admin then took 255 s more on one worker. With the
 * same count everywhere their files take the workers the server files leave (decision 026).
 * Two: PGlite instances are memory-hungry, and these machines have two cores.
 */
const maxWorkers = 2;

/**
 * Server test files one database answers for (decision 061): the PostgreSQL pass leaves them out.
 * Every other server test file runs on both, and so does a new one unless it lands in a folder of
 * `oneDatabaseFolders`: money, the ledger, concurrency, jobs, locks and SQL functions differ in
 * what PGlite (one connection, everything serialised) and PostgreSQL (a pool, real races) do.
 */
const oneDatabaseFolders = [
  // The HTTP layer: parsing, validation, headers, compression, TLS and HTTP/2, the error
  // catalogue, logging, captcha images and the CDN's art. A request refused or shaped here never
  // reaches a query that could answer differently.
  'src/platform/http/**',
  'src/platform/captcha/**',
  'src/platform/logging/**',
  'src/modules/cdn/**',
];
const oneDatabaseFiles = [
  // No database of the project's kind at all (decision 026): pure, or server processes on a
  // PGlite data directory of their own whatever the project.
  'src/modules/agent/stats-days.test.ts',
  'src/platform/geo.test.ts',
  'src/platform/remembered.test.ts',
  'src/start-environment.test.ts',
  // The wire and its validation: answer shapes, refused input, permissions, one member's own
  // rows read or written by one request at a time; no money, no race, no job, no SQL function.
  'src/platform/auth/token-every-call.test.ts',
  'src/modules/backoffice/openapi.test.ts',
  'src/modules/backoffice/permissions.test.ts',
  'src/modules/backoffice/content-bo.test.ts',
  'src/modules/games/games-index.test.ts',
  'src/modules/member/member-language.test.ts',
  'src/modules/member/original-wire.test.ts',
  'src/modules/messages/messages.routes.test.ts',
  'src/modules/notices/original-wire.test.ts',
  'src/modules/profile/nickname.routes.test.ts',
  'src/modules/profile/payment-password.routes.test.ts',
  'src/modules/profile/profile.routes.test.ts',
  'src/modules/profile/totp.routes.test.ts',
  'src/modules/session/original-wire.test.ts',
  'src/modules/social/social.routes.test.ts',
  'src/modules/system/original-wire.test.ts',
  'src/modules/system/system-wire.test.ts',
  'src/modules/system/system.routes.test.ts',
  'src/modules/verification/original-wire.test.ts',
  'src/modules/verification/verification.routes.test.ts',
];
const oneDatabase = [...oneDatabaseFolders, ...oneDatabaseFiles];

const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...exclude],
    environment: 'node',
    retry,
    globalSetup: ['src/test/global-setup.ts'],
    env,
    // PGlite instances are memory-hungry: a few files at a time on a 2-core machine.
    maxWorkers,
    // A worker runs file after file without loading the server's modules again: each file builds
    // its own app and database, and no server test mocks a module or changes the environment.
    // Measured on the PGlite project: 200 s instead of 340 s (75 workers at about 0.35 s each to
    // spawn, and each importing the platform again).
    isolate: false,
    // A test asserts behaviour, not speed (decision 026): the generated-month settlements and the
    // server-process tests took 30-45 s at load averages of 30 on these shared 2-core machines.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

/** Every unit and integration test; the e2e suite runs separately under Playwright. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          retry,
          maxWorkers,
          // The property tests walk thousands of cases: 5 s at a load of 12 timed one out.
          testTimeout: 45_000,
        },
      },
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { TEST_DB: 'postgres' }, oneDatabase)]
        : []),
      {
        plugins: [react(), catalogueFiles(), fontSubsets()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file in a VM context of its own on a worker that keeps its jsdom: the same
          // isolation as a process per file without building jsdom 81 times (272 s of a 324-s run
          // at a load of 16; 124 s in VM contexts at 15, decision 026).
          pool: 'vmThreads',
          retry,
          maxWorkers,
          setupFiles: ['src/test/setup.ts'],
          // jsdom suites slow down a lot on a loaded 2-core machine; a slow test is not a failing one.
          testTimeout: 45_000,
        },
      },
      {
        test: {
          // The web build's own plugins (apps/web/build), in Node: they run a Vite build, whose
          // bundler reads its options only from objects of Node's own realm, not from the web
          // project's VM contexts.
          name: 'web-build',
          root: 'apps/web',
          include: ['build/**/*.test.ts'],
          environment: 'node',
          retry,
          maxWorkers,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          retry,
          maxWorkers,
          // The console's tests talk to a real server on the server tests' database template.
          globalSetup: ['../server/src/test/global-setup.ts'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 45_000,
          // Its hooks start a server on the template database: 10 s timed out at a load of 12.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
