import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MerchantWallet } from '@app/contract';
import { saveSession, clearSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch } from '../../test/shell-harness.tsx';
import { useMerchantWallet } from './api.ts';

const multi: MerchantWallet = {
  isSingle: false,
  wallets: [
    { accountTypeId: 0, accountType: 'MAIN', name: 'Main wallet' },
    { accountTypeId: 5, accountType: 'TCG_SEA', name: 'TCG lottery' },
  ],
};

function Probe() {
  const merchant = useMerchantWallet();
  return (
    <p>{merchant.data ? `single ${merchant.data.isSingle} (${merchant.data.wallets.length})` : 'waiting'}</p>
  );
}

describe('the merchant wallet setting', () => {
  beforeAll(() => setupShell());
  beforeEach(() => {
    sessionStorage.clear();
    clearSession();
    saveSession({ token: 'tok', agentType: 0 });
  });

  it('BC-05 GCS_merchantWallet is cached in session storage and a reload starts from that copy without asking again', async () => {
    const first = stubFetch({ '/wps/relay/GCS_merchantWallet': () => multi });
    const view = renderShell(<Probe />);
    expect(await screen.findByText('single false (2)')).toBeInTheDocument();
    expect(first.requests.map((r) => r.url.pathname)).toEqual(['/wps/relay/GCS_merchantWallet']);
    const stored = JSON.parse(sessionStorage.getItem('merchantWallet') ?? 'null') as {
      data: MerchantWallet;
      at: number;
    };
    expect(stored.data).toEqual(multi);
    expect(stored.at).toBeGreaterThan(Date.now() - 60_000);
    view.unmount();

    // A new page load (a fresh query client) of the same tab: the setting is there at once, from
    // session storage, and the server is not asked while the copy is fresh.
    const second = stubFetch({ '/wps/relay/GCS_merchantWallet': () => ({ ...multi, isSingle: true }) });
    renderShell(<Probe />);
    expect(screen.getByText('single false (2)')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(second.requests).toHaveLength(0);

    // Session storage, not local storage: another tab (or a closed browser) starts without it.
    expect(localStorage.getItem('merchantWallet')).toBeNull();
  });
});
