import type { FastifyRequest } from 'fastify';
import { clientIp } from '../client-ip.ts';
import { captchaIdOf } from '../captcha/captcha-http.ts';

/**
 * What the services know of the caller: plain values read from the request at the edge, so no
 * service ever holds a FastifyRequest (decision 013).
 */
export interface Caller {
  ip: string;
  /** The captcha the caller was given (Captcha-Id header or cookie), if any. */
  captchaId: string | undefined;
  /** The Language header as sent (services check it against the languages offered). */
  language: string | undefined;
  userAgent: string | undefined;
}

export function callerOf(req: FastifyRequest): Caller {
  const { language, 'user-agent': userAgent } = req.headers;
  return {
    ip: clientIp(req),
    captchaId: captchaIdOf(req),
    language: typeof language === 'string' ? language : undefined,
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
  };
}
