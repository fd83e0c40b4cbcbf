import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { tokenStore } from '../api/client.ts';
import { authProvider } from '../auth/auth-provider.ts';
import { routerProvider } from '../router-provider.tsx';
import { IDLE_MS, useIdleOut } from './idle.ts';

function Console() {
  useIdleOut();
  return <p>console open</p>;
}

function SignIn() {
  const { search } = useLocation();
  return <p>sign-in {search}</p>;
}

/**
 * The console's own idle clock: past the server's idle time since the last call that went
 * through, the tab is signed out and sent to sign-in saying why, without a logout call (the session
 * is gone on the server already). No server runs here: Refine's own check of the session on start
 * fails to reach one, which keeps the tab signed in until the clock says otherwise.
 */
describe('idle-out', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the tab to sign-in after 15 minutes without a call, and not before', async () => {
    vi.useFakeTimers({ now: Date.now() + 1000 });
    tokenStore.set('a-token-of-this-tab');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(
      <MemoryRouter initialEntries={['/']}>
        <Refine
          authProvider={authProvider}
          routerProvider={routerProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
          }}
        >
          <Routes>
            <Route path="/" element={<Console />} />
            <Route path="/signin" element={<SignIn />} />
          </Routes>
        </Refine>
      </MemoryRouter>,
    );
    expect(screen.getByText('console open')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(IDLE_MS - 60_000));
    expect(screen.getByText('console open')).toBeInTheDocument();
    expect(tokenStore.get()).toBe('a-token-of-this-tab');

    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(screen.getByText('sign-in ?reason=idle')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
    // The session is gone on the server already: no logout call is sent for it.
    expect(fetchSpy.mock.calls.map((c) => String(c[0]))).not.toContain('/bo/api/session/logout');
  });
});
