import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
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
  listen: AdminListen | null = adminListenOf(process.env),
): Promise<void> {
  if (listen) {
    // Made now, listening once the app is (listenAdmin), closed with it.
    const server = createServer((req, res) => {
      adminRequests.add(req);
      app.routing(req, res);
    });
    adminServers.set(app, { server, listen });
    app.addHook('onClose', (_app, done) => {
      if (!server.listening) return done();
      server.closeAllConnections();
      server.close(() => done());
    });
    // With a listener of its own, the back office (console and /bo/api calls) answers only there,
    // and that listener answers nothing else: the public port does not know /bo/ at all.
    app.addHook('onRequest', (req, reply, done) => {
      const path = req.url.split('?')[0] ?? '/';
      const backOffice = path === '/bo' || path.startsWith('/bo/');
      if (backOffice === adminRequests.has(req.raw)) return done();
      void sendError(reply, Errors.notFound, { message: `No such call: ${req.method} ${path}` });
    });
  }
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

/** Where the back office listens when it has a listener of its own (ADMIN_PORT, ADMIN_HOST). */
export interface AdminListen {
  port: number;
  host: string;
}

/**
 * ADMIN_PORT gives the back office a listener of its own, on ADMIN_HOST (default 127.0.0.1: this
 * machine only, or a private interface an operator names), so it can be kept off the public one.
 * Unset: the back office is served under /bo/ on the server's port, like everything else.
 */
export function adminListenOf(env: NodeJS.ProcessEnv): AdminListen | null {
  const raw = env.ADMIN_PORT?.trim();
  if (!raw) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`ADMIN_PORT must be a port number, got "${raw}"`);
  return { port, host: env.ADMIN_HOST?.trim() || '127.0.0.1' };
}

/** The requests that came in on the back office's own listener. */
const adminRequests = new WeakSet<IncomingMessage>();

/** The back office's own listener of an app, made by serveAdminConsole when ADMIN_PORT is set. */
const adminServers = new WeakMap<FastifyInstance, { server: Server; listen: AdminListen }>();

/**
 * Starts the back office's own listener, once the app listens: plain HTTP (it is meant for a
 * private interface; TLS there, if wanted, is the reverse proxy's), each request handed to the same
 * Fastify app, so the routes, hooks and error answers are the server's own. Null without ADMIN_PORT.
 */
export async function listenAdmin(app: FastifyInstance): Promise<{ url: string } | null> {
  const own = adminServers.get(app);
  if (!own) return null;
  const { server, listen } = own;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(listen.port, listen.host, () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : listen.port;
  return { url: `http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${port}/bo/` };
}
