import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Form bodies (the forgot-password form POST of spec B §7) hold two short fields: 16 kB is plenty. */
export const FORM_BODY_LIMIT = 16_384;

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Lets the routes of one plugin take form bodies (parsed to an object), up to FORM_BODY_LIMIT. */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    FORM_TYPE,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/**
 * The size limit that refused a request's body, as Fastify chose it: the route's own limit when it
 * sets one, else the limit of the body's parser (a form's FORM_BODY_LIMIT, JSON's the server's).
 */
export function bodyLimitOf(req: FastifyRequest): number {
  const serverLimit = req.server.initialConfig.bodyLimit ?? 1024 * 1024;
  const routeLimit = req.routeOptions.bodyLimit ?? serverLimit;
  if (routeLimit !== serverLimit) return routeLimit;
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return type === FORM_TYPE ? FORM_BODY_LIMIT : serverLimit;
}

/** "16 kB", "1 MB": the limit as a person reads it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} kB`;
  return `${bytes} bytes`;
}
