import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import accountsEn from '../../locales/accounts/en.json';
import en from '../../locales/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { Slot } from '../../shared/shell/slot.tsx';
import { registerSlot, SlotNames } from '../../shared/shell/slot-registry.ts';
import { defaultAgentPage, defaultMemberPage, useUiStore } from '../../shared/shell/ui-store.ts';
import { clearSession, saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { loadAccountOverlays } from './index.ts';

/** The member centre's 13 entries of spec A §2 / B §2, in order, with their pages (MC-07). */
const ENTRIES: [key: string, page: string][] = [
  ['in_my_account', 'securityCenter'],
  ['in_my_wallet', 'transferFund'],
  ['in_increase_deposit', 'depositv2'],
  ['in_increase_withdrawal', 'withdraw'],
  ['in_transfer_upline', 'transferUpline'],
  ['in_betting_record', 'personalHistoryCopy'],
  ['in_account_record', 'transactionHistory'],
  ['in_personal_loss', 'personalProfit'],
  ['in_bonus_details', 'bonusDetails'],
  ['in_reward_center', 'rewardCenter'],
  ['invite_friends', 'referral'],
  ['mission_activity', 'missionLeaderboard'],
  ['in_platform_information', 'messageV2'],
];

/** A status whose whitelabel tree has the referral promotion (PROMOTION3 › REFERRAL3) on or off. */
function status(referral: boolean) {
  const base = systemStatus();
  return systemStatus(
    {},
    {
      whitelabel: {
        ...base.info.whitelabel,
        childrenNodes: base.info.whitelabel.childrenNodes.map((n) =>
          n.modId === 'PROMOTION3'
            ? {
                ...n,
                childrenNodes: [{ modId: 'REFERRAL3', enabled: referral ? '1' : '0', childrenNodes: [] }],
              }
            : n,
        ),
      },
    },
  );
}

const memberInfo = {
  id: 7,
  account: 'player7',
  userName: 'player7',
  nickname: 'Lucky',
  type: 0,
  toUpline: false,
  clubLabel: { labelName: 'Gold', rankLevel: 2 },
  memberLabel: '',
  avatar: '',
  avatarType: 'STATIC',
  avatarUrl: '',
  payeeName: null,
  mobile: null,
  email: null,
  hasPaymentPassword: false,
  totpBound: false,
};

/** Registers the real overlays loader behind a gate the test opens (the chunk "arrives"). */
function gatedOverlays() {
  let open!: () => void;
  const arrived = new Promise<void>((resolve) => (open = resolve));
  let loads = 0;
  registerSlot(SlotNames.overlays, async () => {
    loads += 1;
    const [mod] = await Promise.all([loadAccountOverlays(), arrived]);
    return mod as never;
  });
  return { open, loads: () => loads };
}

function menuOf(dialog: HTMLElement) {
  return within(within(dialog).getByRole('navigation')).getAllByRole('button');
}

/**
 * How long a wait for the overlay's code or a page's chunk may take: Testing Library's default
 * second is too short for a dynamic import on a loaded 2-core machine (this file failed there).
 */
const LOADING = { timeout: 15_000 };

const memberState = () => useUiStore.getState().memberCentre;
const accountState = () => useUiStore.getState().accountCentre;

describe('the member centre overlay', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
  });

  beforeEach(() => {
    clearSession();
    sessionStorage.clear();
    useUiStore.setState({
      memberCentre: { show: false, page: defaultMemberPage },
      accountCentre: { show: false, page: defaultAgentPage },
    });
  });
  afterEach(() => clearSession());

  function stubCalls(referral = true) {
    return stubFetch({
      '/wps/system/status': () => status(referral),
      '/wps/member/info': () => memberInfo,
    });
  }

  it('MC-01 MC-02 MC-03 an overlay that shows only once loaded, opened by its page and show flag: left menu, title, highlighted item, content area and close button', async () => {
    stubCalls();
    saveSession({ token: 'tok', agentType: 0 });
    const gate = gatedOverlays();
    renderShell(<Slot name={SlotNames.overlays} />);

    // Opened by setting its page and its show flag (MC-03) ...
    act(() => useUiStore.getState().openMemberCentre('depositv2'));
    expect(memberState()).toEqual({ show: true, page: 'depositv2' });
    // ... but nothing renders while its code and strings are still loading (MC-02): no empty
    // frame, no untranslated keys.
    await waitFor(() => expect(gate.loads()).toBe(1), LOADING);
    // The overlay's code is in (the same import the slot made) and React has done its work: only
    // the gate holds the overlay back now.
    await act(async () => {
      await loadAccountOverlays();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain('in_my_account');
    expect(document.body.textContent).not.toContain('member_centre_title');

    gate.open();
    const dialog = await screen.findByRole('dialog', { name: accountsEn.member_centre_title }, LOADING);
    // Complete on its first frame: title, every entry translated, the page set through the flag.
    expect(within(dialog).getByRole('heading', { name: accountsEn.member_centre_title })).toBeVisible();
    const nav = within(dialog).getByRole('navigation', { name: accountsEn.member_centre_title });
    const items = menuOf(dialog);
    expect(items.map((b) => b.textContent)).toEqual(
      ENTRIES.map(([key]) => (en as Record<string, string>)[key]),
    );
    // The active item is highlighted (and only it).
    const current = items.filter((b) => b.getAttribute('aria-current') === 'page');
    expect(current.map((b) => b.dataset.page)).toEqual(['depositv2']);
    // The content area sits beside the menu and shows the active page under its title.
    const content = within(dialog).getByRole('region', { name: en.in_increase_deposit });
    expect(content.dataset.page).toBe('depositv2');
    expect(nav.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(content).getByRole('heading', { name: en.in_increase_deposit })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: en.close })).toBeVisible();

    // Setting the flags directly (as any caller may) opens it at that page too.
    act(() => useUiStore.getState().closeMemberCentre());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOADING);
    act(() => useUiStore.setState({ memberCentre: { show: true, page: 'withdraw' } }));
    const again = await screen.findByRole('dialog', {}, LOADING);
    expect(within(again).getByRole('region', { name: en.in_increase_withdrawal }).dataset.page).toBe(
      'withdraw',
    );
  });

  it('MC-05 MC-06 MC-08 WD-01 WD-02 WD-03 WD-04 choosing an entry switches the page (in_my_account securityCenter, in_my_wallet transferFund, in_increase_deposit depositv2, in_increase_withdrawal withdraw, in_transfer_upline transferUpline); closing hides the overlay', async () => {
    stubCalls();
    saveSession({ token: 'tok', agentType: 0 });
    registerSlot(SlotNames.overlays, loadAccountOverlays as never);
    renderShell(<Slot name={SlotNames.overlays} />);
    act(() => useUiStore.getState().openMemberCentre());
    const dialog = await screen.findByRole('dialog', {}, LOADING);
    // Opened without a page: the default, my account → the security centre (MC-08).
    expect(memberState().page).toBe('securityCenter');
    expect(await within(dialog).findByTestId('security-centre', {}, LOADING)).toBeVisible();

    for (const [key, page] of [
      ['in_my_wallet', 'transferFund'],
      ['in_increase_deposit', 'depositv2'],
      ['in_increase_withdrawal', 'withdraw'],
      ['in_transfer_upline', 'transferUpline'],
      ['in_my_account', 'securityCenter'],
    ] as const) {
      const item = menuOf(dialog).find((b) => b.dataset.key === key)!;
      expect(item.textContent).toBe((en as Record<string, string>)[key]);
      act(() => item.click());
      expect(memberState()).toEqual({ show: true, page });
      const content = within(dialog).getByRole('region', { name: (en as Record<string, string>)[key] });
      expect(content.dataset.page).toBe(page);
      expect(item.getAttribute('aria-current')).toBe('page');
      expect(menuOf(dialog).filter((b) => b.getAttribute('aria-current')).length).toBe(1);
    }
    expect(within(dialog).getByTestId('security-centre')).toBeVisible();

    // Closing hides the overlay (its page is kept for the next opening).
    act(() => within(dialog).getByRole('button', { name: en.close }).click());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOADING);
    expect(memberState()).toEqual({ show: false, page: 'securityCenter' });
  });

  it('MC-04 the member centre and the account centre each keep their own page and show flags', async () => {
    stubCalls();
    saveSession({ token: 'tok', agentType: 1 });
    registerSlot(SlotNames.overlays, loadAccountOverlays as never);
    renderShell(<Slot name={SlotNames.overlays} />);

    act(() => useUiStore.getState().openMemberCentre('withdraw'));
    expect(memberState()).toEqual({ show: true, page: 'withdraw' });
    expect(accountState()).toEqual({ show: false, page: defaultAgentPage });
    const member = await screen.findByTestId('member-centre', {}, LOADING);
    expect(within(member).getByRole('region').dataset.page).toBe('withdraw');

    act(() => useUiStore.getState().openAccountCentre('personalHistoryCopy'));
    expect(accountState()).toEqual({ show: true, page: 'personalHistoryCopy' });
    expect(memberState()).toEqual({ show: true, page: 'withdraw' });
    act(() => useUiStore.getState().setAccountPage('agentRevenueReport'));
    expect(memberState().page).toBe('withdraw');
    act(() => useUiStore.getState().setMemberPage('depositv2'));
    expect(accountState().page).toBe('agentRevenueReport');
    const agent = await screen.findByTestId('account-centre', {}, LOADING);
    expect(within(agent).getByRole('region').dataset.page).toBe('agentRevenueReport');

    act(() => useUiStore.getState().closeAccountCentre());
    expect(accountState()).toEqual({ show: false, page: 'agentRevenueReport' });
    expect(memberState()).toEqual({ show: true, page: 'depositv2' });
    const back = await screen.findByTestId('member-centre', {}, LOADING);
    expect(within(back).getByRole('region').dataset.page).toBe('depositv2');
    act(() => useUiStore.getState().closeMemberCentre());
    expect(memberState()).toEqual({ show: false, page: 'depositv2' });
    expect(accountState()).toEqual({ show: false, page: 'agentRevenueReport' });
  });

  it('MC-07 PR-02 the menu has the 13 entries in order with their keys and pages; invite_friends opens page referral and shows only with the referral promotion', async () => {
    stubCalls(true);
    saveSession({ token: 'tok', agentType: 0 });
    registerSlot(SlotNames.overlays, loadAccountOverlays as never);
    const view = renderShell(<Slot name={SlotNames.overlays} />);
    act(() => useUiStore.getState().openMemberCentre());
    let dialog = await screen.findByRole('dialog', {}, LOADING);
    await waitFor(() => expect(menuOf(dialog)).toHaveLength(13), LOADING);
    expect(menuOf(dialog).map((b) => [b.dataset.key, b.dataset.page])).toEqual(ENTRIES);
    expect(menuOf(dialog).map((b) => b.textContent)).toEqual(
      ENTRIES.map(([key]) => (en as Record<string, string>)[key]),
    );
    // PR-02: invite_friends opens the referral page.
    const invite = menuOf(dialog).find((b) => b.dataset.key === 'invite_friends')!;
    expect(invite.textContent).toBe(en.invite_friends);
    act(() => invite.click());
    expect(memberState()).toEqual({ show: true, page: 'referral' });
    expect(within(dialog).getByRole('region', { name: en.invite_friends }).dataset.page).toBe('referral');
    view.unmount();

    // Without the referral promotion the invite entry is left out; the other 12 keep their order.
    sessionStorage.clear();
    stubCalls(false);
    renderShell(<Slot name={SlotNames.overlays} />);
    dialog = await screen.findByRole('dialog', {}, LOADING);
    await waitFor(() => expect(menuOf(dialog)).toHaveLength(12), LOADING);
    expect(menuOf(dialog).map((b) => [b.dataset.key, b.dataset.page])).toEqual(
      ENTRIES.filter(([key]) => key !== 'invite_friends'),
    );
    expect(menuOf(dialog).some((b) => b.textContent === en.invite_friends)).toBe(false);
  });
});
