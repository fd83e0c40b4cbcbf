import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { allCalls } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-encrypted'?: boolean;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe(`OpenAPI document (${testDbKind})`, () => {
  it('SY-24 GET /openapi.json is a valid OpenAPI 3.1 document generated from the contract', async () => {
    const res = await t.call({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Doc).openapi).toBe('3.1.0');
    // The validator dereferences in place: it gets its own parse of the body.
    const result = await validate(res.json());
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('SY-24 lists every call of the contract once, with its id, module, token and encryption', async () => {
    const doc = (await t.call({ url: '/openapi.json' })).json() as Doc;
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    for (const call of allCalls) {
      const found = listed.filter((l) => l.path === call.path && l.method === call.method.toLowerCase());
      expect(found, `${call.method} ${call.path}`).toHaveLength(1);
      const { op } = found[0]!;
      expect(op.operationId).toBe(call.id);
      expect(op.tags).toEqual([call.moduleId]);
      expect(op['x-encrypted'] === true).toBe(call.encrypted);
      expect(Boolean(op.security?.some((s) => 'token' in s))).toBe(call.token);
      expect(op.responses).toHaveProperty('200');
      if (call.query) expect(op.parameters?.every((p) => p.in === 'query')).toBe(true);
      if (call.body) expect(op.requestBody).toBeDefined();
    }
    // Nothing undeclared leaks in (health, ops and the document itself are hidden).
    const ids = new Set(allCalls.map((c) => c.id));
    for (const l of listed) expect(ids.has(l.op.operationId ?? ''), `${l.method} ${l.path}`).toBe(true);
  });
});
