import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Errors,
  FeatureSwitch,
  getCaptcha,
  getChallenge,
  getCaptchaCheck,
  getGeetest,
  sendSmsForgotPassword,
  sendSmsNoLogin,
  sendSmsRegister,
  sendSmsRegisterMobile,
  sendPhoneCode,
  verifyChallenge,
  verifyPhoneCode,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { clientIp } from '../../platform/client-ip.ts';
import { fail } from '../../platform/http/errors.ts';
import { bindCaptcha, captchaIdOf } from '../../platform/captcha/captcha-http.ts';

const perMinute = (limit: number) => ({ limit, windowMs: 60_000 });

export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const { verification, members, captcha, challenge, rateLimiter } = app.ctx;

  registerCall(app, getCaptcha, async ({ req, reply }) => {
    const ip = clientIp(req);
    await rateLimiter.consume(`captcha:${ip}`, perMinute(30));
    const issued = await captcha.issue(ip);
    bindCaptcha(reply, issued.id);
    reply.header('cache-control', 'no-store');
    return issued.png.toString('base64');
  });

  // The captcha's accessible alternative (decision 050): work the browser proves, nothing to read.
  registerCall(app, getCaptchaCheck, async ({ req, reply }) => {
    const ip = clientIp(req);
    await rateLimiter.consume(`captcha:${ip}`, perMinute(30));
    const { id, ...check } = await captcha.issueCheck(ip);
    bindCaptcha(reply, id);
    reply.header('cache-control', 'no-store');
    return check;
  });

  // The original's GeeTest call: no GeeTest here, so it hands out a slider challenge's id (the
  // client solves it through /wps/verification/challenge); gt stays empty (decision 014).
  registerCall(app, getGeetest, async ({ req, reply }) => {
    const ip = clientIp(req);
    await rateLimiter.consume(`challenge:${ip}`, perMinute(30));
    const issued = await challenge.issue('login', ip);
    reply.header('cache-control', 'no-store');
    return { gt: '', challenge: issued.challengeId, newCaptcha: true, success: 0 as const };
  });

  registerCall(app, getChallenge, async ({ req, query, reply }) => {
    const ip = clientIp(req);
    await rateLimiter.consume(`challenge:${ip}`, perMinute(30));
    const { answerX: _answer, ...issued } = await challenge.issue(query.purpose, ip);
    reply.header('cache-control', 'no-store');
    return issued;
  });

  registerCall(app, verifyChallenge, async ({ req, body }) => {
    await rateLimiter.consume(`challenge-check:${clientIp(req)}`, perMinute(30));
    // The accessible alternative (decision 050): a proof of work on the caller's captcha check
    // stands for the drag (WCAG 2.5.7, 3.3.8); the check is spent, right or wrong.
    const proved =
      body.proof !== undefined && (await captcha.check(captchaIdOf(req), body.proof, { workOnly: true }));
    if (body.proof !== undefined && !proved) throw fail(Errors.challengeFailed);
    const token = await challenge.verify({ ...body, proved });
    if (!token) throw fail(Errors.challengeFailed);
    return { challengeId: body.challengeId, challengeToken: token, message: 'Verification succeeded' };
  });

  const mobileTaken = () => fail(Errors.mobileExists);
  const notRegistered = () => fail(Errors.mobileNotRegistered);
  /** For a number sent without its dialing code: the country where it is registered decides. */
  const isRegistered = async (p: { dialingCode: string; number: string }) =>
    Boolean(await members.byMobile(p.dialingCode, p.number));

  registerCall(app, sendSmsNoLogin, async ({ req, body }) => {
    await verification.requireSwitch(FeatureSwitch.smsLogin);
    await verification.requireChallenge('sms', body);
    const phone = await verification.phone(body.countryDialingCode, body.mobileNum, isRegistered);
    const member = await members.byMobile(phone.dialingCode, phone.number);
    if (!member) throw notRegistered();
    const sent = await verification.sendSms('login', phone, clientIp(req), member.id);
    return { expiredMinutes: sent.expiredMinutes, expirationTime: sent.expiresAt };
  });

  const registerSms =
    (...modIds: [string, ...string[]]) =>
    async ({
      req,
      body,
    }: {
      req: FastifyRequest;
      body: {
        mobileNo: string;
        countryDialingCode?: string | undefined;
        challengeId?: string | undefined;
        challengeToken?: string | undefined;
      };
    }) => {
      await verification.requireSwitch(...modIds);
      await verification.requireChallenge('sms', body);
      const phone = await verification.phone(body.countryDialingCode, body.mobileNo);
      if (await members.byMobile(phone.dialingCode, phone.number)) throw mobileTaken();
      const sent = await verification.sendSms('register', phone, clientIp(req));
      return { expiredMinutes: sent.expiredMinutes, expirationTime: sent.expiresAt };
    };
  // The original client sends its one register SMS call for either tab (it has no
  // /register/mobile variant), so it serves the mobile registration too (decision 014).
  registerCall(
    app,
    sendSmsRegister,
    registerSms(FeatureSwitch.smsVerifyOnRegister, FeatureSwitch.mobileRegister),
  );
  registerCall(app, sendSmsRegisterMobile, registerSms(FeatureSwitch.mobileRegister));

  registerCall(app, sendSmsForgotPassword, async ({ req, body }) => {
    await verification.requireSwitch(FeatureSwitch.forgotPasswordByPhone);
    await verification.requireChallenge('sms', body);
    const phone = await verification.phone(body.countryDialingCode, body.mobileNum, isRegistered);
    const member = await members.byMobile(phone.dialingCode, phone.number);
    if (!member) throw notRegistered();
    const sent = await verification.sendSms('forgot', phone, clientIp(req), member.id);
    return { expirationTime: sent.expiresAt };
  });

  // The phone-code provider (decision 012): its own switch, then the rules of the flow it serves.
  registerCall(app, sendPhoneCode, async ({ req, body }) => {
    await verification.requireSwitch(FeatureSwitch.phoneCodeProvider);
    if (body.purpose === 'login') await verification.requireSwitch(FeatureSwitch.smsLogin);
    await verification.requireChallenge('sms', body);
    const phone = await verification.phone(body.countryDialingCode, body.mobileNum);
    const member = await members.byMobile(phone.dialingCode, phone.number);
    if (body.purpose === 'register' && member) throw mobileTaken();
    if (body.purpose === 'login' && !member) throw notRegistered();
    return verification.sendProviderCode(body.purpose, phone, clientIp(req), member?.id ?? null);
  });

  registerCall(app, verifyPhoneCode, async ({ req, body }) => {
    const ip = clientIp(req);
    await verification.requireSwitch(FeatureSwitch.phoneCodeProvider);
    await rateLimiter.consume(`phone-verify:${ip}`, perMinute(30));
    return verification.confirmProviderCode(body.sessionInfo, body.code, ip);
  });
}
