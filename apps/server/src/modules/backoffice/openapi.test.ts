import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { allCalls, backoffice } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginToken } from '../session/accounts-test-kit.ts';
import { callerIp, createSignedIn } from './backoffice-test-kit.ts';
import { BO_OPENAPI_PATH } from './openapi.ts';

/**
 * The back office's own OpenAPI document (issue 31: "a back-office section of the contract, its own
 * OpenAPI document"): every call of the contract's backoffice section and nothing else, for
 * signed-in staff only; and the players' document holds none of it.
 */
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-access'?: string;
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
type Doc = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
  // The least of the roles: the document is for any signed-in member of staff.
  staffToken = (await createSignedIn(t, 'openapi-reader', 'read-only')).token;
}, 120_000);
afterAll(async () => t?.close());

const boDoc = async () => {
  const res = await t.call({ url: BO_OPENAPI_PATH, token: staffToken, headers: callerIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Doc;
};

describe(`the back office's OpenAPI document (${testDbKind})`, () => {
  it('is a valid OpenAPI 3.1 document of its own', async () => {
    const doc = await boDoc();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Back office API');
    // The validator dereferences in place: it gets its own parse of the body.
    const again = await t.call({ url: BO_OPENAPI_PATH, token: staffToken, headers: callerIp() });
    const result = await validate(again.json());
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('lists every back-office call of the contract once, with its id, section, access and token', async () => {
    const listed = operations(await boDoc());
    for (const call of backoffice.backofficeCalls) {
      const found = listed.filter((l) => l.path === call.path && l.method === call.method.toLowerCase());
      expect(found, `${call.method} ${call.path}`).toHaveLength(1);
      const { op } = found[0]!;
      expect(op.operationId).toBe(call.id);
      expect(op.tags).toEqual([call.path.split('/')[3]]);
      expect(op['x-access']).toBe(call.access);
      expect(Boolean(op.security?.some((s) => 'staffToken' in s)), call.id).toBe(call.access !== 'public');
      expect(op.responses).toHaveProperty('200');
      if (call.query) expect(op.parameters?.every((p) => p.in === 'query')).toBe(true);
      if (call.body) expect(op.requestBody).toBeDefined();
    }
    // Nothing else: no player call, no undeclared route, not the document itself.
    const ids = new Set(backoffice.backofficeCalls.map((c) => c.id));
    const playerIds = new Set(allCalls.map((c) => c.id));
    for (const l of listed) {
      expect(ids.has(l.op.operationId ?? ''), `${l.method} ${l.path}`).toBe(true);
      expect(playerIds.has(l.op.operationId ?? ''), `${l.method} ${l.path}`).toBe(false);
      expect(l.path.startsWith('/bo/api/'), l.path).toBe(true);
    }
  });

  it("the players' document holds no /bo/ path and no back-office call", async () => {
    const doc = (await t.call({ url: '/openapi.json' })).json() as Doc;
    const boIds = new Set(backoffice.backofficeCalls.map((c) => c.id));
    for (const l of operations(doc)) {
      expect(l.path.startsWith('/bo/'), l.path).toBe(false);
      expect(boIds.has(l.op.operationId ?? ''), l.op.operationId).toBe(false);
    }
  });

  it('is refused without a staff token, with a player token and to a session short of its second factor', async () => {
    const none = await t.call({ url: BO_OPENAPI_PATH, headers: callerIp() });
    expect(none.statusCode).toBe(401);
    expect(none.json().errorCode).toBe(backoffice.BackofficeErrors.boNotSignedIn.code);
    const member = await t.call({
      url: BO_OPENAPI_PATH,
      token: await loginToken(t, 'demo', 'Demo1234', callerIp()),
      headers: callerIp(),
    });
    expect(member.statusCode).toBe(401);
    const { password } = await t.app.ctx.staff.create(
      { kind: 'cli', id: null, name: 'test', ip: null },
      { username: 'openapi-pending', displayName: 'Pending', role: 'admin' },
    );
    const login = await t.call({
      method: 'POST',
      url: '/bo/api/session/login',
      headers: callerIp(),
      payload: { username: 'openapi-pending', password },
    });
    const pending = await t.call({
      url: BO_OPENAPI_PATH,
      token: login.json().value.token,
      headers: callerIp(),
    });
    expect(pending.statusCode).toBe(401);
    expect(pending.json().errorCode).toBe(backoffice.BackofficeErrors.boSecondFactorRequired.code);
  });
});
