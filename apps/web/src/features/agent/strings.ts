import { i18n } from '../../shared/i18n/i18n.ts';

/** The agent centre's strings (locales/agent/*.json), loaded with its chunk so no entry shows a raw key. */
export const AGENT_NS = 'agent';

/**
 * The agent centre reads its own strings first, then the account strings (the centre's title, form
 * refusals) and the records' (ledger kinds, products and bet statuses, as the member's records name them).
 */
export const AGENT_STRINGS = [AGENT_NS, 'accounts', 'records'] as const;

export function withAgentStrings<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, i18n.loadNamespaces([...AGENT_STRINGS])]).then(([m]) => m);
}
