import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changePassword,
  confirmTotpBinding,
  Errors,
  FeatureSwitch,
  getConsolidated,
  getMemberIcon,
  getMemberInfo,
  getPlayerAvatar,
  requestPasswordEmail,
  resetPasswordByEmail,
  resetPasswordByPhone,
  startTotpBinding,
  updateLanguage,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { acceptFormBodies } from '../../platform/http/form-body.ts';
import { requireRealAccount, revokeMemberSessions } from '../../platform/auth/session.ts';
import { clientIp } from '../../platform/client-ip.ts';
import { fail } from '../../platform/http/errors.ts';

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const { members, sessions, verification, rateLimiter, system, outbox, brand, database } = app.ctx;

  // Forgot-password by e-mail is a form POST in the original client (spec B §7); JSON works too.
  // Registered inside this plugin only, so no other route starts accepting form bodies.
  acceptFormBodies(app);

  registerCall(app, getMemberInfo, ({ session }) => members.info(session!.memberId));
  registerCall(app, getMemberIcon, ({ session }) => members.avatar(session!.memberId));
  registerCall(app, getPlayerAvatar, ({ session }) => members.avatar(session!.memberId));
  registerCall(app, getConsolidated, ({ session }) =>
    members.consolidated(requireRealAccount(session!).memberId),
  );
  registerCall(app, updateLanguage, async ({ session, body }) => {
    // The stored code, which a label ("EN") or another case maps to (decision D1).
    return { language: await members.setLanguage(session!.memberId, body.language) };
  });

  registerCall(app, changePassword, async ({ session, body }) => {
    const s = requireRealAccount(session!);
    await members.changePassword(s.memberId, s.sessionId, body);
    return { changed: true as const };
  });

  /**
   * The link of a reset e-mail points at the host the player used, but only when it is one of the
   * site's own domains (or a local address): a forged Host header must not send the token elsewhere.
   */
  async function siteOrigin(req: FastifyRequest): Promise<string> {
    // req.host keeps the port (req.hostname drops it, and the link then misses a server on 8080);
    // behind a trusted proxy (TRUST_PROXY) host and protocol are the X-Forwarded-Host and -Proto
    // the player's browser used, and never those headers otherwise.
    const host = req.host;
    const protocol = req.protocol === 'https' ? 'https' : 'http';
    const bare = host.replace(/:\d{1,5}$/, '');
    const domains = (await system.domainRoute()).domainList.map((d) => d.domainName);
    const local = bare === 'localhost' || bare === '127.0.0.1' || bare === '[::1]';
    if (local || domains.includes(bare)) return `${protocol}://${host}`;
    return `https://${domains[0] ?? 'localhost'}`;
  }

  registerCall(app, requestPasswordEmail, async ({ req, body }) => {
    const ip = clientIp(req);
    await rateLimiter.consume(`reset-email:${ip}`, { limit: 10, windowMs: 3_600_000 });
    const member = await members.byUsername(body.username);
    if (
      !member ||
      !member.email ||
      member.email.toLowerCase() !== body.email.toLowerCase() ||
      member.status !== 'active'
    ) {
      throw fail(Errors.userEmailNotFound);
    }
    const { token, ttlMinutes } = await verification.issueResetToken(member.id, ip);
    const link = `${await siteOrigin(req)}/?resetPasswordToken=${encodeURIComponent(token)}`;
    const name = brand.get().brandName;
    await outbox.enqueue({
      channel: 'email',
      recipient: member.email.toLowerCase(),
      subject: `${name}: reset your password`,
      body: `Hello ${member.username},\n\nOpen this link to choose a new password (it works once, for ${ttlMinutes} minutes):\n${link}\n\nIf you did not ask for it, ignore this e-mail: your password stays as it is.`,
      purpose: 'email:reset',
    });
    return { sent: true as const, expiresInMinutes: ttlMinutes };
  });

  registerCall(app, resetPasswordByEmail, async ({ req, body }) => {
    if (body.confirmNewPassword !== undefined && body.confirmNewPassword !== body.newPassword)
      throw fail(Errors.confirmMismatch);
    await members.checkNewPassword(body.newPassword);
    const memberId = await verification.consumeResetToken(body.resetToken);
    await members.setPassword(memberId, body.newPassword);
    await revokeMemberSessions(database, memberId);
    return sessions.issueFor(memberId, clientIp(req), {
      rememberMe: false,
      viaSms: false,
      password: body.newPassword,
    });
  });

  registerCall(app, resetPasswordByPhone, async ({ req, body }) => {
    await verification.requireSwitch(FeatureSwitch.forgotPasswordByPhone);
    await members.checkNewPassword(body.newPassword);
    const digits = body.mobileNum.replace(/[\s-]/g, '');
    const target = body.countryDialingCode
      ? (await verification.phone(body.countryDialingCode, digits)).e164
      : await verification.latestSmsTarget('forgot', digits.replace(/^0+/, ''));
    if (!target) throw fail(Errors.codeInvalid);
    const { memberId } = await verification.consumeCode('forgot', target, body.verificationCode);
    if (!memberId) throw fail(Errors.codeInvalid);
    await members.setPassword(memberId, body.newPassword);
    await revokeMemberSessions(database, memberId);
    return sessions.issueFor(memberId, clientIp(req), { rememberMe: false, viaSms: true });
  });

  registerCall(app, startTotpBinding, ({ session }) =>
    members.startTotp(requireRealAccount(session!).memberId),
  );
  registerCall(app, confirmTotpBinding, async ({ session, body }) => {
    await members.confirmTotp(requireRealAccount(session!).memberId, body.code);
    return { bound: true as const };
  });
}
