import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupShell } from '../../test/shell-harness.tsx';
import { setupHouse } from '../../test/house-harness.tsx';
import { i18n } from '../../shared/i18n/i18n.ts';
import { LOBBY_ORIGINALS, OriginalsRow } from './originals-row.tsx';

describe('the originals row while its catalogues load', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('is inert with no words until its catalogues are in, then every card is a named button', async () => {
    await setupShell();
    // The row's catalogues are on their way (a fetch that has not answered yet).
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    expect(i18n.hasLoaded('originals')).toBe(false);
    const router = createMemoryRouter([{ path: '/', element: <OriginalsRow /> }]);
    render(<RouterProvider router={router} />);
    const row = screen.getByTestId('originals-row');
    // Loading: no raw key shown, and no nameless button offered to a screen reader or the keyboard.
    expect(row.hasAttribute('inert')).toBe(true);
    expect(row.getAttribute('aria-busy')).toBe('true');
    expect(row.textContent).not.toMatch(/row_|game_/);
    // (jsdom's queries do not read inert; browsers and axe leave an inert subtree out.)
    for (const card of row.querySelectorAll('button')) expect(card.closest('[inert]')).toBe(row);

    // The catalogues arrive.
    await setupHouse();
    await waitFor(() => expect(row.hasAttribute('inert')).toBe(false));
    expect(row.getAttribute('aria-busy')).toBe('false');
    const cards = screen.getAllByRole('button');
    expect(cards).toHaveLength(LOBBY_ORIGINALS.length);
    expect(screen.getByRole('button', { name: /Dice/ })).toBe(screen.getByTestId('original-card-dice'));
    for (const card of cards) expect(card.textContent?.trim()).not.toBe('');
  });
});
