import { Limits } from '@app/contract';

/**
 * The lazy loader's rules (spec A §9, BC-08): images start loading 1.3 screens before they scroll
 * into view, a failed image is tried 3 times in all, and the last 200 loaded addresses are
 * remembered so a tile that mounts again (the grid recycles its tiles) shows its image at once.
 */
export const LAZY = Limits.lazyLoad;

/** IntersectionObserver margin for "1.3 screens ahead": a percentage of the viewport's height. */
export const PRELOAD_MARGIN = `${Math.round(LAZY.preloadScreens * 100)}% 0px`;

/** A least-recently-used set of loaded image addresses, at most `limit` long. */
export class LoadedImages {
  private readonly urls = new Map<string, true>();
  readonly limit: number;

  constructor(limit: number = LAZY.cache) {
    this.limit = limit;
  }

  has(url: string): boolean {
    if (!this.urls.has(url)) return false;
    this.urls.delete(url);
    this.urls.set(url, true);
    return true;
  }

  add(url: string): void {
    this.urls.delete(url);
    this.urls.set(url, true);
    while (this.urls.size > this.limit) this.urls.delete(this.urls.keys().next().value!);
  }

  get size(): number {
    return this.urls.size;
  }
}

export const loadedImages = new LoadedImages();

/**
 * The address of attempt `n` (1-based) of an image: the first is the address itself, a retry adds
 * a `retry` parameter so neither the browser nor a proxy answers it from a cached failure.
 * null once the attempts are used up.
 */
export function attemptUrl(url: string, attempt: number): string | null {
  if (attempt > LAZY.attempts) return null;
  if (attempt === 1) return url;
  return `${url}${url.includes('?') ? '&' : '?'}retry=${attempt - 1}`;
}
