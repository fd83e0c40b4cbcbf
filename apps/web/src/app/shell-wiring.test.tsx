import { lazy, Suspense } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Modal } from '../shared/ui/modal.tsx';
import { clearSession } from '../shared/session/session.ts';
import { setupShell, withQuery } from '../test/shell-harness.tsx';
import { RouteErrorBoundary } from './errors/error-pages.tsx';
import { ChunkLoadError, withChunkTimeout } from '../shared/shell/lazy-route.ts';
import { ModalHost } from './modal-host.tsx';
import { registeredModals, registerModal } from '../shared/shell/modal-registry.ts';
import { registerFeatures } from './registrations.ts';
import { registerOver } from './register-route.tsx';
import { gateDecision } from '../shared/shell/use-gate.ts';
import { ModalKeys, useUiStore } from '../shared/shell/ui-store.ts';

function Greeting({ params, onClose }: { params: { name: string }; onClose: () => void }) {
  return (
    <Modal onClose={onClose} title={`Hello ${params.name}`}>
      <p>registered body</p>
    </Modal>
  );
}

describe('shell wiring', () => {
  beforeAll(() => setupShell());
  afterEach(() => {
    useUiStore.setState({ modals: [] });
    clearSession();
  });

  it('NM-13 the app registers login popup, register, forgot password, change expired password and notice modals', () => {
    registerFeatures();
    expect(registeredModals()).toEqual(
      expect.arrayContaining([
        ModalKeys.loginPopup,
        ModalKeys.register,
        ModalKeys.forgotPassword,
        ModalKeys.changeExpiredPassword,
        ModalKeys.notice,
      ]),
    );
    expect(Object.values(ModalKeys)).toEqual(
      expect.arrayContaining([
        'loginPopupModal',
        'register',
        'forgotPassword',
        'changeExpiredPassword',
        'noticeModal',
      ]),
    );
  });

  it('a registered modal opens lazily from the UI store with its parameters and closes', async () => {
    registerModal('greeting', () => Promise.resolve({ default: Greeting as never }));
    render(withQuery(<ModalHost />));
    act(() => useUiStore.getState().openModal('greeting', { name: 'Lotus' }));
    expect(await screen.findByRole('dialog', { name: 'Hello Lotus' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(useUiStore.getState().modals).toEqual([]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('SH-03 /register shows home with the register dialog opened; closing it leaves for /', async () => {
    const Home = () => <p>Home page content</p>;
    const router = createMemoryRouter(
      [
        { path: '/register', Component: registerOver(Home) },
        { path: '/', Component: Home },
      ],
      { initialEntries: ['/register'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Home page content')).toBeInTheDocument();
    expect(useUiStore.getState().modals.map((m) => m.key)).toEqual(['register']);
    act(() => useUiStore.getState().closeModal('register'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('SH-37 ER-19 a page chunk that fails ends in the load-failure page with a retry', async () => {
    // As a page route renders its chunk (routes.tsx): a lazy component under the routes' boundary.
    const Page = lazy(() => withChunkTimeout(() => Promise.reject(new ChunkLoadError('timeout'))));
    render(
      <MemoryRouter>
        <RouteErrorBoundary resetKey="/">
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('chunk-error-page')).toHaveTextContent(
      'The page took too long to load. Please check your network or contact customer service.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('gated actions: the login popup without a token, a warning for trial accounts', () => {
    expect(gateDecision(null, null)).toBe('login');
    expect(gateDecision('t', 4)).toBe('refused');
    expect(gateDecision('t', 4, 'member', true)).toBe('ok');
    expect(gateDecision('t', 0)).toBe('ok');
    expect(gateDecision('t', 0, 'agent')).toBe('refused');
    for (const type of [1, 2, 41, 42]) expect(gateDecision('t', type, 'agent')).toBe('ok');
  });
});
