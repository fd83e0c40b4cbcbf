import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformLogger, LazyRequestLogger, requestLogging } from './request-logger.ts';

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

/** A Fastify app logging as the platform does (app.ts), its lines collected in `lines`. */
function fastifyLoggingAt(level: string, lines: Record<string, unknown>[]): FastifyInstance {
  const logging = requestLogging(
    createPlatformLogger({ level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } }),
  );
  const made = Fastify({ logger: false, ...logging.fastifyOptions });
  if (logging.watchResponses) made.addHook('onResponse', (_req, _reply, done) => done());
  return made;
}

async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  app = fastifyLoggingAt(level, lines);
  app.get('/quiet', async (req) => {
    req.log.info('an info line');
    req.log.debug('a debug line');
    return { level: req.log.level, lazy: req.log instanceof LazyRequestLogger };
  });
  app.get('/refused', async (_req, reply) => reply.code(403).send({ no: true }));
  app.get('/broken', async () => {
    throw new Error('a handler that fails');
  });
  app.get('/loud', async (req) => {
    req.log.warn({ detail: 1 }, 'a warning');
    req.log.child({ part: 'inner' }).error('an error from a child');
    return { ok: true };
  });
  await app.ready();
  return lines;
}

describe('request logger made on first use', () => {
  it('writes nothing for a request that logs only below the level', async () => {
    const lines = await appLoggingAt('warn');
    const res = await app!.inject({ method: 'GET', url: '/quiet' });
    expect(res.json()).toEqual({ level: 'warn', lazy: true });
    expect(lines).toEqual([]);
  });

  it('writes what the level lets through with the request id, as a pino child would', async () => {
    const lines = await appLoggingAt('warn');
    await app!.inject({ method: 'GET', url: '/loud' });
    expect(lines.map((l) => l.msg)).toEqual(['a warning', 'an error from a child']);
    const [warning, fromChild] = lines;
    expect(warning).toMatchObject({ level: 40, detail: 1, reqId: expect.any(String) });
    expect(fromChild).toMatchObject({ level: 50, part: 'inner', reqId: warning!.reqId });
  });

  it('still logs a failed request at warn, with its request id', async () => {
    const lines = await appLoggingAt('warn');
    const res = await app!.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      reqId: expect.any(String),
      err: { message: 'a handler that fails' },
    });
  });

  it('issue 28: a routine request writes one completion line, at debug, with its method, path, status and time', async () => {
    const lines = await appLoggingAt('debug');
    await app!.inject({ method: 'GET', url: '/quiet?x=1' });
    await app!.inject({ method: 'GET', url: '/quiet' });
    expect(lines.map((l) => l.msg)).toEqual([
      'an info line',
      'a debug line',
      'request completed',
      'an info line',
      'a debug line',
      'request completed',
    ]);
    expect(lines[2]).toMatchObject({
      level: 20,
      req: { method: 'GET', url: '/quiet?x=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    const ids = lines.map((l) => l.reqId);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(new Set(ids.slice(3)).size).toBe(1);
    expect(ids[0]).not.toBe(ids[3]);
  });

  it('issue 28: at info a routine request writes only its own lines, a refused one (4xx) its completion too, and "incoming request" only at trace', async () => {
    const lines = await appLoggingAt('info');
    await app!.inject({ method: 'GET', url: '/quiet' });
    await app!.inject({ method: 'GET', url: '/refused' });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [30, 'an info line'],
      [30, 'request completed'],
    ]);
    expect(lines[1]).toMatchObject({ req: { url: '/refused' }, res: { statusCode: 403 } });
    const traced = await appLoggingAt('trace');
    await app!.inject({ method: 'GET', url: '/quiet' });
    expect(traced.map((l) => l.msg)).toEqual([
      'incoming request',
      'an info line',
      'a debug line',
      'request completed',
    ]);
  });

  it("a request's own level change holds for that request only", async () => {
    const lines: Record<string, unknown>[] = [];
    app = fastifyLoggingAt('warn', lines);
    app.get('/verbose', async (req) => {
      req.log.level = 'debug';
      req.log.debug('now heard');
      return { level: req.log.level };
    });
    app.get('/plain', async (req) => {
      req.log.debug('not heard');
      return { level: req.log.level };
    });
    expect((await app.inject({ method: 'GET', url: '/verbose' })).json()).toEqual({ level: 'debug' });
    expect((await app.inject({ method: 'GET', url: '/plain' })).json()).toEqual({ level: 'warn' });
    // Fastify's completion line is written by a server that logs at debug (the next test).
    expect(lines.map((l) => l.msg)).toEqual(['now heard']);
  });

  it("follows each response's end (for Fastify's completion line) only when the line is written", async () => {
    const listeners: Record<string, number> = {};
    for (const level of ['warn', 'debug']) {
      const lines: Record<string, unknown>[] = [];
      const made = fastifyLoggingAt(level, lines);
      made.get('/plain', async (_req, reply) => ({ finish: reply.raw.listenerCount('finish') }));
      listeners[level] = (await made.inject({ method: 'GET', url: '/plain' })).json<{
        finish: number;
      }>().finish;
      await made.close();
      expect(lines.some((l) => l.msg === 'request completed')).toBe(level === 'debug');
    }
    expect(listeners.debug).toBe(listeners.warn! + 1);
  });
});
