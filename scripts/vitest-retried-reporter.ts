import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes the tests that passed only on a retry (Vitest's `retry`, set in CI) to a JSON file, so
 * that `npm test` can name them at the end as flaky: a retry keeps one slow moment on a loaded
 * machine from failing the run, and the list keeps the test from being forgotten.
 */
export default class RetriedReporter implements Reporter {
  private readonly outputFile = process.env.VITEST_RETRIED_OUTPUT ?? 'reports/vitest-retried.json';

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const retried: { test: string; retries: number; passed: boolean }[] = [];
    for (const module of testModules)
      for (const test of module.children.allTests()) {
        const { retryCount } = test.diagnostic() ?? { retryCount: 0 };
        if (retryCount > 0)
          retried.push({
            test: `${test.project.name} ${module.relativeModuleId} › ${test.fullName}`,
            retries: retryCount,
            passed: test.result().state === 'passed',
          });
      }
    writeFileSync(this.outputFile, JSON.stringify(retried, null, 2));
  }
}
