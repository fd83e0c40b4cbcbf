import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueLanguageCodes, untranslated as declaredGaps } from './src/locales/languages.ts';

/** Where the string catalogues live: `<lang>.json` for the shell, `<namespace>/<lang>.json` for the rest. */
export const localesDir = join(dirname(fileURLToPath(import.meta.url)), 'src/locales');

export type Untranslated = Readonly<Record<string, readonly string[]>>;

/** An ICU block's start (`{kind, select,`), as the translator reads it. */
const BLOCK = /(?<!\{)\{\s*(\w+)\s*,\s*(?:select|plural|selectordinal)\s*,/g;

/**
 * The values a message names, each once: `{{name}}`, `{{name, format}}`, an ICU block's argument
 * and `(min)`/`(max)`. Once, because a select or plural repeats a value in each branch and each
 * language has its own branches (Arabic six plural forms, English two).
 */
const placeholders = (s: string) =>
  [
    ...new Set(
      [...s.matchAll(/\{\{\s*(\w+)\s*(?:,\s*\w+\s*)?\}\}|\((min|max)\)/g), ...s.matchAll(BLOCK)].map(
        (m) => m[1] ?? m[2],
      ),
    ),
  ].sort();

/** What is wrong with a message's ICU blocks: braces that do not pair, a block without `other`. */
function blockProblem(text: string): string | null {
  const blocks = [...text.matchAll(BLOCK)].length;
  if (!blocks) return null;
  let depth = 0;
  for (const char of text) {
    depth += char === '{' ? 1 : char === '}' ? -1 : 0;
    if (depth < 0) break;
  }
  if (depth !== 0) return 'its braces do not pair';
  if ((text.match(/\bother\s*\{/g) ?? []).length < blocks)
    return 'a select or plural block has no other branch';
  return null;
}

/**
 * Every problem with the catalogues under `dir`, one line each (empty when all is well): a
 * language of `languages` without its file in a namespace (unless `untranslated` lists it: a listed
 * file that exists is simply used), a file
 * of a language not offered, a key missing from or added to the English file's, an empty string,
 * a `{{value}}` (`{{value, format}}`, an ICU block's argument) or `(min)`/`(max)` of the English
 * text not carried over, an ICU block whose braces do not pair or that has no `other` branch, a
 * file that is no JSON object of strings.
 */
export function checkCatalogues(
  dir = localesDir,
  languages: readonly string[] = catalogueLanguageCodes,
  untranslated: Untranslated = declaredGaps,
): string[] {
  const problems: string[] = [];
  const namespaces = [
    '',
    ...readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
  ];
  for (const ns of namespaces) {
    const name = ns || 'translation';
    const read = (language: string): Record<string, unknown> | null => {
      const path = join(dir, ns, `${language}.json`);
      if (!existsSync(path)) return null;
      try {
        return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      } catch (error) {
        problems.push(`${name}/${language}.json is no JSON: ${(error as Error).message}`);
        return {};
      }
    };
    const en = read('en');
    if (!en) {
      problems.push(`${name}: no English catalogue`);
      continue;
    }
    const enKeys = Object.keys(en);
    const gaps = untranslated[name] ?? [];
    const files = readdirSync(join(dir, ns)).filter((f) => f.endsWith('.json'));
    for (const file of files)
      if (!languages.includes(file.slice(0, -5)))
        problems.push(`${name}/${file}: ${file.slice(0, -5)} is not an offered language (languages.ts)`);
    for (const language of languages) {
      const strings = read(language);
      if (!strings) {
        if (!gaps.includes(language))
          problems.push(
            `${name}/${language}.json is missing (write it, or declare it in languages.ts untranslated)`,
          );
        continue;
      }
      const missing = enKeys.filter((k) => !(k in strings));
      const extra = Object.keys(strings).filter((k) => !(k in en));
      if (missing.length) problems.push(`${name}/${language}.json lacks ${missing.join(', ')}`);
      if (extra.length)
        problems.push(`${name}/${language}.json has keys English has not: ${extra.join(', ')}`);
      for (const [key, text] of Object.entries(strings)) {
        if (typeof text !== 'string' || text.trim() === '') {
          problems.push(`${name}/${language}.json ${key}: not a string, or empty`);
          continue;
        }
        const broken = blockProblem(text);
        if (broken) problems.push(`${name}/${language}.json ${key}: ${broken}`);
        const source = en[key];
        if (typeof source === 'string' && placeholders(text).join() !== placeholders(source).join())
          problems.push(
            `${name}/${language}.json ${key}: values ${placeholders(text).join(' ') || 'none'}, English has ${placeholders(source).join(' ') || 'none'}`,
          );
      }
    }
  }
  return problems;
}
