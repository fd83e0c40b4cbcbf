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
/**
 * The contract modal at login (research §2.3): the member bar mounts it while the consolidated
 * request keys count a request waiting for the member; it waits for the agent strings too.
 */
export const loadContractRequests = () =>
  withAgentStrings(import('./contracts/contract-modal.tsx')).then((m) => ({
    default: m.ContractRequestsPopup,
  }));
