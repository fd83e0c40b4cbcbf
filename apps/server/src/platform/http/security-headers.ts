import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer, from helmet (a maintained set of the headers OWASP
 * recommends, kept current by its authors) rather than a list of our own. Its middleware is built
 * once, its headers read once and sent by a callback hook: @fastify/helmet builds helmet's whole middleware again on
 * every request, which took the status call from about 30 to about 85 µs of server CPU per request
 * (status-throughput bench, 0.16 of a bare route against a budget of 0.6).
 *
 * The document's policy: the app's own scripts only; server HTML (notices, help) may carry inline
 * styles, but scripts never run (DOMPurify + script-src). Helmet's defaults are kept where they
 * add protection without changing what works: X-Frame-Options SAMEORIGIN beside frame-ancestors,
 * nosniff, Origin-Agent-Cluster, no DNS prefetch, X-Permitted-Cross-Domain-Policies none,
 * X-XSS-Protection 0. Its default CSP is replaced, not merged (`useDefaults: false`): its
 * `upgrade-insecure-requests` would send a page served over plain http (a LAN install) to https.
 */
const DOCUMENT_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * A JSON answer is data, never a document: opened on its own nothing in it may load, and nothing
 * may frame it (OWASP's advice for REST answers). The document's Referrer-Policy (which governs the
 * requests a document makes) has nothing to say there.
 */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Over TLS browsers keep to https from now on. Not includeSubDomains: the operator's other hosts are theirs. */
const HSTS = 'max-age=31536000';

/** The headers helmet's middleware sets for `options`, read once: they do not depend on the request. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return [...headers];
}

export function installSecurityHeaders(app: FastifyInstance): void {
  const documentHeaders = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: DOCUMENT_CSP },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The deposit page opens the gateway's page in a tab it then points at the payment, and customer
    // service opens in a popup: the opener keeps its popups (helmet's `same-origin` would cut them off).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Images and launch files are meant to be fetched through other host names too (the brand's
    // imageCDNs and launchGameCDNs may point at this server under another name).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Sent per request below: only over TLS.
    strictTransportSecurity: false,
  });

  // Per answer, because the set depends on the request's protocol and on the answer's type, known
  // only when the answer is sent. A callback hook: it runs on every request and never waits, and a
  // promise per hook and request was measurable on the status call (decision 015).
  app.addHook('onSend', (req, reply, payload, done) => {
    // Directly over TLS, or behind a trusted proxy that says X-Forwarded-Proto: https.
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      reply.header('content-security-policy', JSON_CSP);
      reply.header('x-frame-options', 'DENY');
      reply.header('x-content-type-options', 'nosniff');
    } else {
      // A header the route set itself (the sandbox gateway's X-Frame-Options: DENY) stays.
      for (const [name, value] of documentHeaders) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
}
