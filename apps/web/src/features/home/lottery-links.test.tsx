import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  announcements,
  renderShell,
  setupShell,
  stubFetch,
  systemStatus,
} from '../../test/shell-harness.tsx';
import { gameTypePages, gameTypes } from '../../shared/navigation/game-types.ts';
import { GameNavItems } from '../games/index.ts';
import { HomePage } from './home-page.tsx';

/** Every link's target, by its accessible name, in `root`. */
const hrefs = (root: HTMLElement) =>
  within(root)
    .getAllByRole('link')
    .map((a) => [a.textContent?.trim(), a.getAttribute('href')]);

describe('the links named Lottery lead to the lottery page (issue #28: they led to /elott)', () => {
  beforeAll(() => setupShell());
  afterEach(() => sessionStorage.clear());

  it("the home page's Lottery tile links /lottery; no home tile links the e-lottery page", async () => {
    stubFetch({
      '/wps/system/status': () => systemStatus(),
      '/wps/relay/MCSFE_getListAnnouncements': () => announcements(),
    });
    renderShell(<HomePage />);
    const tiles = await screen.findByRole('region', { name: 'Play now' });
    const links = hrefs(tiles);
    expect(links.find(([name]) => name?.startsWith('Lottery'))?.[1]).toBe('/lottery');
    expect(links.map(([, href]) => href)).not.toContain('/elott');
  });

  it("the header's stand-in items, shown until the vendor data is in, link Lottery to /lottery", () => {
    // The vendor data and the games strings still on their way: the stand-ins show.
    globalThis.fetch = () => new Promise<Response>(() => undefined);
    const { container } = renderShell(
      <ul>
        <GameNavItems navClass={() => undefined} />
      </ul>,
    );
    expect(hrefs(container)).toEqual([
      ['Live casino', '/live'],
      ['Slots', '/rng'],
      ['Fishing', '/fish'],
      ['Sports', '/sports'],
      ['E-sports', '/esports'],
      ['Lottery', '/lottery'],
      ['Cards', '/pvp'],
    ]);
  });

  it('the game-type list of the stand-ins and the not-found and game-frame pages has Lottery at /lottery, while category navigation keeps LOTT at /elott (NC-16)', () => {
    expect(gameTypes.find((g) => g.type === 'LOTT')).toMatchObject({
      path: '/lottery',
      labelKey: 'nav_lott',
    });
    expect(gameTypePages.LOTT!.path).toBe('/elott');
    expect(gameTypePages.ELOTT!.path).toBe('/elott');
  });
});
