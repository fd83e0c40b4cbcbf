import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, latestBirthdayOfAge, SOCIAL_ERROR_PARAM, SOCIAL_TICKET_PARAM } from '@app/contract';
import { loadConfig, repoRoot } from '../../config.ts';
import { createTestApp, productionTestEnv, type TestApp } from '../../test/test-app.ts';
import { authorizeAs, startTestProvider, type TestProvider } from '../../test/oidc-test-provider.ts';
import { SOCIAL_COOKIE } from './social.routes.ts';
import { captchaAnswer, secureCall } from '../session/accounts-test-kit.ts';

/**
 * Social sign-in (RG-06, decision 045) against a real OpenID provider on this machine: the whole
 * authorization-code flow with PKCE, state and nonce, through the server's routes.
 */
const ORIGIN = 'http://localhost';
const today = new Date();
const adult = '1990-04-17';
const minor = (() => {
  // One day short of 18: the birthday is tomorrow.
  const d = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate() + 1));
  return d.toISOString().slice(0, 10);
})();

let t: TestApp;
let idp: TestProvider;
let ip = 10;
let brandPath = '';

beforeAll(async () => {
  idp = await startTestProvider({
    redirectUris: [`${ORIGIN}/wps/oauth/google/callback`],
    accounts: [
      {
        id: 'g-ann',
        email: 'ann.social@example.com',
        emailVerified: true,
        name: 'Ann Social',
        birthdate: adult,
      },
      { id: 'g-bob', email: 'bob.social@example.com', emailVerified: true, name: 'Bob Agentless' },
      { id: 'g-eve', email: 'eve.unverified@example.com', emailVerified: false, name: 'Eve' },
      { id: 'g-demo', email: 'demo.player@example.com', emailVerified: true, name: 'Demo Player' },
      { id: 'g-kid', email: 'kid@example.com', emailVerified: true, name: 'Kid', birthdate: minor },
      { id: 'g-new', email: 'new.login@example.com', emailVerified: true, name: 'New' },
      { id: 'g-code', email: 'coded@example.com', emailVerified: true, name: 'Coded' },
    ],
  });
  brandPath = join(mkdtempSync(join(tmpdir(), 'social-brand-')), 'brand.json');
  writeFileSync(brandPath, readFileSync(join(repoRoot, 'config/brand.json')));
  t = await createTestApp({
    configOverrides: {
      brandConfigPath: brandPath,
      trustProxy: true,
      socialProviders: [
        { id: 'google', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      ],
    },
  });
  // The provider's discovery document is read at the first flow: read it once here, so a slow
  // first answer counts against this hook and not against a test.
  await t.call({
    url: '/wps/oauth/google/start',
    headers: { host: 'localhost', 'x-forwarded-for': '100.72.1.1' },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await idp?.stop();
});

const headers = () => ({ host: 'localhost', 'x-forwarded-for': `100.72.0.${ip++}` });

/** Starts a flow as the button does: the provider's address and the browser's state cookie. */
async function start(query: Record<string, string> = {}, provider = 'google') {
  const res = await t.call({
    url: `/wps/oauth/${provider}/start?${new URLSearchParams(query)}`,
    headers: headers(),
  });
  const cookie = /wps_social=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1];
  return { res, location: String(res.headers.location ?? ''), cookie };
}

/** The provider's redirect back, as the browser brings it (with its cookie unless told). */
async function back(callback: URL, cookie: string | undefined) {
  const res = await t.call({
    url: `${callback.pathname}${callback.search}`,
    headers: { ...headers(), ...(cookie !== undefined ? { cookie: `${SOCIAL_COOKIE}=${cookie}` } : {}) },
  });
  expect(res.statusCode).toBe(303);
  const to = new URL(String(res.headers.location), ORIGIN);
  expect(to.pathname).toBe('/');
  return { ticket: to.searchParams.get(SOCIAL_TICKET_PARAM), error: to.searchParams.get(SOCIAL_ERROR_PARAM) };
}

async function signIn(account: string, query: Record<string, string> = {}) {
  const s = await start(query);
  expect(s.res.statusCode).toBe(303);
  const callback = await authorizeAs(s.location, account);
  return back(callback, s.cookie);
}

async function redeem(ticket: string) {
  return t.call({ url: '/wps/oauth/ticket', method: 'POST', payload: { ticket }, headers: headers() });
}

const memberCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('member')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const identities = (subject: string) =>
  t.database.db.selectFrom('member_identity').selectAll().where('subject', '=', subject).execute();

describe('social sign-in: configuration and buttons', () => {
  it('lists only the configured providers; an unconfigured one is refused at its start', async () => {
    const res = await t.call({ url: '/wps/oauth/providers' });
    expect(res.json().value).toEqual({ providers: ['google'] });
    const s = await start({}, 'facebook');
    expect(s.res.statusCode).toBe(303);
    expect(s.res.headers.location).toBe(`/?${SOCIAL_ERROR_PARAM}=${Errors.socialProviderDisabled.code}`);
  });

  it('a provider is on when its client id is set; production refuses one without its secret, or over http', () => {
    expect(loadConfig({}).socialProviders).toEqual([]);
    expect(loadConfig({ OIDC_GOOGLE_CLIENT_ID: 'c' }).socialProviders).toEqual([
      { id: 'google', issuer: 'https://accounts.google.com', clientId: 'c', clientSecret: null },
    ]);
    expect(
      loadConfig({ OIDC_FACEBOOK_CLIENT_ID: 'f', OIDC_FACEBOOK_CLIENT_SECRET: 's' }).socialProviders[0],
    ).toMatchObject({ id: 'facebook', issuer: 'https://www.facebook.com', clientSecret: 's' });
    expect(() => loadConfig({ ...productionTestEnv, OIDC_GOOGLE_CLIENT_ID: 'c' })).toThrow(
      /^OIDC_GOOGLE_CLIENT_SECRET must be set when NODE_ENV=production/,
    );
    expect(() =>
      loadConfig({
        ...productionTestEnv,
        OIDC_FACEBOOK_CLIENT_ID: 'c',
        OIDC_FACEBOOK_CLIENT_SECRET: 's',
        OIDC_FACEBOOK_ISSUER: 'http://idp.example',
      }),
    ).toThrow(/^OIDC_FACEBOOK_ISSUER must be an https URL/);
    expect(() => loadConfig({ OIDC_GOOGLE_CLIENT_ID: 'c', OIDC_GOOGLE_ISSUER: 'not a url' })).toThrow(
      /OIDC_GOOGLE_ISSUER must be a URL/,
    );
  });

  it('the start sends the browser to the provider with PKCE (S256), state and nonce, and binds the state to it by an HttpOnly cookie', async () => {
    const s = await start({ intent: 'register', age: '1' });
    const url = new URL(s.location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/wps/oauth/google/callback`);
    expect(url.searchParams.get('state')).toBe(s.cookie);
    expect(String(s.res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    // The verifier never leaves the server: only its hash is in the address.
    const row = await t.database.db
      .selectFrom('social_flow')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(s.location).not.toContain(row.code_verifier);
  });
});

describe('social sign-in: accounts', () => {
  it('a new player from the register dialog gets an account under the registration rules: the invitation code carried through the flow, the verified e-mail, no password', async () => {
    const before = await memberCount();
    const { ticket, error } = await signIn('g-ann', {
      intent: 'register',
      age: '1',
      affiliateCode: 'LOTUS8',
    });
    expect(error).toBeNull();
    const res = await redeem(ticket!);
    expect(res.statusCode).toBe(200);
    const login = res.json().value;
    expect(login.token).toMatch(/\S{20,}/);
    expect(login.forceChangePassword).toBe(false);
    expect(await memberCount()).toBe(before + 1);
    const [link] = await identities('g-ann');
    const member = await t.app.ctx.members.byId(link!.member_id);
    expect(member).toMatchObject({
      username: login.userName,
      email: 'ann.social@example.com',
      password_hash: null,
    });
    expect(member!.username).toMatch(/^annsocia\d{4}$/);
    const agent = await t.app.ctx.members.byId(member!.upline_id!);
    expect(
      (
        await t.database.db
          .selectFrom('invitation_code')
          .select('member_id')
          .where('code', '=', 'LOTUS8')
          .executeTakeFirst()
      )?.member_id,
    ).toBe(agent!.id);
    // The member's token works.
    expect((await t.call({ url: '/wps/member/info', token: login.token })).statusCode).toBe(200);

    // Signing in again, from the login popup, is the same member: no second account.
    const again = await signIn('g-ann');
    const second = (await redeem(again.ticket!)).json().value;
    expect(second.userName).toBe(login.userName);
    expect(await memberCount()).toBe(before + 1);
  });

  it('a ticket is single use', async () => {
    const { ticket } = await signIn('g-ann');
    expect((await redeem(ticket!)).statusCode).toBe(200);
    const again = await redeem(ticket!);
    expect(again.statusCode).toBe(401);
    expect(again.json().errorCode).toBe(Errors.socialTicketInvalid.code);
  });

  it('links an existing account by an e-mail the provider verified', async () => {
    const demo = (await t.app.ctx.members.byUsername('demo'))!;
    await t.database.db
      .updateTable('member')
      .set({ email: 'Demo.Player@example.com' })
      .where('id', '=', demo.id)
      .execute();
    const before = await memberCount();
    const { ticket } = await signIn('g-demo');
    const login = (await redeem(ticket!)).json().value;
    expect(login.userName).toBe('demo');
    expect(await memberCount()).toBe(before);
    expect((await identities('g-demo'))[0]).toMatchObject({ member_id: demo.id, provider: 'google' });
  });

  it('an unverified e-mail is refused and creates nothing, even from the register dialog', async () => {
    const before = await memberCount();
    const { ticket, error } = await signIn('g-eve', { intent: 'register', age: '1' });
    expect(ticket).toBeNull();
    expect(error).toBe(Errors.socialEmailUnverified.code);
    expect(await memberCount()).toBe(before);
    expect(await identities('g-eve')).toEqual([]);
  });

  it('no account is made without the age confirmation (the login popup), nor for a birthdate under the minimum age', async () => {
    const before = await memberCount();
    expect((await signIn('g-new')).error).toBe(Errors.socialNoAccount.code);
    expect((await signIn('g-kid', { intent: 'register', age: '1' })).error).toBe(Errors.underAge.code);
    expect(await memberCount()).toBe(before);
    expect([...(await identities('g-new')), ...(await identities('g-kid'))]).toEqual([]);
  });

  it('an invitation code the rules refuse stops the new account', async () => {
    const before = await memberCount();
    expect(
      (await signIn('g-code', { intent: 'register', age: '1', affiliateCode: 'NOSUCHCODE' })).error,
    ).toBe(Errors.invitationCodeError.code);
    expect(await memberCount()).toBe(before);
  });
});

describe('social sign-in: forged and replayed answers', () => {
  it('a replayed callback (the same state and code again) is refused and creates nothing', async () => {
    const s = await start({ intent: 'register', age: '1' });
    const callback = await authorizeAs(s.location, 'g-bob');
    const first = await back(callback, s.cookie);
    expect(first.ticket).not.toBeNull();
    const before = await memberCount();
    expect((await back(callback, s.cookie)).error).toBe(Errors.socialStateInvalid.code);
    expect(await memberCount()).toBe(before);
  });

  it('a state that is not the browser’s own (forged, or without the cookie) is refused, and the flow stays unused', async () => {
    const s = await start({ intent: 'register', age: '1' });
    const callback = await authorizeAs(s.location, 'g-code');
    expect((await back(callback, undefined)).error).toBe(Errors.socialStateInvalid.code);
    expect((await back(callback, 'forged-state')).error).toBe(Errors.socialStateInvalid.code);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    expect((await back(forged, 'forged-state')).error).toBe(Errors.socialStateInvalid.code);
    expect(await identities('g-code')).toEqual([]);
    // The real state still finishes (the forgeries did not spend it).
    expect((await back(callback, s.cookie)).ticket).not.toBeNull();
  });

  it('an ID token with another nonce than the flow’s is refused and creates nothing', async () => {
    const s = await start({ intent: 'register', age: '1' });
    const tampered = new URL(s.location);
    tampered.searchParams.set('nonce', 'a-nonce-of-someone-else-0123456789');
    const callback = await authorizeAs(tampered.href, 'g-new');
    const before = await memberCount();
    expect((await back(callback, s.cookie)).error).toBe(Errors.socialNonceInvalid.code);
    expect(await memberCount()).toBe(before);
    expect(await identities('g-new')).toEqual([]);
  });

  it('a code that is not the provider’s is refused', async () => {
    const s = await start({ intent: 'register', age: '1' });
    const callback = await authorizeAs(s.location, 'g-new');
    callback.searchParams.set('code', 'not-a-code');
    expect((await back(callback, s.cookie)).error).toBe(Errors.socialTokenInvalid.code);
    expect(await identities('g-new')).toEqual([]);
  });
});

describe('the age rule at registration (brand minimum age)', () => {
  const dayAfter = (iso: string) => {
    const d = new Date(`${iso}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  };
  let n = 0;
  const registerWith = async (extra: Record<string, unknown>) => {
    const h = headers();
    const c = await t.call({ url: '/wps/captcha', headers: h });
    const id = c.headers['captcha-id'] as string;
    return secureCall(t, {
      url: '/wps/member/register',
      method: 'PUT',
      headers: { ...h, 'captcha-id': id },
      payload: {
        username: `agerule${String(n++).padStart(2, '0')}`,
        password: 'Lotus2024',
        confirmPassword: 'Lotus2024',
        payeeName: 'Tran Minh',
        captcha: await captchaAnswer(t, id),
        affiliateCode: '',
        referralCode: '',
        domain: '',
        ...extra,
      },
    });
  };
  /** Sets the brand's minimum age in its file and has the store read it at once. */
  const setMinimumAge = (age: number | undefined) => {
    const base = JSON.parse(readFileSync(join(repoRoot, 'config/brand.json'), 'utf8'));
    writeFileSync(brandPath, JSON.stringify(age === undefined ? base : { ...base, minimumAge: age }));
    (t.app.ctx.brand as unknown as { checkedAt: number }).checkedAt = 0;
  };
  afterAll(() => setMinimumAge(undefined));

  it('the age asked for is 18 by default (or the configured minimum); a confirmation said not given is refused; a birthday one day short of 18 is refused, on the 18th birthday itself accepted', async () => {
    setMinimumAge(undefined);
    expect(t.app.ctx.brand.get().minimumAge).toBe(18);
    const refused = await registerWith({ ageConfirmed: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errorCode: Errors.ageNotConfirmed.code,
      message: 'Please confirm you are 18 years old',
    });
    const exactly18 = latestBirthdayOfAge(18);
    const short = await registerWith({ ageConfirmed: true, birthday: dayAfter(exactly18) });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      errorCode: Errors.underAge.code,
      message: 'You must be at least 18 years old to open an account',
    });
    expect((await registerWith({ ageConfirmed: true, birthday: exactly18 })).statusCode).toBe(200);
    // The original client sends neither field: its form asked.
    expect((await registerWith({})).statusCode).toBe(200);
  });

  it('a brand that requires 21 asks "Please confirm you are 21 years old", and its birthday rule requires 21 (the social sign-up too)', async () => {
    setMinimumAge(21);
    expect(t.app.ctx.brand.get().minimumAge).toBe(21);
    expect((await registerWith({ ageConfirmed: false })).json().message).toBe(
      'Please confirm you are 21 years old',
    );
    const exactly21 = latestBirthdayOfAge(21);
    const twenty = await registerWith({ ageConfirmed: true, birthday: dayAfter(exactly21) });
    expect(twenty.json()).toMatchObject({
      errorCode: Errors.underAge.code,
      message: 'You must be at least 21 years old to open an account',
    });
    // Of age at 18, not at 21: refused here.
    expect((await registerWith({ ageConfirmed: true, birthday: latestBirthdayOfAge(18) })).statusCode).toBe(
      422,
    );
    expect((await registerWith({ ageConfirmed: true, birthday: exactly21 })).statusCode).toBe(200);
    idp.accounts.set('g-twenty', {
      id: 'g-twenty',
      email: 'twenty@example.com',
      emailVerified: true,
      name: 'Twenty',
      birthdate: dayAfter(exactly21),
    });
    expect((await signIn('g-twenty', { intent: 'register', age: '1' })).error).toBe(Errors.underAge.code);
  });
});
