import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = join(import.meta.dirname, '../..');

const sources = readdirSync(SERVER_SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({
    path: relative(SERVER_SRC, join(SERVER_SRC, f)),
    text: readFileSync(join(SERVER_SRC, f), 'utf8'),
  }));

describe('HTTP stays at the edge (decision 013)', () => {
  it('no service file imports Fastify: services take plain values (platform/http/caller.ts)', () => {
    const offenders = sources
      .filter((f) => f.path.endsWith('.service.ts') && /from '(fastify|@fastify\/[^']+)'/.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('no handler asserts a session: token calls get a non-null one from registerCall', () => {
    const offenders = sources.filter((f) => /\bsession!/.test(f.text)).map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});
