import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { checkCatalogues, localesDir } from './catalogue-check.ts';
import { catalogueLanguageCodes } from './src/locales/languages.ts';

/** What `__CATALOGUES__` tells the app (shared/i18n/i18n.ts): the address of each language's file. */
export interface CatalogueFiles {
  /** Ends with `/`. */
  base: string;
  /** The offered languages (src/locales/languages.ts): every namespace has a file for each... */
  languages: string[];
  /**
   * ...by namespace (`translation` is the shell's): its folder under `base` (`.` for `base` itself),
   * and the languages whose file is not written yet (read in English), when there are any.
   */
  namespaces: Record<string, { dir: string; missing?: string[] }>;
}

interface Namespace {
  name: string;
  /** Folder under src/locales ('' for the shell's). */
  source: string;
  files: { language: string; text: string }[];
}

function readNamespaces(): Namespace[] {
  const entries = readdirSync(localesDir, { withFileTypes: true });
  const jsonIn = (dir: string) =>
    readdirSync(join(localesDir, dir))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ language: f.slice(0, -5), text: readFileSync(join(localesDir, dir, f), 'utf8') }));
  return [
    { name: 'translation', source: '', files: jsonIn('') },
    ...entries
      .filter((e) => e.isDirectory())
      .map((e) => ({ name: e.name, source: e.name, files: jsonIn(e.name) })),
  ];
}

/**
 * The catalogues as files of their own, named by one content hash per namespace
 * (`assets/strings/pages-<hash>/my.json`), and their addresses given to the app as
 * `__CATALOGUES__` (decision 025). The app fetches them as data: JSON parses far faster than the
 * same strings as a JS module. Before, each file had its own hashed name, and the map of 84
 * names sat in the entry chunk (about 1 kB gzip of the home route's 135 kB budget); one hash per
 * namespace costs a few bytes, and a release that changes the lottery's strings still leaves the
 * shell's cached. In the dev server (and Vitest) the app reads src/locales itself.
 */
export function catalogueFiles(): Plugin {
  let namespaces: Namespace[] = [];
  const dirOf = (ns: Namespace) => {
    const hash = createHash('sha256');
    for (const file of ns.files) hash.update(`${file.language}\0${file.text}\0`);
    return `${ns.name}-${hash.digest('base64url').slice(0, 8)}`;
  };
  return {
    name: 'catalogue-files',
    config(config, { command }) {
      namespaces = readNamespaces();
      const base = config.base ?? '/';
      const build = command === 'build';
      // A catalogue missing a key, carrying one English has not, or missing without being declared
      // untranslated fails the build (decision 044); locales.test.ts runs the same check.
      const problems = build ? checkCatalogues() : [];
      if (problems.length)
        throw new Error(`The string catalogues are not complete:\n  ${problems.join('\n  ')}`);
      const files: CatalogueFiles = {
        base: build ? `${base}assets/strings/` : `${base}src/locales/`,
        languages: [...catalogueLanguageCodes],
        namespaces: Object.fromEntries(
          namespaces.map((ns) => {
            const have = ns.files.map((f) => f.language);
            // A declared-untranslated file is not in the build: the app asks for it, gets a 404 and
            // reads English (i18n.ts loadCatalogue), so the entry carries no list of gaps and the
            // server no copies (its static files are routes made at start). The dev server is told.
            const missing = build ? [] : catalogueLanguageCodes.filter((l) => !have.includes(l));
            return [
              ns.name,
              { dir: build ? dirOf(ns) : ns.source || '.', ...(missing.length ? { missing } : {}) },
            ];
          }),
        ),
      };
      return { define: { __CATALOGUES__: JSON.stringify(files) } };
    },
    generateBundle() {
      for (const ns of namespaces) {
        const dir = dirOf(ns);
        for (const file of ns.files) {
          this.emitFile({
            type: 'asset',
            fileName: `assets/strings/${dir}/${file.language}.json`,
            // Parsed and written again: a broken catalogue fails the build, and no whitespace ships.
            source: JSON.stringify(JSON.parse(file.text)),
          });
        }
      }
    },
  };
}
