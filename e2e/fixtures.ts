import { test as base, expect } from '@playwright/test';
import { startServer, type RunningServer } from './server.ts';

export { expect };

/**
 * `server`: one real server per worker (its own embedded database), shared by the tests of that
 * worker; a test that changes the system status or switches puts them back (`resetAfter`).
 * `baseURL` points the page at it.
 */
export const test = base.extend<{ resetStatus: void }, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    // Over startServer's own 120 s, so a slow start fails with the server's output, not this limit.
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  resetStatus: [
    async ({ server }, use) => {
      await use();
      await server.ops('status', 'normal');
    },
    { auto: true },
  ],
});
