import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The back-office console (decision 032): its own build, in apps/admin/dist, served by the server
 * under /bo/ and never part of the players' app (apps/web). No size budget of the players' site
 * applies to it; it is still split so that a page loads what it uses.
 */
export default defineConfig({
  base: '/bo/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The entry holds React, Refine's core, TanStack Query and the contract's schemas (about 180 kB
    // gzip), loaded once per shift by staff only; the pages are chunks of their own.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The contract's schemas are built at the top level with `z.*` calls, which have no side
      // effects: unused ones (the players' calls) may be dropped, as in the players' build.
      treeshake: { manualPureFunctions: ['z', 'defineCall'] },
    },
  },
  server: {
    port: 5174,
    proxy: { '/bo/api': 'http://localhost:8080' },
  },
});
