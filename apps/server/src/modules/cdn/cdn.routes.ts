import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors } from '@app/contract';
import { sendError } from '../../platform/http/error-handler.ts';
import { ArtCache } from './art-cache.ts';
import { artType, encodeArt, negotiateArtFormat, requestedWidth, variantKey } from './art-formats.ts';
import { artResourcesOf, resolveArt, type ArtResources } from './art-registry.ts';
import { qrSvg } from './draw/qr.ts';
import { isInviteQrPath, parseInviteQr, type InviteQrRequest } from './invite-qr.ts';
import { referralLink } from '../referral/referral.service.ts';

export interface CdnRoutesOptions {
  /** Shared cache; each app gets its own by default. */
  cache?: ArtCache;
}

/** Image host names as the server lists them in imageCDNs (img1, img2, launch1, ...). */
const HOST = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;
/** A Host header we are willing to print into a QR code: name or IP literal, optional port. */
const REQUEST_HOST = /^(\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$/;

/** Each server's art cache, so prerenderArt() fills the very cache its CDN routes answer from. */
const cacheOfServer = new WeakMap<object, ArtCache>();

/** The art cache behind an app's CDN routes; undefined when the routes are not registered. */
export function artCacheOf(app: FastifyInstance): ArtCache | undefined {
  return cacheOfServer.get(app.server);
}

function notFound(reply: FastifyReply, path: string) {
  return sendError(reply, Errors.notFound, { message: `No such image: ${path.slice(0, 120)}` });
}

/** RFC 9110 If-None-Match: a list of entity tags (weak comparison) or "*". */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

function requestOrigin(req: FastifyRequest): string | null {
  const host = req.host;
  return typeof host === 'string' && REQUEST_HOST.test(host)
    ? `${req.protocol}://${host.toLowerCase()}`
    : null;
}

/**
 * The site's resources as the art reads them (QR targets, partner names): from the system info,
 * which is read once per change. Undefined when it cannot be read, so images keep loading while
 * the database is busy or down (names then fall back to the vendor codes).
 */
export async function siteArtResources(app: FastifyInstance): Promise<ArtResources | undefined> {
  // An app of the CDN routes alone (tests, tools) has no services: the art then draws codes.
  if (!app.hasDecorator('ctx')) return undefined;
  try {
    return artResourcesOf((await app.ctx.system.info()).resources);
  } catch {
    return undefined;
  }
}

/**
 * The address an invitation QR code encodes, written as the page's own call writes it (the
 * referral summary, the agent's link list): null when it cannot be (an app of the CDN routes
 * alone has no agent service).
 */
async function inviteLink(app: FastifyInstance, req: FastifyRequest, origin: string, ask: InviteQrRequest) {
  if (ask.kind === 'REFERRAL') return referralLink(origin, ask.code);
  if (!app.hasDecorator('ctx')) return null;
  return app.ctx.agentRegister.linkUrl(ask.code, { protocol: req.protocol, host: req.host.toLowerCase() });
}

/**
 * The platform's own art under the spec's CDN path patterns (`/cdn/{host}/TCG_PROD_IMAGES/...`),
 * drawn in code on first request and kept in memory. The drawing needs nothing from the database;
 * the names and targets it spells come from the site's data (siteArtResources).
 */
export async function cdnRoutes(app: FastifyInstance, opts: CdnRoutesOptions = {}): Promise<void> {
  const cache = opts.cache ?? new ArtCache();
  cacheOfServer.set(app.server, cache);

  app.get('/cdn/:host/TCG_PROD_IMAGES/*', { schema: { hide: true } }, async (req, reply) => {
    const { host, '*': path } = req.params as { host: string; '*': string };
    if (!HOST.test(host)) return notFound(reply, path);
    const origin = requestOrigin(req);
    if (!origin)
      return sendError(reply, Errors.badHeader, { message: 'The Host header is not a valid host name' });
    if (isInviteQrPath(path)) {
      const ask = parseInviteQr(path);
      const link = ask && (await inviteLink(app, req, origin, ask));
      if (!ask || !link) return notFound(reply, path);
      // An agent's link follows the register centre's switches: kept briefly, and by the agent's browser only.
      const art = await cache.get(`INVITE_QR/${link}`, async () => Buffer.from(qrSvg(link)));
      reply
        .header('etag', art.etag)
        .header('cache-control', ask.kind === 'LINK' ? 'private, max-age=300' : 'public, max-age=86400');
      if (matchesEtag(req.headers['if-none-match'], art.etag)) return reply.code(304).send();
      return reply.type('image/svg+xml').send(art.body);
    }
    const resources = await siteArtResources(app);
    const job = resolveArt(path, { origin, ...(resources ? { resources } : {}) });
    if (!job) return notFound(reply, path);
    const size = requestedWidth(req.query);
    if (!size.ok) return notFound(reply, path);
    const format = negotiateArtFormat(req.headers.accept);

    const started = performance.now();
    const fresh = !cache.has(job.key);
    const drawn = await cache.get(job.key, job.render);
    // Other forms and widths are made from the drawn PNG and cached beside it (decision 015).
    const art =
      format === 'png' && size.width === null
        ? drawn
        : await cache.get(variantKey(job.key, format, size.width), () =>
            encodeArt(drawn.body, format, size.width),
          );
    if (fresh)
      req.log.debug(
        { image: job.key, family: job.family, ms: Math.round(performance.now() - started) },
        'image rendered',
      );

    reply.header('etag', art.etag).header('cache-control', 'public, max-age=86400').header('vary', 'accept');
    if (matchesEtag(req.headers['if-none-match'], art.etag)) return reply.code(304).send();
    return reply.type(artType(art.body)).send(art.body);
  });
}
