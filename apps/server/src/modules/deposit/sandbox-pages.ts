import type { FastifyInstance, FastifyReply } from 'fastify';
import { SANDBOX_NOTIFY_PATH, SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER } from '@app/contract';
import type { SandboxGateway } from './sandbox-gateway.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's look; a style element (the site's CSP allows inline styles, never scripts). */
const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef1f6; color: #1b2540; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 14px; box-shadow: 0 10px 30px rgba(27,37,64,.12); overflow: hidden; }
  header { background: #1b2540; color: #fff; padding: 18px 24px; display: flex; justify-content: space-between; align-items: center; }
  header strong { font-size: 18px; letter-spacing: .02em; }
  header span { font-size: 12px; background: #f5b800; color: #1b2540; border-radius: 999px; padding: 2px 10px; font-weight: 600; }
  section { padding: 24px; }
  .amount { font-size: 34px; font-weight: 700; margin: 4px 0 18px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 24px; font-size: 14px; }
  dt { color: #6b7591; } dd { margin: 0; text-align: right; word-break: break-all; }
  form { display: grid; gap: 10px; }
  button { font: inherit; font-weight: 600; border: 0; border-radius: 10px; padding: 14px; cursor: pointer; }
  .pay { background: #16a34a; color: #fff; } .pay:hover { background: #15803d; }
  .fail { background: #f1f3f8; color: #b42318; } .fail:hover { background: #e6e9f1; }
  .state { font-size: 16px; margin: 0 0 16px; } a { color: #2456d6; }
  footer { padding: 0 24px 20px; font-size: 12px; color: #6b7591; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} · Sandbox Pay</title><style>${STYLE}</style></head>
<body><main><header><strong>Sandbox Pay</strong><span>TEST MODE</span></header>${body}
<footer>A test payment gateway: no real money moves.</footer></main></body></html>`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The sandbox gateway's own pages: GET shows the payment with Pay and Fail buttons (a plain form,
 * no script); POST records the choice, notifies the merchant server with the signed body (as a
 * gateway's server would; retried from the database until acknowledged) and sends the browser back.
 */
export async function sandboxPages(app: FastifyInstance): Promise<void> {
  const gateway: SandboxGateway = app.ctx.sandboxGateway;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // The gateway's server-to-server notification, through the HTTP stack with its raw body.
  gateway.attachNotifier(async ({ raw, timestamp, signature }) => {
    const res = await app.inject({
      method: 'POST',
      url: SANDBOX_NOTIFY_PATH,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_TIMESTAMP_HEADER]: timestamp,
        [SANDBOX_SIGNATURE_HEADER]: signature,
      },
      payload: raw,
    });
    return { statusCode: res.statusCode, body: res.body };
  });

  app.get<{ Params: { id: string } }>(
    '/sandbox-pay/checkout/:id',
    { schema: { hide: true } },
    async (req, reply) => {
      const p = await gateway.find(req.params.id);
      if (!p)
        return sendPage(
          reply,
          404,
          page('Not found', '<section><p class="state">No such payment.</p></section>'),
        );
      const amount = `${escape(p.currency)} ${escape(gateway.amountText(p.amount))}`;
      const details = `<dl><dt>Merchant order</dt><dd>${escape(p.merchant_order_no)}</dd><dt>Payment</dt><dd>${escape(p.id)}</dd></dl>`;
      const open = p.status === 'CREATED' && p.expires_at.getTime() > Date.now();
      if (!open) {
        const state = p.status === 'CREATED' ? 'expired' : p.status === 'PAID' ? 'paid' : 'failed';
        return sendPage(
          reply,
          200,
          page(
            `Payment ${state}`,
            `<section><div class="amount">${amount}</div><p class="state">This payment is ${state}.</p>${details}<a href="${escape(p.return_url)}">Back to the merchant</a></section>`,
          ),
        );
      }
      return sendPage(
        reply,
        200,
        page(
          'Pay',
          `<section><div>Amount to pay</div><div class="amount">${amount}</div>${details}
<form method="post" action="/sandbox-pay/checkout/${escape(p.id)}">
<button class="pay" type="submit" name="action" value="pay">Pay ${amount}</button>
<button class="fail" type="submit" name="action" value="fail">Simulate a failed payment</button>
</form></section>`,
        ),
      );
    },
  );

  app.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
    '/sandbox-pay/checkout/:id',
    { schema: { hide: true } },
    async (req, reply) => {
      const action = req.body?.action;
      if (action !== 'pay' && action !== 'fail')
        return sendPage(
          reply,
          400,
          page('Bad request', '<section><p class="state">Choose Pay or Fail.</p></section>'),
        );
      const existing = await gateway.find(req.params.id);
      if (!existing)
        return sendPage(
          reply,
          404,
          page('Not found', '<section><p class="state">No such payment.</p></section>'),
        );
      const done = await gateway.complete(existing.id, action === 'pay' ? 'PAID' : 'FAILED');
      // The first delivery is awaited so the player returns to a credited balance. Whatever
      // becomes of it (refused, or lost with this process), the notification is owed in the
      // gateway's table and the retry job (sandbox-gateway.notify) sends it until acknowledged.
      if (done) await gateway.deliver(done);
      return reply.code(303).header('cache-control', 'no-store').redirect(existing.return_url, 303);
    },
  );
}
