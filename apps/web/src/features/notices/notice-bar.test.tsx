import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { announcements, renderShell, setupShell, stubFetch } from '../../test/shell-harness.tsx';
import { NoticeBar } from './notice-bar.tsx';

describe('notice bar', () => {
  beforeAll(() => setupShell());

  it('NM-06 scrolls the player notice titles and can be paused', async () => {
    stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': () => announcements() });
    renderShell(<NoticeBar onOpen={() => {}} />);
    const marquee = await screen.findByTestId('notice-marquee');
    const bar = screen.getByRole('region', { name: 'Announcements' });
    // Two copies of the track make the loop seamless; the copy is hidden from assistive tech. The
    // copy, and with it the scrolling, comes once the page is quiet after its first paint.
    expect(marquee.querySelectorAll('ul')).toHaveLength(1);
    expect(marquee).not.toHaveAttribute('data-looping');
    await waitFor(() => expect(marquee).toHaveAttribute('data-looping', 'true'));
    const tracks = marquee.querySelectorAll('ul');
    expect(tracks).toHaveLength(2);
    expect(tracks[1]).toHaveAttribute('aria-hidden', 'true');
    expect(
      within(tracks[0]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(announcements().player.map((n) => n.title));
    const pause = within(bar).getByRole('button', { name: 'Pause the announcements' });
    fireEvent.click(pause);
    expect(within(bar).getByRole('button', { name: 'Resume the announcements' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(marquee.parentElement).toHaveAttribute('data-paused', 'true');
  });

  it('NM-07 clicking a title opens the notice modal at that index', async () => {
    stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': () => announcements() });
    const onOpen = vi.fn();
    renderShell(<NoticeBar onOpen={onOpen} />);
    const first = (await screen.findByTestId('notice-marquee')).querySelector('ul')!;
    fireEvent.click(within(first).getByText('Notice number 5'));
    expect(onOpen).toHaveBeenCalledWith(4);
  });

  it('NM-01 NM-02 asks for types B,PL,PU,PR, platform W and execution B', async () => {
    const { requests } = stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': () => announcements() });
    renderShell(<NoticeBar onOpen={() => {}} />);
    await screen.findByTestId('notice-marquee');
    const params = requests.find((r) => r.url.pathname === '/wps/relay/MCSFE_getListAnnouncements')!.url
      .searchParams;
    expect(Object.fromEntries(params)).toEqual({ types: 'B,PL,PU,PR', platform: 'W', execution: 'B' });
  });

  it('BC-06 the index notices are cached in session storage', async () => {
    stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': () => announcements() });
    renderShell(<NoticeBar onOpen={() => {}} />);
    await screen.findByTestId('notice-marquee');
    const stored = JSON.parse(sessionStorage.getItem('indexNotice') ?? 'null') as {
      data: { player: unknown[] };
    } | null;
    expect(stored?.data.player).toHaveLength(12);
  });
});
