import { Suspense, useEffect } from 'react';
import { accountCentreTypes, AgentType } from '@app/contract';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { useSession } from '../../shared/session/session.ts';
import { lazyOnce } from '../../shared/shell/lazy-cache.ts';
import { loadAgentCentre, loadAgentRefusal } from '../agent/index.ts';
import { CentreFrame } from './centre-frame.tsx';

/**
 * The slot `overlays`, mounted by the shell while a centre is shown: the member centre or the
 * account (agent) centre, re-checking who may see them (SA-09, SA-10) and closing what is not
 * allowed. A logged-in member who is not an agent is told why (ER-28, ER-29); a trial account was
 * already warned by the gate that opened it (in_need_true_account).
 */
export function AccountOverlays() {
  const token = useSession((s) => s.token);
  const agentType = useSession((s) => s.agentType);
  const member = useUiStore((s) => s.memberCentre);
  const account = useUiStore((s) => s.accountCentre);
  const closeAccountCentre = useUiStore((s) => s.closeAccountCentre);
  const memberAllowed = token !== null && agentType !== AgentType.trial;
  const accountAllowed = token !== null && agentType !== null && accountCentreTypes.includes(agentType);
  const accountRefused = account.show && !accountAllowed && memberAllowed && agentType !== null;

  useEffect(() => {
    const ui = useUiStore.getState();
    if (member.show && !memberAllowed) ui.closeMemberCentre();
    if (account.show && !accountAllowed && !accountRefused) ui.closeAccountCentre();
  }, [member.show, account.show, memberAllowed, accountAllowed, accountRefused]);

  if (account.show && accountAllowed) {
    // Nothing shows until the agent centre's code and strings are in (AG-01).
    const AgentCentre = lazyOnce(loadAgentCentre);
    return (
      <Suspense fallback={null}>
        {/* eslint-disable-next-line react-hooks/static-components -- stable per loader (lazyOnce) */}
        <AgentCentre />
      </Suspense>
    );
  }
  if (accountRefused) {
    const AgentRefusal = lazyOnce(loadAgentRefusal);
    return (
      <Suspense fallback={null}>
        {/* eslint-disable-next-line react-hooks/static-components -- stable per loader (lazyOnce) */}
        <AgentRefusal onClose={closeAccountCentre} />
      </Suspense>
    );
  }
  return member.show && memberAllowed ? <CentreFrame /> : null;
}
