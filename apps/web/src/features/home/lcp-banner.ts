import type { Announcements } from '@app/contract';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { artSrcSet, BANNER_SIZES } from '../../shared/cdn/responsive-image.ts';

/**
 * Asks for the home carousel's first banner, the page's LCP image, as soon as the announcements
 * are in, before the home page renders it (decision 015). The hint carries the very srcset and
 * sizes of the carousel's <img>, so the browser picks the same candidate and fetches it once.
 * Needs the image hosts configured (the status answer) so the URL is the one the page will use.
 */
export function preloadFirstBanner(announcements: Announcements): void {
  const first = announcements.banners.find((b) => b.groupName === 'index');
  if (!first) return;
  const src = cdnImage(first.url);
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(src)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  const srcSet = artSrcSet(src, 1920, 360);
  if (srcSet) {
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', BANNER_SIZES);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
