/**
 * How far the catalogues are written: per namespace, the languages whose file is still missing
 * (they read English, languages.ts `untranslated`), and per language the namespaces it lacks.
 * catalogue-check.ts fails on an undeclared gap; this measures the declared ones, so the gap of
 * issue 33 is a number. Run: `npx node apps/web/catalogue-coverage.ts` (add `--json` for data).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { localesDir } from './catalogue-check.ts';
import { catalogueLanguageCodes } from './src/locales/languages.ts';

export interface Coverage {
  /** namespace ('translation' for the shell) → languages without a file */
  missingByNamespace: Record<string, string[]>;
  /** language → namespaces without a file */
  missingByLanguage: Record<string, string[]>;
  written: number;
  total: number;
}

export function catalogueCoverage(
  dir = localesDir,
  languages: readonly string[] = catalogueLanguageCodes,
): Coverage {
  const namespaces = [
    '',
    ...readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort(),
  ];
  const missingByNamespace: Record<string, string[]> = {};
  const missingByLanguage: Record<string, string[]> = Object.fromEntries(languages.map((l) => [l, []]));
  let written = 0;
  for (const ns of namespaces) {
    const name = ns || 'translation';
    const missing = languages.filter((l) => !existsSync(join(dir, ns, `${l}.json`)));
    missingByNamespace[name] = missing;
    for (const l of missing) missingByLanguage[l]!.push(name);
    written += languages.length - missing.length;
  }
  return { missingByNamespace, missingByLanguage, written, total: namespaces.length * languages.length };
}

if (import.meta.main) {
  const c = catalogueCoverage();
  if (process.argv.includes('--json')) console.log(JSON.stringify(c, null, 2));
  else {
    console.log(`written ${c.written} of ${c.total} language × namespace files`);
    console.log('\nby namespace (languages reading English):');
    for (const [ns, missing] of Object.entries(c.missingByNamespace))
      console.log(
        `  ${ns.padEnd(17)} ${missing.length ? `${missing.length}: ${missing.join(' ')}` : 'complete'}`,
      );
    console.log('\nby language (namespaces reading English):');
    for (const [l, missing] of Object.entries(c.missingByLanguage))
      console.log(
        `  ${l.padEnd(8)} ${missing.length ? `${missing.length}: ${missing.join(' ')}` : 'complete'}`,
      );
  }
}
