import { Limits } from '@app/contract';
import { localStore, readJson, writeJson, type SafeStorage } from '../../shared/storage/storage.ts';

export const REMEMBER_STORAGE_KEY = 'rememberedLogin';

/**
 * What remember-me keeps in local storage for 1 day (LG-04, decision D7): the username, the SMS
 * number and the server's revocable remember token. Never the password: there is no field for it.
 */
export interface RememberedLogin {
  username: string;
  countryDialingCode: string;
  mobileNum: string;
  /** Single use and rotated by the server at each use; revoked by logout. */
  rememberToken: string | null;
  /** Epoch ms after which everything here is forgotten. */
  expiresAt: number;
}

export function readRemembered(
  storage: SafeStorage = localStore,
  now: number = Date.now(),
): RememberedLogin | null {
  const stored = readJson<Partial<RememberedLogin>>(storage, REMEMBER_STORAGE_KEY);
  if (!stored || typeof stored.expiresAt !== 'number' || typeof stored.username !== 'string') return null;
  if (stored.expiresAt <= now) {
    storage.remove(REMEMBER_STORAGE_KEY);
    return null;
  }
  return {
    username: stored.username,
    countryDialingCode: typeof stored.countryDialingCode === 'string' ? stored.countryDialingCode : '',
    mobileNum: typeof stored.mobileNum === 'string' ? stored.mobileNum : '',
    rememberToken: typeof stored.rememberToken === 'string' ? stored.rememberToken : null,
    expiresAt: stored.expiresAt,
  };
}

/**
 * Keeps a remembered login. The fields are picked one by one, so nothing else a caller holds (a
 * password above all) can reach storage. The day counts from the server's expiry of the token
 * when there is one.
 */
export function writeRemembered(
  entry: {
    username: string;
    countryDialingCode?: string;
    mobileNum?: string;
    rememberToken?: string | null;
    expiresAt?: number | null;
  },
  storage: SafeStorage = localStore,
  now: number = Date.now(),
): RememberedLogin {
  const kept: RememberedLogin = {
    username: entry.username,
    countryDialingCode: entry.countryDialingCode ?? '',
    mobileNum: entry.mobileNum ?? '',
    rememberToken: entry.rememberToken ?? null,
    expiresAt: Math.min(entry.expiresAt ?? now + Limits.rememberMeMs, now + Limits.rememberMeMs),
  };
  writeJson(storage, REMEMBER_STORAGE_KEY, kept);
  return kept;
}

/** Drops the remember token (it is dead after logout) but keeps the names until the day is over. */
export function forgetRememberToken(storage: SafeStorage = localStore): void {
  const current = readRemembered(storage);
  if (current?.rememberToken) writeJson(storage, REMEMBER_STORAGE_KEY, { ...current, rememberToken: null });
}

export function forgetRemembered(storage: SafeStorage = localStore): void {
  storage.remove(REMEMBER_STORAGE_KEY);
}
