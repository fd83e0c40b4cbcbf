import { i18n } from '../../shared/i18n/i18n.ts';

/** The wallet pages' strings (locales/wallet/*.json), loaded with their chunk. */
export const WALLET_NS = 'wallet';

export function withWalletStrings<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, i18n.loadNamespaces(WALLET_NS)]).then(([m]) => m);
}
