import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Limits } from '@app/contract';
import { setupShell } from '../../test/shell-harness.tsx';
import { Modal, useModalClose } from './modal.tsx';

function Opener({ children }: { children: (close: () => void) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      {open ? children(() => setOpen(false)) : null}
    </>
  );
}

function InnerOk() {
  const close = useModalClose();
  return (
    <button type="button" onClick={close}>
      OK inside
    </button>
  );
}

describe('generic modal', () => {
  beforeAll(() => setupShell());
  afterEach(() => vi.useRealTimers());

  it('NM-14 NM-17 has a close button, an optional title and background, and is 200 x 200 by default', () => {
    const { unmount } = render(
      <Modal onClose={() => {}} ariaLabel="Plain">
        <p>Body</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Plain' });
    expect(Limits.modalDefaultSize).toEqual({ width: 200, height: 200 });
    expect(dialog.style.width).toBe('200px');
    expect(dialog.style.height).toBe('200px');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(dialog.querySelector('h2')).toBeNull();
    unmount();

    render(
      <Modal onClose={() => {}} title="Announcement" background="rgb(1, 2, 3)" width={640} height="auto">
        <p>Body</p>
      </Modal>,
    );
    const titled = screen.getByRole('dialog', { name: 'Announcement' });
    expect(titled.style.background).toContain('rgb(1, 2, 3)');
    expect(titled.style.width).toBe('640px');
    expect(titled).toHaveAttribute('aria-modal', 'true');
  });

  it('NM-15 opening fixes the page scroll position and closing restores it', () => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 340 });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<Opener>{(close) => <Modal onClose={close} ariaLabel="Scroll" />}</Opener>);
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    expect(document.body.style.position).toBe('fixed');
    expect(document.body.style.top).toBe('-340px');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(Limits.modalCloseDelayMs));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.position).toBe('');
    expect(scrollTo).toHaveBeenCalledWith(0, 340);
  });

  it('NM-16 closing takes 100 ms', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Opener>{(close) => <Modal onClose={() => (onClose(), close())} ariaLabel="Delay" />}</Opener>);
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(99));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('NM-18 traps focus, closes on Escape and returns focus to the opener', () => {
    vi.useFakeTimers();
    render(
      <Opener>
        {(close) => (
          <Modal onClose={close} title="Keyboard">
            <input aria-label="First field" />
            <InnerOk />
          </Modal>
        )}
      </Opener>,
    );
    const opener = screen.getByRole('button', { name: 'Open it' });
    opener.focus();
    fireEvent.click(opener);
    const first = screen.getByRole('textbox', { name: 'First field' });
    const close = screen.getByRole('button', { name: 'Close' });
    const ok = screen.getByRole('button', { name: 'OK inside' });
    expect(document.activeElement).toBe(first);
    // The close button comes first in the DOM; Tab from the last item wraps to it.
    ok.focus();
    fireEvent.keyDown(ok, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(ok);
    fireEvent.keyDown(ok, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(Limits.modalCloseDelayMs));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('holds the focus from the commit that draws it, and gives it back in the one that removes it', async () => {
    // Drawn by an update that is not an input's (a loaded chunk, a timer), outside act: React runs
    // passive effects in a task after the commit, and a key pressed before it reached the page.
    const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = flags.IS_REACT_ACT_ENVIRONMENT;
    flags.IS_REACT_ACT_ENVIRONMENT = false;
    const host = document.createElement('div');
    document.body.append(host);
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const root = createRoot(host);
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      // Runs as a microtask of the commit's task, before any later task.
      const dialog = document.querySelector('[role="dialog"]');
      seen.push(
        dialog ? String(dialog.contains(document.activeElement)) : String(document.activeElement === opener),
      );
    });
    observer.observe(document.body, { childList: true });
    try {
      root.render(
        <Modal onClose={() => {}} ariaLabel="Drawn later">
          <input aria-label="Field" />
        </Modal>,
      );
      await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
      root.render(null);
      await vi.waitFor(() => expect(seen.length).toBeGreaterThan(1));
      // true: the focus inside the drawn dialog; then true: back on the opener once it is gone.
      expect(seen).toEqual(['true', 'true']);
    } finally {
      observer.disconnect();
      root.unmount();
      host.remove();
      opener.remove();
      scrollTo.mockRestore();
      flags.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('a button inside closes through the same delay', () => {
    vi.useFakeTimers();
    render(
      <Opener>
        {(close) => (
          <Modal onClose={close} ariaLabel="Inner">
            <InnerOk />
          </Modal>
        )}
      </Opener>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    fireEvent.click(screen.getByRole('button', { name: 'OK inside' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(Limits.modalCloseDelayMs));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
