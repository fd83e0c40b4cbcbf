import type { FastifyInstance } from 'fastify';
import {
  AvatarLimits,
  bindEmail,
  bindMobile,
  changePaymentPassword,
  Errors,
  getMemberProfile,
  sendBindEmailCode,
  sendBindMobileCode,
  setDefaultBankAccount,
  setStaticAvatar,
  updateMemberProfile,
  uploadAvatar,
  listMemberSessions,
  logoutOtherSessions,
  setPaymentPassword,
  updateNickname,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireRealAccount } from '../../platform/auth/session.ts';
import { clientIp } from '../../platform/client-ip.ts';
import { fail } from '../../platform/http/errors.ts';
import { acceptUploadBody } from '../../platform/http/upload-body.ts';

/** Raw image bodies of the avatar upload; the bytes' own signature decides their type, not this header. */
const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'application/octet-stream'];

/** The security centre's calls (packages/contract/src/profile.ts); a trial account has none. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { profile } = app.ctx;

  registerCall(app, setPaymentPassword, async ({ session, body }) => {
    await profile.setPaymentPassword(requireRealAccount(session).memberId, body);
    return { set: true as const };
  });
  registerCall(app, changePaymentPassword, async ({ session, body }) => {
    await profile.changePaymentPassword(requireRealAccount(session).memberId, body);
    return { changed: true as const };
  });

  registerCall(app, listMemberSessions, ({ session }) => {
    const s = requireRealAccount(session);
    return profile.sessions(s.memberId, s.sessionId);
  });
  registerCall(app, logoutOtherSessions, ({ session }) => {
    const s = requireRealAccount(session);
    return profile.logoutOthers(s.memberId, s.sessionId);
  });
  registerCall(app, updateNickname, ({ session, body }) =>
    profile.setNickname(requireRealAccount(session).memberId, body.nickname),
  );

  // The profile page (MC-09, MC-10) and the default bank account.
  const me = (session: Parameters<typeof requireRealAccount>[0]) => requireRealAccount(session).memberId;
  registerCall(app, getMemberProfile, ({ session }) => profile.profile(me(session)));
  registerCall(app, updateMemberProfile, ({ session, body }) => profile.updateProfile(me(session), body));
  registerCall(app, setDefaultBankAccount, ({ session, body }) =>
    profile.setDefaultBankAccount(me(session), body.id),
  );

  // The avatar. Only the upload reads a raw body, never more than 2 MB of it, however it is sent.
  acceptUploadBody(app, {
    callId: uploadAvatar.id,
    types: UPLOAD_TYPES,
    maxBytes: AvatarLimits.maxBytes,
    tooLarge: Errors.avatarTooLarge,
  });
  registerCall(app, setStaticAvatar, ({ session, body }) =>
    profile.setStaticAvatar(me(session), body.avatar),
  );
  registerCall(app, uploadAvatar, ({ session, req }) => {
    const memberId = me(session);
    if (!Buffer.isBuffer(req.body)) throw fail(Errors.avatarInvalid);
    return profile.uploadAvatar(memberId, req.body);
  });

  // Binding a mobile number or an e-mail address with a code.
  registerCall(app, sendBindMobileCode, ({ session, body, req }) =>
    profile.sendBindMobileCode(me(session), body, clientIp(req)),
  );
  registerCall(app, bindMobile, ({ session, body }) => profile.bindMobile(me(session), body));
  registerCall(app, sendBindEmailCode, ({ session, body, req }) =>
    profile.sendBindEmailCode(me(session), body.email, clientIp(req)),
  );
  registerCall(app, bindEmail, ({ session, body }) => profile.bindEmail(me(session), body));
}
