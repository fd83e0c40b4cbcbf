import type { FastifyRequest } from 'fastify';

/**
 * The caller's address. Fastify's `trustProxy` decides whether X-Forwarded-For is believed: off by
 * default, so a forged header changes nothing unless TRUST_PROXY says a load balancer sits in front.
 */
export function clientIp(req: FastifyRequest): string {
  const ip = req.ip ?? '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
