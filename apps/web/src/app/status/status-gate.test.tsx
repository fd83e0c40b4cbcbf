import { screen } from '@testing-library/react';
import { useQuery } from '../../shared/http/use-query.ts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { domainRouteQuery, registerRulesQuery } from '../../shared/system/system-status.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { StatusGate } from './status-gate.tsx';

describe('system status', () => {
  beforeAll(() => setupShell());
  afterEach(() => vi.restoreAllMocks());

  it('SY-12 SY-06 status 0 renders the app; the call sends the page host as url', async () => {
    const { requests } = stubFetch({ '/wps/system/status': () => systemStatus({ status: 0 }) });
    renderShell(
      <StatusGate>
        <p>The app itself</p>
      </StatusGate>,
    );
    expect(await screen.findByText('The app itself')).toBeInTheDocument();
    expect(requests[0]!.url.searchParams.get('url')).toBe(window.location.host);
  });

  it('SY-13 SY-15 ER-43 status 1 shows the maintenance page with its end time and contact us', async () => {
    const end = Date.now() + 3 * 3600_000;
    stubFetch({
      '/wps/system/status': () => systemStatus({ status: 1, maintenance: true, maintenanceEnd: end }),
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderShell(
      <StatusGate>
        <p>The app itself</p>
      </StatusGate>,
    );
    expect(await screen.findByRole('heading', { name: 'System Maintenance' })).toBeInTheDocument();
    expect(screen.getByText('We are currently performing a system maintenance')).toBeInTheDocument();
    expect(screen.getByTestId('maintenance-end')).toHaveTextContent(formatNoticeDate(end));
    expect(screen.getByRole('timer')).toHaveTextContent(/02|03/);
    expect(screen.queryByText('The app itself')).toBeNull();
    screen.getByRole('button', { name: 'Contact us' }).click();
    expect(open).toHaveBeenCalledWith(
      'about:blank',
      'customerService',
      expect.stringContaining('width=440,height=500'),
    );
  });

  it('SY-15 without an end time the maintenance page shows no end time', async () => {
    stubFetch({
      '/wps/system/status': () => systemStatus({ status: 1, maintenance: true, maintenanceEnd: null }),
    });
    renderShell(
      <StatusGate>
        <p>The app itself</p>
      </StatusGate>,
    );
    expect(await screen.findByRole('heading', { name: 'System Maintenance' })).toBeInTheDocument();
    expect(screen.queryByTestId('maintenance-end')).toBeNull();
    expect(screen.getByRole('button', { name: 'Contact us' })).toBeInTheDocument();
  });

  it('SY-14 SY-16 ER-44 status 2 shows the region page with IP, country and contact us', async () => {
    stubFetch({
      '/wps/system/status': () =>
        systemStatus({ status: 2, regionRestriction: true, location: { ip: '8.8.8.8', country: 'US' } }),
    });
    renderShell(
      <StatusGate>
        <p>The app itself</p>
      </StatusGate>,
    );
    expect(await screen.findByRole('heading', { name: 'IP Restriction' })).toBeInTheDocument();
    expect(screen.getByText(/location or IP address is not allowed/)).toBeInTheDocument();
    expect(screen.getByTestId('region-ip')).toHaveTextContent('8.8.8.8');
    expect(screen.getByTestId('region-country')).toHaveTextContent(/US/);
    expect(screen.getByRole('button', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.queryByText('The app itself')).toBeNull();
  });

  it('BC-02 the settings (system status) are cached in session storage', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus({ status: 0 }) });
    renderShell(
      <StatusGate>
        <p>The app itself</p>
      </StatusGate>,
    );
    await screen.findByText('The app itself');
    const stored = JSON.parse(sessionStorage.getItem('settings') ?? 'null') as {
      data: { status: number; location: unknown };
    };
    expect(stored.data.status).toBe(0);
    expect(stored.data.location).toEqual({ ip: '8.8.8.8', country: 'US' });
  });

  it('BC-03 BC-04 validate rules and routers are cached in session storage', async () => {
    const rule = {
      enabled: true,
      required: true,
      acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
      patternId: 1,
      minLength: 6,
      maxLength: 16,
    };
    stubFetch({
      '/wps/system/setting/register': () => ({ username: rule }),
      '/wps/system/domainRoute': () => ({
        domainList: [{ domainName: 'a.example', speed: 42 }],
        customerService: [],
        resources: [],
      }),
    });
    function Probe() {
      const rules = useQuery(registerRulesQuery);
      const routes = useQuery(domainRouteQuery);
      return <p>{rules.data && routes.data ? `ready ${routes.data.domainList[0]!.speed}` : 'waiting'}</p>;
    }
    renderShell(<Probe />);
    // The client sets each domain's speed to 0 (SY-20).
    expect(await screen.findByText('ready 0')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('validateRules')!).data).toEqual({ username: rule });
    expect(JSON.parse(sessionStorage.getItem('routers')!).data.domainList).toEqual([
      { domainName: 'a.example', speed: 0 },
    ]);
  });
});
