import { useState } from 'react';
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
