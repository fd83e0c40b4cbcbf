import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './scripts/eslint/boundaries.js';

/**
 * Import boundaries of DESIGN.md §1, enforced here:
 * - packages/contract depends on zod and @noble/hashes only (the verifier's audited hashes);
 * - apps/web and apps/server never import each other;
 * - a web feature imports shared/, contract and other features only through their index.ts;
 * - a server module reaches another module through its service, never its repo.
 */

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'reports/**',
      'test-results/**',
      '.tmp/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    // Tests are not part of the package's runtime: they may use vitest and node:fs.
    ignores: ['packages/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|@noble/hashes/|\\.{1,2}/)',
              message: 'The contract depends on zod and @noble/hashes only (DESIGN.md §1, decision 021).',
            },
          ],
        },
      ],
    },
  },
  {
    // A server test's PostgreSQL data is a database of its own copied from the run's template
    // (decision 026): TEST_DATABASE_URL names the run's, not the test's.
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.object.name='process'][property.name='TEST_DATABASE_URL']",
          message: "A test's own database is testDatabaseUrl(t) (test/test-app.ts), not TEST_DATABASE_URL.",
        },
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern: `{}` means none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/module-service': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/web', '**/apps/web/**'], message: 'The server never imports the web app.' },
          ],
        },
      ],
    },
  },
  {
    // HTTP stays at the edge (decision 013): services get plain values from the routes, never a
    // request or reply, so they work the same from the CLI, a job or a test.
    files: [
      'apps/server/src/**/*.service.ts',
      'apps/server/src/platform/captcha/captcha.ts',
      'apps/server/src/platform/challenge/slider-challenge.ts',
      'apps/server/src/platform/crypto/payload-keys.ts',
      'apps/server/src/platform/outbox/outbox.ts',
      'apps/server/src/platform/rate-limit/rate-limiter.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/web', '**/apps/web/**'], message: 'The server never imports the web app.' },
            {
              regex: '^(fastify|@fastify/|fastify-)',
              message:
                'Services take plain values (see platform/http/caller.ts), never Fastify types (decision 013).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/server', '**/apps/server/**'], message: 'The web app never imports the server.' },
            {
              group: ['@app/admin', '**/apps/admin/**'],
              message: 'The back office never reaches a player’s bundle.',
            },
          ],
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery'],
              message:
                'Use useQuery from shared/http/use-query.ts: an answer renders in a transition, not in one synchronous task (decision 015).',
            },
          ],
        },
      ],
    },
  },
  {
    // The back-office console (decision 032): a browser app of its own. It reaches the server only
    // through the contract's calls (its tests start a real server, hence the test files' exception),
    // and shares no code with the players' app, so none of it can reach a player's bundle.
    files: ['apps/admin/**/*.{ts,tsx}'],
    ignores: ['apps/admin/src/**/*.test.{ts,tsx}', 'apps/admin/src/test/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/server', '**/apps/server/**'], message: 'The console never imports the server.' },
            {
              group: ['@app/web', '**/apps/web/**'],
              message: 'The console shares no code with the players’ app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/admin/src/**/*.test.{ts,tsx}', 'apps/admin/src/test/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/feature-index': 'error', 'boundaries/feature-no-app': 'error' },
  },
);
