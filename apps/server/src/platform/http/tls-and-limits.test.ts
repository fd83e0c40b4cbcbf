import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';

/**
 * Over TLS the captcha cookie is Secure and HSTS is sent; a site behind a TLS-terminating proxy is
 * over TLS exactly when the trusted proxy says X-Forwarded-Proto: https. Refusals of too large a
 * body name the limit that applied.
 */
let proxied: TestApp;
let direct: TestApp;
beforeAll(async () => {
  proxied = await createTestApp({ configOverrides: { trustProxy: true } });
  direct = await createTestApp({ configOverrides: { trustProxy: false } });
});
afterAll(async () => {
  await proxied?.close();
  await direct?.close();
});

const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.70' };

describe(`TLS headers and body limits (${testDbKind})`, () => {
  it('behind a trusted proxy saying https, the captcha cookie is Secure and HSTS is sent', async () => {
    const res = await proxied.call({ url: '/wps/captcha', headers: https });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(
      /^wps_captcha=[^;]+; .*HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const api = await proxied.call({ url: '/wps/system/status', headers: https });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('over plain http the cookie is not Secure and no HSTS is sent', async () => {
    const res = await proxied.call({ url: '/wps/captcha', headers: { 'x-forwarded-for': '203.0.113.71' } });
    expect(String(res.headers['set-cookie'])).not.toContain('Secure');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('without TRUST_PROXY a forged X-Forwarded-Proto changes nothing', async () => {
    const res = await direct.call({ url: '/wps/captcha', headers: https });
    expect(String(res.headers['set-cookie'])).not.toContain('Secure');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('a 20 kB form body to the forgot-password call is refused with its real limit, 16 kB; a JSON body past 1 MB says 1 MB', async () => {
    const form = await direct.call({
      url: '/wps/member/password/email',
      method: 'POST',
      payload: `username=demo&email=${'a'.repeat(20 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(413);
    expect(form.json()).toEqual({
      success: false,
      errorCode: 'request.too.large',
      message: 'The request body is larger than 16 kB',
    });
    const json = await direct.call({
      url: '/wps/member/password/email',
      method: 'POST',
      payload: JSON.stringify({ username: 'demo', email: 'a'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(413);
    expect(json.json().message).toBe('The request body is larger than 1 MB');
  });
});
