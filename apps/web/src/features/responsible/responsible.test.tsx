import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import pagesEn from '../../locales/pages/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { LAST_LOGIN_NOTICE_MS, RealityCheck } from './reality-check.tsx';
import { sessionEnd, warningLeadMs } from './session-expiry.tsx';
import { ResponsiblePage } from './responsible-page.tsx';

const settings = (over: Record<string, unknown> = {}) => ({
  limits: [
    {
      kind: 'deposit',
      period: 'day',
      amount: 100,
      used: 40,
      pending: { amount: 500, from: Date.UTC(2026, 10, 30, 12) },
      periodStart: Date.UTC(2026, 10, 29),
    },
  ],
  sessionLimit: null,
  realityCheckMinutes: 15,
  block: null,
  timeZone: 'UTC',
  ...over,
});
const statement = {
  period: 'day',
  timeZone: 'UTC',
  rows: [
    {
      from: Date.UTC(2026, 10, 29),
      to: Date.UTC(2026, 10, 30),
      deposits: 50,
      withdrawals: 0,
      bets: 30,
      wins: 12,
      net: -18,
    },
  ],
};

/** A new session whose previous login was from `ip`, the only status the shell reads. */
function lastLoginSession(token: string, ip: string) {
  sessionStorage.clear();
  saveSession({ token, agentType: 0 });
  stubFetch({
    '/wps/system/status': () => systemStatus(),
    '/wps/responsible/status': () => ({
      sessionStartedAt: Date.now() - 60_000,
      now: Date.now(),
      net: -5,
      wagered: 10,
      realityCheckMinutes: null,
      sessionEndsAt: null,
      lastLogin: { at: Date.UTC(2026, 10, 28, 9, 30), ip },
    }),
  });
}

describe('responsible gaming page', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'pages', pagesEn);
  });

  it('shows each limit with its use and its pending raise (cancellable), and sends a new limit', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const { requests } = stubFetch({
      '/wps/system/status': () => systemStatus(),
      '/wps/responsible/settings': () => settings(),
      '/wps/responsible/statement': () => statement,
      '/wps/responsible/limit': () => settings(),
      '/wps/responsible/limit/cancel': () =>
        settings({ limits: [{ ...settings().limits[0], pending: null }] }),
    });
    renderShell(<ResponsiblePage />);
    const row = await screen.findByTestId('rg-limit-deposit-day');
    expect(row).toHaveTextContent('Deposit · Daily');
    expect(row).toHaveTextContent('100.00');
    expect(row).toHaveTextContent('40.00');
    expect(row).toHaveTextContent('500.00 from');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('rg-limit-deposit-day')).not.toHaveTextContent('500.00'));
    expect(await screen.findByTestId('rg-statement')).toHaveTextContent('-18.00');

    const form = screen.getByRole('form', { name: 'Set a limit' });
    fireEvent.change(form.querySelector('select[name="kind"]')!, { target: { value: 'loss' } });
    fireEvent.change(form.querySelector('input[name="amount"]')!, { target: { value: '75' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await screen.findByText('Saved');
    const sent = requests.find((r) => r.url.pathname === '/wps/responsible/limit')!;
    expect(JSON.parse(String(sent.init!.body))).toEqual({ kind: 'loss', period: 'day', amount: '75' });
  });

  it('the time-out waits for the confirmation box', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    stubFetch({
      '/wps/system/status': () => systemStatus(),
      '/wps/responsible/settings': () => settings(),
      '/wps/responsible/statement': () => statement,
    });
    renderShell(<ResponsiblePage />);
    const start = await screen.findByRole('button', { name: 'Start time-out' });
    expect(start).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(start).toBeEnabled();
  });

  it('shows the previous login once after login', async () => {
    lastLoginSession('tok-last-login-1234', '203.0.113.7');
    renderShell(<RealityCheck />);
    expect(await screen.findByTestId('rg-last-login')).toHaveTextContent('203.0.113.7');
  });

  it('the previous-login notice closes itself, but not while the pointer or focus is on it', async () => {
    lastLoginSession('tok-last-login-5678', '203.0.113.8');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderShell(<RealityCheck />);
      const notice = await screen.findByTestId('rg-last-login');
      fireEvent.pointerEnter(notice);
      act(() => vi.advanceTimersByTime(LAST_LOGIN_NOTICE_MS * 3));
      expect(screen.getByTestId('rg-last-login')).toBeInTheDocument();
      fireEvent.pointerLeave(notice);
      fireEvent.focus(screen.getByRole('button', { name: 'OK' }));
      act(() => vi.advanceTimersByTime(LAST_LOGIN_NOTICE_MS * 3));
      expect(screen.getByTestId('rg-last-login')).toBeInTheDocument();
      fireEvent.blur(screen.getByRole('button', { name: 'OK' }));
      act(() => vi.advanceTimersByTime(LAST_LOGIN_NOTICE_MS - 1_000));
      expect(screen.getByTestId('rg-last-login')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.queryByTestId('rg-last-login')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the time-out warning comes at least 20 seconds before the server ends the session, idle or at its limit', () => {
    for (const idleMinutes of [1, 2, 5, 30, 120]) {
      const idleMs = idleMinutes * 60_000;
      const lastCall = 1_000_000;
      // The server extends at most once per step: its real end is no earlier than a step before.
      const realEnd = lastCall - Math.min(60_000, idleMs / 4) + idleMs;
      const end = sessionEnd({ idleMs, absoluteEndsAt: undefined, now: 0 }, lastCall, 0)!;
      expect(end.why).toBe('idle');
      expect(end.at).toBeLessThanOrEqual(realEnd);
      expect(realEnd - (end.at - warningLeadMs(idleMs))).toBeGreaterThanOrEqual(20_000);
    }
    // The absolute end, in the server's clock (skewed by 5 s here), when it comes first.
    const limit = sessionEnd({ idleMs: 30 * 60_000, absoluteEndsAt: 205_000, now: 105_000 }, 90_000, 100_000);
    expect(limit).toEqual({ at: 200_000, why: 'limit' });
  });

  it('warns of an idle time-out with the seconds left; "Stay logged in" makes a call, which extends the session', async () => {
    sessionStorage.clear();
    saveSession({ token: 'tok-expiry-12345678', agentType: 0 });
    const { requests } = stubFetch({
      '/wps/system/status': () => systemStatus(),
      // An idle time-out of 20 s: the warning is due at once.
      '/wps/responsible/status': () => ({
        sessionStartedAt: Date.now() - 60_000,
        now: Date.now(),
        net: 0,
        wagered: 0,
        realityCheckMinutes: null,
        sessionEndsAt: null,
        lastLogin: null,
        idleMs: 20_000,
        absoluteEndsAt: Date.now() + 3_600_000,
      }),
    });
    renderShell(<RealityCheck />);
    const dialog = await screen.findByTestId('session-expiry');
    expect(dialog).toHaveTextContent(/logged out in 1\d seconds/);
    const before = requests.filter((r) => r.url.pathname === '/wps/responsible/status').length;
    fireEvent.click(screen.getByRole('button', { name: 'Stay logged in' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.url.pathname === '/wps/responsible/status').length).toBeGreaterThan(
        before,
      ),
    );
  });
});
