/**
 * `srcset` for the server's drawn art (decision 015): the CDN answers `?w=` with a narrower copy,
 * and picks AVIF or WebP from the browser's Accept header on the same .png path, so the markup
 * lists widths only. The widths are the server's list (modules/cdn/art-formats.ts ART_WIDTHS).
 */
const WIDTHS = [120, 240, 360, 480, 720, 960, 1440] as const;

/** Whether a URL is the platform's own art, which knows `?w=`. */
function isOwnArt(url: string): boolean {
  return /\/TCG_PROD_IMAGES\/[^?#]+\.png$/.test(url);
}

/**
 * `srcSet` for art drawn `drawnWidth` pixels wide: each listed width below it, then the drawn
 * image itself. Undefined for an image elsewhere, which is shown as it is.
 */
export function artSrcSet(url: string, drawnWidth: number, min = 0): string | undefined {
  if (!isOwnArt(url)) return undefined;
  const narrower = WIDTHS.filter((w) => w >= min && w < drawnWidth).map((w) => `${url}?w=${w} ${w}w`);
  return [...narrower, `${url} ${drawnWidth}w`].join(', ');
}

/** The `sizes` of a banner: the content column (1240 px at most, tokens.css) less the page's 12 px side padding. */
export const BANNER_SIZES = '(min-width: 1264px) 1240px, calc(100vw - 24px)';
