import { i18n } from '../../shared/i18n/i18n.ts';

/** The records pages' strings (locales/records/*.json), loaded with the first of them. */
export const RECORDS_NS = 'records';

export function withRecordsStrings<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, i18n.loadNamespaces(RECORDS_NS)]).then(([m]) => m);
}
