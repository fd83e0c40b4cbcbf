import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentAnnouncement } from '@app/contract';
import accountsEn from '../../locales/accounts/en.json';
import agentEn from '../../locales/agent/en.json';
import recordsEn from '../../locales/records/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { newQueryClient, renderShell, setupShell, stubFetch } from '../../test/shell-harness.tsx';
import { ANNOUNCEMENT_PAGE_SIZE, AnnouncementPage } from './announcement-page.tsx';
import { AGENT_NS } from './strings.ts';

const LOADING = { timeout: 10_000 };
const path = '/wps/agent/announcements';

/** Twelve announcements for agents, newest first, the first carrying script the page must not run. */
const all: AgentAnnouncement[] = Array.from({ length: 12 }, (_, i) => ({
  id: 100 - i,
  title: `Agents notice ${i + 1}`,
  content:
    i === 0
      ? '<p>Rebates <b>every few seconds</b></p><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script><a href="javascript:alert(1)">bad</a>'
      : `<p>Body of notice ${i + 1}</p>`,
  time: Date.UTC(2026, 10, 20 - i, 8),
}));

function stubAnnouncements(list: AgentAnnouncement[] = all) {
  return stubFetch({
    [path]: (url) => {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      return { list: list.slice((page - 1) * size, page * size), total: list.length, page, size };
    },
  });
}

const titleButtons = () =>
  within(screen.getByRole('list', { name: 'Announcement titles' })).getAllByRole('button');
const titles = () => titleButtons().map((b) => b.querySelector('span')!.textContent);
const titleButton = (title: string) =>
  titleButtons().find((b) => b.querySelector('span')!.textContent === title)!;

describe('the agent announcement page', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', AGENT_NS, agentEn);
    i18n.addResourceBundle('en', 'records', recordsEn);
  });
  beforeEach(() => {
    saveSession({ token: 'tok', agentType: 1 });
    delete (window as { __pwned?: number }).__pwned;
  });

  it('issue 29 asks GET /wps/agent/announcements for a page, shows the title list and the newest one open, its HTML sanitised (NM-12)', async () => {
    const { requests } = stubAnnouncements();
    renderShell(<AnnouncementPage />);
    expect(screen.getByTestId('agent-loading')).toBeTruthy();
    const body = await screen.findByTestId('agent-announcement-body', {}, LOADING);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.pathname).toBe(path);
    expect(requests[0]!.url.searchParams.get('page')).toBe('1');
    expect(requests[0]!.url.searchParams.get('size')).toBe(String(ANNOUNCEMENT_PAGE_SIZE));
    expect(requests[0]!.init?.headers).toMatchObject({ Authorization: 'tok' });

    expect(titles()).toEqual(all.slice(0, ANNOUNCEMENT_PAGE_SIZE).map((n) => n.title));
    const list = screen.getByRole('list', { name: 'Announcement titles' });
    expect(within(list).getAllByRole('button')[0]).toHaveAttribute('aria-current', 'true');
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent('2026-11-20');
    expect(within(body).getByRole('heading')).toHaveTextContent('Agents notice 1');
    expect(body).toHaveTextContent('Rebates every few seconds');
    expect(body.querySelector('b')).toHaveTextContent('every few seconds');
    // NM-12: no script, no handler, no javascript: link survives; none of it ran.
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
    expect(within(body).getByText('bad').getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('issue 29 choosing a title opens its content', async () => {
    stubAnnouncements();
    renderShell(<AnnouncementPage />);
    await screen.findByTestId('agent-announcement-body', {}, LOADING);
    fireEvent.click(titleButton('Agents notice 3'));
    const body = screen.getByTestId('agent-announcement-body');
    expect(within(body).getByRole('heading')).toHaveTextContent('Agents notice 3');
    expect(body).toHaveTextContent('Body of notice 3');
    expect(titleButton('Agents notice 3')).toHaveAttribute('aria-current', 'true');
    expect(titleButton('Agents notice 1')).not.toHaveAttribute('aria-current');
    // The way back to the list (shown where list and text stack) clears the choice.
    fireEvent.click(within(body).getByRole('button', { name: 'All announcements' }));
    expect(within(screen.getByTestId('agent-announcement-body')).getByRole('heading')).toHaveTextContent(
      'Agents notice 1',
    );
  });

  it('issue 29 pages on the server: the count, page 1 of 2, the next page asked for and shown', async () => {
    const { requests } = stubAnnouncements();
    renderShell(<AnnouncementPage />);
    await screen.findByTestId('agent-announcement-body', {}, LOADING);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('12 records');
    expect(pager).toHaveTextContent('1 / 2');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(titles()).toEqual(['Agents notice 11', 'Agents notice 12']), LOADING);
    expect(requests.at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(within(screen.getByTestId('agent-announcement-body')).getByRole('heading')).toHaveTextContent(
      'Agents notice 11',
    );
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('2 / 2');
  });

  it('a page that no longer exists (the operator withdrew notices meanwhile) falls back to the last page', async () => {
    const list = [...all];
    const { requests } = stubAnnouncements(list);
    const client = newQueryClient();
    renderShell(<AnnouncementPage />, { client });
    await screen.findByTestId('agent-announcement-body', {}, LOADING);
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next page' }),
    );
    await waitFor(() => expect(titles()).toEqual(['Agents notice 11', 'Agents notice 12']), LOADING);
    list.splice(8);
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(titles()).toEqual(list.map((n) => n.title)), LOADING);
    expect(requests.at(-1)!.url.searchParams.get('page')).toBe('1');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('8 records');
  });

  it('issue 29 with no announcement for agents it says "No announcement"', async () => {
    stubAnnouncements([]);
    renderShell(<AnnouncementPage />);
    const empty = await screen.findByTestId('agent-empty', {}, LOADING);
    expect(empty).toHaveTextContent('No announcement');
    expect(empty).toHaveTextContent('Notices the operator publishes for agents appear here.');
  });

  it('a failed read says so with a retry, which reads again', async () => {
    let fail = true;
    const { requests } = stubFetch({
      [path]: () =>
        fail
          ? new Response(JSON.stringify({ success: false, errorCode: 'system.error', message: 'boom' }), {
              status: 500,
            })
          : { list: all.slice(0, 1), total: 1, page: 1, size: ANNOUNCEMENT_PAGE_SIZE },
    });
    renderShell(<AnnouncementPage />);
    const error = await screen.findByTestId('agent-error', {}, LOADING);
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: /Retry/i }));
    const body = await screen.findByTestId('agent-announcement-body', {}, LOADING);
    expect(within(body).getByRole('heading')).toHaveTextContent('Agents notice 1');
    expect(requests).toHaveLength(2);
  });

  it('ER-28 ER-29 the server\'s refusal (agent.only) reads "Non-agents cannot log in" / "Please contact your agent"', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    stubFetch({
      [path]: () =>
        new Response(
          JSON.stringify({
            success: false,
            errorCode: 'agent.only',
            message: 'Non-agents cannot log in. Please contact your agent',
          }),
          { status: 403 },
        ),
    });
    renderShell(<AnnouncementPage />);
    const refusal = await screen.findByTestId('agent-refusal', {}, LOADING);
    expect(within(refusal).getByText('Non-agents cannot log in')).toBeVisible();
    expect(within(refusal).getByText('Please contact your agent')).toBeVisible();
  });
});
