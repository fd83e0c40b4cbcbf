import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
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

/** Files worth compressing: text. Fonts (woff2) and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Every text file of the build also as `.br` (brotli 11) and `.gz` (gzip 9) beside it, written once
 * here so the server sends the smallest form with no work per request (decision 015; @fastify/static
 * `preCompressed` picks the file from Accept-Encoding). Files under 1 kB, and forms that would not be
 * smaller, are left out: the server then sends the file itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : COMPRESSIBLE.test(e.name) ? [join(dir, e.name)] : [],
        );
      for (const file of walk(outDir)) {
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * The @fontsource stylesheets (styles/fonts) as the app uses them: only the faces of the script
 * itself (the Latin, Cyrillic, Greek and Vietnamese faces are never picked, the system fonts come
 * first in --font-sans) and only WOFF2, which every browser the app supports reads; the WOFF
 * copies would only add files to the build.
 */
function fontsourceSlim(): Plugin {
  const FACE =
    /\/\* noto-sans-[a-z]+-(latin|latin-ext|cyrillic|cyrillic-ext|greek|greek-ext|vietnamese)-\d+-\w+ \*\/\s*@font-face\s*\{[^}]*\}\s*/g;
  const WOFF = /,\s*url\([^)]*\.woff\) format\('woff'\)/g;
  return {
    name: 'fontsource-slim',
    enforce: 'pre',
    transform(code, id) {
      if (!/@fontsource[\\/]noto-sans-[a-z]+[\\/]\d+\.css$/.test(id)) return null;
      return { code: code.replace(FACE, '').replace(WOFF, ''), map: null };
    },
  };
}

/**
 * The contract's schemas are values built from other schemas (`MoneyMovementSchema.extend(...)`,
 * `IdempotencyKeySchema.optional()`). A bundler cannot know such a method call is free of side
 * effects, so a module the entry imports for a plain constant (an error section declared next to
 * its calls) kept every schema in it, and zod with them: +29 kB gzip on the home route. Marking
 * those calls pure lets the unused ones go, like the `z.*` calls (treeshake.manualPureFunctions).
 */
function contractSchemasPure(): Plugin {
  const SCHEMA_CALL = /(?<![\w.$])([A-Z][A-Za-z0-9]*Schema)\.(\w+)\(/g;
  return {
    name: 'contract-schemas-pure',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/.test(id) || id.endsWith('.test.ts'))
        return null;
      return { code: code.replace(SCHEMA_CALL, '/* @__PURE__ */ $1.$2('), map: null };
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), contractSchemasPure(), fontsourceSlim(), precompress()],
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
      treeshake: { manualPureFunctions: ['z', 'defineCall'] },
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
