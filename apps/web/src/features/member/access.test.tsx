import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { gateDecision } from '../../shared/shell/use-gate.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { clearSession, saveSession } from '../../shared/session/session.ts';
import { AccountOverlays } from './account-overlays.tsx';
import { formatBalance } from './api.ts';

beforeEach(() => {
  clearSession();
  useUiStore.setState({
    memberCentre: { show: false, page: 'securityCenter' },
    accountCentre: { show: false, page: 'agentTeamOverview' },
  });
});

describe('who may open what', () => {
  it('SA-06 SA-07 SA-08 SA-09 no token asks to log in; a trial account is refused the member centre', () => {
    expect(gateDecision(null, null)).toBe('login');
    expect(gateDecision('tok', 4)).toBe('refused');
    for (const type of [0, 1, 2, 41, 42]) expect(gateDecision('tok', type)).toBe('ok');
  });

  it('SA-10 ER-02 the account centre is for agent types 1, 2, 41 and 42 only', () => {
    for (const type of [1, 2, 41, 42]) expect(gateDecision('tok', type, 'agent')).toBe('ok');
    for (const type of [0, 4, 40]) expect(gateDecision('tok', type, 'agent')).toBe('refused');
  });

  it('SA-09 SA-10 the overlays close a centre its viewer may not see, whoever set the flag', () => {
    saveSession({ token: 'tok', agentType: 4 });
    useUiStore.setState({
      memberCentre: { show: true, page: 'depositv2' },
      accountCentre: { show: true, page: 'agentTeamOverview' },
    });
    const { container } = render(<AccountOverlays />);
    expect(container).toBeEmptyDOMElement();
    expect(useUiStore.getState().memberCentre.show).toBe(false);
    expect(useUiStore.getState().accountCentre.show).toBe(false);
  });
});

describe('the balance figure', () => {
  it('MB-07 MB-08 two decimals with thousands separators, or *** when hidden', () => {
    expect(formatBalance(8888, '$', false)).toBe('$8,888.00');
    expect(formatBalance(1234567.5, '$', false)).toBe('$1,234,567.50');
    expect(formatBalance(0.1, '฿', false)).toBe('฿0.10');
    expect(formatBalance(8888, '$', true)).toBe('***');
  });
});
