import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Http2SecureServer } from 'node:http2';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Errors, Limits } from '@app/contract';
import type { AppConfig } from './config.ts';
import type { Database } from './db/connection.ts';
import type { SessionPolicy } from './platform/auth/session.ts';
import { handleFrameworkError, installErrorHandling, sendError } from './platform/http/error-handler.ts';
import { installNulGuard } from './platform/http/nul-guard.ts';
import { installCompression } from './platform/http/compression.ts';
import { serveAdminConsole } from './platform/http/admin-console.ts';
import { installSecurityHeaders } from './platform/http/security-headers.ts';
import {
  createPlatformLogger,
  requestLogging,
  type PlatformLoggerOptions,
} from './platform/http/request-logger.ts';
import { AppDocument } from './platform/http/app-document.ts';
import { installStatusGate } from './modules/system/system.routes.ts';
import { registerBackofficeOpenApi } from './modules/backoffice/openapi.ts';
import {
  createServices,
  routePlugins,
  startServices,
  stopServices,
  type ServiceOptions,
} from './composition.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** The server's log (pino's options); none: the server logs nothing (most tests). */
  logger?: PlatformLoggerOptions;
  sessionPolicy?: SessionPolicy;
  opsToken?: string | null;
  /** Tunables of the services (tests shorten time-outs and limits). */
  services?: ServiceOptions;
  /**
   * The database is this instance's own (a test's second instance with a pool of its own): closed
   * when the app closes, after its services have stopped. A hook added to the app after it is
   * built would run first (Fastify runs onClose hooks last added first) and take the pool from
   * under the jobs, the outbox and the change feed while they stop.
   */
  closeDatabase?: boolean;
}

const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/ops/', '/cdn/', '/config/', '/bo/'];

/** The platform server; used by main.ts, the tests and the benchmarks alike. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const log = options.logger ? createPlatformLogger(options.logger) : undefined;
  // The platform's own logger stands in for Fastify's, and a request's pino child is made only
  // when the request logs something (request-logger.ts).
  const logging = log ? requestLogging(log) : undefined;
  const serverOptions = {
    logger: false,
    ...logging?.fastifyOptions,
    bodyLimit: Limits.requestBodyMaxBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: handleFrameworkError,
  };
  // With a certificate: HTTPS, HTTP/2 for the browsers (one connection for a first visit's forty
  // requests instead of six queues, decision 015) and HTTP/1.1 for the clients that offer only
  // that. The routes see Node's HTTP/2 compatibility request and response, which share the
  // HTTP/1 API they use, so the instance keeps one type.
  const app = (config.tls
    ? Fastify({
        ...serverOptions,
        http2: true,
        https: { allowHTTP1: true, ...config.tls },
      } as unknown as FastifyHttp2SecureOptions<Http2SecureServer>)
    : Fastify(serverOptions)) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx = createServices(
    {
      config,
      database,
      opsToken: options.opsToken ?? null,
      ...(options.sessionPolicy ? { sessionPolicy: options.sessionPolicy } : {}),
      ...(log ? { log, onBrandConfigInvalid: (msg: string) => log.error(msg) } : {}),
    },
    options.services,
  );
  const { brand } = ctx;
  await startServices(ctx);
  app.decorate('ctx', ctx);
  // Fastify follows each response's end for the "request completed" line only where a hook asks
  // for it; this one asks when that line is written (request-logger.ts, requestLogging).
  if (logging?.watchResponses) app.addHook('onResponse', (_req, _reply, done) => done());
  app.decorateRequest('session', undefined);
  app.addHook('onClose', async () => {
    await stopServices(ctx);
    if (options.closeDatabase) await database.close();
  });

  installErrorHandling(app);
  installNulGuard(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Gaming and lottery platform API', version: '1.0.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
    // Recursive schemas (the whitelabel tree) become $refs; this puts their targets in components.
    transformObject: jsonSchemaTransformObject,
    hideUntagged: true,
  });
  // The back office's own document, of its calls only (decision 032), at /bo/api/openapi.json.
  await registerBackofficeOpenApi(app);

  installSecurityHeaders(app);
  installCompression(app);

  // Callback hooks, here and in security-headers.ts: they run on every request and never wait, and a
  // promise per hook and request was measurable on the status call (decision 015).
  // The Merchant header names the merchant the client was built for; a client of another merchant
  // must hear so plainly instead of reading this merchant's data.
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/wps/')) return done();
    const merchant = req.headers.merchant;
    const expected = brand.get().merchant;
    if (merchant !== undefined && merchant !== expected) {
      // Answered here: without done() no later hook nor the handler runs.
      void sendError(reply, Errors.merchantInvalid, {
        message: `Unknown merchant "${String(merchant).slice(0, 40)}": this server serves merchant "${expected}"`,
      });
      return;
    }
    done();
  });

  app.get('/healthz', { schema: { hide: true } }, async () => {
    const { sql } = await import('kysely');
    await sql`select 1`.execute(database.db);
    return { ok: true };
  });

  installStatusGate(app);
  for (const plugin of routePlugins(config)) await app.register(plugin);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // The staff's console under /bo/, from its own build (decision 032).
  await serveAdminConsole(app);

  const indexHtml = join(config.webDist, 'index.html');
  const appDocument = existsSync(indexHtml) ? new AppDocument(indexHtml) : null;
  if (appDocument) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      // One wildcard route (GET and HEAD /*) that looks a file up when asked, not a route per file of
      // the build (~1,940 with the .br and .gz copies): a start no longer scans the folder (5.6 to
      // 8.8 s at a load of 28, against 0.14 to 0.54 s; once over Fastify's plugin time-out, decision
      // 026), and a build writing it meanwhile cannot fail a start. A path that is no file goes on to
      // the not-found handler below, as before.
      index: false,
      // The app's document is rendered per brand (AppDocument), also when asked for by its file
      // name: the file itself is only the template. A folder (/, /assets/) is no file either: the
      // wildcard route would answer it 403; it goes on to the not-found handler.
      allowedPath: (path) => path !== '/index.html' && !path.endsWith('/'),
      // The build writes .br and .gz beside each text file (decision 015).
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed assets never change; index.html must always be fresh.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // History-mode routes: any other GET that is not an API path gets the app's index.html. A path
  // with a file extension is a missing file, except .html: /register.html is a route of the app.
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path.startsWith(p));
    if (
      appDocument &&
      !isApi &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !/\.(?!html$)[a-z0-9]+$/i.test(path)
    ) {
      const { html, etag } = appDocument.forBrand(await brand.current());
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(html);
    }
    return sendError(reply, Errors.notFound, { message: `No such call: ${req.method} ${path}` });
  });

  return app;
}
