/**
 * Web storage that never throws: private browsing modes, full quotas and disabled storage must
 * degrade to "nothing stored" instead of breaking the app.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

function wrap(pick: () => Storage): SafeStorage {
  return {
    get(key) {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick().setItem(key, value);
      } catch {
        // Quota or privacy mode: the value simply is not kept.
      }
    },
    remove(key) {
      try {
        pick().removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
  };
}

export const sessionStore: SafeStorage = wrap(() => window.sessionStorage);
export const localStore: SafeStorage = wrap(() => window.localStorage);

export function readJson<T>(storage: SafeStorage, key: string): T | null {
  const raw = storage.get(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    storage.remove(key);
    return null;
  }
}

export function writeJson(storage: SafeStorage, key: string, value: unknown): void {
  storage.set(key, JSON.stringify(value));
}
