import type { FastifyInstance } from 'fastify';

/** Images of the platform's own art under the spec's CDN path patterns (filled by the art module). */
export async function cdnRoutes(_app: FastifyInstance): Promise<void> {}
