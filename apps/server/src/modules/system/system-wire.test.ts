import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls, encryptPayload, FeatureSwitch } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { publicKey } from '../session/accounts-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`system wire details (${testDbKind})`, () => {
  it('SY-09 resources carry resourceType, url and qrCodeUrl, and are also keyed by name with url and labelNameEn', async () => {
    const info = (await t.call({ url: '/wps/system/status' })).json().value.info;
    expect(info.resources.length).toBeGreaterThan(0);
    for (const r of info.resources) {
      expect(r).toEqual(
        expect.objectContaining({
          resourceType: expect.any(String),
          url: expect.any(String),
          qrCodeUrl: expect.any(String),
        }),
      );
      expect(info.resourceMap[r.name]).toEqual({ url: r.url, labelNameEn: r.labelNameEn });
    }
    const app = info.resources.find((r: { resourceType: string }) => r.resourceType === 'APP_ANDROID');
    expect(app.qrCodeUrl).toMatch(/TCG_PROD_IMAGES\/QR\/.+\.png$/);
  });

  it('SY-10 customerService entries carry csType and path', async () => {
    const info = (await t.call({ url: '/wps/system/status' })).json().value.info;
    expect(info.customerService.length).toBeGreaterThan(0);
    for (const c of info.customerService) {
      expect(Number.isInteger(c.csType)).toBe(true);
      expect(c.path.length).toBeGreaterThan(0);
    }
  });

  it('SY-18 SY-23 GET /wps/system/whitelabel returns the switch tree, with every feature switch of the spec', async () => {
    const res = await t.call({ url: '/wps/system/whitelabel' });
    expect(res.statusCode).toBe(200);
    const ids: string[] = [];
    const walk = (nodes: { modId: string; childrenNodes: never[] }[]) =>
      nodes.forEach((n) => (ids.push(n.modId), walk(n.childrenNodes)));
    walk([res.json().value]);
    for (const id of [
      FeatureSwitch.mobileRegister,
      FeatureSwitch.smsVerifyOnRegister,
      FeatureSwitch.mobileRegisterWithPassword,
      FeatureSwitch.usernameRegister,
      FeatureSwitch.freePlay,
      FeatureSwitch.passwordExpiryChange,
      FeatureSwitch.smsLogin,
      FeatureSwitch.directRegister,
    ]) {
      expect(ids).toContain(id);
    }
    // Turning one off shows at once in the tree.
    await t.app.ctx.system.setSwitch(FeatureSwitch.freePlay, false);
    const after = JSON.stringify((await t.call({ url: '/wps/system/whitelabel' })).json().value);
    expect(after).toContain(`{"modId":"${FeatureSwitch.freePlay}","enabled":"0"`);
    await t.app.ctx.system.setSwitch(FeatureSwitch.freePlay, true);
  });

  it('NM-04 the announcement response holds popup, player notices, banners and promotion', async () => {
    const res = await t.call({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&execution=B',
    });
    const v = res.json().value;
    expect(v.popup.length).toBeGreaterThan(0);
    expect(v.player.length).toBeGreaterThan(0);
    expect(v.banners.length).toBeGreaterThan(0);
    expect(v.promotion.length).toBeGreaterThan(0);
  });

  it('SY-29 an encrypted call sends {value} with the AES key wrapped in the Encryption header, and the answer is plain JSON', async () => {
    const key = await publicKey(t);
    expect(key.publicKey).toContain('BEGIN PUBLIC KEY');
    const payload = { username: 'demo', password: 'Demo1234', captcha: '', type: 'username' };
    const { body, headers } = await encryptPayload(key, payload);
    expect(Object.keys(body)).toEqual(['value']);
    expect(body.value).not.toContain('Demo1234');
    // RSA-OAEP over a 2048-bit key wraps the 32-byte AES key into 256 bytes.
    expect(Buffer.from(headers.Encryption!, 'base64').length).toBeGreaterThanOrEqual(256);
    const res = await t.call({ url: '/wps/session/login', method: 'POST', payload: body, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().value.token).toEqual(expect.any(String));
    const plain = await t.call({ url: '/wps/session/login', method: 'POST', payload });
    expect(plain.statusCode).toBe(400);
  });

  it('the account calls (login, login verification, register, password change and reset) are declared encrypted', () => {
    const encrypted = new Set(allCalls.filter((c) => c.encrypted).map((c) => c.id));
    for (const id of [
      'login',
      'loginVerification',
      'register',
      'registerMobile',
      'changePassword',
      'resetPasswordByPhone',
    ]) {
      expect(encrypted).toContain(id);
    }
    // The rest of that list (points redeem and convert, withdraw submit) arrives with the wallet and points issues.
  });
});
