import { readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithSession } from '../../modules/records/test-members.ts';
import { decodeBody, writeBuiltDist } from '../../test/built-dist.ts';

const tlsDir = join(import.meta.dirname, '../../test/tls');
const cert = readFileSync(join(tlsDir, 'localhost.crt'));
const wire = { merchant: 'SEA888', device: 'web', language: 'en' };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on an HTTP/2 session, with `body` if given; the answer's body as it came (still encoded). */
function h2(
  session: ClientHttp2Session,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
) {
  return new Promise<Answer>((resolve, reject) => {
    const stream = session.request({ ':path': path, ':method': method, ...headers });
    const chunks: Buffer[] = [];
    let head: IncomingHttpHeaders = {};
    stream.on('response', (h) => (head = h));
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () =>
      resolve({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks) }),
    );
    stream.on('error', reject);
    stream.end(body);
  });
}

/** The same request over HTTPS with HTTP/1.1 only (a client whose TLS offers no h2). */
function h1(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer & { httpVersion: string }>((resolve, reject) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path, headers, ca: cert }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          httpVersion: res.httpVersion,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (a: Answer) => decodeBody(a.body, a.headers['content-encoding']);

describe(`HTTPS with HTTP/2 (TLS_CERT_FILE, decision 015) (${testDbKind})`, () => {
  let t: TestApp;
  let dist: string;
  let port: number;
  let session: ClientHttp2Session;
  const script = Buffer.from(
    Array.from({ length: 300 }, (_, i) => `export const v${i} = "${'y'.repeat(i % 13)}";`).join('\n'),
  );

  beforeAll(async () => {
    const html = `<!doctype html><html><head><title>t</title></head><body>${'<p>hi</p>'.repeat(100)}</body></html>`;
    dist = writeBuiltDist('http2-test-', {
      'index.html': Buffer.from(html),
      'assets/app-h2test01.js': script,
    });
    const tls = loadConfig({
      TLS_CERT_FILE: join(tlsDir, 'localhost.crt'),
      TLS_KEY_FILE: join(tlsDir, 'localhost.key'),
    }).tls;
    t = await createTestApp({
      configOverrides: { webDist: dist, tls },
      services: { streams: { heartbeatMs: 100 } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    session = connect(`https://127.0.0.1:${port}`, { ca: cert });
  });

  afterAll(async () => {
    session?.close();
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('a client offering h2 gets HTTP/2, one offering only HTTP/1.1 gets that, with the same answer and HSTS', async () => {
    const over2 = await h2(session, '/wps/system/status', wire);
    expect(session.alpnProtocol).toBe('h2');
    const over1 = await h1(port, '/wps/system/status', wire);
    expect(over1.httpVersion).toBe('1.1');
    for (const a of [over2, over1]) {
      expect(a.status).toBe(200);
      expect(a.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(JSON.parse(decode(a).toString())).toMatchObject({ success: true, value: { status: 0 } });
    }
    expect(decode(over2).equals(decode(over1))).toBe(true);
  });

  it('over HTTP/2 a built asset goes out as br, gzip or as it is, with the same content; HEAD and a range do not break', async () => {
    const asset = '/assets/app-h2test01.js';
    const br = await h2(session, asset, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await h2(session, asset, { 'accept-encoding': 'gzip' });
    const none = await h2(session, asset);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    for (const a of [br, gzip, none]) {
      expect(a.status).toBe(200);
      expect(String(a.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(decode(a).equals(script)).toBe(true);
    }

    const head = await h2(session, asset, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);

    const ranged = await h2(session, asset, { range: 'bytes=0-99' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${script.length}`);
    expect(ranged.body.equals(script.subarray(0, 100))).toBe(true);

    // The app page (history fallback) too.
    const page = await h2(session, '/rng', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect(decode(page).toString()).toMatch(/^<!doctype html>/);
  });

  it('bad input over HTTP/2 is the same clean refusal as over HTTP/1.1, never a 500', async () => {
    const badJson = await h2(
      session,
      '/wps/member/login',
      { 'content-type': 'application/json', ...wire },
      'POST',
      '{"username": ',
    );
    expect(badJson.status).toBe(400);
    const body = JSON.parse(badJson.body.toString()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).not.toMatch(/at \S+ \(|node_modules/);
  });

  it('the live event stream opens over HTTP/2 (no connection header there) and sends its snapshot', async () => {
    const m = await memberWithSession(t, 'h2live01');
    const res = await t.call({ url: '/wps/events/ticket', method: 'POST', token: m.token });
    expect(res.statusCode, res.body).toBe(200);
    const { ticket } = res.json().value as { ticket: string };

    const stream = session.request({ ':path': `/wps/events?ticket=${ticket}` });
    const head = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      stream.on('response', resolve);
      stream.on('error', reject);
    });
    expect(head[':status']).toBe(200);
    expect(head['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(head.connection).toBeUndefined();
    let text = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no snapshot in 5 s: ${text}`)), 5_000);
      stream.on('data', (c: Buffer) => {
        text += c.toString();
        if (text.includes('event: balance') && text.includes('event: unread')) {
          clearTimeout(timer);
          resolve();
        }
      });
      stream.on('error', reject);
    });
    expect(text).toMatch(/^retry: \d+\n\n/);
    stream.close();
  });

  it('a certificate without its key, or a file that cannot be read, stops the start with a clear message', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: join(tlsDir, 'localhost.crt') })).toThrow(
      'TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither',
    );
    expect(() => loadConfig({ TLS_KEY_FILE: join(tlsDir, 'localhost.key') })).toThrow(/go together/);
    expect(() =>
      loadConfig({ TLS_CERT_FILE: '/nonexistent/x.crt', TLS_KEY_FILE: join(tlsDir, 'localhost.key') }),
    ).toThrow('TLS_CERT_FILE: cannot read /nonexistent/x.crt (ENOENT)');
    expect(loadConfig({}).tls).toBeNull();
  });
});
