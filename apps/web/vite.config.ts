import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { catalogueFiles } from './catalogue-files.ts';
import {
  callDefsWireOnly,
  contractSchemaChainsPure,
  contractSchemaDeclarationsDroppable,
  contractSchemasPure,
  errorCatalogueReadsAsLiterals,
} from './build/contract-plugins.ts';
import {
  cssModuleClassesAsNames,
  cssModuleClassNames,
  cssModulesKeptWhole,
  emptyCssModuleChunksDropped,
} from './build/css-module-classes.ts';
import { fontSubsets } from './font-subsets.ts';

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
      // Class selectors and keyframes in order of first appearance, read as cssModuleClassesAsNames reads them.
      local = cssModuleClassNames(css);
      names.set(file, local);
    }
    let at = local.indexOf(name);
    if (at < 0) at = local.push(name) - 1;
    return `_${prefix}${at.toString(36)}`;
  };
}

/**
 * Characters of the content hash in the names of built files. Rolldown asks for at least 7 for the
 * number of chunks this build makes; each name is written again in the preload lists and imports of
 * the chunks that load it, and a hash does not compress: 7 instead of the default 8 took 0.15 kB
 * gzip off the home route's JS, which pays for the compile hints below.
 */
const HASH_LENGTH = 7;

/**
 * The chunks the page loads from its HTML: a lazy chunk's preload list leaves them out. The name
 * is followed by the hash only: lazy chunks named after modules such as `vendor-cards.ts` or
 * `vendor-games-modal.tsx` must stay in the lists.
 */
const STARTED = new RegExp(`^assets/(index|vendor|rolldown-runtime)-[\\w-]{${HASH_LENGTH}}\\.js$`);

/**
 * The chunks that run as soon as they arrive and call most of their functions while the page
 * starts: the entry and the vendor chunk, and a page's own chunk with the chunks it imports
 * statically (the page renders, and with it most of their code, as soon as they are in).
 */
const STARTING_CHUNKS = new Set(['index', 'vendor']);
const PAGE_MODULE = /-page\.tsx$/;

/**
 * Lazy pages that are opened together, each family in one chunk rather than one per page and one
 * per module two of them share: the member centre's records tabs (RM-01..RM-04) with their table,
 * filters and formats; the help centre's two pages; the notice list and the notice dialog with the
 * reader they share; the maintenance and region pages with their screen. The pages are small
 * (0.3–1 kB gzip each), and every file adds its own gzip stream, import and export lists and a
 * hashed name in its importers' preload lists: the four families in four files instead of 15 take
 * 3.7 kB gzip off all JS (issue #28; bench/web-size, ≤ 350 kB). A page of a family costs its visitor
 * at most 0.8 kB more, and then opens its siblings (another records tab) without a request.
 * Modules a family's pages import from elsewhere (the contract, zod, shared/) stay where they were:
 * taken along, the records tabs' chunk grew to 37 kB with zod in it. A family's chunk carries the
 * compile hint as a page's does. The small helpers several unrelated pages share (money, numbers,
 * live keys, the game and promotion formats) stay apart: one file for them saved 0.8 kB of all JS
 * and added up to 1.1 kB to the first load of 25 pages.
 */
const PAGE_FAMILIES: readonly (readonly [name: string, modules: RegExp])[] = [
  ['records-pages', /[\\/]src[\\/]features[\\/]records[\\/](?!index\.ts$|strings\.ts$)[^\\/]+$/],
  ['help-pages', /[\\/]src[\\/]features[\\/]help[\\/]help-/],
  [
    'notice-pages',
    /[\\/]src[\\/]features[\\/]notices[\\/](notice-modal|notices-page|notice-reader|notice-paging)\./,
  ],
  ['status-pages', /[\\/]src[\\/]app[\\/]status[\\/](maintenance-page|region-page|status-screen)\./],
];

/**
 * V8's explicit compile hint (Chrome 136 and later): a script whose first line is this comment has
 * all its functions compiled eagerly, on a background thread while it streams in. Without it V8
 * compiles each function on the main thread the first time it is called, and at start that is most
 * of React, the router, the query client, the shell and the page: in traces of first visits to /,
 * /rng and /lottery, 143–240 ms of main-thread compiling per load, 12–31 ms with the hint on the
 * entry and the vendor chunk, 3–11 ms with it on the page's chunks too (decision 015, fifth pass).
 * What a page loads only on a click (a dialog, a game's client) does not carry it: most of its
 * functions would be compiled for nothing. Other browsers read the line as a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const HINT_MIN_CHARS = 4096;

function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // After minification, which drops comments, and after Vite has put its preload list at the top of
    // the entry (both happen once the names are hashed: Vite's own list changes the code likewise).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const hinted = new Set<string>();
        const hint = (fileName: string) => {
          const chunk = byFile.get(fileName);
          if (!chunk || hinted.has(fileName)) return;
          hinted.add(fileName);
          chunk.imports.forEach(hint);
          // A small file compiles lazily in well under a millisecond: not worth the line.
          if (chunk.code.length < HINT_MIN_CHARS) return;
          chunk.code = COMPILE_HINT + chunk.code;
          // The code moved one line down: so do the lines of its source map.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        };
        for (const chunk of chunks)
          if (
            STARTING_CHUNKS.has(chunk.name) ||
            (chunk.isDynamicEntry && PAGE_MODULE.test(chunk.facadeModuleId ?? '')) ||
            PAGE_FAMILIES.some(([name]) => chunk.name === name)
          )
            hint(chunk.fileName);
      },
    },
  };
}

/**
 * zod's conversion of schemas to JSON Schema, left out of the web build. The server publishes its
 * OpenAPI document from the contract's schemas; the browser only parses with them. Yet zod 4's
 * classic schemas reference the converters from every constructor (each schema carries its own
 * JSON Schema step), so no tree-shaking could drop them: 5.4 kB gzip in the chunk of every page
 * that validates a call or a form. Here the two converter modules are replaced by one whose
 * exports (the same names, read from the real files so a zod update keeps building) throw if
 * anything ever asks for JSON Schema in the browser; the `create…Method` factories, which a schema
 * calls when its `~standard` props are read, return such a function rather than throwing.
 */
function zodWithoutJsonSchema(): Plugin {
  const CONVERTER = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
  const PREFIX = '\0zod-without-json-schema:';
  return {
    name: 'zod-without-json-schema',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer || !/[\\/]zod[\\/]v4[\\/]/.test(importer) || !source.includes('json-schema')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && CONVERTER.test(resolved.id) ? PREFIX + resolved.id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const real = readFileSync(id.slice(PREFIX.length), 'utf8');
      const names = new Set<string>();
      for (const m of real.matchAll(/export (?:async )?(?:function\*?|const|let|var|class) (\w+)/g))
        names.add(m[1]!);
      for (const m of real.matchAll(/export \{([^}]*)\}/g))
        for (const part of m[1]!.split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)
            .pop();
          if (name) names.add(name);
        }
      return [
        "const unavailable = () => { throw new Error('JSON Schema conversion is not part of the web build (vite.config.ts)'); };",
        ...[...names].map((name) =>
          /^create\w*Method$/.test(name)
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
        ),
      ].join('\n');
    },
  };
}

/**
 * The draw verifier's fallback for pages without Web Crypto (the contract's
 * lottery-rules/verify-sync.ts, SHA-256 and HMAC from @noble/hashes), left out of the web build.
 * A browser has no `crypto.subtle` only outside a secure context (plain http from a host other
 * than localhost), where the site does not work anyway: sign-in, registration and the money calls
 * encrypt their bodies with Web Crypto (payload-crypto.ts) and the house games' verifier has no
 * fallback. For that case the fallback cost every build 3.2 kB gzip, its own chunk (issue #28,
 * bench/web-size: all JS ≤ 350 kB); the lottery verifier says instead that checking a draw needs
 * a secure connection (features/lottery/verifier.tsx). The contract keeps the module for its other
 * callers. Here it is replaced by one with the same exports (read from the real file, so a
 * renamed or added export still builds) that throw the same message if anything ever calls them.
 */
function verifierWithoutHashLibrary(): Plugin {
  const SYNC = /[\\/]packages[\\/]contract[\\/]src[\\/]lottery-rules[\\/]verify-sync\.ts$/;
  const PREFIX = '\0verifier-without-hash-library:';
  return {
    name: 'verifier-without-hash-library',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('verify-sync.ts')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && SYNC.test(resolved.id) ? PREFIX + resolved.id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const real = readFileSync(id.slice(PREFIX.length), 'utf8');
      const names = [...real.matchAll(/export (?:async )?(?:function|const|let) (\w+)/g)].map((m) => m[1]!);
      if (!names.length || /export \{|export \*|export default/.test(real))
        this.error(
          `verifier-without-hash-library: read no exports, or exports of an unknown form, from ${id}`,
        );
      return [
        'const unavailable = () => {',
        "  throw new Error('Checking a draw needs a secure connection (HTTPS): this page has no Web Crypto');",
        '};',
        ...names.map((name) => `export const ${name} = unavailable;`),
      ].join('\n');
    },
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
/**
 * Which emitted chunks only an agent ever loads (decision 029), for the web-size bench, which holds
 * what a player can load to the site's 350 kB budget and the agent centre to its own. A player can
 * load every chunk reached from the entry through static imports, and through lazy imports of
 * anything but the agent centre's own modules (its pages and dialogs, AGENT_ONLY_MODULE: its code,
 * its strings, its calls' contract and their references, the charts' uPlot); every other chunk is
 * the agent's, written to `chunk-audiences.json`. Until session 31 a chunk was the agent's when
 * every module in it matched that pattern: a library only the agent centre still uses (zod, for
 * the contract editor's checks, once the player's forms and calls stopped using it) merged into its
 * page and counted as the player's, and three small chunks of agent code that the member bar loads
 * counted as the agent's. The reach decides both the way a browser does.
 */
const AGENT_ONLY_MODULE =
  /[\\/]src[\\/](features|locales)[\\/]agent[\\/]|[\\/]contract[\\/]src[\\/]agent-[^\\/]+(?:[\\/][^\\/]+)?$|[\\/]call-refs[\\/]agent-[^\\/]+$|[\\/]node_modules[\\/]uplot[\\/]/;

function chunkAudiences(): Plugin {
  return {
    name: 'chunk-audiences',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // What a player can load: every chunk reached from the entry through static imports and
      // through lazy imports of anything but an agent-centre module (a page, a dialog of its own).
      const reached = new Set<string>();
      const reach = (fileName: string): void => {
        const chunk = byFile.get(fileName);
        if (!chunk || reached.has(fileName)) return;
        reached.add(fileName);
        chunk.imports.forEach(reach);
        for (const lazy of chunk.dynamicImports)
          if (!AGENT_ONLY_MODULE.test(byFile.get(lazy)?.facadeModuleId ?? '')) reach(lazy);
      };
      for (const chunk of chunks) if (chunk.isEntry) reach(chunk.fileName);
      const agent = chunks
        .filter((c) => !reached.has(c.fileName))
        .map((c) => c.fileName)
        .sort();
      this.emitFile({
        type: 'asset',
        fileName: 'chunk-audiences.json',
        source: `${JSON.stringify({ agent }, null, 2)}\n`,
      });
    },
  };
}

/**
 * zod never rides in the chunks every page loads at start (the entry and the vendor chunk): it
 * costs about 21 kB gzip of the home route's 135 kB budget (TOOLCHAIN.md). It came back twice
 * through a module the entry imports that called the contract's calls instead of their generated
 * references (call-ref.ts); the build now says so and names the module's chunk instead of leaving
 * it to the next web-size bench.
 */
function zodOutOfStart(): Plugin {
  return {
    name: 'zod-out-of-start',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !STARTING_CHUNKS.has(chunk.name)) continue;
        const zod = chunk.moduleIds.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
        if (zod.length > 0)
          this.error(
            `zod is in the ${chunk.name} chunk every page loads (${zod.length} modules): a module the entry imports uses a contract call or schema; call through shared/http/call-refs instead (call-ref.ts)`,
          );
      }
    },
  };
}

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
 * The loader of lazy chunks (`__vitePreload`, which the build wraps around each `import()`), in
 * place of Vite's. Vite's fetches a chunk's stylesheets first and imports its module only once
 * they are in: two round trips in a row for every lazy page (its CSS, then its JS), and the first
 * page of a visit waits for both. The app's lazy chunks are components rendered when the import's
 * promise settles, so nothing shows unstyled either way: this one asks for both at once and
 * settles when both are in. It keeps Vite's contract (each stylesheet added once, none the page
 * links already, a failure announced as `vite:preloadError` with the same wording); the chunks a
 * lazy chunk imports are asked for beside it (modulepreload: fetched, not run) rather than once it
 * has been parsed.
 */
function lazyChunkLoader(): Plugin {
  const id = '\0vite/preload-helper.js';
  let base = '/';
  return {
    name: 'lazy-chunk-loader',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    load(source) {
      if (source !== id) return null;
      return `const seen = {};
function stylesheet(href) {
  // A chunk may name the entry's own stylesheet, which the page links already: adding it again
  // would move its rules after the lazy ones.
  if (document.querySelector('link[rel="stylesheet"][href="' + href + '"]') && !(href in seen)) return;
  return (seen[href] ??= new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.onload = resolve;
    link.onerror = () => {
      delete seen[href];
      reject(new Error('Unable to preload CSS for ' + href));
    };
    document.head.appendChild(link);
  }));
}
function failed(error) {
  const event = new Event('vite:preloadError', { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
}
function modulepreload(href) {
  if (href in seen) return;
  seen[href] = undefined;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
}
export function __vitePreload(load, deps) {
  const styles = [];
  for (const dep of deps || []) {
    const href = ${JSON.stringify(base)} + dep;
    if (dep.endsWith('.css')) styles.push(stylesheet(href));
    else modulepreload(href);
  }
  return Promise.all([Promise.all(styles), load()]).then(([, module]) => module, failed);
}
`;
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    catalogueFiles(),
    contractSchemasPure(),
    callDefsWireOnly(),
    contractSchemaDeclarationsDroppable(),
    contractSchemaChainsPure(),
    cssModuleClassesAsNames(),
    cssModulesKeptWhole(),
    errorCatalogueReadsAsLiterals(
      fileURLToPath(new URL('../../packages/contract/src/errors.ts', import.meta.url)),
    ),
    fontsourceSlim(),
    fontSubsets(),
    lazyChunkLoader(),
    compileHints(),
    zodWithoutJsonSchema(),
    verifierWithoutHashLibrary(),
    // Before chunkAudiences, which reads the chunks' imports, and Vite's preload lists.
    emptyCssModuleChunksDropped(),
    chunkAudiences(),
    zodOutOfStart(),
    precompress(),
  ],
  css: {
    modules: mode === 'production' ? { generateScopedName: shortClassNames() } : {},
  },
  build: {
    // Icon sprites (SVG, used by <use href>) stay files of their own: inlined they would not work.
    // The string catalogues are files too, written by catalogueFiles.
    assetsInlineLimit: (file: string) => (file.endsWith('.svg') ? false : undefined),
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // Imported constants written where they are read, not as a variable of the module that
      // exports them: with cssModuleClassesAsNames, a CSS module's classes become their short names
      // in the code that reads them (`className:"_a3Fq0"`). Decision 060, session 34: all player
      // JS 366.4 -> 355.9 kB, no page loading more; either alone took 1.1 or 0.4 kB off. It needs
      // cssModulesKeptWhole, or the CSS modules' stylesheets go missing.
      optimization: { inlineConst: { mode: 'all' } },
      // The contract's modules build zod schemas at the top level (`z.object(...)`). Calls of `z.*`
      // have no side effects, so an unused schema may be dropped: with the contract's
      // `sideEffects: false` this keeps zod out of the entry chunk when only its constants are
      // used (TOOLCHAIN.md: zod costs 23 kB gzip).
      treeshake: { manualPureFunctions: ['z', 'defineCall'] },
      output: {
        entryFileNames: `assets/[name]-[hash:${HASH_LENGTH}].js`,
        chunkFileNames: `assets/[name]-[hash:${HASH_LENGTH}].js`,
        assetFileNames: `assets/[name]-[hash:${HASH_LENGTH}][extname]`,
        codeSplitting: {
          groups: [
            {
              // The libraries every page needs at start in one file: one gzip stream compresses
              // better than the three the automatic split makes, and the browser fetches one file,
              // not three. They change less often than the app, so a release leaves them cached.
              name: 'vendor',
              priority: 2,
              // Only the parts the start imports: without the tag every module of these packages
              // came here, including those only lazy pages use (useMutation, useQueries: 1.3 kB).
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|zustand|use-sync-external-store)[\\/]/,
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
            {
              // PAGE_FAMILIES; what the start imports stays in the entry (the group above goes first).
              name: (id: string) => PAGE_FAMILIES.find(([, modules]) => modules.test(id))?.[0] ?? null,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    // The page names the entry's own imports (the vendor chunk, 124 kB gzip): without the link the
    // browser found it only once the entry had arrived and been parsed, one round trip later on a
    // phone's first paint. A lazy chunk's loader (lazyChunkLoader) is given its stylesheets and
    // the chunks it imports, fetched beside it: found by parsing it, each shared chunk (the page
    // frame, the icons, the form parts) came one round trip later, and the first page waited for
    // them. The entry's own chunks are loaded already and left out of the lists.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !STARTED.test(dep)),
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/wps', '/lgw', '/lotto', '/cdn', '/config', '/openapi.json'].map((p) => [p, 'http://localhost:8080']),
    ),
  },
}));
