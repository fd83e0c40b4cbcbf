import type { FastifyInstance } from 'fastify';
import {
  getPublicKey,
  login,
  loginFreePlay,
  loginRemembered,
  loginVerification,
  logout,
  logoutDelete,
  sendLoginVerificationCode,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { clientIp } from '../../platform/client-ip.ts';

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { sessions, payloadKeys } = app.ctx;

  registerCall(app, getPublicKey, ({ reply }) => {
    // Clients may keep the key for a while; the previous key is still accepted for a grace period.
    reply.header('cache-control', 'no-cache');
    return payloadKeys.current();
  });
  registerCall(app, login, ({ caller, body }) => sessions.login(caller, body));
  registerCall(app, loginVerification, ({ req, body }) =>
    sessions.completeSecondFactor(body.verifyToken, body.method, body.code, clientIp(req)),
  );
  registerCall(app, sendLoginVerificationCode, ({ req, body }) =>
    sessions.sendSecondFactorCode(body.verifyToken, body.method, clientIp(req)),
  );
  registerCall(app, loginRemembered, ({ req, body }) =>
    sessions.loginRemembered(body.username, body.rememberToken, clientIp(req)),
  );
  registerCall(app, loginFreePlay, ({ req, body }) => sessions.freePlay(body.randomString, clientIp(req)));
  const end = async ({ session }: { session: { sessionId: number } }) => {
    await sessions.logout(session.sessionId);
    return { loggedOut: true as const };
  };
  registerCall(app, logout, end);
  registerCall(app, logoutDelete, end);
}
