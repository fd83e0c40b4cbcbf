import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogueFiles } from './apps/web/catalogue-files.ts';
import { fontSubsets } from './apps/web/font-subsets.ts';

/**
 * One retry in CI, as the e2e suite has: a test that passes on its retry is named as flaky at the
 * end of `npm test` (scripts/vitest-retried-reporter.ts), not hidden; a real failure fails twice.
 */
const retry = process.env.CI ? 1 : 0;

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    retry,
    globalSetup: ['src/test/global-setup.ts'],
    env,
    // PGlite instances are memory-hungry: a few files at a time on a 2-core machine.
    maxWorkers: 2,
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
        },
      },
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', { TEST_DB: 'postgres' })] : []),
      {
        plugins: [react(), catalogueFiles(), fontSubsets()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          retry,
          setupFiles: ['src/test/setup.ts'],
          // jsdom suites slow down a lot on a loaded 2-core machine; a slow test is not a failing one.
          testTimeout: 45_000,
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
          // The console's tests talk to a real server on the server tests' database template.
          globalSetup: ['../server/src/test/global-setup.ts'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 45_000,
        },
      },
    ],
  },
});
