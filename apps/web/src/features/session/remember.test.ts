import { describe, expect, it } from 'vitest';
import { localStore } from '../../shared/storage/storage.ts';
import { forgetRememberToken, readRemembered, REMEMBER_STORAGE_KEY, writeRemembered } from './remember.ts';
import { freePlayDeviceString, freePlayRequest } from './free-play-device.ts';

describe('remember me', () => {
  it('LG-04 keeps the username, the SMS number and the remember token for one day', () => {
    const now = 1_000_000;
    writeRemembered(
      {
        username: 'demo',
        countryDialingCode: '84',
        mobileNum: '912345678',
        rememberToken: 'tok-123',
        expiresAt: now + 86_400_000,
      },
      localStore,
      now,
    );
    expect(readRemembered(localStore, now + 86_399_000)).toEqual({
      username: 'demo',
      countryDialingCode: '84',
      mobileNum: '912345678',
      rememberToken: 'tok-123',
      expiresAt: now + 86_400_000,
    });
    // After the day everything is forgotten.
    expect(readRemembered(localStore, now + 86_400_000)).toBeNull();
    expect(localStorage.getItem(REMEMBER_STORAGE_KEY)).toBeNull();
  });

  it('LG-04 never keeps more than a day, whatever the server says', () => {
    const kept = writeRemembered(
      { username: 'demo', rememberToken: 't', expiresAt: 10 * 86_400_000 },
      localStore,
      0,
    );
    expect(kept.expiresAt).toBe(86_400_000);
  });

  it('LG-28 a password handed in by mistake never reaches storage', () => {
    const entry = { username: 'demo', rememberToken: 't', password: 'Demo1234' } as Parameters<
      typeof writeRemembered
    >[0];
    writeRemembered(entry);
    const all = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(all).toContain('demo');
    expect(all).not.toContain('Demo1234');
  });

  it('LG-04 logout drops the (revoked) token but keeps the names for the rest of the day', () => {
    writeRemembered({ username: 'demo', rememberToken: 'tok' });
    forgetRememberToken();
    expect(readRemembered()).toMatchObject({ username: 'demo', rememberToken: null });
  });
});

describe('free play', () => {
  it('LG-08 sends os, platform W, a random string kept for the day and gateway version 3', () => {
    const body = freePlayRequest();
    expect(body.platform).toBe('W');
    expect(body.gatewayVersion).toBe(3);
    expect(body.os.length).toBeGreaterThan(0);
    expect(body.randomString.length).toBeGreaterThanOrEqual(16);
    expect(freePlayRequest().randomString).toBe(body.randomString);
    // A new day, a new trial account.
    expect(freePlayDeviceString(localStore, new Date(Date.now() + 2 * 86_400_000))).not.toBe(
      body.randomString,
    );
  });
});
