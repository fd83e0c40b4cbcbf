import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAPTCHA_TTL_MS } from './captcha.ts';

/** Binding of a captcha to its caller: a cookie for browsers, the same value as a header otherwise. */
export const CAPTCHA_COOKIE = 'wps_captcha';
export const CAPTCHA_HEADER = 'captcha-id';

function cookieValue(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The captcha id a request carries: the Captcha-Id header wins over the cookie. */
export function captchaIdOf(req: FastifyRequest): string | undefined {
  const header = req.headers[CAPTCHA_HEADER];
  const id = typeof header === 'string' && header ? header : cookieValue(req, CAPTCHA_COOKIE);
  return id && id.length <= 64 ? id : undefined;
}

/** Sets the binding on the reply: an HttpOnly cookie for browsers and a header for other clients. */
export function bindCaptcha(reply: FastifyReply, id: string): void {
  reply.header(
    'set-cookie',
    // Secure over TLS (directly or behind a trusted proxy saying X-Forwarded-Proto: https), so
    // the binding never travels in clear once the site is served over https.
    `${CAPTCHA_COOKIE}=${id}; Path=/wps; Max-Age=${CAPTCHA_TTL_MS / 1000}; HttpOnly; SameSite=Strict${reply.request.protocol === 'https' ? '; Secure' : ''}`,
  );
  reply.header(CAPTCHA_HEADER, id);
}
