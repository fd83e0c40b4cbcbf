import { bytesToBase64 } from '@app/contract';
import { localStore, readJson, writeJson, type SafeStorage } from '../../shared/storage/storage.ts';

export const FREE_PLAY_DEVICE_KEY = 'freePlayDevice';

/**
 * The random string of a free-play login (LG-08): kept for the day, so the same browser comes back
 * to the same trial account and its demo money; a new day brings a fresh trial.
 */
export function freePlayDeviceString(storage: SafeStorage = localStore, now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  const stored = readJson<{ value?: unknown; day?: unknown }>(storage, FREE_PLAY_DEVICE_KEY);
  if (stored && stored.day === day && typeof stored.value === 'string' && stored.value.length >= 16)
    return stored.value;
  const value = bytesToBase64(crypto.getRandomValues(new Uint8Array(24))).replace(
    /[+/=]/g,
    (c) => ({ '+': '-', '/': '_', '=': '' })[c]!,
  );
  writeJson(storage, FREE_PLAY_DEVICE_KEY, { value, day });
  return value;
}

/** The `os` field of the free-play login: the platform the browser reports, trimmed to the contract's size. */
export function deviceOs(): string {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return (nav.userAgentData?.platform || nav.platform || 'web').slice(0, 40);
}

/** The free-play login's fields (LG-08): os, platform W, the day's random string, gateway version 3. */
export function freePlayRequest(storage: SafeStorage = localStore) {
  return {
    os: deviceOs(),
    platform: 'W' as const,
    randomString: freePlayDeviceString(storage),
    gatewayVersion: 3 as const,
  };
}
