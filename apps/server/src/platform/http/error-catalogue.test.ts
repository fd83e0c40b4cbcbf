import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@app/contract';

const SERVER_SRC = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sourceFiles(SERVER_SRC).map((path) => ({
  path: relative(SERVER_SRC, path),
  text: readFileSync(path, 'utf8'),
}));

/** Lines of the server's sources matching a pattern, as `file:line: text`. */
function offending(pattern: RegExp, skip: (path: string) => boolean = () => false): string[] {
  return files
    .filter((f) => !skip(f.path))
    .flatMap((f) =>
      f.text
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${f.path}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe('one error vocabulary (decision 013)', () => {
  it('every refusal is raised from the contract catalogue: no AppError built by hand, no inline error object', () => {
    expect(offending(/new AppError\(/, (p) => p === 'platform/http/errors.ts')).toEqual([]);
    expect(offending(/\bfail\(\s*\{/)).toEqual([]);
    expect(offending(/\bsendError\(\s*\w+\s*,\s*\d/)).toEqual([]);
  });

  it('no error code of the catalogue is written as a string literal in the server', () => {
    const literals = offending(/'[^'\n]+'/).filter((line) =>
      [...line.matchAll(/'([^'\n]+)'/g)].some(([, text]) => errorCodes.has(text!)),
    );
    // Words that are error codes and also ordinary words of the code base (a table named
    // "conflict" would be one): none today; list them here with a reason when they appear.
    expect(literals).toEqual([]);
  });
});
