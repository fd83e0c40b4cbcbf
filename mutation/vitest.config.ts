import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { currentModule } from './modules.mjs';

/**
 * The Vitest config Stryker runs (mutation/stryker.config.mjs): the module's own test files only,
 * with the settings of its project in the root vitest.config.ts (the server's on PGlite, from the
 * seeded template its global setup builds).
 */
const module = currentModule();
const server = module.project === 'server';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL(server ? '../apps/server' : '../packages/contract', import.meta.url)),
    include: module.tests,
    // MUTATION_BASELINE=1: without the tests written to kill survivors (*.mutation.test.ts), the
    // score the suite had before them.
    exclude: [...configDefaults.exclude, ...(process.env.MUTATION_BASELINE ? ['**/*.mutation.test.ts'] : [])],
    environment: 'node',
    ...(server
      ? {
          globalSetup: ['src/test/global-setup.ts'],
          env: { TEST_DB: 'pglite' },
          // As the root config's server projects: files run one after another in a worker
          // without loading the server's modules again (no server test mocks a module).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        }
      : {}),
  },
});
