import { useCallback } from 'react';
import { accountCentreTypes, AgentType } from '@app/contract';
import { useSession } from '../session/session.ts';
import { ModalKeys, useUiStore } from './ui-store.ts';

export type GateNeed = 'member' | 'agent';
export type GateDecision = 'ok' | 'login' | 'refused';

/**
 * Who may do a gated action (spec A §4, §5): without a token the login popup opens; a trial
 * account (type 4) is refused with a warning; `agent` actions (the account centre) need agent
 * types 1, 2, 41 or 42. `allowTrial` lets free-play actions (launching a game) through.
 */
export function gateDecision(
  token: string | null,
  agentType: number | null,
  need: GateNeed = 'member',
  allowTrial = false,
): GateDecision {
  if (!token) return 'login';
  if (need === 'agent')
    return agentType !== null && accountCentreTypes.includes(agentType) ? 'ok' : 'refused';
  if (agentType === AgentType.trial && !allowTrial) return 'refused';
  return 'ok';
}

export interface GateOptions {
  need?: GateNeed;
  allowTrial?: boolean;
}

/**
 * Runs an action only for someone allowed to; otherwise opens the login popup, or shows the
 * `in_need_true_account` warning with its `in_increase_submit` button. Returns whether it ran.
 */
export function useGate(): (action?: () => void, options?: GateOptions) => boolean {
  const token = useSession((s) => s.token);
  const agentType = useSession((s) => s.agentType);
  const openModal = useUiStore((s) => s.openModal);
  return useCallback(
    (action, options = {}) => {
      const decision = gateDecision(token, agentType, options.need, options.allowTrial);
      if (decision === 'login') {
        openModal(ModalKeys.loginPopup);
        return false;
      }
      if (decision === 'refused') {
        openModal(ModalKeys.accessWarning, { messageKey: 'in_need_true_account' });
        return false;
      }
      action?.();
      return true;
    },
    [token, agentType, openModal],
  );
}
