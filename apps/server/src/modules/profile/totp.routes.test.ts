import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { newMember, PASSWORD, trialToken, type TestMember } from '../withdraw/withdraw-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const START = '/wps/member/security/totp';
const CONFIRM = '/wps/member/security/totp/confirm';
const post = (token: string, url: string, payload?: object) =>
  t.call({ method: 'POST', url, token, ...(payload ? { payload } : {}) });
const codeOf = (base32: string) =>
  new TOTP({ secret: Secret.fromBase32(base32), digits: 6, period: 30 }).generate();

/** The stored authenticator columns: what a refused call must leave exactly as they were. */
const stored = (m: TestMember) =>
  t.app.ctx.database.db
    .selectFrom('member')
    .select(['totp_secret', 'totp_pending_secret'])
    .where('id', '=', m.id)
    .executeTakeFirstOrThrow();

/** Binds a first authenticator (no password asked) and answers its secret. */
async function bindFirst(m: TestMember): Promise<string> {
  const start = await post(m.token, START);
  expect(start.statusCode, start.body).toBe(200);
  const { secret } = start.json().value as { secret: string };
  const ok = await post(m.token, CONFIRM, { code: codeOf(secret) });
  expect(ok.json()).toEqual({ success: true, value: { bound: true } });
  return secret;
}

describe(`authenticator binding (${testDbKind})`, () => {
  it('binds a first authenticator without the login password', async () => {
    const m = await newMember(t, { money: 0 });
    const secret = await bindFirst(m);
    expect(await stored(m)).toEqual({ totp_secret: secret, totp_pending_secret: null });
  });

  it('refuses to start replacing a bound authenticator without the login password or with a wrong one, changing nothing', async () => {
    const m = await newMember(t, { money: 0 });
    const secret = await bindFirst(m);
    const before = await stored(m);

    const none = await post(m.token, START);
    expect(none.statusCode).toBe(422);
    expect(none.json().errorCode).toBe('input.empty');
    const empty = await post(m.token, START, { loginPassword: '' });
    expect(empty.json().errorCode).toBe('input.empty');
    const wrong = await post(m.token, START, { loginPassword: 'Wrong1234' });
    expect(wrong.json().errorCode).toBe('password.old.invalid');
    for (const r of [none, empty, wrong]) expect(r.json().value?.secret).toBeUndefined();

    // Nothing changed: the same secret bound, nothing pending that a code could confirm.
    expect(await stored(m)).toEqual(before);
    const confirm = await post(m.token, CONFIRM, { code: codeOf(secret) });
    expect(confirm.json().errorCode).toBe('totp.not.bound');
    expect(await stored(m)).toEqual({ totp_secret: secret, totp_pending_secret: null });
    expect((await t.call({ url: '/wps/member/info', token: m.token })).json().value.totpBound).toBe(true);
  });

  it('replaces a bound authenticator with the login password, and only the new app works afterwards', async () => {
    const m = await newMember(t, { money: 0 });
    const old = await bindFirst(m);
    const start = await post(m.token, START, { loginPassword: PASSWORD });
    expect(start.statusCode, start.body).toBe(200);
    const fresh = start.json().value.secret as string;
    expect(fresh).not.toBe(old);
    // Until confirmed, the old authenticator stays the bound one.
    expect(await stored(m)).toEqual({ totp_secret: old, totp_pending_secret: fresh });
    const ok = await post(m.token, CONFIRM, { code: codeOf(fresh) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stored(m)).toEqual({ totp_secret: fresh, totp_pending_secret: null });
    const row = await t.app.ctx.members.byId(m.id);
    expect(t.app.ctx.members.verifyTotp(row!, codeOf(fresh))).toBe(true);
  });

  it('another member cannot replace it, and a trial account cannot bind one', async () => {
    const a = await newMember(t, { money: 0 });
    const b = await newMember(t, { money: 0 });
    const secret = await bindFirst(a);
    // B's password opens B's own binding only (a first one), never A's.
    expect((await post(b.token, START, { loginPassword: PASSWORD })).statusCode).toBe(200);
    expect(await stored(a)).toEqual({ totp_secret: secret, totp_pending_secret: null });
    const trial = await post(await trialToken(t), START);
    expect(trial.json().errorCode).toBe('in_need_true_account');
  });

  it('a start checked against an authenticator that changed meanwhile writes nothing', async () => {
    const m = await newMember(t, { money: 0 });
    const secret = await bindFirst(m);
    // As if a first binding's check ran before another request bound one.
    await expect(t.app.ctx.members.startTotp(m.id, null)).rejects.toMatchObject({ errorCode: 'conflict' });
    expect(await stored(m)).toEqual({ totp_secret: secret, totp_pending_secret: null });
  });
});
