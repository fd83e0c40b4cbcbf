export type GameUrlCheck = { ok: true; url: string } | { ok: false };

/**
 * A game page frames only our own origin or a configured launch CDN (the `url` query of /game
 * comes from outside, so anything else could frame a phishing page under our address). Only
 * http(s); a relative URL resolves against our origin.
 */
export function checkGameUrl(raw: string, origin: string, launchHosts: readonly string[]): GameUrlCheck {
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { ok: false };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false };
  if (url.origin === origin) return { ok: true, url: url.href };
  for (const host of launchHosts) {
    if (!/^https?:\/\//i.test(host)) continue;
    const base = new URL(host);
    const prefix = base.href.endsWith('/') ? base.href : `${base.href}/`;
    if (
      url.origin === base.origin &&
      (url.href === base.href || url.href.startsWith(prefix) || base.pathname === '/')
    )
      return { ok: true, url: url.href };
  }
  return { ok: false };
}
