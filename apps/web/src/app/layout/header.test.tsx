import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { clearSession, saveSession } from '../../shared/session/session.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { AuthArea } from './auth-area.tsx';
import { Clock } from './clock.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { hiddenEnds } from './site-header.tsx';

describe('header', () => {
  beforeAll(() => setupShell());
  afterEach(() => {
    vi.useRealTimers();
    clearSession();
    useUiStore.setState({ modals: [] });
  });

  it('the navigation strip knows which of its ends hide items, left to right and right to left (issue 34: "LIVE C" cut at a phone\'s edge)', () => {
    const strip = (scrollLeft: number, scrollWidth = 900, clientWidth = 390) => ({
      scrollLeft,
      scrollWidth,
      clientWidth,
    });
    expect(hiddenEnds(strip(0, 390))).toBeUndefined(); // everything fits
    expect(hiddenEnds(strip(0))).toBe('end');
    expect(hiddenEnds(strip(200))).toBe('both');
    expect(hiddenEnds(strip(510))).toBe('start');
    // Right to left the strip scrolls to negative positions: the same ends, by distance from the start.
    expect(hiddenEnds(strip(-200))).toBe('both');
    expect(hiddenEnds(strip(-510))).toBe('start');
    // A fraction of a pixel left by zoom is not a hidden item.
    expect(hiddenEnds(strip(0.5, 390.6))).toBeUndefined();
  });

  it('SH-26 the clock shows MM / DD YYYY HH:mm:ss with the GMT offset and ticks every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 21, 9, 30, 15, 0));
    render(<Clock />);
    const clock = screen.getByTestId('header-clock');
    expect(clock.textContent).toMatch(/^11 \/ 21 2026 09:30:15 GMT[+-]\d{2}:\d{2}$/);
    act(() => vi.advanceTimersByTime(1000));
    expect(clock.textContent).toContain('09:30:16');
    act(() => vi.advanceTimersByTime(3000));
    expect(clock.textContent).toContain('09:30:19');
  });

  it('SH-27 SH-28 logged out: login and register buttons; register only with DIRECTREG3 on', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus() });
    renderShell(<AuthArea showBalance />);
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(useUiStore.getState().modals.map((m) => m.key)).toEqual(['loginPopupModal']);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(useUiStore.getState().modals.map((m) => m.key)).toContain('register');
  });

  it('SH-28 the register button is hidden when DIRECTREG3 is off', async () => {
    const off = systemStatus();
    off.info.whitelabel.childrenNodes[0]!.childrenNodes[0]!.enabled = '0';
    stubFetch({ '/wps/system/status': () => off });
    renderShell(<AuthArea showBalance />);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    // Wait for the status to arrive, then the register button must still be absent.
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('SH-27 logged in: the member bar instead of the buttons', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus() });
    saveSession({ token: 'tok', agentType: 0 });
    renderShell(<AuthArea showBalance />);
    expect(await screen.findByTestId('member-bar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('LN-03 the language picker lists CN, EN, JA, TH, VI, TY, PT', async () => {
    render(<LanguagePicker />);
    fireEvent.click(screen.getByRole('button', { name: /Language: EN/ }));
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((i) => i.querySelector('span')?.textContent)).toEqual([
      'CN',
      'EN',
      'JA',
      'TH',
      'VI',
      'TY',
      'PT',
    ]);
    expect(items[1]).toHaveAttribute('aria-checked', 'true');
    fireEvent.keyDown(items[1]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
