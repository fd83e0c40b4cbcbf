import type { FastifyInstance } from 'fastify';
import {
  checkAffiliate,
  register,
  registerAutoUsername,
  registerMobile,
  RegisterRequestSchema,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { clientIp } from '../../platform/client-ip.ts';

export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const { registration, rateLimiter } = app.ctx;
  registerCall(app, register, ({ caller, body }) => registration.register('username', body, caller));
  registerCall(app, registerMobile, ({ caller, body }) => registration.register('mobile', body, caller));
  // The auto sign-up runs the register rules of the mobile tab on a payload with only its fields.
  registerCall(app, registerAutoUsername, ({ caller, body }) =>
    registration.register('auto', RegisterRequestSchema.parse(body), caller),
  );
  registerCall(app, checkAffiliate, async ({ req, query }) => {
    await rateLimiter.consume(`affiliate:${clientIp(req)}`, { limit: 60, windowMs: 60_000 });
    const inv = await registration.invitation(query.code, query.domain);
    return { code: inv.code, kind: inv.kind, valid: true as const };
  });
}
