/**
 * `npm run bench [-- <name>...]`: runs every bench/*.bench.ts module (or those whose file name
 * contains one of the given names) one after the other and prints one table: figure, measured
 * value, budget, pass. Progress goes to stderr, the table to stdout. Exits 1 when a figure misses
 * its budget or a bench fails to run.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import type { BenchModule, BenchRow } from './lib/types.ts';

const benchDir = resolve(fileURLToPath(new URL('.', import.meta.url)));

export function formatTable(rows: BenchRow[]): string {
  const header = ['figure', 'value', 'budget', 'pass'];
  const cells = rows.map((r) => [r.figure, r.value, r.budget, r.pass ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

async function main(filters: string[]): Promise<void> {
  const files = readdirSync(benchDir)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => filters.length === 0 || filters.some((name) => f.includes(name)))
    .sort();
  if (!files.length) {
    console.error(
      `No bench module matches ${filters.join(', ')}; modules: ${readdirSync(benchDir)
        .filter((f) => f.endsWith('.bench.ts'))
        .join(', ')}`,
    );
    process.exit(2);
  }
  const rows: BenchRow[] = [];
  const started = Date.now();
  for (const file of files) {
    console.error(`▶ ${file}`);
    const t0 = Date.now();
    try {
      const mod = (await import(pathToFileURL(join(benchDir, file)).href)) as BenchModule;
      rows.push(...(await mod.run()));
    } catch (err) {
      console.error(`  ${file} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      rows.push({
        figure: file,
        value: `failed: ${(err as Error).message?.split('\n')[0] ?? String(err)}`,
        budget: '-',
        pass: false,
      });
    }
    console.error(`  ${file}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  console.error(`\nBenchmarks took ${((Date.now() - started) / 1000).toFixed(0)} s.\n`);
  console.log(formatTable(rows));
  process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main(process.argv.slice(2));
