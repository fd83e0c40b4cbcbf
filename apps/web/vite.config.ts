import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  css: {
    // Short hashed class names in production: every class name is a string in the JS as well.
    modules: mode === 'production' ? { generateScopedName: '_[hash:base64:6]' } : {},
  },
  build: {
    // Catalogues (JSON, fetched by shared/i18n) and icon sprites (SVG, used by <use href>) stay
    // files of their own: inlined they would be JavaScript to load, or would not work at all.
    assetsInlineLimit: (file: string) =>
      file.endsWith('.json') || file.endsWith('.svg') ? false : undefined,
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // The contract's modules build zod schemas at the top level (`z.object(...)`). Calls of `z.*`
      // have no side effects, so an unused schema may be dropped: with the contract's
      // `sideEffects: false` this keeps zod out of the entry chunk when only its constants are
      // used (TOOLCHAIN.md: zod costs 23 kB gzip).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // The libraries every page needs at start in one file: one gzip stream compresses better
        // than the three the automatic split makes, and the browser fetches one file, not three.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
    // Each lazy chunk fetches its own imports. Preloading them would put a map of every chunk's
    // dependencies into the entry (about 1 kB gzip, growing with each page) for a small latency win.
    modulePreload: false,
  },
  server: {
    proxy: Object.fromEntries(
      ['/wps', '/lgw', '/lotto', '/cdn', '/config', '/openapi.json'].map((p) => [p, 'http://localhost:8080']),
    ),
  },
}));
