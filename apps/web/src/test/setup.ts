import '@testing-library/jest-dom/vitest';
import { webcrypto } from 'node:crypto';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// The web project runs its files in VM contexts (vitest.config.ts), whose jsdom window has
// `crypto.getRandomValues` but not `crypto.subtle`; the pages run in a secure context, where a
// browser has both: Node's Web Crypto stands in for the browser's.
if (!globalThis.crypto?.subtle)
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
