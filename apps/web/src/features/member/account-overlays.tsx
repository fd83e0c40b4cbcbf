import { useEffect } from 'react';
import { accountCentreTypes, AgentType } from '@app/contract';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { useSession } from '../../shared/session/session.ts';
import { CentreFrame } from './centre-frame.tsx';

/**
 * The slot `overlays`, mounted by the shell while a centre is shown: the member centre or the
 * account centre, re-checking who may see them (SA-09, SA-10) and closing what is not allowed.
 */
export function AccountOverlays() {
  const token = useSession((s) => s.token);
  const agentType = useSession((s) => s.agentType);
  const member = useUiStore((s) => s.memberCentre);
  const account = useUiStore((s) => s.accountCentre);
  const memberAllowed = token !== null && agentType !== AgentType.trial;
  const accountAllowed = token !== null && agentType !== null && accountCentreTypes.includes(agentType);

  useEffect(() => {
    const ui = useUiStore.getState();
    if (member.show && !memberAllowed) ui.closeMemberCentre();
    if (account.show && !accountAllowed) ui.closeAccountCentre();
  }, [member.show, account.show, memberAllowed, accountAllowed]);

  const which = account.show && accountAllowed ? 'account' : member.show && memberAllowed ? 'member' : null;
  if (!which) return null;
  return <CentreFrame kind={which} />;
}
