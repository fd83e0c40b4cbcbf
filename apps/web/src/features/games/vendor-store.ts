import { useEffect } from 'react';
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { call } from '../../shared/http/client.ts';
import { readJson, sessionStore, writeJson } from '../../shared/storage/storage.ts';
import { newGameVendorCall } from './calls.ts';
import type { VendorLane } from './vendor-nav.ts';

/** Session-storage key of the game vendor cache (spec A §9, BC-01). */
export const VENDOR_CACHE_KEY = 'gameVendor';
/** A window event asking every vendor list to be fetched again (NC-25). */
export const VENDOR_FLUSH_EVENT = 'games:flush';

interface StoredVendors {
  language: string;
  at: number;
  lanes: VendorLane[];
}

export const vendorQueryKey = (language: string) => ['games', 'vendors', language] as const;

function readStored(language: string): StoredVendors | null {
  const stored = readJson<StoredVendors>(sessionStore, VENDOR_CACHE_KEY);
  // The copy of another language is not used: a language change fetches again (NC-24).
  return stored && stored.language === language && Array.isArray(stored.lanes) ? stored : null;
}

export async function fetchVendorLanes(language: string): Promise<VendorLane[]> {
  const value = await call(newGameVendorCall, { query: { platform: 'html5-desktop', language } });
  const lanes = value.data.lanes as VendorLane[];
  writeJson(sessionStore, VENDOR_CACHE_KEY, { language, at: Date.now(), lanes } satisfies StoredVendors);
  return lanes;
}

/**
 * Drops the cached vendor list and fetches it again (NC-25): a launch refused because the
 * operator put the vendor under maintenance or switched it off found the list out of date
 * (launch-third-party.ts raises the request). Any code may ask with
 * `window.dispatchEvent(new Event(VENDOR_FLUSH_EVENT))`.
 */
export async function flushVendors(client: QueryClient): Promise<void> {
  sessionStore.remove(VENDOR_CACHE_KEY);
  await client.invalidateQueries({ queryKey: ['games', 'vendors'] });
}

/**
 * The vendor lanes of GCSGAME_newGameVendor, kept in session storage (BC-01): a reload of the tab
 * starts from the stored copy; a language change fetches the list in the new language (NC-24).
 */
export function useVendorLanes() {
  const { i18n } = useTypedTranslation('translation');
  const language = i18n.language || 'en';
  const client = useQueryClient();
  useEffect(() => listenForFlush(client), [client]);
  return useQuery(vendorLanesQuery(language));
}

const flushListeners = new WeakMap<QueryClient, { users: number; stop: () => void }>();

/**
 * One flush listener per query client, however many components read the list (header, footer,
 * page): a listener each would invalidate once each, and every invalidation after the first
 * cancels the fetch just started and asks again.
 */
function listenForFlush(client: QueryClient): () => void {
  let entry = flushListeners.get(client);
  if (!entry) {
    const onFlush = () => void flushVendors(client);
    window.addEventListener(VENDOR_FLUSH_EVENT, onFlush);
    entry = { users: 0, stop: () => window.removeEventListener(VENDOR_FLUSH_EVENT, onFlush) };
    flushListeners.set(client, entry);
  }
  entry.users++;
  const mine = entry;
  return () => {
    if (--mine.users > 0) return;
    mine.stop();
    if (flushListeners.get(client) === mine) flushListeners.delete(client);
  };
}

/**
 * The vendor list's query in `language`: the stored copy when there is one (BC-01), asked for
 * again once it is five minutes old. The start asks for it with the catalogue (main.tsx).
 */
export function vendorLanesQuery(language: string) {
  return queryOptions({
    queryKey: vendorQueryKey(language),
    queryFn: () => fetchVendorLanes(language),
    initialData: () => readStored(language)?.lanes,
    initialDataUpdatedAt: () => readStored(language)?.at,
    staleTime: 5 * 60_000,
  });
}
