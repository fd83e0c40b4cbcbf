/**
 * `npm run spec:coverage`: counts the checklist ids (../shared/spec/CHECKLIST.md) proven by tests
 * that ran and passed in the last run, from the runners' JSON reports (reports/vitest.json,
 * reports/playwright.json, written by `npm test`), and writes docs/spec-coverage.md.
 *
 * An id counts only through a passing test whose title (describe names included) carries it: a
 * failing, skipped or missing test proves nothing, whatever it is called.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const checklistPath = resolve(process.env.SPEC_CHECKLIST ?? resolve(root, '../shared/spec/CHECKLIST.md'));
const vitestReport = resolve(root, process.env.VITEST_REPORT ?? 'reports/vitest.json');
const playwrightReport = resolve(root, process.env.PLAYWRIGHT_REPORT ?? 'reports/playwright.json');
const outputPath = resolve(root, process.env.SPEC_COVERAGE_OUT ?? 'docs/spec-coverage.md');

export interface ChecklistItem {
  id: string;
  text: string;
  /** `#2` … or `later`. */
  issue: string;
}

export interface TestOutcome {
  /** Where it ran and its full title, for the reader of the coverage page. */
  label: string;
  /** Full title including describe names; ids are read from it. */
  title: string;
  passed: boolean;
}

const ITEM = /^\s*- \[[ xX]\] ([A-Z]{2,3}-\d{2,3}) (.*?)\s+(#\d+|later)\s*$/;

export function parseChecklist(text: string): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  for (const line of text.split('\n')) {
    const m = ITEM.exec(line);
    if (m) items.push({ id: m[1]!, text: m[2]!, issue: m[3]! });
  }
  return items;
}

/** Matches the ids of the checklist's prefixes (SH-22, SY-07, RG-40 …) anywhere in a title. */
export function idPattern(items: ChecklistItem[]): RegExp {
  const prefixes = [...new Set(items.map((i) => i.id.split('-')[0]!))].sort();
  return new RegExp(`\\b(?:${prefixes.join('|')})-\\d{2,3}\\b`, 'g');
}

interface VitestJson {
  testResults?: {
    name?: string;
    assertionResults?: { fullName?: string; title?: string; ancestorTitles?: string[]; status?: string }[];
  }[];
}

export function vitestOutcomes(report: VitestJson): TestOutcome[] {
  const out: TestOutcome[] = [];
  for (const file of report.testResults ?? []) {
    const where = file.name ? relative(root, file.name) : 'vitest';
    for (const a of file.assertionResults ?? []) {
      const title = a.fullName ?? [...(a.ancestorTitles ?? []), a.title ?? ''].join(' ');
      out.push({ label: `${where} › ${title}`, title, passed: a.status === 'passed' });
    }
  }
  return out;
}

interface PwSuite {
  title?: string;
  file?: string;
  suites?: PwSuite[];
  specs?: {
    title?: string;
    file?: string;
    tests?: { expectedStatus?: string; status?: string; results?: { status?: string }[] }[];
  }[];
}

export function playwrightOutcomes(report: { suites?: PwSuite[] }): TestOutcome[] {
  const out: TestOutcome[] = [];
  const walk = (suite: PwSuite, path: string[], file: string) => {
    const here = suite.title ? [...path, suite.title] : path;
    const f = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const title = [...here, spec.title ?? ''].join(' › ');
      for (const test of spec.tests ?? []) {
        // The last attempt decides; a test expected to fail proves nothing about the product.
        const last = test.results?.at(-1)?.status;
        const passed = (test.expectedStatus ?? 'passed') === 'passed' && last === 'passed';
        out.push({ label: `e2e/${spec.file ?? f} › ${title}`, title, passed });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here, f);
  };
  // Top-level suites are the spec files; their title is the file name, already in the label.
  for (const suite of report.suites ?? []) walk({ ...suite, title: '' }, [], suite.file ?? '');
  return out;
}

export interface Coverage {
  items: ChecklistItem[];
  /** id → passing tests naming it. */
  proven: Map<string, string[]>;
  /** id → tests naming it that did not pass. */
  notPassing: Map<string, string[]>;
  /** Ids named by tests that are not in the checklist (typos, retired ids). */
  unknown: Map<string, string[]>;
}

export function computeCoverage(items: ChecklistItem[], outcomes: TestOutcome[]): Coverage {
  const known = new Set(items.map((i) => i.id));
  const pattern = idPattern(items);
  const proven = new Map<string, string[]>();
  const notPassing = new Map<string, string[]>();
  const unknown = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, id: string, label: string) => {
    const list = map.get(id) ?? [];
    if (!list.includes(label)) list.push(label);
    map.set(id, list);
  };
  for (const o of outcomes) {
    for (const id of new Set(o.title.match(pattern) ?? [])) {
      if (!known.has(id)) add(unknown, id, o.label);
      else add(o.passed ? proven : notPassing, id, o.label);
    }
  }
  return { items, proven, notPassing, unknown };
}

function issueOrder(issue: string): number {
  return issue === 'later' ? Number.MAX_SAFE_INTEGER : Number(issue.slice(1));
}

export function summaryRows(c: Coverage): { issue: string; proven: number; total: number }[] {
  const issues = [...new Set(c.items.map((i) => i.issue))].sort((a, b) => issueOrder(a) - issueOrder(b));
  const rows = issues.map((issue) => {
    const ids = c.items.filter((i) => i.issue === issue);
    return { issue, proven: ids.filter((i) => c.proven.has(i.id)).length, total: ids.length };
  });
  rows.push({
    issue: 'total',
    proven: rows.reduce((s, r) => s + r.proven, 0),
    total: rows.reduce((s, r) => s + r.total, 0),
  });
  return rows;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function renderMarkdown(c: Coverage, sources: string[]): string {
  const lines: string[] = [];
  lines.push('# Spec coverage', '');
  lines.push(
    "Written by `npm run spec:coverage` from the test runners' reports of the last `npm test`; do not edit by hand.",
    'A checklist id (`../shared/spec/CHECKLIST.md`) counts as proven only through a test that ran and passed and names the id in its title.',
    '',
    `Sources: ${sources.join('; ')}.`,
    '',
  );
  lines.push('| issue | proven |', '|---|---|');
  for (const r of summaryRows(c)) lines.push(`| ${r.issue} | proven ${r.proven} of ${r.total} |`);
  lines.push('');

  const issues = [...new Set(c.items.map((i) => i.issue))].sort((a, b) => issueOrder(a) - issueOrder(b));
  for (const issue of issues) {
    const ids = c.items.filter((i) => i.issue === issue);
    const done = ids.filter((i) => c.proven.has(i.id));
    const open = ids.filter((i) => !c.proven.has(i.id));
    lines.push(
      `## ${issue === 'later' ? 'Later' : `Issue ${issue}`}: ${done.length} of ${ids.length} proven`,
      '',
    );
    if (done.length) {
      lines.push('### Proven', '');
      for (const item of done) {
        lines.push(`- **${item.id}** ${item.text}`);
        for (const t of c.proven.get(item.id)!) lines.push(`  - ${t}`);
      }
      lines.push('');
    }
    if (open.length) {
      lines.push('### No passing test', '');
      for (const item of open) {
        const failing = c.notPassing.get(item.id);
        lines.push(
          `- **${item.id}** ${item.text}${failing ? ` (named by ${failing.length} test(s) that did not pass)` : ''}`,
        );
        for (const t of failing ?? []) lines.push(`  - not passing: ${t}`);
      }
      lines.push('');
    }
  }
  if (c.unknown.size) {
    lines.push('## Ids named by tests but not in the checklist', '');
    for (const [id, tests] of [...c.unknown].sort()) lines.push(`- ${id}: ${tests.map(cell).join('; ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

function readReport<T>(path: string): { data: T; note: string } | null {
  if (!existsSync(path)) return null;
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as T;
    return {
      data,
      note: `${relative(root, path)} (${statSync(path).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    };
  } catch (err) {
    console.error(`Cannot read ${relative(root, path)}: ${(err as Error).message}`);
    return null;
  }
}

function main(): void {
  if (!existsSync(checklistPath)) {
    console.error(`The checklist is not at ${checklistPath}. Set SPEC_CHECKLIST to its path.`);
    process.exit(1);
  }
  const items = parseChecklist(readFileSync(checklistPath, 'utf8'));
  if (!items.length) {
    console.error(`No checklist items found in ${checklistPath}.`);
    process.exit(1);
  }
  const outcomes: TestOutcome[] = [];
  const sources: string[] = [];
  const vitest = readReport<VitestJson>(vitestReport);
  if (vitest) {
    outcomes.push(...vitestOutcomes(vitest.data));
    sources.push(vitest.note);
  } else sources.push(`${relative(root, vitestReport)} missing`);
  const playwright = readReport<{ suites?: PwSuite[] }>(playwrightReport);
  if (playwright) {
    outcomes.push(...playwrightOutcomes(playwright.data));
    sources.push(playwright.note);
  } else sources.push(`${relative(root, playwrightReport)} missing`);
  if (!vitest && !playwright) {
    console.error(
      'No test reports found: run `npm test` first (it writes reports/vitest.json and reports/playwright.json).',
    );
    process.exit(1);
  }

  const coverage = computeCoverage(items, outcomes);
  mkdirSync(dirname(outputPath), { recursive: true });
  writeFileSync(outputPath, renderMarkdown(coverage, sources));
  console.log(
    `Spec coverage from ${outcomes.length} tests (${outcomes.filter((o) => o.passed).length} passed):`,
  );
  for (const r of summaryRows(coverage))
    console.log(`  ${r.issue.padEnd(6)} proven ${r.proven} of ${r.total}`);
  if (coverage.unknown.size)
    console.log(`  ids not in the checklist: ${[...coverage.unknown.keys()].sort().join(', ')}`);
  console.log(`Wrote ${relative(root, outputPath)}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
