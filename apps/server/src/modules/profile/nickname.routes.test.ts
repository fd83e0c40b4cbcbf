import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { newMember, trialToken } from '../withdraw/withdraw-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const URL = '/wps/member/security/nickname';

describe(`nickname (${testDbKind})`, () => {
  it("changes the caller's nickname (trimmed) and only theirs; bad input is a 422 with the rule", async () => {
    const m = await newMember(t, { money: 0 });
    const other = await newMember(t, { money: 0 });
    const before = (await t.call({ url: '/wps/member/info', token: other.token })).json().value.nickname;
    const set = (nickname: unknown) =>
      t.call({ method: 'POST', url: URL, token: m.token, payload: { nickname } });
    for (const bad of ['x', 'a'.repeat(21), '<script>', 'a\u0000b', 42]) {
      const res = await set(bad);
      expect(res.statusCode, String(bad)).toBe(422);
    }
    expect((await set('   ')).json().errorCode).toBe('input.empty');
    expect((await set('<b>hi</b>')).json().message).toContain('2 to 20');
    const ok = await set('  Lucky   Tiger 88 ');
    expect(ok.json()).toEqual({ success: true, value: { nickname: 'Lucky Tiger 88' } });
    expect((await t.call({ url: '/wps/member/info', token: m.token })).json().value.nickname).toBe(
      'Lucky Tiger 88',
    );
    expect((await t.call({ url: '/wps/member/info', token: other.token })).json().value.nickname).toBe(
      before,
    );
    expect((await set('Nguyễn Văn An')).statusCode).toBe(200);
  });

  it('a trial account is refused with in_need_true_account', async () => {
    const token = await trialToken(t);
    const res = await t.call({ method: 'POST', url: URL, token, payload: { nickname: 'Guest 1' } });
    expect(res.json().errorCode).toBe('in_need_true_account');
  });
});
