import { i18n } from '../../shared/i18n/i18n.ts';

/** The security centre's own strings (locales/profile/*.json), loaded with its lazy chunk. */
export const PROFILE_NS = 'profile';

export function withProfileStrings<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, i18n.loadNamespaces(PROFILE_NS)]).then(([m]) => m);
}
