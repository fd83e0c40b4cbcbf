import { currentModule } from './modules.mjs';

/**
 * StrykerJS over one module (MUTATION_MODULE; `npm run mutation` runs each in turn). Per-test
 * coverage runs only the tests that reach a mutant; incremental mode keeps the results of mutants
 * whose code and tests did not change since the last run (reports/mutation/*-incremental.json).
 */
const module = currentModule();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: module.mutate,
  // Two cores shared with other work.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  // Static mutants (module-level constants) would need every test run again for each: skipped.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `reports/mutation/${module.name}-incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${module.name}.html` },
  jsonReporter: { fileName: `reports/mutation/${module.name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  tempDirName: `.tmp/stryker-${module.name}`,
  cleanTempDir: 'always',
  // The sandbox needs the server, the contract and their configs; not the web app, the e2e
  // suite, documents or data.
  ignorePatterns: ['apps/web', 'e2e', 'docs', 'bench', 'data', 'reports', 'test-results', '.tmp', '**/dist'],
  // Over the mutant's usual test time: a mutant that loops for ever costs this long.
  timeoutMS: Number(process.env.MUTATION_TIMEOUT_MS ?? 5_000),
  thresholds: { high: 90, low: 75, break: null },
};
