import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { leadingZeroBits, type Challenge } from '@app/contract';
import { setupShell } from '../../test/shell-harness.tsx';
import { i18n } from '../i18n/i18n.ts';
import accounts from '../../locales/accounts/en.json';
import { useSliderChallenge, type ChallengePass } from './slider-challenge.tsx';

/**
 * The slider challenge without a drag (WCAG 2.5.7 dragging movements, 2.1.1 keyboard; decision
 * 050): the handle is a slider that arrows, Home and End move and Enter drops; a click on the
 * track places the piece, the step buttons move it, "Check" drops it; and the proof-of-work
 * alternative passes it with nothing to see or move.
 */
const verified: Record<string, unknown>[] = [];
const challenge: Challenge = {
  challengeId: 'c1',
  background: '',
  piece: '',
  y: 20,
  width: 300,
  height: 150,
  pieceSize: 50,
  expiresAt: Date.now() + 60_000,
};
vi.mock('../http/client.ts', () => ({
  call: (ref: { id: string }, opts: { body?: Record<string, unknown> }) => {
    if (ref.id === 'getChallenge') return Promise.resolve(challenge);
    if (ref.id === 'getCaptchaCheck') return Promise.resolve({ salt: 's', bits: 6, expiresAt: 0 });
    if (ref.id === 'verifyChallenge') {
      verified.push(opts.body!);
      return Promise.resolve({ challengeId: 'c1', challengeToken: 'tok', message: 'ok' });
    }
    return Promise.reject(new Error(`unexpected ${ref.id}`));
  },
}));

beforeAll(async () => {
  // jsdom has no pointer capture; the handle asks for it when pressed.
  Element.prototype.setPointerCapture ??= () => undefined;
  await setupShell();
  i18n.addResourceBundle('en', 'accounts', accounts);
});
beforeEach(() => {
  verified.length = 0;
});

function Harness({ onPass }: { onPass: (p: ChallengePass | null) => void }) {
  const { run, element } = useSliderChallenge();
  return (
    <>
      <button type="button" onClick={() => void run('login').then(onPass)}>
        open
      </button>
      {element}
    </>
  );
}

async function open() {
  const onPass = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness onPass={onPass} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByText('open'));
  const handle = await screen.findByRole('slider');
  return { onPass, handle };
}

describe('the slider challenge without dragging', () => {
  it('the handle is a named slider: arrows, Home and End move it, its value follows, Enter drops the piece', async () => {
    const { handle, onPass } = await open();
    expect(handle).toHaveAccessibleName('Slider: move the piece with the arrow keys, then press Enter');
    expect(handle).toHaveAttribute('aria-valuemin', '0');
    expect(handle).toHaveAttribute('aria-valuemax', '250');
    expect(handle).toHaveAttribute('aria-valuenow', '0');
    fireEvent.keyDown(handle, { key: 'End' });
    expect(handle).toHaveAttribute('aria-valuenow', '250');
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(handle).toHaveAttribute('aria-valuenow', '0');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    expect(handle).toHaveAttribute('aria-valuenow', '24');
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle).toHaveAttribute('aria-valuenow', '20');
    await new Promise((r) => setTimeout(r, 5));
    await act(async () => {
      fireEvent.keyDown(handle, { key: 'Enter' });
    });
    await waitFor(() => expect(verified).toHaveLength(1));
    expect(verified[0]).toMatchObject({ challengeId: 'c1', x: 20, trail: [0, 250, 0, 4, 24, 20] });
    expect(verified[0]!.proof).toBeUndefined();
    await waitFor(() => expect(onPass).toHaveBeenCalledWith({ challengeId: 'c1', challengeToken: 'tok' }));
  });

  it('one pointer: a click on the track places the piece, the step buttons move it, Check drops it', async () => {
    const { handle } = await open();
    const track = screen.getByTestId('challenge-track');
    const check = screen.getByRole('button', { name: 'Check' });
    expect(check).toBeDisabled();
    // jsdom lays nothing out: the track's left edge is 0, so a click at 125 puts the middle there.
    fireEvent.pointerDown(track, { clientX: 125 });
    expect(handle).toHaveAttribute('aria-valuenow', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Move the piece right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move the piece right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move the piece left' }));
    expect(handle).toHaveAttribute('aria-valuenow', '104');
    // A click on the handle itself is no placement.
    fireEvent.pointerDown(handle, { clientX: 10, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(handle).toHaveAttribute('aria-valuenow', '104');
    await act(async () => {
      fireEvent.click(check);
    });
    await waitFor(() => expect(verified).toHaveLength(1));
    expect(verified[0]).toMatchObject({ challengeId: 'c1', x: 104, trail: [0, 100, 104, 108, 104] });
  });

  it('a single placement sends no trail (it is none), and the piece never leaves the track', async () => {
    const { handle } = await open();
    fireEvent.pointerDown(screen.getByTestId('challenge-track'), { clientX: 900 });
    expect(handle).toHaveAttribute('aria-valuenow', '250');
    fireEvent.click(screen.getByRole('button', { name: 'Move the piece right' }));
    expect(handle).toHaveAttribute('aria-valuenow', '250');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    });
    await waitFor(() => expect(verified).toHaveLength(1));
    expect(verified[0]).toMatchObject({ x: 250 });
    expect(verified[0]!.trail).toBeUndefined();
  });

  it('"No picture: check me another way" passes by a proof of work on the server\'s check', async () => {
    const { onPass } = await open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'No picture: check me another way' }));
    });
    await waitFor(() => expect(verified).toHaveLength(1));
    const proof = String(verified[0]!.proof);
    expect(proof).toMatch(/^\d+$/);
    const digest = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`s:${proof}`)),
    );
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(6);
    await waitFor(() => expect(onPass).toHaveBeenCalledWith({ challengeId: 'c1', challengeToken: 'tok' }));
  });
});
