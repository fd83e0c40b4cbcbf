import { i18n } from '../../shared/i18n/i18n.ts';

/** The agent centre's strings (locales/agent/*.json), loaded with its chunk so no entry shows a raw key. */
export const AGENT_NS = 'agent';

/** The agent centre reads its own strings first, then the account strings (refusals, the menu title). */
export const AGENT_STRINGS = [AGENT_NS, 'accounts'] as const;

export function withAgentStrings<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, i18n.loadNamespaces([...AGENT_STRINGS])]).then(([m]) => m);
}
