import { parseCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAPTCHA_TTL_MS } from './captcha.ts';

/** Binding of a captcha to its caller: a cookie for browsers, the same value as a header otherwise. */
export const CAPTCHA_COOKIE = 'wps_captcha';
export const CAPTCHA_HEADER = 'captcha-id';

/**
 * The captcha cookie's value, read by the `cookie` package as browsers write the header; a value it
 * cannot decode stays as sent (and then matches no captcha) rather than throwing.
 */
const cookieId = (req: FastifyRequest): string | undefined =>
  req.headers.cookie ? parseCookie(req.headers.cookie)[CAPTCHA_COOKIE] : undefined;

/** The captcha id a request carries: the Captcha-Id header wins over the cookie. */
export function captchaIdOf(req: FastifyRequest): string | undefined {
  const header = req.headers[CAPTCHA_HEADER];
  const id = typeof header === 'string' && header ? header : cookieId(req);
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
