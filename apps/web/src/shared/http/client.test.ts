import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Errors } from '@app/contract';
import { setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { clearSession, readToken, saveSession, useSession } from '../session/session.ts';
import { ApiError } from './api-error.ts';
import { brandConfigCall, systemStatusCall } from './calls.ts';
import { call, forgetPlayerInput, lastSessionCallAt, onUnauthorized } from './client.ts';

describe('http client', () => {
  beforeAll(() => setupShell());
  beforeEach(() => clearSession());
  afterEach(() => vi.restoreAllMocks());

  it('SY-28 sends Merchant, Device: web, Language and the raw token as Authorization', async () => {
    const { requests } = stubFetch({ '/wps/system/status': () => systemStatus() });
    await call(systemStatusCall, { query: { url: 'example.test' } });
    let headers = requests[0]!.init!.headers as Record<string, string>;
    expect(headers).toMatchObject({ Merchant: 'SEA888', Device: 'web', Language: 'en' });
    expect(headers.Authorization).toBeUndefined();

    saveSession({ token: 'tok-123', agentType: 0 });
    await call(systemStatusCall, { query: { url: 'example.test' } });
    headers = requests[1]!.init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('tok-123');
  });

  it("a call more than a minute after the last key or tap goes as passive and keeps no session awake; a key makes the next one the player's", async () => {
    saveSession({ token: 'tok-123', agentType: 0 });
    const { requests } = stubFetch({ '/wps/system/status': () => systemStatus() });
    const send = () => call(systemStatusCall, { query: { url: 'example.test' } });
    const activity = (i: number) =>
      (requests[i]!.init!.headers as Record<string, string>)['Session-Activity'];
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await send();
    expect(activity(0)).toBeUndefined();
    const sentAt = lastSessionCallAt();
    expect(sentAt).toBeGreaterThan(0);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    await send();
    expect(activity(1)).toBe('passive');
    expect(lastSessionCallAt()).toBe(sentAt);
    window.dispatchEvent(new PointerEvent('pointerdown'));
    await send();
    expect(activity(2)).toBeUndefined();
    expect(lastSessionCallAt()).toBe(now + 61_000);
    // A call marked passive stays passive right after a key.
    await call(systemStatusCall, { query: { url: 'example.test' }, passive: true });
    expect(activity(3)).toBe('passive');
  });

  it("once the time-out warning has opened, a page's call right after a key goes as passive until the player's next key or tap", async () => {
    saveSession({ token: 'tok-123', agentType: 0 });
    const { requests } = stubFetch({ '/wps/system/status': () => systemStatus() });
    const send = () => call(systemStatusCall, { query: { url: 'example.test' } });
    const activity = (i: number) =>
      (requests[i]!.init!.headers as Record<string, string>)['Session-Activity'];
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    forgetPlayerInput();
    await send();
    expect(activity(0)).toBe('passive');
    window.dispatchEvent(new PointerEvent('pointerdown'));
    await send();
    expect(activity(1)).toBeUndefined();
  });

  it('SY-06 the status call sends the page host as url, and the envelope value comes back', async () => {
    const { requests } = stubFetch({ '/wps/system/status': () => systemStatus({ status: 1 }) });
    const value = await call(systemStatusCall, { query: { url: 'lucky.example:8080' } });
    expect(requests[0]!.url.searchParams.get('url')).toBe('lucky.example:8080');
    expect(value.status).toBe(1);
  });

  it('SY-27 a bare call returns the body as it is', async () => {
    stubFetch({
      '/config/brand.json': () =>
        new Response(JSON.stringify({ merchant: 'X', platform: 'web' }), { status: 200 }),
    });
    await expect(call(brandConfigCall)).resolves.toMatchObject({ merchant: 'X' });
  });

  it('a plain call (the preloaded brand config) sends no wire headers, so the preload answers it', async () => {
    saveSession({ token: 'tok-123', agentType: 0 });
    const { requests } = stubFetch({
      '/config/brand.json': () => new Response(JSON.stringify({ merchant: 'X' }), { status: 200 }),
    });
    await expect(call(brandConfigCall, { plain: true })).resolves.toMatchObject({ merchant: 'X' });
    expect(requests[0]!.init!.headers).toEqual({});
    expect(requests[0]!.init!.credentials).toBe('same-origin');
  });

  it('a failed envelope becomes an ApiError with status, errorCode, message and value', async () => {
    stubFetch({
      '/wps/system/status': () =>
        new Response(
          JSON.stringify({
            success: false,
            errorCode: 'invalid.input',
            message: 'Bad url',
            value: { field: 'url' },
          }),
          { status: 422 },
        ),
    });
    const error = await call(systemStatusCall).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      errorCode: 'invalid.input',
      message: 'Bad url',
      value: { field: 'url' },
    });
  });

  it('ER-18 a network failure reads "Network link abnormal, please retry"', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(call(systemStatusCall)).rejects.toMatchObject({
      status: 0,
      errorCode: 'network.error',
      message: 'Network link abnormal, please retry',
    });
  });

  it('ER-22 an answer that is not JSON reads as a system error', async () => {
    stubFetch({ '/wps/system/status': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(call(systemStatusCall)).rejects.toMatchObject({
      status: 502,
      message: 'System error, please try again later',
    });
  });

  it('user.or.token.invalid clears the session and tells the 401 listeners', async () => {
    saveSession({ token: 'dead', agentType: 4 });
    const heard = vi.fn();
    const off = onUnauthorized(heard);
    stubFetch({
      '/wps/system/status': () =>
        new Response(
          JSON.stringify({
            success: false,
            errorCode: Errors.notLoggedIn.code,
            message: 'Please log in again',
          }),
          { status: 401 },
        ),
    });
    await expect(call(systemStatusCall)).rejects.toMatchObject({ status: 401 });
    off();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(readToken()).toBeNull();
    expect(useSession.getState()).toEqual({ token: null, agentType: null });
    expect(sessionStorage.getItem('isAgent')).toBeNull();
  });
});
