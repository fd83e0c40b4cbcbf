import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../http/use-query.ts';
import type {
  CallValue,
  getDomainRoute,
  RegisterRules,
  Resource,
  SystemInfo,
  SystemStatusResponse,
  WhitelabelNode,
} from '@app/contract';
import { call } from '../http/client.ts';
import { domainRouteCall, registerSettingCall, systemStatusCall } from '../http/calls.ts';
import { persistedOptions, SessionCaches } from '../storage/query-persistence.ts';

// The last element names the wire shape (issue #12): a copy of the older shape in this tab's
// session storage is then never read as the new one.
export const systemStatusKey = ['system', 'status', 'original'] as const;

/** GET /wps/system/status with the page's host as `url` (SY-06); cached as "settings" (BC-02). */
const persistedStatus = persistedOptions<SystemStatusResponse>(SessionCaches.settings, systemStatusKey);

export const systemStatusQuery = queryOptions({
  queryKey: systemStatusKey,
  // Polled: not the player's doing, so it does not keep a session awake (decision 050).
  queryFn: ({ signal }) =>
    call(systemStatusCall, { query: { url: window.location.host }, signal, passive: true }),
  ...persistedStatus,
  // The cached settings paint the page at once, but only an open site's: a closed site's copy
  // could show a maintenance page that has already ended. Every page load asks again, once: the
  // start fetches it (freshStatusQuery) and every component that reads it shares that answer.
  initialData: () => {
    const cached = persistedStatus.initialData();
    return cached?.status === 0 ? cached : undefined;
  },
  staleTime: 30_000,
  // A maintenance window that ends, or an operator's switch, reaches an open page within a minute.
  refetchInterval: 60_000,
});

/**
 * The start's fetch of the status: asks the server even when the session-storage copy is fresh.
 * It is the page load's one status call; the components mounting meanwhile join it.
 */
export const freshStatusQuery = { ...systemStatusQuery, staleTime: 0 };

export function useSystemStatus() {
  return useQuery(systemStatusQuery);
}

/** The system info of the status call; the shell renders only after it arrived once. */
export function useSystemInfo(): SystemInfo | undefined {
  return useSystemStatus().data?.info;
}

/**
 * A whitelabel switch counts as on only when its node says enabled "1" (SY-08); the tree is one
 * root node, walked as the original client walks it. An unknown switch is off.
 */
export function isSwitchOn(node: WhitelabelNode, modId: string): boolean {
  if (node.modId === modId) return node.enabled === '1';
  return node.childrenNodes.some((child) => isSwitchOn(child, modId));
}

export function useSwitch(modId: string): boolean {
  const info = useSystemInfo();
  return info ? isSwitchOn(info.whitelabel, modId) : false;
}

export function resourcesOfType(info: SystemInfo | undefined, type: string): Resource[] {
  return info ? info.resources.filter((r) => r.resourceType === type) : [];
}

export function resourceNamed(info: SystemInfo | undefined, name: string): Resource | undefined {
  return info?.resources.find((r) => r.name === name);
}

export const registerRulesKey = ['system', 'registerRules'] as const;

/** Per-field register rules, cached as "validateRules" (BC-03). */
export const registerRulesQuery = queryOptions({
  queryKey: registerRulesKey,
  queryFn: ({ signal }) => call(registerSettingCall, { signal }),
  ...persistedOptions<RegisterRules>(SessionCaches.validateRules, registerRulesKey),
  staleTime: 5 * 60_000,
});

export function useRegisterRules() {
  return useQuery(registerRulesQuery);
}

export const domainRouteKey = ['system', 'domainRoute', 'original'] as const;

/** The site's domains and download resources, cached as "routers" (BC-04); each domain's speed starts at 0. */
export const domainRouteQuery = queryOptions({
  queryKey: domainRouteKey,
  queryFn: async ({ signal }) => {
    const value = await call(domainRouteCall, { signal });
    return { ...value, domainList: value.domainList.map((d) => ({ ...d, speed: 0 })) };
  },
  ...persistedOptions<CallValue<typeof getDomainRoute>>(SessionCaches.routers, domainRouteKey),
  staleTime: 5 * 60_000,
});

export function useDomainRoute() {
  return useQuery(domainRouteQuery);
}
