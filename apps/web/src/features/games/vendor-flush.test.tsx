import { render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Errors, type VendorCard } from '@app/contract';
import { newQueryClient, setupShell, stubFetch, withQuery } from '../../test/shell-harness.tsx';
import { sessionStore } from '../../shared/storage/storage.ts';
import { SESSION_TOKEN_KEY } from '../../shared/session/session.ts';
import { launchThirdParty } from './launch-third-party.ts';
import type { LaunchItem } from './launch-rules.ts';
import { useVendorLanes, VENDOR_CACHE_KEY } from './vendor-store.ts';

const VENDORS = '/wps/relay/GCSGAME_newGameVendor';

function pg(status: VendorCard['status']): VendorCard {
  return {
    vassalage: 'PG',
    displayName: 'PG Soft',
    gameType: 'RNG',
    accountTypeId: 1,
    isHot: 0,
    name: 'PG',
    page: '',
    imageUrl: '',
    status,
    maintenanceFrom: status === 'MAINTENANCE' ? Date.now() - 60_000 : null,
    maintenanceUntil: null,
    gameCount: 10,
    isGame: 0,
    nodeId: '',
    gameId: '',
  };
}

const item: LaunchItem = {
  code: '',
  defaultPlayType: '',
  accountTypeName: '',
  gameType: 'RNG',
  isGame: '',
  vassalage: 'PG',
  nodeId: '1001',
  gameId: 'g1',
};

/** Three readers of the list, as the header, the footer and a game list page are. */
function Readers() {
  const a = useVendorLanes();
  useVendorLanes();
  useVendorLanes();
  return <p>{a.data?.[0]?.cards[0]?.status ?? 'none'}</p>;
}

/** The server: the vendor list in the state `status()` says, and a launch it refuses with `refusal`. */
function server(status: () => VendorCard['status'], refusal: { errorCode: string; status: number }) {
  return stubFetch({
    [VENDORS]: () => ({ data: { lanes: [{ title: 'RNG', gameClassify: 'RNG', cards: [pg(status())] }] } }),
    '/wps/game/launchGame': () =>
      new Response(JSON.stringify({ success: false, errorCode: refusal.errorCode, message: 'refused' }), {
        status: refusal.status,
        headers: { 'content-type': 'application/json' },
      }),
  });
}

async function launch(client: ReturnType<typeof newQueryClient>) {
  const openModal = vi.fn();
  await launchThirdParty(item, { client, navigate: vi.fn(), openModal, trial: false });
  return openModal;
}

describe('the flush request of the vendor list (NC-25)', () => {
  beforeAll(() => setupShell());

  it('NC-25 a launch refused for a maintenance the cached list does not show fetches the list again, once, and not when it already shows it', async () => {
    sessionStore.set(SESSION_TOKEN_KEY, 'token-1');
    let status: VendorCard['status'] = 'ACTIVE';
    const { requests } = server(() => status, {
      errorCode: Errors.vendorUnderMaintenance.code,
      status: Errors.vendorUnderMaintenance.status,
    });
    const vendorCalls = () => requests.filter((r) => r.url.pathname === VENDORS).length;
    const client = newQueryClient();
    const view = render(withQuery(<Readers />, client));
    await view.findByText('ACTIVE');
    expect(vendorCalls()).toBe(1);

    // The operator puts PG under maintenance; the page still holds the list that shows it open.
    status = 'MAINTENANCE';
    const openModal = await launch(client);
    expect(openModal).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ kind: 'maintenance' }),
    );
    await view.findByText('MAINTENANCE');
    // One fetch for three readers: each asking would cancel the fetch before it and ask again.
    expect(vendorCalls()).toBe(2);
    expect(sessionStore.get(VENDOR_CACHE_KEY)).toContain('"MAINTENANCE"');

    // The list now shows the maintenance: another refused launch asks for nothing.
    await launch(client);
    expect(vendorCalls()).toBe(2);
    view.unmount();
  });

  it('NC-25 a launch refused because the game is gone (its vendor switched off) fetches the list again; other refusals do not', async () => {
    sessionStore.set(SESSION_TOKEN_KEY, 'token-1');
    const refusal = { errorCode: Errors.gameUnavailable.code, status: Errors.gameUnavailable.status };
    const { requests } = server(() => 'ACTIVE', refusal);
    const vendorCalls = () => requests.filter((r) => r.url.pathname === VENDORS).length;
    const client = newQueryClient();
    const view = render(withQuery(<Readers />, client));
    await view.findByText('ACTIVE');
    expect(vendorCalls()).toBe(1);
    await launch(client);
    await waitFor(() => expect(vendorCalls()).toBe(2));

    Object.assign(refusal, {
      errorCode: Errors.launchBalanceNotEnough.code,
      status: Errors.launchBalanceNotEnough.status,
    });
    const openModal = await launch(client);
    expect(openModal).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ kind: 'balance' }));
    expect(vendorCalls()).toBe(2);
    view.unmount();
  });
});
