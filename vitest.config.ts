import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogueFiles } from './apps/web/catalogue-files.ts';
import { fontSubsets } from './apps/web/font-subsets.ts';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    env,
    // PGlite instances are memory-hungry: a few files at a time on a 2-core machine.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
          setupFiles: ['src/test/setup.ts'],
          // jsdom suites slow down a lot on a loaded 2-core machine; a slow test is not a failing one.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
