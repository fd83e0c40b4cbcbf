import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors } from '@app/contract';
import { sendError } from '../http/error-handler.ts';
import { escapeHtml } from '../http/escape-html.ts';
import type { OutboxRow } from './outbox.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers that proxies and CDNs add for the address or host they forward for (X-Forwarded-* too). */
const PROXY_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
];
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * Only a browser on the server's own machine: the socket is loopback, the Host is a loopback
 * name, and no proxy header says the request came from elsewhere (a reverse proxy on the same host
 * connects from loopback too). A bare TCP forwarder adds no header, which is why the page is also
 * off unless a developer asks for it (DEV_OUTBOX=1).
 */
function fromThisMachine(req: FastifyRequest, trustProxy: boolean | string): boolean {
  if (trustProxy) return false;
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return false;
  if (!LOCAL_HOST.test(req.headers.host ?? '')) return false;
  return !Object.keys(req.headers).some((h) => h.startsWith('x-forwarded-') || PROXY_HEADERS.includes(h));
}

/** The start line about the page: on (where), refused (why) or off (how to ask for it). */
export function devOutboxNotice(
  config: { devOutbox: boolean; devOutboxRefused: string | null; tls: unknown },
  port: number,
): string {
  if (config.devOutbox)
    return `SMS and e-mail codes: ${config.tls ? 'https' : 'http'}://localhost:${port}/dev/outbox (DEV_OUTBOX=1, this machine only) or npm run ops -- outbox`;
  if (config.devOutboxRefused)
    return `DEV_OUTBOX=1 refused (${config.devOutboxRefused}): /dev/outbox stays off; read kept messages with npm run ops -- outbox`;
  return 'Development outbox page off (DEV_OUTBOX=1 turns on /dev/outbox); kept messages: npm run ops -- outbox';
}

function page(rows: OutboxRow[], to: string): string {
  const items = rows
    .map(
      (r) => `<li>
  <div class="meta"><b>${r.channel === 'sms' ? 'SMS' : 'E-mail'}</b> to <b>${escapeHtml(r.recipient)}</b> · ${escapeHtml(r.purpose)} · ${escapeHtml(r.status)} via ${escapeHtml(r.transport)} · <time>${r.createdAt.toISOString()}</time></div>
  ${r.subject ? `<div class="subject">${escapeHtml(r.subject)}</div>` : ''}
  <pre>${escapeHtml(r.body)}</pre>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<meta name="robots" content="noindex">
<title>Outbox (development)</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 24px 16px; background: #0f1626; color: #e6e9f0; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p { color: #9aa3b5; margin: 0 0 16px; }
  form { margin: 0 0 16px; display: flex; gap: 8px; }
  input { flex: 1; padding: 8px 10px; border-radius: 8px; border: 1px solid #33405c; background: #16203a; color: inherit; }
  button { padding: 8px 14px; border-radius: 8px; border: 0; background: #f2c14e; color: #1a1a1a; font-weight: 600; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 10px; }
  li { background: #16203a; border: 1px solid #26324d; border-radius: 10px; padding: 12px 14px; }
  .meta { color: #9aa3b5; font-size: 13px; }
  .meta b { color: #e6e9f0; }
  .subject { font-weight: 600; margin-top: 6px; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 6px 0 0; font: 15px/1.5 ui-monospace, monospace; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>The newest SMS and e-mails of this server. Those marked “kept” went nowhere: no gateway is configured for them. Refreshes every 5 seconds; only this machine can see this page.</p>
<form method="get"><input name="to" value="${escapeHtml(to)}" placeholder="Filter by number or address" aria-label="Filter by number or address"><button>Filter</button></form>
${rows.length ? `<ul>\n${items}\n</ul>` : `<p>No messages${to ? ` to ${escapeHtml(to)}` : ''} yet.</p>`}
</body>
</html>`;
}

/**
 * GET /dev/outbox: the messages the outbox kept, for a developer or a demo on this machine, the
 * page DESIGN.md §3 names beside `npm run ops -- outbox`. Registered only when DEV_OUTBOX=1 asks
 * for it outside production and without a gateway; to anyone else it answers 404.
 */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/outbox', { schema: { hide: true } }, async (req, reply) => {
    if (!fromThisMachine(req, app.ctx.config.trustProxy)) return sendError(reply, Errors.notFound);
    const raw = (req.query as { to?: unknown }).to;
    const to = typeof raw === 'string' ? raw.trim().slice(0, 100) : '';
    const rows = await app.ctx.outbox.list({ ...(to ? { to } : {}), limit: 50 });
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(page(rows, to));
  });
}
