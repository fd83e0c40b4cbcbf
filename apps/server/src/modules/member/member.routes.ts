import type { FastifyInstance } from 'fastify';
import {
  changePassword,
  confirmTotpBinding,
  getConsolidated,
  getMemberIcon,
  getMemberInfo,
  getPlayerAvatar,
  getSecurityConfig,
  requestPasswordSms,
  requestPasswordEmail,
  resetPasswordByEmail,
  resetPasswordByPhone,
  startTotpBinding,
  updateLanguage,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { acceptFormBodies } from '../../platform/http/form-body.ts';
import { requireRealAccount } from '../../platform/auth/session.ts';

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const { members, passwordReset, profile } = app.ctx;

  // Forgot-password by e-mail is a form POST in the original client (spec B §7); JSON works too.
  // Registered inside this plugin only, so no other route starts accepting form bodies.
  acceptFormBodies(app);

  registerCall(app, getMemberInfo, ({ session }) => members.info(session.memberId));
  registerCall(app, getMemberIcon, ({ session }) => members.iconName(session.memberId));
  registerCall(app, getPlayerAvatar, ({ session }) => members.avatar(session.memberId));
  // The request keys count the agent contracts waiting for the member's answer and the info keys
  // list those held (issue 30): the contracts' store answers all of them.
  registerCall(app, getConsolidated, ({ session }) =>
    app.ctx.agentContracts.consolidated(requireRealAccount(session).memberId),
  );
  registerCall(app, updateLanguage, async ({ session, body }) => {
    // The stored code, which a label ("EN") or another case maps to (decision D1).
    return { language: await members.setLanguage(session.memberId, body.language) };
  });

  registerCall(app, changePassword, async ({ session, body }) => {
    const s = requireRealAccount(session);
    await members.changePassword(s.memberId, s.sessionId, body);
    return { changed: true as const };
  });

  // Forgotten passwords: the flows live in PasswordResetService; the edge reads the address the
  // player reached the site at (for the link) and the caller's IP.
  registerCall(app, requestPasswordEmail, ({ req, body, caller }) =>
    passwordReset.requestByEmail(body, { host: req.host, protocol: req.protocol }, caller.ip),
  );
  registerCall(app, requestPasswordSms, ({ body, caller }) => passwordReset.requestBySms(body, caller.ip));
  registerCall(app, resetPasswordByEmail, ({ body, caller }) => passwordReset.resetByEmail(body, caller.ip));
  registerCall(app, resetPasswordByPhone, ({ body, caller }) => passwordReset.resetByPhone(body, caller.ip));

  registerCall(app, getSecurityConfig, ({ session }) => members.securityConfig(session.memberId));

  // Replacing a bound authenticator takes the login password: the security centre checks it.
  registerCall(app, startTotpBinding, ({ session, body }) =>
    profile.startTotp(requireRealAccount(session).memberId, body?.loginPassword ?? ''),
  );
  registerCall(app, confirmTotpBinding, async ({ session, body }) => {
    await members.confirmTotp(requireRealAccount(session).memberId, body.code);
    return { bound: true as const };
  });
}
