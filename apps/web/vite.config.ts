import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Production class names of the CSS modules: `_` + 4 characters of the file's hash + the class's
 * place in its file (`_Ab3x0`, `_Ab3x1`, …). Every class name is also a string in the JavaScript;
 * a random hash per class cannot be compressed, a prefix shared by a file's classes can (the home
 * route's JS: -0.6 kB gzip; the stylesheets: -1.6 kB). The place is read from the file's own text, so the
 * names do not depend on the order in which the build visits the files.
 */
function shortClassNames(): (name: string, filename: string, css: string) => string {
  const prefixes = new Map<string, string>();
  const names = new Map<string, string[]>();
  return (name, filename, css) => {
    const file = relative(webRoot, filename.split('?')[0]!).replaceAll('\\', '/');
    let prefix = prefixes.get(file);
    if (prefix === undefined) {
      prefix = createHash('sha256').update(file).digest('base64url').slice(0, 4);
      const clash = [...prefixes].find(([, p]) => p === prefix);
      if (clash) throw new Error(`CSS modules ${clash[0]} and ${file} share the class prefix ${prefix}`);
      prefixes.set(file, prefix);
    }
    let local = names.get(file);
    if (local === undefined) {
      // Class selectors and keyframes in order of first appearance; anything else that matches
      // (a file name in a url()) only takes a number that no class uses.
      const found = [...css.matchAll(/\.(-?[A-Za-z_][\w-]*)|@keyframes\s+(-?[A-Za-z_][\w-]*)/g)];
      local = [...new Set(found.map((m) => m[1] ?? m[2]!))];
      names.set(file, local);
    }
    let at = local.indexOf(name);
    if (at < 0) at = local.push(name) - 1;
    return `_${prefix}${at.toString(36)}`;
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  css: {
    modules: mode === 'production' ? { generateScopedName: shortClassNames() } : {},
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
        codeSplitting: {
          groups: [
            {
              // The libraries every page needs at start in one file: one gzip stream compresses
              // better than the three the automatic split makes, and the browser fetches one file,
              // not three. They change less often than the app, so a release leaves them cached.
              name: 'vendor',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
            },
            {
              // Everything else the start imports statically, in the entry chunk itself. Left to
              // the automatic split, each module a lazy page imports too (the http client, the
              // contract's constants, the icons...) became a small file of its own, fetched at
              // start beside the entry: 9 files, each with its own gzip stream and import and
              // export lists, cost 2.3 kB gzip more than one. Lazy pages import these from the entry.
              name: 'index',
              priority: 1,
              tags: ['$initial'],
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
