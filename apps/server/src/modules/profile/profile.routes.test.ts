import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvatarLimits } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { latestCode } from '../session/accounts-test-kit.ts';
import { bindBank, newMember, PASSWORD, trialToken, type TestMember } from '../withdraw/withdraw-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  // The resend gap stays as in production for the throttle test; each test uses its own numbers.
  t = await createTestApp({ services: { verification: { perIpPerHour: 1000 } } });
});
afterAll(async () => t?.close());

const get = (m: TestMember, url: string) => t.call({ url, token: m.token });
const post = (m: TestMember | string, url: string, payload: unknown) =>
  t.call({ method: 'POST', url, token: typeof m === 'string' ? m : m.token, payload: payload as object });
const profileOf = async (m: TestMember) => (await get(m, '/wps/member/profile')).json().value;
const infoOf = async (m: TestMember) => (await get(m, '/wps/member/info')).json().value;

const filled = {
  telegram: '@lucky_tiger88',
  zalo: '0912345678',
  birthday: '1990-04-17',
  address: '12 Nguyen Hue, District 1, Ho Chi Minh City',
  nationality: 'VN',
  occupation: 'Software engineer',
  sourceOfIncome: 'SALARY',
  placeOfBirth: 'Hà Nội',
};

/** A Vietnamese mobile number (+84 9x) no other test uses. */
const freshMobile = () => `93${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

describe(`profile page (${testDbKind})`, () => {
  it('stores every profile field, answers them normalised, and locks the identity fields once set', async () => {
    const m = await newMember(t, { money: 0, payeeName: null });
    const other = await newMember(t, { money: 0 });
    const empty = await profileOf(m);
    expect(empty).toMatchObject({
      fullName: null,
      telegram: null,
      birthday: null,
      sourceOfIncome: null,
      locked: [],
      bankAccount: null,
    });

    const res = await post(m, '/wps/member/profile', { ...filled, fullName: '  Tran   Thi  Mai ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      ...filled,
      telegram: 'lucky_tiger88',
      fullName: 'Tran Thi Mai',
      locked: ['fullName', 'birthday', 'nationality', 'placeOfBirth'],
    });
    expect((await infoOf(m)).payeeName).toBe('Tran Thi Mai');
    // Nothing of it reached another member.
    expect(await profileOf(other)).toMatchObject({
      telegram: null,
      birthday: null,
      fullName: 'Nguyen Van An',
    });

    // Locked: a change is refused (409, naming the field), the same value (any case or spacing) passes.
    for (const [field, value] of [
      ['fullName', 'Someone Else'],
      ['birthday', '1991-01-01'],
      ['nationality', 'TH'],
      ['placeOfBirth', 'Da Nang'],
      ['birthday', ''],
    ] as const) {
      const r = await post(m, '/wps/member/profile', { [field]: value });
      expect(r.statusCode, `${field}=${value}`).toBe(409);
      expect(r.json()).toMatchObject({ errorCode: 'profile.field.locked', value: { field } });
    }
    expect(
      (await post(m, '/wps/member/profile', { fullName: 'tran thi  MAI', birthday: '1990-04-17' }))
        .statusCode,
    ).toBe(200);
    expect((await profileOf(m)).fullName).toBe('Tran Thi Mai');

    // Editable: changed and cleared.
    const edited = await post(m, '/wps/member/profile', {
      telegram: '',
      occupation: 'Teacher',
      zalo: '+84912345678',
    });
    expect(edited.json().value).toMatchObject({
      telegram: null,
      occupation: 'Teacher',
      zalo: '+84912345678',
    });
  });

  it('bad input is a 422 naming the field and its rule; nothing of the request is saved', async () => {
    const m = await newMember(t, { money: 0, payeeName: null });
    const adult = new Date();
    const minor = `${adult.getUTCFullYear() - 17}-01-01`;
    const bad: [string, unknown][] = [
      ['fullName', 'X'],
      ['fullName', '<script>'],
      ['fullName', 'a'.repeat(65)],
      ['telegram', 'ab'],
      ['telegram', '1abcde'],
      ['telegram', 'has space'],
      ['zalo', '12ab5678'],
      ['zalo', '1234'],
      ['birthday', '1990-02-30'],
      ['birthday', '17/04/1990'],
      ['birthday', minor],
      ['birthday', '1850-01-01'],
      ['address', 'abc'],
      ['address', '<b>12 Street</b>'],
      ['nationality', 'XX'],
      ['nationality', 'vn'],
      ['occupation', 'x'],
      ['occupation', 'Dev\u0007ops'],
      ['sourceOfIncome', 'LOTTERY'],
      ['placeOfBirth', '<img>'],
    ];
    for (const [field, value] of bad) {
      const r = await post(m, '/wps/member/profile', { telegram: 'valid_name1', [field]: value });
      expect(r.statusCode, `${field}=${String(value)}`).toBe(422);
      expect(r.json().errorCode, `${field}=${String(value)}`).toBe('profile.field.invalid');
      expect(r.json().value, `${field}=${String(value)}`).toEqual({ field });
      expect(r.json().message).toMatch(new RegExp(`^${field}: `));
      expect(r.body).not.toMatch(/at \w+ \(|node_modules/);
    }
    // Wrong types, unknown fields and oversized values are refused by the call's schema.
    for (const body of [
      { occupation: 'Dev\u0000ops' },
      { telegram: 42 },
      { avatar: '1' },
      { address: 'a'.repeat(301) },
      [],
    ]) {
      const r = await post(m, '/wps/member/profile', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await profileOf(m)).toMatchObject({ telegram: null, fullName: null });
  });

  it('the full name must be the name bound bank accounts are in', async () => {
    const m = await newMember(t, { money: 0, payeeName: null });
    await bindBank(t, { ...m, payeeName: 'Le Van Binh' });
    const r = await post(m, '/wps/member/profile', { fullName: 'Pham Van Cuong' });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toContain('payee name');
    expect((await post(m, '/wps/member/profile', { fullName: 'LE VAN BINH' })).statusCode).toBe(200);
  });

  it('a trial account has no profile: every call is refused with in_need_true_account', async () => {
    const token = await trialToken(t);
    const calls: [string, string, unknown][] = [
      ['GET', '/wps/member/profile', undefined],
      ['POST', '/wps/member/profile', { telegram: 'guest_user' }],
      ['POST', '/wps/member/avatar', { avatar: '3' }],
      ['POST', '/wps/member/bankAccounts/default', { id: 1 }],
      ['POST', '/wps/member/security/mobile/code', { countryDialingCode: '84', mobileNum: freshMobile() }],
      ['POST', '/wps/member/security/email/code', { email: 'guest@example.com' }],
    ];
    for (const [method, url, payload] of calls) {
      const r = await t.call({
        method: method as 'GET',
        url,
        token,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(r.json().errorCode, url).toBe('in_need_true_account');
    }
    const anon = await t.call({ url: '/wps/member/profile' });
    expect(anon.statusCode).toBe(401);
  });
});

describe(`default bank account (${testDbKind})`, () => {
  it("is one of the member's own live accounts; another member's id is 404 and changes nothing", async () => {
    const a = await newMember(t, { money: 0 });
    const b = await newMember(t, { money: 0 });
    const a1 = await bindBank(t, a);
    const a2 = await bindBank(t, a);
    const b1 = await bindBank(t, b);
    expect((await profileOf(a)).bankAccount).toMatchObject({
      id: a1,
      accountNumber: expect.stringMatching(/^\*+ ?\d{4}$/),
    });

    const set = await post(a, '/wps/member/bankAccounts/default', { id: a2 });
    expect(set.json().value.bankAccount.id).toBe(a2);
    // B tries A's ids on every bank call: set default, delete; A's accounts stay as they were.
    expect((await post(b, '/wps/member/bankAccounts/default', { id: a1 })).statusCode).toBe(404);
    expect((await post(b, '/wps/member/bankAccounts/delete', { id: a2 })).statusCode).toBe(404);
    expect((await profileOf(b)).bankAccount.id).toBe(b1);
    expect((await get(a, '/wps/member/bankAccounts')).json().value.map((x: { id: number }) => x.id)).toEqual([
      a1,
      a2,
    ]);
    expect((await profileOf(a)).bankAccount.id).toBe(a2);
    // Every account number on the wire is masked.
    for (const x of (await get(a, '/wps/member/bankAccounts')).json().value)
      expect(x.accountNumber).toMatch(/^\*+ ?\d{4}$/);

    for (const bad of [0, -1, 'x', 1.5, null]) {
      const r = await post(a, '/wps/member/bankAccounts/default', { id: bad });
      expect(r.statusCode, String(bad)).toBe(422);
    }
    // A removed default falls back to the oldest live account.
    await post(a, '/wps/member/bankAccounts/delete', { id: a2 });
    expect((await profileOf(a)).bankAccount.id).toBe(a1);
    expect((await post(a, '/wps/member/bankAccounts/default', { id: a2 })).statusCode).toBe(404);
  });
});

/** A real image of the given format, as a phone or a browser would send it. */
async function image(format: 'png' | 'jpeg' | 'webp', size = 400): Promise<Buffer> {
  const picture = sharp({
    create: { width: size, height: size, channels: 3, background: { r: 200, g: 40, b: 90 } },
  }).withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } });
  if (format === 'png') return picture.png().toBuffer();
  if (format === 'jpeg') return picture.jpeg().toBuffer();
  return picture.webp().toBuffer();
}

const upload = (m: TestMember, body: Buffer, contentType = 'image/png') =>
  t.call({
    method: 'POST',
    url: '/wps/member/avatar/upload',
    token: m.token,
    payload: body,
    headers: { 'content-type': contentType },
  });

describe(`avatar (${testDbKind})`, () => {
  it('a built-in avatar is "1" to "12"; anything else is refused', async () => {
    const m = await newMember(t, { money: 0 });
    const r = await post(m, '/wps/member/avatar', { avatar: '7' });
    expect(r.json().value).toEqual({
      avatar: '7',
      avatarType: 'STATIC',
      avatarUrl: '/TCG_PROD_IMAGES/AVATAR/7.png',
    });
    for (const bad of ['0', '13', '07', ' 7', '-1', '1e1', '', 7]) {
      expect((await post(m, '/wps/member/avatar', { avatar: bad })).statusCode, String(bad)).toBe(422);
    }
    expect((await infoOf(m)).avatar).toBe('7');
  });

  it('an upload (png, jpg or webp by signature) is re-encoded to a small WebP only its owner reads', async () => {
    const m = await newMember(t, { money: 0 });
    const other = await newMember(t, { money: 0 });
    await post(other, '/wps/member/avatar', { avatar: '4' });
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      // The claimed type does not matter: the bytes decide.
      const r = await upload(m, await image(format), 'application/octet-stream');
      expect(r.statusCode, `${format}: ${r.body}`).toBe(200);
      const value = r.json().value;
      expect(value.avatarType).toBe('CUSTOM');
      expect(value.avatarUrl).toMatch(/^data:image\/webp;base64,/);
      const out = Buffer.from(value.avatarUrl.split(',')[1], 'base64');
      const meta = await sharp(out).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: AvatarLimits.side, height: AvatarLimits.side });
      // Re-encoded: the uploaded metadata is gone.
      expect(meta.exif).toBeUndefined();
      expect(out.includes(Buffer.from('secret-location'))).toBe(false);
    }
    const info = await infoOf(m);
    expect(info).toMatchObject({ avatarType: 'CUSTOM' });
    expect(info.avatarUrl).toBe(info.avatar);
    expect((await get(m, '/wps/relay/MCSFE_getPlayerAvatar')).json().value.avatarType).toBe('CUSTOM');
    // The other member's avatar is untouched and theirs alone; no call serves one member's image to another.
    expect(await infoOf(other)).toMatchObject({ avatar: '4', avatarType: 'STATIC' });
  });

  it('a renamed non-image, a truncated image, an empty body or more than 2 MB is refused and changes nothing', async () => {
    const m = await newMember(t, { money: 0 });
    await post(m, '/wps/member/avatar', { avatar: '5' });
    const png = await image('png');
    const cases: [string, Buffer, string, number, string][] = [
      [
        'text named .png',
        Buffer.from('hello, this is not an image at all'),
        'image/png',
        422,
        'avatar.invalid',
      ],
      ['pdf', Buffer.from('%PDF-1.7\n1 0 obj'), 'image/jpeg', 422, 'avatar.invalid'],
      ['html', Buffer.from('<svg onload=alert(1)></svg>'), 'image/png', 422, 'avatar.invalid'],
      ['png signature only', png.subarray(0, 40), 'image/png', 422, 'avatar.invalid'],
      ['empty', Buffer.alloc(0), 'image/png', 422, 'avatar.invalid'],
      [
        'over 2 MB',
        Buffer.concat([png, Buffer.alloc(AvatarLimits.maxBytes + 1 - png.length)]),
        'image/png',
        413,
        'avatar.too.large',
      ],
    ];
    for (const [name, body, type, status, code] of cases) {
      const r = await upload(m, body, type);
      expect(r.statusCode, name).toBe(status);
      expect(r.json().errorCode, name).toBe(code);
    }
    expect(await infoOf(m)).toMatchObject({ avatar: '5', avatarType: 'STATIC' });
    // JSON where the image should be.
    const json = await post(m, '/wps/member/avatar/upload', { image: 'x' });
    expect(json.statusCode).toBe(422);
  });

  it("a chunked upload (no Content-Length) past 2 MB is refused with the avatar's 2 MB limit, not the server's 1 MB; a chunked one within it is taken", async () => {
    const m = await newMember(t, { money: 0 });
    await post(m, '/wps/member/avatar', { avatar: '5' });
    const png = await image('png');
    // A stream in 64 kB pieces: sent with Transfer-Encoding chunked, no length announced.
    const chunked = (body: Buffer) =>
      t.call({
        method: 'POST',
        url: '/wps/member/avatar/upload',
        token: m.token,
        payload: Readable.from(
          Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) =>
            body.subarray(i * 65_536, (i + 1) * 65_536),
          ),
        ),
        headers: { 'content-type': 'image/png' },
      });
    const over = await chunked(Buffer.concat([png, Buffer.alloc(AvatarLimits.maxBytes + 1 - png.length)]));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      success: false,
      errorCode: 'avatar.too.large',
      message: 'The image is larger than 2 MB',
    });
    expect(await infoOf(m)).toMatchObject({ avatar: '5', avatarType: 'STATIC' });
    const within = await chunked(png);
    expect(within.statusCode, within.body).toBe(200);
    expect(await infoOf(m)).toMatchObject({ avatarType: 'CUSTOM' });
  });
});

describe(`bind mobile and e-mail (${testDbKind})`, () => {
  it('binds a mobile with the code texted to it; a replayed, wrong or expired code is refused', async () => {
    const m = await newMember(t, { money: 0 });
    const number = freshMobile();
    const sent = await post(m, '/wps/member/security/mobile/code', {
      countryDialingCode: '84',
      mobileNum: number,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value.expiredMinutes).toBeGreaterThan(0);
    // At once again: the resend limit.
    const again = await post(m, '/wps/member/security/mobile/code', {
      countryDialingCode: '84',
      mobileNum: number,
    });
    expect(again.statusCode).toBe(429);
    const code = await latestCode(t, `+84${number}`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bind = (verificationCode: string) =>
      post(m, '/wps/member/security/mobile', {
        countryDialingCode: '84',
        mobileNum: number,
        verificationCode,
      });
    expect((await bind(wrong)).json().errorCode).toBe('verification.code.invalid');
    expect((await bind('')).json().errorCode).toBe('verification.code.missing');
    const ok = await bind(code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.mobile).toBe(`+84 ${number.slice(0, 2)}****${number.slice(-3)}`);
    expect((await infoOf(m)).mobile).toBe(ok.json().value.mobile);
    // Replayed: the number is bound now, and the code is spent either way.
    expect((await bind(code)).json().errorCode).toBe('contact.already.bound');

    // An expired code: sent, then aged past its lifetime in the database.
    const n2 = freshMobile();
    const m2 = await newMember(t, { money: 0 });
    await post(m2, '/wps/member/security/mobile/code', { countryDialingCode: '84', mobileNum: n2 });
    const c2 = await latestCode(t, `+84${n2}`);
    await t.database.db
      .updateTable('verification_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('target', '=', `+84${n2}`)
      .execute();
    const expired = await post(m2, '/wps/member/security/mobile', {
      countryDialingCode: '84',
      mobileNum: n2,
      verificationCode: c2,
    });
    expect(expired.json().errorCode).toBe('verification.code.expired');
    expect((await infoOf(m2)).mobile).toBeNull();
  });

  it("another member can neither use a member's code nor take a bound number; bad numbers are 422", async () => {
    const a = await newMember(t, { money: 0 });
    const b = await newMember(t, { money: 0 });
    const number = freshMobile();
    await post(a, '/wps/member/security/mobile/code', { countryDialingCode: '84', mobileNum: number });
    const code = await latestCode(t, `+84${number}`);
    // B sends A's number and A's code: the code was sent for A only.
    const stolen = await post(b, '/wps/member/security/mobile', {
      countryDialingCode: '84',
      mobileNum: number,
      verificationCode: code,
    });
    expect(stolen.json().errorCode).toBe('verification.code.invalid');
    expect((await infoOf(b)).mobile).toBeNull();
    // A's code still binds for A (B's try did not spend it).
    expect(
      (
        await post(a, '/wps/member/security/mobile', {
          countryDialingCode: '84',
          mobileNum: number,
          verificationCode: code,
        })
      ).statusCode,
    ).toBe(200);
    // Now the number is A's: B cannot even get a code for it.
    const taken = await post(b, '/wps/member/security/mobile/code', {
      countryDialingCode: '84',
      mobileNum: number,
    });
    expect(taken.json().errorCode).toBe('mobile.exists');

    for (const body of [
      { countryDialingCode: '84', mobileNum: '12' },
      { countryDialingCode: '84', mobileNum: '93abc4567' },
      { countryDialingCode: '999', mobileNum: freshMobile() },
      { countryDialingCode: 'x', mobileNum: freshMobile() },
      { mobileNum: freshMobile() },
    ]) {
      const r = await post(b, '/wps/member/security/mobile/code', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('replacing a bound mobile also takes the login password', async () => {
    const m = await newMember(t, { money: 0 });
    const first = freshMobile();
    await post(m, '/wps/member/security/mobile/code', { countryDialingCode: '84', mobileNum: first });
    await post(m, '/wps/member/security/mobile', {
      countryDialingCode: '84',
      mobileNum: first,
      verificationCode: await latestCode(t, `+84${first}`),
    });
    const second = freshMobile();
    await post(m, '/wps/member/security/mobile/code', { countryDialingCode: '84', mobileNum: second });
    const code = await latestCode(t, `+84${second}`);
    const body = { countryDialingCode: '84', mobileNum: second, verificationCode: code };
    expect((await post(m, '/wps/member/security/mobile', body)).json().errorCode).toBe('input.empty');
    expect(
      (await post(m, '/wps/member/security/mobile', { ...body, loginPassword: 'Wrong1234' })).json()
        .errorCode,
    ).toBe('password.old.invalid');
    const ok = await post(m, '/wps/member/security/mobile', { ...body, loginPassword: PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await infoOf(m)).mobile).toContain(second.slice(-3));
  });

  it('binds an e-mail with the code sent to it; taken, malformed, replayed and foreign codes are refused', async () => {
    const a = await newMember(t, { money: 0 });
    const b = await newMember(t, { money: 0 });
    const email = `${a.username}@Example.com`;
    const sent = await post(a, '/wps/member/security/email/code', { email });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await latestCode(t, email.toLowerCase());
    const stolen = await post(b, '/wps/member/security/email', { email, verificationCode: code });
    expect(stolen.json().errorCode).toBe('verification.code.invalid');
    const ok = await post(a, '/wps/member/security/email', { email, verificationCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.email).toBe(`${a.username.slice(0, 2)}***@example.com`);
    expect((await infoOf(a)).email).toBe(ok.json().value.email);
    expect(
      (await post(a, '/wps/member/security/email', { email, verificationCode: code })).json().errorCode,
    ).toBe('contact.already.bound');
    expect(
      (await post(b, '/wps/member/security/email/code', { email: email.toUpperCase() })).json().errorCode,
    ).toBe('email.exists');
    for (const bad of ['', 'no-at-sign', 'a@b', `${'x'.repeat(95)}@example.com`, 'a b@example.com']) {
      const r = await post(b, '/wps/member/security/email/code', { email: bad });
      expect(r.statusCode, bad).toBe(422);
    }
    expect((await infoOf(b)).email).toBeNull();
  });
});
