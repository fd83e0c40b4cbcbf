import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The tests against the real server run in Node (real-server.ts), where only sessionStorage is given.
  globalThis.sessionStorage?.clear();
  globalThis.localStorage?.clear();
});
