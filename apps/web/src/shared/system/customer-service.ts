import { Limits, VIP_SERVICE_ABOVE_RANK, VIP_SERVICE_CS_TYPE, type SystemInfo } from '@app/contract';

/** Only this site's pages and https addresses open in the service window. */
export function safeServiceUrl(address: string): string | null {
  try {
    const url = new URL(address, window.location.origin);
    return url.protocol === 'https:' || url.origin === window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * HD-04: the VIP customer service (the `customerService` entry of csType 4) serves a member whose
 * club label's rank is above 4; everyone else, a visitor, or a site without a VIP service, gets
 * the live chat. The address of the VIP entry, or null for the live chat.
 */
export function vipServiceUrl(
  info: Pick<SystemInfo, 'customerService'> | undefined,
  rankLevel: number | null | undefined,
): string | null {
  if (rankLevel == null || rankLevel <= VIP_SERVICE_ABOVE_RANK) return null;
  const entry = info?.customerService.find((c) => c.csType === VIP_SERVICE_CS_TYPE);
  return entry ? safeServiceUrl(entry.path) : null;
}

/**
 * Opens customer service in a popup of 440 x 500 (spec A §7, HD-01), the one place every entry of
 * the site goes through (useCustomerService of the session feature gives the member's rank). A
 * member above rank 4 gets the VIP service's address at once (HD-04). Everyone else gets the live
 * chat: the window is opened at once, in the click, so the browser counts it as the player's; its
 * address comes from the customer-service fetch (getService, HD-02): the pathList entry of type 3,
 * sent encrypted for this window only and opened here (HD-03; customer-service-open.ts, a lazy
 * chunk). A failed fetch closes the window it opened; a blocked popup is told to the player.
 * Returns the window, or null when the browser blocked it or no service is configured.
 */
export function openCustomerService(
  info: Pick<SystemInfo, 'customerService'> | undefined,
  rankLevel: number | null = null,
): Window | null {
  if (!info?.customerService.length) return null;
  const { width, height } = Limits.customerServicePopup;
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  const vip = vipServiceUrl(info, rankLevel);
  const popup = window.open(
    vip ?? 'about:blank',
    'customerService',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (vip) {
    if (!popup) void import('./customer-service-open.ts').then((m) => m.fillServiceWindow(null));
    return popup;
  }
  void import('./customer-service-open.ts').then((m) => m.fillServiceWindow(popup));
  return popup;
}
