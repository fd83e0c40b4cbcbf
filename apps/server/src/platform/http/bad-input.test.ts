import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import { defineCall, ErrorEnvelopeSchema, Errors } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { createSession } from '../auth/session.ts';
import { registerCall } from './register-calls.ts';
import { fail } from './errors.ts';

/**
 * Calls declared here only for this file: no real call takes a JSON body or a token yet, and the
 * bad-input rules hold for every call, so they are proven through the same registerCall path.
 */
const echoCall = defineCall({
  id: 'echoProbe',
  method: 'POST',
  path: '/wps/test/echo',
  moduleId: 'TEST',
  token: false,
  summary: 'Echoes a small typed body',
  body: z.object({ name: z.string().min(1).max(20), count: z.number().int().min(0) }).strict(),
  response: z.object({ name: z.string(), count: z.number() }),
});
const meCall = defineCall({
  id: 'meProbe',
  method: 'GET',
  path: '/wps/test/me',
  moduleId: 'TEST',
  token: true,
  summary: 'The caller, token required',
  response: z.object({ memberId: z.number(), language: z.string(), device: z.string() }),
});
const outcomeCall = defineCall({
  id: 'outcomeProbe',
  method: 'POST',
  path: '/wps/test/outcome',
  moduleId: 'TEST',
  token: false,
  summary: 'Fails with the outcome asked for',
  body: z.object({ outcome: z.enum(['forbidden', 'conflict', 'limited']) }),
  response: z.object({}),
});

/** A bare-wire call whose handler answers nothing, at once or later. */
const nothingCall = defineCall({
  id: 'nothingProbe',
  method: 'GET',
  path: '/lgw/test/nothing',
  moduleId: 'TEST',
  token: false,
  summary: 'Answers no value',
  query: z.object({ later: z.enum(['0', '1']).optional() }),
  response: z.undefined(),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configOverrides: { trustProxy: true },
    beforeReady: (app) => {
      registerCall(app, echoCall, ({ body }) => body);
      registerCall(app, meCall, ({ session, req }) => ({
        memberId: session.memberId,
        language: String(req.headers.language),
        device: String(req.headers.device),
      }));
      registerCall(app, nothingCall, ({ query }) =>
        query.later === '1' ? Promise.resolve(undefined) : undefined,
      );
      registerCall(app, outcomeCall, ({ body }) => {
        if (body.outcome === 'forbidden')
          throw fail(Errors.forbidden, { message: 'Trial accounts cannot do this' });
        if (body.outcome === 'conflict') throw fail(Errors.conflict, { message: 'That name is taken' });
        throw fail(Errors.tooManyRequests);
      });
    },
  });
});
afterAll(async () => t?.close());

/** The error envelope with a 4xx, a sentence a person can read, and nothing of the server's insides. */
function expectCleanError(res: LightMyRequestResponse, status: number, errorCode?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = ErrorEnvelopeSchema.parse(res.json());
  if (errorCode) expect(body.errorCode).toBe(errorCode);
  expect(body.message.length).toBeGreaterThan(10);
  expect(body.message).toMatch(/^[A-Z]/);
  // No stack trace, no file paths, no framework error names.
  expect(res.body).not.toMatch(/\n\s+at |\.ts:\d+|node_modules|FST_ERR|stack/);
  return body;
}

const json = { 'content-type': 'application/json' };

async function stillServes() {
  const res = await t.call({ url: '/wps/system/whitelabel' });
  expect(res.statusCode).toBe(200);
  expect(res.json().success).toBe(true);
}

describe(`bad input (${testDbKind})`, () => {
  it('malformed JSON gets 400 request.malformed', async () => {
    for (const payload of [
      '{"name": ',
      '{name: "a"}',
      "{'name':'a'}",
      '{"name":"a",}',
      'undefined',
      '\u0000',
    ]) {
      const res = await t.call({ method: 'POST', url: '/wps/test/echo', payload, headers: json });
      expectCleanError(res, 400, Errors.malformedJson.code);
    }
    await stillServes();
  });

  it('a prototype-pollution body is refused as malformed, not merged', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/wps/test/echo',
      payload: '{"__proto__": {"admin": true}, "name": "a", "count": 1}',
      headers: json,
    });
    expectCleanError(res, 400, Errors.malformedJson.code);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('wrong types get 422 invalid.input naming each field', async () => {
    const res = await t.call({ method: 'POST', url: '/wps/test/echo', payload: { name: 5, count: 'x' } });
    const body = expectCleanError(res, 422, Errors.invalidInput.code);
    expect(body.message).toContain('name:');
    expect(body.message).toContain('count:');
    const negative = await t.call({
      method: 'POST',
      url: '/wps/test/echo',
      payload: { name: 'a', count: -1.5 },
    });
    expect(expectCleanError(negative, 422).message).toContain('count');
  });

  it('an unknown field on a strict body is named in the 422', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/wps/test/echo',
      payload: { name: 'a', count: 1, isAdmin: true },
    });
    expect(expectCleanError(res, 422, Errors.invalidInput.code).message).toContain('isAdmin');
  });

  it('an empty body, no body, null or an array get a clear error', async () => {
    expectCleanError(
      await t.call({ method: 'POST', url: '/wps/test/echo', payload: '', headers: json }),
      400,
      Errors.malformedJson.code,
    );
    for (const opts of [{}, { payload: 'null', headers: json }, { payload: '[1,2]', headers: json }]) {
      const res = await t.call({ method: 'POST', url: '/wps/test/echo', ...opts });
      expect(expectCleanError(res, 422, Errors.invalidInput.code).message).toContain('must be a JSON object');
    }
    await stillServes();
  });

  it('text/plain and form bodies get 415 asking for JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.call({
        method: 'POST',
        url: '/wps/test/echo',
        payload: 'name=a&count=1',
        headers: { 'content-type': type },
      });
      expect(expectCleanError(res, 415, Errors.unsupportedMediaType.code).message).toContain(
        'application/json',
      );
    }
  });

  it('a 2 MB body gets 413 and the server keeps serving', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), count: 1 });
    const res = await t.call({ method: 'POST', url: '/wps/test/echo', payload, headers: json });
    expect(expectCleanError(res, 413, Errors.bodyTooLarge.code).message).toContain('1 MB');
    await stillServes();
    const ok = await t.call({ method: 'POST', url: '/wps/test/echo', payload: { name: 'a', count: 1 } });
    expect(ok.json()).toEqual({ success: true, value: { name: 'a', count: 1 } });
  });

  it('a Content-Length that does not match the body gets 400', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/wps/test/echo',
      payload: '{"name":"a","count":1}',
      headers: { ...json, 'content-length': '5' },
    });
    expectCleanError(res, 400);
  });

  it('unknown paths under /wps, /lgw and /lotto get 404 not.found', async () => {
    for (const url of [
      '/wps/nope',
      '/wps/system/nope',
      '/wps/',
      '/lgw/games/nope',
      '/lotto/nope',
      '/wps/system/status/extra',
    ]) {
      const body = expectCleanError(await t.call({ url }), 404, Errors.notFound.code);
      expect(body.message).toContain('No such call');
    }
  });

  it('a path with broken percent-encoding gets 400, not the framework default', async () => {
    expectCleanError(await t.call({ url: '/wps/%E0%A4%A' }), 400, Errors.malformedJson.code);
  });

  it('unknown query values get 422 naming the parameter and the allowed values', async () => {
    const types = await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements?types=B,ZZ' });
    expect(expectCleanError(types, 422, Errors.invalidInput.code).message).toMatch(/types.*B, PL, PU, PR, H/);
    const exec = await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements?execution=Q' });
    expect(expectCleanError(exec, 422).message).toContain('execution');
    const repeated = await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements?types=B&types=PL' });
    expect(expectCleanError(repeated, 422).message).toContain('types');
    const long = await t.call({ url: `/wps/system/status?url=${'a'.repeat(3000)}` });
    expect(expectCleanError(long, 422).message).toContain('url');
    // Parameters a call does not know are ignored, as browsers and proxies add their own.
    expect((await t.call({ url: '/wps/system/whitelabel?_=123' })).statusCode).toBe(200);
  });

  it('a wrong Merchant header gets 400 merchant.invalid naming both merchants', async () => {
    for (const merchant of ['OTHER', '', 'sea888', 'x'.repeat(500)]) {
      const res = await t.call({ url: '/wps/system/status', headers: { merchant } });
      const body = expectCleanError(res, 400, Errors.merchantInvalid.code);
      expect(body.message).toContain('SEA888');
      expect(body.message.length).toBeLessThan(200);
    }
    await stillServes();
  });

  it('HEAD answers like GET without a body; OPTIONS, PATCH and TRACE get 404 envelopes', async () => {
    const head = await t.call({ method: 'HEAD', url: '/wps/system/status' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const method of ['OPTIONS', 'PATCH', 'DELETE', 'TRACE'] as const) {
      const res = await t.call({ method, url: '/wps/system/status' });
      expect(expectCleanError(res, 404, Errors.notFound.code).message).toContain(method);
    }
    // A GET carrying a broken body is answered as a GET: the body is not read.
    const get = await t.call({ url: '/wps/system/whitelabel', payload: '{bad', headers: json });
    expect(get.statusCode).toBe(200);
  });

  it('the operator endpoint refuses a caller without its token', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/ops/command',
      payload: { argv: ['status', 'normal'] },
    });
    expectCleanError(res, 403, Errors.forbidden.code);
  });

  it('after all of the above the server still serves every real call', async () => {
    for (const url of [
      '/wps/system/status',
      '/wps/system/whitelabel',
      '/wps/system/setting/register',
      '/wps/relay/MCSFE_getListAnnouncements',
    ]) {
      const res = await t.call({ url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe(`wire rules (${testDbKind})`, () => {
  it('SY-25 /wps calls answer {success: true, value} or {success: false, errorCode, message}', async () => {
    const ok = (await t.call({ url: '/wps/system/whitelabel' })).json();
    expect(Object.keys(ok).sort()).toEqual(['success', 'value']);
    expect(ok.success).toBe(true);
    const fail = (await t.call({ url: '/wps/nope' })).json();
    expect(Object.keys(fail).sort()).toEqual(['errorCode', 'message', 'success']);
    expect(fail.success).toBe(false);
    expect(typeof fail.errorCode).toBe('string');
    const echoed = (
      await t.call({ method: 'POST', url: '/wps/test/echo', payload: { name: 'n', count: 2 } })
    ).json();
    expect(echoed).toEqual({ success: true, value: { name: 'n', count: 2 } });
  });

  it('SY-26 401 with no or a bad token, 403 not allowed, 404, 409, 422, 429', async () => {
    const none = await t.call({ url: '/wps/test/me' });
    expect(expectCleanError(none, 401, Errors.notLoggedIn.code).message).toMatch(/not logged in/i);
    const bad = await t.call({ url: '/wps/test/me', token: 'k'.repeat(43) });
    expect(expectCleanError(bad, 401, Errors.notLoggedIn.code).message).toMatch(/log ?in again/i);
    expectCleanError(await t.call({ url: '/wps/test/me', token: 'short' }), 401, Errors.notLoggedIn.code);

    const outcome = (o: string) =>
      t.call({ method: 'POST', url: '/wps/test/outcome', payload: { outcome: o } });
    expectCleanError(await outcome('forbidden'), 403, Errors.forbidden.code);
    expectCleanError(await outcome('conflict'), 409, Errors.conflict.code);
    expectCleanError(await outcome('limited'), 429, Errors.tooManyRequests.code);
    expectCleanError(await t.call({ url: '/wps/nope' }), 404, Errors.notFound.code);
    expectCleanError(await outcome('other'), 422, Errors.invalidInput.code);

    // 403 from the platform itself: a caller from a blocked country.
    await t.app.ctx.system.setBlockedCountries(['US']);
    try {
      const blocked = await t.call({
        url: '/wps/relay/MCSFE_getListAnnouncements',
        headers: { 'x-forwarded-for': '8.8.8.8' },
      });
      expectCleanError(blocked, 403, Errors.regionRestricted.code);
    } finally {
      await t.app.ctx.system.setNormal();
    }
  });

  it('SY-28 Merchant, Device: web, Language and a raw Authorization token are accepted', async () => {
    const db = t.database.db;
    let member = await db
      .selectFrom('member')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirst();
    if (!member) {
      member = await db
        .insertInto('member')
        .values({ username: 'wire_probe', agent_type: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    const token = await createSession(t.database, member.id, '127.0.0.1');
    // t.call sends Merchant SEA888, Device web and Language en, as the web client does.
    const res = await t.call({ url: '/wps/test/me', token, headers: { language: 'zh-CN' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ memberId: member.id, language: 'zh-CN', device: 'web' });
    // The token is sent raw; the header names are case-insensitive on the wire.
    const upper = await t.app.inject({
      url: '/wps/test/me',
      headers: { Merchant: 'SEA888', Device: 'web', Language: 'en', Authorization: token },
    });
    expect(upper.statusCode).toBe(200);
    expect((await t.call({ url: '/wps/system/status', headers: { merchant: 'SEA888' } })).statusCode).toBe(
      200,
    );
  });
});

describe(`handlers that answer at once or later (${testDbKind})`, () => {
  it('a handler with no value answers 200 with an empty body, whether it answers at once or later', async () => {
    for (const later of ['0', '1']) {
      const res = await t.call({ url: `/lgw/test/nothing?later=${later}` });
      expect(res.statusCode, later).toBe(200);
      expect(res.body, later).toBe('');
    }
  });
});
