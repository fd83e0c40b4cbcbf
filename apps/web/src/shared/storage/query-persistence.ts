import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { readJson, sessionStore, writeJson } from './storage.ts';

/**
 * The session-storage caches of spec A §9 (BC-02..BC-07), as persisted TanStack queries: a query
 * whose `meta.persist` names one of these keys is written to session storage on every success and
 * starts from that copy on the next page load of the same tab (then refetches when stale).
 */
export const SessionCaches = {
  settings: 'settings',
  validateRules: 'validateRules',
  routers: 'routers',
  indexNotice: 'indexNotice',
  /** The member's consolidated settings (BC-07), keyed by member. */
  consolidated: 'consolidated',
  /** Whether the merchant runs a single wallet (GCS_merchantWallet, BC-05). */
  merchantWallet: 'merchantWallet',
} as const;
export type SessionCacheKey = (typeof SessionCaches)[keyof typeof SessionCaches];

interface Stored<T> {
  queryKey: string;
  at: number;
  data: T;
}

const keyText = (queryKey: QueryKey) => JSON.stringify(queryKey);

export function readPersisted<T>(cache: SessionCacheKey, queryKey: QueryKey): Stored<T> | null {
  const stored = readJson<Stored<T>>(sessionStore, cache);
  return stored && stored.queryKey === keyText(queryKey) && typeof stored.at === 'number' ? stored : null;
}

/** Query options that seed a query from its session-storage copy and mark it for persisting. */
export function persistedOptions<T>(cache: SessionCacheKey, queryKey: QueryKey) {
  return {
    initialData: () => readPersisted<T>(cache, queryKey)?.data,
    initialDataUpdatedAt: () => readPersisted<T>(cache, queryKey)?.at,
    meta: { persist: cache },
  };
}

/** Writes persisted queries to session storage as they succeed; returns the unsubscribe. */
export function persistQueries(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const cache = event.query.meta?.persist;
    if (typeof cache !== 'string') return;
    const stored: Stored<unknown> = {
      queryKey: keyText(event.query.queryKey),
      at: event.query.state.dataUpdatedAt,
      data: event.query.state.data,
    };
    writeJson(sessionStore, cache, stored);
  });
}
