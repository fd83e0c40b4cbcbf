import { z } from 'zod';
import { defineCall } from './call.ts';
import { LoginResultSchema } from './session.ts';

/**
 * Social sign-in (RG-06, decision 045): OpenID Connect authorization-code flows with PKCE, state and
 * nonce against the providers the server is configured for. The browser leaves for the provider from
 * GET /wps/oauth/{provider}/start and comes back to /wps/oauth/{provider}/callback, which sends it to
 * the web app with a single-use ticket (`?socialTicket=`) or the code of a refusal
 * (`?socialError=`); the ticket is exchanged for the login result by `redeemSocialTicket`.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Where the browser starts a flow (a full page load, not a JSON call). */
export const socialStartPath = (provider: SocialProvider) => `/wps/oauth/${provider}/start`;
/** The redirect URI registered at the provider, under the site's own address. */
export const socialCallbackPath = (provider: SocialProvider) => `/wps/oauth/${provider}/callback`;
/** The query parameters the callback sends the web app back with. */
export const SOCIAL_TICKET_PARAM = 'socialTicket';
export const SOCIAL_ERROR_PARAM = 'socialError';

/**
 * The start's query: `intent` register (the register dialog) or login (the login popup), the
 * invitation codes and domain of the register dialog, and its age confirmation (`age=1`), carried
 * through the flow on the server, never through the provider.
 */
export const SocialStartQuerySchema = z.object({
  intent: z.enum(['login', 'register']).default('login'),
  affiliateCode: z.string().trim().max(40).default(''),
  referralCode: z.string().trim().max(40).default(''),
  domain: z.string().trim().max(255).default(''),
  age: z.enum(['0', '1']).default('0'),
});
export type SocialStartQuery = z.input<typeof SocialStartQuerySchema>;

export const socialProviders = defineCall({
  id: 'socialProviders',
  method: 'GET',
  path: '/wps/oauth/providers',
  moduleId: 'SOCIALLOGIN',
  token: false,
  summary: 'The social sign-in providers this site is configured for (none: no buttons are shown)',
  response: z.object({ providers: z.array(z.enum(SOCIAL_PROVIDERS)) }),
});

export const redeemSocialTicket = defineCall({
  id: 'redeemSocialTicket',
  method: 'POST',
  path: '/wps/oauth/ticket',
  moduleId: 'SOCIALLOGIN',
  token: false,
  summary:
    "Exchanges a finished social sign-in's single-use ticket (2 minutes) for the login; the value holds the login token",
  body: z.object({ ticket: z.string().trim().min(1).max(100) }),
  response: LoginResultSchema,
});
