import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../test/test-app.ts';
import { callerAddresses, loginCall } from '../modules/session/accounts-test-kit.ts';
import { demoAccounts, demoAccountsText } from './demo-accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());
const fromNewIp = callerAddresses('198.51.100', 60);

describe(`the demo accounts printed at start (${testDbKind})`, () => {
  it('issue 28: each account printed at start logs in with the password printed beside it; weakpass is on the weak default 123456 and must change it', async () => {
    const text = demoAccountsText();
    const answers: Record<string, unknown> = {};
    for (const account of demoAccounts) {
      expect(text).toContain(`${account.username.padEnd(14)} ${account.password.padEnd(12)}`);
      if (account.username.startsWith('guest')) continue; // a free-play login, without a password
      const res = await loginCall(t, { username: account.username, password: account.password }, fromNewIp());
      answers[account.username] = { status: res.statusCode, ...(res.json() as object) };
    }
    expect(demoAccounts.find((a) => a.username === 'weakpass')?.password).toBe('123456');
    expect(text).not.toContain('{secret}');
    for (const [username, answer] of Object.entries(answers))
      expect(answer, username).toMatchObject(username === 'nonplay' ? { status: 403 } : { status: 200 });
    expect(answers.weakpass).toMatchObject({
      value: { forceChangePassword: true, changePasswordReason: 'weak' },
    });
    expect(answers.demo).toMatchObject({ value: { forceChangePassword: false } });
  });
});
