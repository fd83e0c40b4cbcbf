import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupShell } from '../../test/shell-harness.tsx';
import { i18n } from '../../shared/i18n/i18n.ts';
import { LOBBY_ORIGINALS, OriginalsRow } from './originals-row.tsx';

describe("the originals row's words", () => {
  afterEach(() => vi.unstubAllGlobals());
  it("come with the shell's catalogue: every card a named button at once, and none of the games' catalogues asked for", async () => {
    await setupShell();
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(String(url));
      return new Promise(() => undefined);
    });
    const router = createMemoryRouter([{ path: '/', element: <OriginalsRow /> }]);
    render(<RouterProvider router={router} />);
    const row = screen.getByTestId('originals-row');
    expect(row.hasAttribute('inert')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Originals' })).toBeTruthy();
    const cards = screen.getAllByRole('button');
    expect(cards).toHaveLength(LOBBY_ORIGINALS.length);
    expect(screen.getByRole('button', { name: /Dice/ })).toBe(screen.getByTestId('original-card-dice'));
    expect(screen.getByTestId('original-card-sic-bo').textContent).toMatch(/Sic Bo.*81\.01–97\.22% RTP/);
    expect(screen.getByTestId('original-card-crash').textContent).toMatch(/Crash.*99% RTP/);
    for (const card of cards) expect(card.textContent).not.toMatch(/originals_row|game_/);
    expect(fetched.filter((url) => url.includes('/originals'))).toEqual([]);
    expect(i18n.hasLoaded('originals')).toBe(false);
  });
});
