import { Limits, type SystemInfo } from '@app/contract';

/**
 * Opens customer service (the first customerService entry) in a popup of 440 x 500 (spec A §7).
 * Returns the window, or null when the browser blocked it or no service is configured.
 */
export function openCustomerService(info: Pick<SystemInfo, 'customerService'> | undefined): Window | null {
  const entry = info?.customerService[0];
  if (!entry) return null;
  const { width, height } = Limits.customerServicePopup;
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  return window.open(
    entry.path,
    'customerService',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
}
