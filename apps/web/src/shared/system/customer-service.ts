import { Limits, type SystemInfo } from '@app/contract';

/**
 * Opens customer service in a popup of 440 x 500 (spec A §7, HD-01). The window is opened at once,
 * in the click, so the browser counts it as the player's; its address comes from the
 * customer-service fetch (getService, HD-02): the pathList entry of type 3, sent encrypted for this
 * window only and opened here (HD-03; customer-service-open.ts, a lazy chunk). A failed fetch
 * closes the window it opened; a blocked popup is told to the player.
 * Returns the window, or null when the browser blocked it or no service is configured.
 */
export function openCustomerService(info: Pick<SystemInfo, 'customerService'> | undefined): Window | null {
  if (!info?.customerService.length) return null;
  const { width, height } = Limits.customerServicePopup;
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  const popup = window.open(
    'about:blank',
    'customerService',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  void import('./customer-service-open.ts').then((m) => m.fillServiceWindow(popup));
  return popup;
}
