import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyRequestLogger, requestLogging } from './request-logger.ts';

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

/** A Fastify app logging as the platform does, its lines collected. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  app = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    ...requestLogging(),
  });
  app.get('/quiet', async (req) => {
    req.log.info('an info line');
    req.log.debug('a debug line');
    return { level: req.log.level, lazy: req.log instanceof LazyRequestLogger };
  });
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

  it("keeps Fastify's own request lines at info, each with its request's id", async () => {
    const lines = await appLoggingAt('info');
    await app!.inject({ method: 'GET', url: '/quiet' });
    await app!.inject({ method: 'GET', url: '/quiet' });
    expect(lines.map((l) => l.msg)).toEqual([
      'incoming request',
      'an info line',
      'request completed',
      'incoming request',
      'an info line',
      'request completed',
    ]);
    const ids = lines.map((l) => l.reqId);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(new Set(ids.slice(3)).size).toBe(1);
    expect(ids[0]).not.toBe(ids[3]);
  });

  it("a request's own level change holds for that request only", async () => {
    const lines: Record<string, unknown>[] = [];
    app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      ...requestLogging(),
    });
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
    // Fastify's own completion line (info) is heard too, for that request only.
    expect(lines.map((l) => l.msg)).toEqual(['now heard', 'request completed']);
  });
});
