import { withAgentStrings } from './strings.ts';

/**
 * The agent centre (spec B §2, issue 29): the account centre overlay of an agent, and the refusal a
 * member who is not an agent meets instead (ER-28, ER-29). Both are lazy chunks that wait for the
 * agent strings, so nothing renders with a raw key.
 */
export const loadAgentCentre = () =>
  withAgentStrings(import('./agent-centre.tsx')).then((m) => ({ default: m.AgentCentre }));
export const loadAgentRefusal = () =>
  withAgentStrings(import('./refusal.tsx')).then((m) => ({ default: m.AgentRefusalModal }));
