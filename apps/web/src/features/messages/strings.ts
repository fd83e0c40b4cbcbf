import { i18n } from '../../shared/i18n/i18n.ts';

/** The messages page's strings (locales/messages/*.json), loaded with its chunk. */
export const MESSAGES_NS = 'messages';

export function withMessagesStrings<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, i18n.loadNamespaces(MESSAGES_NS)]).then(([m]) => m);
}
