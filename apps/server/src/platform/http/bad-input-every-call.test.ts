import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allCalls, type CallDef } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginToken, secureCall } from '../../modules/session/accounts-test-kit.ts';

/**
 * Every call the contract declares, now and as later issues add them, meets bad input the same
 * way: a 4xx envelope with a plain message, never a 500 and never a stack trace, logged in or not.
 */
let t: TestApp;
let token: string;
/** What the server logged at warn level and above: bad input must never leave a stack there. */
const logged: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    configOverrides: { trustProxy: true },
    logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
  });
  token = await loginToken(t, 'demo', 'Demo1234', { 'x-forwarded-for': '192.0.2.200' });
});
afterAll(async () => t?.close());

const withBody = allCalls.filter((c) => c.method !== 'GET' && c.body);
const withQuery = allCalls.filter((c) => c.query);

const badBodies: { name: string; payload: string; contentType: string }[] = [
  { name: 'malformed JSON', payload: '{"a": ', contentType: 'application/json' },
  { name: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { name: 'a JSON string', payload: '"text"', contentType: 'application/json' },
  { name: 'wrong types everywhere', payload: JSON.stringify(wrongTypes()), contentType: 'application/json' },
  { name: 'plain text', payload: 'hello', contentType: 'text/plain' },
  {
    name: 'a body past the limit',
    payload: JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }),
    contentType: 'application/json',
  },
];

/** Field names every call uses, each given a value of the wrong type. */
function wrongTypes(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of [
    'username',
    'password',
    'mobileNum',
    'mobileNo',
    'countryDialingCode',
    'code',
    'sessionInfo',
    'purpose',
    'email',
    'language',
    'type',
    'captcha',
    'challengeId',
    'x',
    'durationMs',
    'payload',
    'keyId',
  ]) {
    out[name] = { nested: [1, { deeper: true }] };
  }
  return out;
}

function expectCleanRefusal(call: CallDef, variant: string, res: { statusCode: number; body: string }): void {
  const where = `${call.method} ${call.path} with ${variant}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  const json = JSON.parse(res.body) as { success?: boolean; message?: string };
  expect(json.success, where).toBe(false);
  expect(typeof json.message, where).toBe('string');
  expect(res.body, where).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

/** The dotted paths of every string field of a schema (optional, defaulted and nested ones too). */
function stringFields(schema: z.ZodType | undefined, path = ''): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'literal':
      return [path];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return stringFields(def.innerType as z.ZodType, path);
    case 'pipe':
      return stringFields(def.in as z.ZodType, path);
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, inner]) =>
        stringFields(inner, path ? `${path}.${key}` : key),
      );
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap((o) => stringFields(o, path)))];
    default:
      return [];
  }
}

/** `{a: {b: value}}` for the path `a.b`. */
function nested(path: string, value: unknown): Record<string, unknown> {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

const NUL_VALUE = 'ab\u0000cd';

function expectNulRefused(where: string, res: { statusCode: number; body: string }): void {
  expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBe(422);
  const json = JSON.parse(res.body) as { success: boolean; errorCode: string; message: string };
  expect(json, where).toMatchObject({ success: false, errorCode: 'invalid.input' });
  expect(json.message, where).toContain('NUL character');
}

describe(`bad input on every declared call (${testDbKind})`, () => {
  it('the contract declares calls with bodies and queries to check', () => {
    expect(withBody.length).toBeGreaterThan(10);
    expect(withQuery.length).toBeGreaterThan(0);
  });

  for (const variant of badBodies) {
    it(`a body of ${variant.name} is refused cleanly by every call, with and without a token`, async () => {
      for (const call of withBody) {
        for (const auth of [undefined, token]) {
          const res = await t.call({
            method: call.method,
            url: call.path,
            payload: variant.payload,
            headers: { 'content-type': variant.contentType, 'x-forwarded-for': '198.18.0.1' },
            ...(auth ? { token: auth } : {}),
          });
          expectCleanRefusal(call, `${variant.name}${auth ? ' (logged in)' : ''}`, res);
        }
      }
    });
  }

  it('a NUL byte in any string field of any body, plain or encrypted, is refused with 422 invalid.input saying so', async () => {
    let checked = 0;
    for (const call of withBody) {
      for (const field of stringFields(call.body)) {
        const payload = nested(field, NUL_VALUE);
        const headers = { 'x-forwarded-for': '198.18.0.4' };
        const res = call.encrypted
          ? await secureCall(t, {
              url: call.path,
              method: call.method as 'POST' | 'PUT',
              payload,
              token,
              headers,
            })
          : await t.call({ method: call.method, url: call.path, payload, token, headers });
        expectNulRefused(`${call.method} ${call.path} ${field}`, res);
        expect(JSON.parse(res.body).message).toContain(field);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('a NUL byte in any query field, path part or header value of any call is refused with 422 invalid.input', async () => {
    for (const call of withQuery) {
      for (const field of stringFields(call.query)) {
        const res = await t.call({
          method: call.method,
          url: `${call.path}?${field}=ab%00cd`,
          token,
          headers: { 'x-forwarded-for': '198.18.0.5' },
        });
        expectNulRefused(`${call.path}?${field}`, res);
      }
    }
    for (const call of allCalls.filter((c) => c.path.includes(':'))) {
      const url = call.path.replace(/:[A-Za-z]+/g, 'ab%00cd');
      const res = await t.call({
        method: call.method,
        url,
        token,
        headers: { 'x-forwarded-for': '198.18.0.5' },
      });
      expectNulRefused(`${call.method} ${url}`, res);
    }
    // Headers whose values the server uses: the language a new member gets, the captcha binding.
    for (const header of ['language', 'captcha-id', 'device']) {
      const res = await t.call({
        url: '/wps/member/info',
        token,
        headers: { 'x-forwarded-for': '198.18.0.5', [header]: NUL_VALUE },
      });
      expectNulRefused(`header ${header}`, res);
    }
  });

  it('no bad input of this file left an error or a stack in the log', () => {
    const problems = logged.filter((line) => /"level":(50|60)|"stack"/.test(line));
    expect(problems.map((l) => l.slice(0, 300))).toEqual([]);
  });

  it('none of that ended the session: bad input changes nothing', async () => {
    const res = await t.call({
      url: '/wps/v2/wallets/balance',
      token,
      headers: { 'x-forwarded-for': '198.18.0.3' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('query strings of the wrong shape are refused cleanly', async () => {
    for (const call of withQuery) {
      for (const qs of [
        '?code=&domain=' + 'd'.repeat(5000),
        '?purpose=%00%ff',
        '?page=-1&size=abc',
        '?a[b]=1&a[c]=2',
      ]) {
        const res = await t.call({
          method: call.method,
          url: call.path + qs,
          token,
          headers: { 'x-forwarded-for': '198.18.0.2' },
        });
        // A query the schema tolerates (unknown keys dropped, defaults applied) may answer 200; never a 5xx.
        expect(res.statusCode, `${call.path}${qs.slice(0, 40)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
      }
    }
  });
});
