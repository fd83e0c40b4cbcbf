import { useSyncExternalStore } from 'react';
import { Limits } from '@app/contract';

/** A route chunk that failed to load or did not arrive within the chunk time-out (SH-37). */
export class ChunkLoadError extends Error {
  readonly reason: 'timeout' | 'failed';

  constructor(reason: 'timeout' | 'failed', cause?: unknown) {
    super(reason === 'timeout' ? 'The page took too long to load' : 'The page could not be loaded', {
      cause,
    });
    this.name = 'ChunkLoadError';
    this.reason = reason;
  }
}

/**
 * Loads a lazy chunk, giving up after 120 s (spec A §9) instead of hanging: the route then ends
 * in the load-failure page with a retry.
 */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = Limits.chunkTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError('failed', error));
      },
    );
  });
}

/** Browsers word a failed dynamic import differently; these are the known phrasings. */
const CHUNK_FAILURE =
  /dynamically imported module|module script failed|Unable to preload CSS|Loading chunk|error loading dynamically/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/**
 * How many page chunks are loading now: the shell's progress bar shows while any is (the data
 * router's `useNavigation` told it before, decision 015). Listeners hear of a change in a
 * microtask, since React asks for a lazy page's chunk while it renders.
 */
let pageLoads = 0;
const pageLoadListeners = new Set<() => void>();
function pageLoadsChanged(): void {
  queueMicrotask(() => {
    for (const listener of pageLoadListeners) listener();
  });
}

/** Counts `loading` among the page loads until it settles. */
export function trackPageLoad<T>(loading: Promise<T>): Promise<T> {
  pageLoads++;
  pageLoadsChanged();
  const settled = () => {
    pageLoads--;
    pageLoadsChanged();
  };
  loading.then(settled, settled);
  return loading;
}

function subscribePageLoads(listener: () => void): () => void {
  pageLoadListeners.add(listener);
  return () => pageLoadListeners.delete(listener);
}

/** True while a page chunk is loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribePageLoads,
    () => pageLoads > 0,
    () => false,
  );
}
