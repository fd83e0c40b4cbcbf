import type { FastifyInstance } from 'fastify';
import {
  changePaymentPassword,
  listMemberSessions,
  logoutOtherSessions,
  setPaymentPassword,
  updateNickname,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireRealAccount } from '../../platform/auth/session.ts';

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
}
