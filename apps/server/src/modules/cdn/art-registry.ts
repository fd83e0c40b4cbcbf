/**
 * The platform's own art, addressed by the spec's CDN paths (`{host}/TCG_PROD_IMAGES/<folder>/...`):
 * each folder maps to the renderer of one image family. Only names a family knows resolve; anything
 * else is "no such image".
 */
import { isAppPlatform, renderAppIcon } from './draw/app-icon.ts';
import { isAvatarName, renderAvatar } from './draw/avatar.ts';
import { isBannerName, renderBanner } from './draw/banner.ts';
import { isBrowserName, renderBrowser } from './draw/browser.ts';
import { renderFlag } from './draw/flag.ts';
import { renderGameCard } from './draw/game-card.ts';
import { renderLogo } from './draw/logo.ts';
import { isPartnerFolder, renderPartner } from './draw/partner.ts';
import { renderPayment } from './draw/payment.ts';
import { renderQr } from './draw/qr.ts';
import { isSocialName, renderSocial } from './draw/social.ts';
import { renderVendorCard } from './draw/vendor-card.ts';

export interface ArtContext {
  /** `proto://host[:port]` of the request, for images that encode an absolute address (QR codes). */
  origin: string;
  /** What the art reads from the site's data; none when it cannot be read (names fall back to codes). */
  resources?: ArtResources;
}

/** The site's resources (the resource table, read through the system service) as the art needs them. */
export interface ArtResources {
  /** Download target of each QR resource (e.g. appIos → /download/lucky-lotus.ipa). */
  qrTargets: ReadonlyMap<string, string>;
  /** The label the site shows for each partner, by vassalage code, so its art spells the same name. */
  vendorLabels: ReadonlyMap<string, string>;
}

interface ResourceRow {
  name: string;
  resourceType: string;
  url: string;
  qrCodeUrl: string;
  labelNameEn: string;
}

const fromRows = new WeakMap<readonly ResourceRow[], ArtResources>();

/** The art's view of the system info's resources; computed once per list (the list changes only with the data). */
export function artResourcesOf(rows: readonly ResourceRow[]): ArtResources {
  let resources = fromRows.get(rows);
  if (!resources) {
    resources = {
      qrTargets: new Map(rows.filter((r) => r.qrCodeUrl !== '').map((r) => [r.name, r.url] as const)),
      vendorLabels: new Map(
        rows
          .filter((r) => r.resourceType === 'PARTNER')
          .map((r) => [r.name.replace(/^partner/, ''), r.labelNameEn] as const),
      ),
    };
    fromRows.set(rows, resources);
  }
  return resources;
}

export interface ArtJob {
  /** Cache key: the same key always renders the same bytes. */
  key: string;
  /** The image family, for logs and timings. */
  family: string;
  render: () => Promise<Buffer>;
}

type Resolver = (parts: string[], ctx: ArtContext) => ArtJob | null;

/** Longest path after TCG_PROD_IMAGES/ we look at; real ones are well under it. */
export const MAX_ART_PATH = 160;
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const VASSALAGE = /^[A-Za-z0-9_]{1,32}$/;
const CODE = /^[A-Z0-9_]{2,16}$/;
const COUNTRY = /^[A-Z]{2}$/;
const GAME_TYPE = /^[A-Z]{2,12}$/;

/**
 * Splits `FOLDER/.../name.png` into its segments without the extension; null for anything that
 * is not a plain relative path of simple names ending in .png (traversal, odd characters, depth).
 */
export function parseArtPath(path: string): string[] | null {
  if (path.length === 0 || path.length > MAX_ART_PATH || !path.endsWith('.png')) return null;
  const parts = path.slice(0, -'.png'.length).split('/');
  if (parts.length < 2 || parts.length > 4) return null;
  return parts.every((p) => SEGMENT.test(p)) ? parts : null;
}

const job = (family: string, key: string, render: () => Promise<Buffer>): ArtJob => ({
  family,
  key: `${family}/${key}`,
  render,
});

/** Art that spells a vendor's name: the label is part of the key, so a renamed vendor is drawn anew. */
function vendorJob(
  family: string,
  key: string,
  vassalage: string,
  ctx: ArtContext,
  render: (label: string | undefined) => Promise<Buffer>,
): ArtJob {
  const label = ctx.resources?.vendorLabels.get(vassalage);
  return job(family, label ? `${key}@${label}` : key, () => render(label));
}

const families: Record<string, Resolver> = {
  LOGO: ([name, ...rest]) => (name === 'logo' && rest.length === 0 ? job('LOGO', name, renderLogo) : null),
  BANNER: ([name, ...rest]) =>
    name && rest.length === 0 && isBannerName(name) ? job('BANNER', name, () => renderBanner(name)) : null,
  PARTNER: ([folder, vassalage, ...rest], ctx) =>
    folder && vassalage && rest.length === 0 && isPartnerFolder(folder) && VASSALAGE.test(vassalage)
      ? vendorJob('PARTNER', `${folder}/${vassalage}`, vassalage, ctx, (label) =>
          renderPartner(folder, vassalage, label),
        )
      : null,
  PAYMENT: ([code, ...rest]) =>
    code && rest.length === 0 && CODE.test(code) ? job('PAYMENT', code, () => renderPayment(code)) : null,
  SOCIAL: ([name, ...rest]) =>
    name && rest.length === 0 && isSocialName(name) ? job('SOCIAL', name, () => renderSocial(name)) : null,
  APP: ([name, ...rest]) =>
    name && rest.length === 0 && isAppPlatform(name) ? job('APP', name, () => renderAppIcon(name)) : null,
  QR: ([name, ...rest], { origin, resources }) => {
    const target = name && rest.length === 0 ? resources?.qrTargets.get(name) : undefined;
    if (!name || target === undefined) return null;
    const data = /^https?:\/\//.test(target) ? target : `${origin}${target}`;
    return job('QR', `${name}@${data}`, () => renderQr(data));
  },
  COUNTRY_FLAG: ([code, ...rest]) =>
    code && rest.length === 0 && COUNTRY.test(code)
      ? job('COUNTRY_FLAG', code, () => renderFlag(code))
      : null,
  SUBMENU_IMG: ([style, name, ...rest], ctx) => {
    if (style !== 'STYLE2' || !name || rest.length > 0) return null;
    const dash = name.indexOf('-');
    const gameType = name.slice(0, dash);
    const vassalage = name.slice(dash + 1);
    if (dash < 0 || !GAME_TYPE.test(gameType) || !VASSALAGE.test(vassalage)) return null;
    return vendorJob('SUBMENU_IMG', `${gameType}-${vassalage}`, vassalage, ctx, (label) =>
      renderVendorCard(gameType, vassalage, label),
    );
  },
  // One catalogue title's own art (decision 058): GAME_IMG/<gameType>/<gameId>/<title slug>.png.
  GAME_IMG: ([gameType, gameId, slug, ...rest]) =>
    gameType && gameId && slug && rest.length === 0 && GAME_TYPE.test(gameType)
      ? job('GAME_IMG', `${gameType}/${gameId}/${slug}`, () => renderGameCard(gameType, gameId, slug))
      : null,
  BROWSER: ([name, ...rest]) =>
    name && rest.length === 0 && isBrowserName(name) ? job('BROWSER', name, () => renderBrowser(name)) : null,
  AVATAR: ([name, ...rest]) =>
    name && rest.length === 0 && isAvatarName(name)
      ? job('AVATAR', name, () => renderAvatar(Number(name)))
      : null,
};

export const artFamilies = Object.keys(families);

/** The image at a path under TCG_PROD_IMAGES/, or null when there is none. */
export function resolveArt(path: string, ctx: ArtContext): ArtJob | null {
  const parts = parseArtPath(path);
  if (!parts) return null;
  const [folder, ...rest] = parts;
  const resolver = folder !== undefined && Object.hasOwn(families, folder) ? families[folder] : undefined;
  return resolver ? resolver(rest, ctx) : null;
}
