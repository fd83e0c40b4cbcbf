import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadingZeroBits } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loadConfig, parseCaptchaCheck } from '../../config.ts';
import { captchaAnswer } from '../../modules/session/accounts-test-kit.ts';
import { CAPTCHA_CHECK_FREE, checkBitsFor } from './captcha.ts';

/**
 * The captcha alternative's proof of work (decision 050): its work is configured
 * (CAPTCHA_CHECK_BITS, CAPTCHA_CHECK_MAX_BITS, refused at start outside 8..24), rises with a
 * caller's recent checks and failed proofs, capped; and it stands in for the slider's drag.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true, captchaCheck: { bits: 10, maxBits: 12 } } });
});
afterAll(async () => t?.close());

let ipSeq = 10;
const newIp = () => ({ 'x-forwarded-for': `203.0.113.${ipSeq++}` });

const solve = (salt: string, bits: number) => {
  const ok = (x: number) => leadingZeroBits(createHash('sha256').update(`${salt}:${x}`).digest()) >= bits;
  let n = 0;
  while (!ok(n)) n++;
  let bad = 0;
  while (ok(bad)) bad++;
  return { answer: String(n), wrong: String(bad) };
};

async function check(headers: Record<string, string>) {
  const res = await t.call({ url: '/wps/captcha/check', headers });
  expect(res.statusCode).toBe(200);
  const { salt, bits } = res.json().value as { salt: string; bits: number };
  return { salt, bits, id: res.headers['captcha-id'] as string };
}

describe('the configured work', () => {
  it('defaults to 14 bits rising to at most 15; CAPTCHA_CHECK_BITS and CAPTCHA_CHECK_MAX_BITS set them', () => {
    expect(loadConfig({}).captchaCheck).toEqual({ bits: 14, maxBits: 15 });
    expect(parseCaptchaCheck({ CAPTCHA_CHECK_BITS: '12', CAPTCHA_CHECK_MAX_BITS: '15' })).toEqual({
      bits: 12,
      maxBits: 15,
    });
    // A base above the default cap raises the cap with it.
    expect(parseCaptchaCheck({ CAPTCHA_CHECK_BITS: '18' })).toEqual({ bits: 18, maxBits: 18 });
  });

  it('refuses nonsense at start, naming the variable: not a whole number, outside 8..24, a cap under the base', () => {
    for (const [name, value] of [
      ['CAPTCHA_CHECK_BITS', 'abc'],
      ['CAPTCHA_CHECK_BITS', '7'],
      ['CAPTCHA_CHECK_BITS', '25'],
      ['CAPTCHA_CHECK_BITS', '14.5'],
      ['CAPTCHA_CHECK_BITS', '-14'],
      ['CAPTCHA_CHECK_MAX_BITS', '30'],
    ] as const)
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    expect(() => parseCaptchaCheck({ CAPTCHA_CHECK_BITS: '16', CAPTCHA_CHECK_MAX_BITS: '12' })).toThrow(
      /CAPTCHA_CHECK_MAX_BITS \(12\) must be at least CAPTCHA_CHECK_BITS \(16\)/,
    );
  });

  it('the work of a caller: the base for the first checks of the window, one bit more per doubling, capped', () => {
    const policy = { bits: 14, maxBits: 16 };
    expect(checkBitsFor(0, policy)).toBe(14);
    expect(checkBitsFor(CAPTCHA_CHECK_FREE, policy)).toBe(14);
    expect(checkBitsFor(CAPTCHA_CHECK_FREE * 2, policy)).toBe(15);
    expect(checkBitsFor(CAPTCHA_CHECK_FREE * 4, policy)).toBe(16);
    expect(checkBitsFor(10_000, policy)).toBe(16);
  });
});

describe(`the rising work (${testDbKind})`, () => {
  it("rises with one caller's checks in the window, capped at the maximum; another caller keeps the base", async () => {
    const caller = newIp();
    const seen: number[] = [];
    for (let i = 0; i < CAPTCHA_CHECK_FREE * 4 + 2; i++) seen.push((await check(caller)).bits);
    expect(seen.slice(0, CAPTCHA_CHECK_FREE)).toEqual(Array(CAPTCHA_CHECK_FREE).fill(10));
    expect(seen[CAPTCHA_CHECK_FREE * 2 - 1]).toBe(11);
    expect(seen.at(-1)).toBe(12);
    // Never falling within the window, never over the cap.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(Math.max(...seen)).toBe(12);
    expect((await check(newIp())).bits).toBe(10);
  });

  it('a failed proof counts against its caller: the next checks ask for more work; the rule is kept per check', async () => {
    const caller = newIp();
    const first = await check(caller);
    expect(first.bits).toBe(10);
    // The stored rule holds the bits the check was issued with.
    expect(await captchaAnswer(t, first.id)).toBe(`pow:10:${first.salt}`);
    for (let i = 0; i < CAPTCHA_CHECK_FREE * 2; i++) {
      const c = i === 0 ? first : await check(caller);
      const res = await t.call({
        url: '/wps/verification/challenge',
        method: 'POST',
        headers: { ...caller, 'captcha-id': c.id },
        payload: { challengeId: 'none', x: 0, durationMs: 0, proof: solve(c.salt, c.bits).wrong },
      });
      expect(res.json().errorCode).toBe('challenge.failed');
    }
    // 10 checks and 10 failures: 20 in the window, two doublings over the free 5.
    expect((await check(caller)).bits).toBe(12);
  });
});

describe(`the slider's alternative (${testDbKind})`, () => {
  const challengeFor = async (headers: Record<string, string>) =>
    (await t.call({ url: '/wps/verification/challenge?purpose=login', headers })).json().value
      .challengeId as string;
  const verify = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.call({ url: '/wps/verification/challenge', method: 'POST', headers, payload });

  it("a proof of work on the caller's check passes the slider without a drag; the pass works once", async () => {
    const caller = newIp();
    const challengeId = await challengeFor(caller);
    const c = await check(caller);
    const res = await verify(
      { ...caller, 'captcha-id': c.id },
      { challengeId, x: 0, durationMs: 0, proof: solve(c.salt, c.bits).answer },
    );
    expect(res.statusCode).toBe(200);
    const pass = res.json().value as { challengeId: string; challengeToken: string };
    expect(pass.challengeId).toBe(challengeId);
    expect(pass.challengeToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const { challenge } = t.app.ctx;
    expect(await challenge.consume('login', pass.challengeId, pass.challengeToken)).toBe(true);
    expect(await challenge.consume('login', pass.challengeId, pass.challengeToken)).toBe(false);
  });

  it("refused: a wrong proof, a spent check, a picture captcha's digits, a proof without a check, and a checked challenge", async () => {
    const caller = newIp();
    const c = await check(caller);
    const { answer, wrong } = solve(c.salt, c.bits);
    const withCheck = { ...caller, 'captcha-id': c.id };
    const wrongRes = await verify(withCheck, {
      challengeId: await challengeFor(caller),
      x: 0,
      durationMs: 0,
      proof: wrong,
    });
    expect(wrongRes.json().errorCode).toBe('challenge.failed');
    // The check is spent, right or wrong.
    const spent = await verify(withCheck, {
      challengeId: await challengeFor(caller),
      x: 0,
      durationMs: 0,
      proof: answer,
    });
    expect(spent.json().errorCode).toBe('challenge.failed');

    // A picture's digits are no proof of work.
    const picture = await t.call({ url: '/wps/captcha', headers: caller });
    const pictureId = picture.headers['captcha-id'] as string;
    const digits = await captchaAnswer(t, pictureId);
    const byPicture = await verify(
      { ...caller, 'captcha-id': pictureId },
      { challengeId: await challengeFor(caller), x: 0, durationMs: 0, proof: digits },
    );
    expect(byPicture.json().errorCode).toBe('challenge.failed');

    const noCheck = await verify(caller, {
      challengeId: await challengeFor(caller),
      x: 0,
      durationMs: 0,
      proof: '1',
    });
    expect(noCheck.json().errorCode).toBe('challenge.failed');

    // A challenge already checked (a missed drop) is not passed by a proof afterwards.
    const challengeId = await challengeFor(caller);
    const missed = await verify(caller, { challengeId, x: 0, durationMs: 900 });
    expect(missed.json().errorCode).toBe('challenge.failed');
    const late = await check(caller);
    const after = await verify(
      { ...caller, 'captcha-id': late.id },
      { challengeId, x: 0, durationMs: 0, proof: solve(late.salt, late.bits).answer },
    );
    expect(after.json().errorCode).toBe('challenge.failed');
    // Bad input is a refusal, never a server error.
    const tooLong = await verify(withCheck, { challengeId, x: 0, durationMs: 0, proof: '9'.repeat(40) });
    expect(tooLong.statusCode).toBe(422);
  });
});
