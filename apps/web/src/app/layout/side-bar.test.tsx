import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { clearSession, saveSession } from '../../shared/session/session.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { SideBar } from './side-bar.tsx';

const openKeys = () => useUiStore.getState().modals.map((m) => m.key);

describe('side bar', () => {
  beforeAll(() => setupShell());
  afterEach(() => {
    clearSession();
    useUiStore.setState({ modals: [], memberCentre: { show: false, page: 'securityCenter' } });
    vi.restoreAllMocks();
  });

  it('SH-31 customer service opens a 440 x 500 popup in the click (its address comes from getService)', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus() });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderShell(<SideBar />);
    await screen.findByTestId('side-socials');
    fireEvent.click(screen.getByTestId('side-service'));
    expect(open).toHaveBeenCalledWith(
      'about:blank',
      'customerService',
      expect.stringContaining('width=440,height=500'),
    );
  });

  it('SH-32 social links show only when social resources exist', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus() });
    const { unmount } = renderShell(<SideBar />);
    const socials = await screen.findByTestId('side-socials');
    expect(socials.querySelector('a[href="https://t.me/x"]')).toHaveAccessibleName('Telegram');
    unmount();
    // The status is cached in session storage (BC-02); start the second page load without it.
    sessionStorage.removeItem('settings');

    const none = systemStatus();
    none.info.resources = none.info.resources.filter((r) => r.resourceType !== 'SOCIAL');
    stubFetch({ '/wps/system/status': () => none });
    renderShell(<SideBar />);
    await screen.findByTestId('side-download');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('side-socials')).toBeNull();
  });

  it('a page can leave its phone button out (the chat room, decision 054); by default it shows', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus() });
    const { unmount } = renderShell(<SideBar />);
    expect(await screen.findByTestId('side-bar')).not.toHaveAttribute('data-hide-on-phone');
    unmount();
    renderShell(<SideBar hideOnPhone />);
    // Marked for the phone's media query only: on a desktop the rail and its entries stay.
    expect(await screen.findByTestId('side-bar')).toHaveAttribute('data-hide-on-phone');
    expect(await screen.findByTestId('side-service')).toBeInTheDocument();
  });

  it('SH-33 app download goes to /download', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus() });
    const { router } = renderShell(<SideBar />);
    fireEvent.click(await screen.findByTestId('side-download'));
    expect(router.state.location.pathname).toBe('/download');
  });

  it('SH-34 SH-36 messages and invite friends open the login popup when logged out', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus() });
    renderShell(<SideBar />);
    fireEvent.click(await screen.findByTestId('side-messages'));
    expect(openKeys()).toEqual(['loginPopupModal']);
    useUiStore.setState({ modals: [] });
    fireEvent.click(screen.getByTestId('side-invite'));
    expect(openKeys()).toEqual(['loginPopupModal']);
    expect(useUiStore.getState().memberCentre.show).toBe(false);
  });

  it('SH-35 invite friends shows when logged out, and for members only with referral on', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus() });
    const { unmount } = renderShell(<SideBar />);
    expect(await screen.findByTestId('side-invite')).toBeInTheDocument();
    unmount();
    sessionStorage.removeItem('settings');

    saveSession({ token: 'tok', agentType: 0 });
    stubFetch({ '/wps/system/status': () => systemStatus() });
    const second = renderShell(<SideBar />);
    await screen.findByTestId('side-socials');
    expect(screen.queryByTestId('side-invite')).toBeNull();
    second.unmount();
    sessionStorage.removeItem('settings');

    const referral = systemStatus();
    referral.info.whitelabel.childrenNodes[1]!.childrenNodes[0]!.enabled = '1';
    stubFetch({ '/wps/system/status': () => referral });
    renderShell(<SideBar />);
    fireEvent.click(await screen.findByTestId('side-invite'));
    expect(useUiStore.getState().memberCentre).toEqual({ show: true, page: 'referral' });
  });
});
