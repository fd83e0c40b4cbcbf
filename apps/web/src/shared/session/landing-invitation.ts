import { sessionStore } from '../storage/storage.ts';

/** Where the code an agent's registration link carried is kept for the visit (session storage). */
export const LANDING_INVITATION_KEY = 'landingAffiliateCode';

/**
 * The affiliate code of the address a visitor landed on, in each format an agent's registration
 * link may take (the operator's switches choose it): `?affiliateCode=CODE` (SUFAFFCODE3),
 * `?r=CODE` (SIMPLIFIEDURL3), or the first label of the host, `CODE.brand.com` (the default;
 * `www`, a two-label host, localhost and an IP address carry none). `/register.html` (AFFURLEXT3)
 * only opens the register dialog; the code comes the same ways.
 */
export function affiliateCodeOf(
  search: string,
  hostname: string,
): { code: string; from: 'query' | 'host' } | null {
  const params = new URLSearchParams(search);
  const queried = (params.get('affiliateCode') ?? params.get('r'))?.trim();
  if (queried) return { code: queried.slice(0, 40), from: 'query' };
  const labels = hostname.toLowerCase().split('.');
  const ip = /^[\d.]+$/.test(hostname) || hostname.includes(':');
  const first = labels[0] ?? '';
  if (ip || labels.length < 3 || first === 'www' || !/^[a-z0-9]{4,40}$/.test(first)) return null;
  return { code: first, from: 'host' };
}

/**
 * Keeps the landing address's code for the visit: a visitor who arrives through a link, browses
 * and registers later still registers under the agent. A later link in the same visit replaces it.
 */
export function rememberLandingInvitation(location: Pick<Location, 'search' | 'hostname'>): void {
  const found = affiliateCodeOf(location.search, location.hostname);
  if (found) sessionStore.set(LANDING_INVITATION_KEY, JSON.stringify(found));
}

/** The code kept for this visit, if any. */
export function landingInvitation(): { code: string; from: 'query' | 'host' } | null {
  const raw = sessionStore.get(LANDING_INVITATION_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { code?: unknown; from?: unknown };
    return typeof value.code === 'string' && (value.from === 'query' || value.from === 'host')
      ? { code: value.code, from: value.from }
      : null;
  } catch {
    return null;
  }
}
