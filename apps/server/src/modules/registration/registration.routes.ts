import type { FastifyInstance } from 'fastify';
import { checkAffiliate, register, registerMobile } from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { clientIp } from '../../platform/client-ip.ts';

export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const { registration, rateLimiter } = app.ctx;
  registerCall(app, register, ({ caller, body }) => registration.register('username', body, caller));
  registerCall(app, registerMobile, ({ caller, body }) => registration.register('mobile', body, caller));
  registerCall(app, checkAffiliate, async ({ req, query }) => {
    await rateLimiter.consume(`affiliate:${clientIp(req)}`, { limit: 60, windowMs: 60_000 });
    const inv = await registration.invitation(query.code, query.domain);
    return { code: inv.code, kind: inv.kind, valid: true as const };
  });
}
