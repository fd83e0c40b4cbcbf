import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseCookie } from 'cookie';
import {
  Errors,
  redeemSocialTicket,
  SOCIAL_ERROR_PARAM,
  SOCIAL_TICKET_PARAM,
  SocialStartQuerySchema,
  socialProviders,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { callerOf } from '../../platform/http/caller.ts';
import { AppError, fail } from '../../platform/http/errors.ts';

/**
 * The browser's binding of a flow: its state in an HttpOnly cookie, sent back only to the callback.
 * SameSite=Lax, because the provider's redirect back is a cross-site top-level navigation.
 */
export const SOCIAL_COOKIE = 'wps_social';

const cookieState = (header: string | undefined): string | undefined =>
  header ? parseCookie(header)[SOCIAL_COOKIE] : undefined;

/** Where the web app takes over: its home page, with the ticket or the refusal's code. */
function backToSite(reply: FastifyReply, param: string, value: string, intent?: string): FastifyReply {
  const q = new URLSearchParams({ [param]: value, ...(intent ? { socialIntent: intent } : {}) });
  return reply
    .header('set-cookie', `${SOCIAL_COOKIE}=; Path=/wps/oauth; Max-Age=0; HttpOnly; SameSite=Lax`)
    .header('cache-control', 'no-store')
    .redirect(`/?${q}`, 303);
}

export async function socialRoutes(app: FastifyInstance): Promise<void> {
  const { social, passwordReset } = app.ctx;
  registerCall(app, socialProviders, () => ({ providers: social.enabled() }));
  registerCall(app, redeemSocialTicket, ({ caller, body }) => social.redeem(body.ticket, caller.ip));

  // The two browser steps are redirects, not envelope calls: they answer with a page's address.
  app.get<{ Params: { provider: string }; Querystring: Record<string, string> }>(
    '/wps/oauth/:provider/start',
    async (req, reply) => {
      const query = SocialStartQuerySchema.safeParse(req.query);
      const caller = callerOf(req);
      try {
        if (!query.success) throw fail(Errors.invalidInput);
        const origin = await passwordReset.linkOrigin({ host: req.host, protocol: req.protocol });
        const { url, state } = await social.start(req.params.provider, query.data, origin, caller);
        const secure = req.protocol === 'https' ? '; Secure' : '';
        return reply
          .header(
            'set-cookie',
            `${SOCIAL_COOKIE}=${state}; Path=/wps/oauth; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
          )
          .header('cache-control', 'no-store')
          .redirect(url, 303);
      } catch (err) {
        if (err instanceof AppError) return backToSite(reply, SOCIAL_ERROR_PARAM, err.errorCode);
        throw err;
      }
    },
  );

  app.get<{ Params: { provider: string } }>('/wps/oauth/:provider/callback', async (req, reply) => {
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    try {
      const { ticket, intent } = await social.callback(
        req.params.provider,
        search,
        cookieState(req.headers.cookie),
        callerOf(req),
      );
      return backToSite(reply, SOCIAL_TICKET_PARAM, ticket, intent);
    } catch (err) {
      if (err instanceof AppError) {
        req.log.info({ provider: req.params.provider, code: err.errorCode }, 'social sign-in refused');
        return backToSite(reply, SOCIAL_ERROR_PARAM, err.errorCode);
      }
      throw err;
    }
  });
}
