import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Errors } from '@app/contract';
import { repoRoot } from '../../config.ts';
import { sendError } from './error-handler.ts';

/**
 * The back-office console (apps/admin, decision 032) under /bo/: its own build, never part of the
 * players' app. Its hashed assets are served as they are, cached for good; any other
 * GET under /bo/ that is not a back-office call gets its index.html, so the console's own routes
 * (/bo/staff, /bo/audit/12) load on a refresh. An unknown /bo/api/ path stays a JSON 404.
 *
 * ADMIN_DIST points at another build (default apps/admin/dist). Without a build, /bo/ says how to
 * make one instead of serving the players' app.
 */
export async function serveAdminConsole(
  app: FastifyInstance,
  dist: string = resolve(process.env.ADMIN_DIST ?? resolve(repoRoot, 'apps/admin/dist')),
): Promise<void> {
  const indexFile = join(dist, 'index.html');
  const html = existsSync(indexFile) ? readFileSync(indexFile) : null;
  if (html) {
    // Only the hashed assets are files to serve: one wildcard route, no scan of the folder at start
    // (a build writing it meanwhile cannot fail a start), and everything else is the console's page.
    await app.register(fastifyStatic, {
      root: join(dist, 'assets'),
      prefix: '/bo/assets/',
      index: false,
      // The players' app registers the plugin too: only one may add reply.sendFile.
      decorateReply: false,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }
  const page = (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path.startsWith('/bo/api/') || /\.[a-z0-9]+$/i.test(path))
      return sendError(reply, Errors.notFound, { message: `No such call: ${req.method} ${path}` });
    if (!html)
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The back-office console is not built: run `npm run build` (it builds apps/admin).');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  app.get('/bo', { schema: { hide: true } }, page);
  app.get('/bo/*', { schema: { hide: true } }, page);
}
