import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BonusGrant, Reward, RewardCentre } from '@app/contract';
import accountsEn from '../../locales/accounts/en.json';
import en from '../../locales/en.json';
import rewardsEn from '../../locales/rewards/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { Slot } from '../../shared/shell/slot.tsx';
import { registerSlot, SlotNames } from '../../shared/shell/slot-registry.ts';
import { defaultMemberPage, useUiStore } from '../../shared/shell/ui-store.ts';
import { clearSession, saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { loadAccountOverlays } from '../member/index.ts';

const LOADING = { timeout: 5000 };

const reward = (over: Partial<Reward>): Reward => ({
  key: 'k',
  source: 'PROMOTION',
  state: 'CLAIMED',
  title: '',
  amount: 0,
  wallet: 'MAIN',
  promotionId: null,
  status: '',
  time: Date.UTC(2026, 10, 28, 9, 30),
  ...over,
});

function centre(claimed: boolean): RewardCentre {
  const fixed = reward({
    key: 'promotion:7',
    state: 'CLAIMABLE',
    title: 'Weekend gift',
    amount: 10,
    wallet: 'BONUS',
    promotionId: 41,
    status: 'claim',
  });
  return {
    claimable: claimed ? [] : [fixed],
    pending: [
      reward({
        key: 'mission:3:2026-11-23',
        source: 'MISSION',
        state: 'PENDING',
        title: 'Deposit 300',
        amount: 8,
      }),
      reward({
        key: 'promotion:9',
        state: 'PENDING',
        title: 'Share and win',
        amount: null,
        wallet: 'BONUS',
        promotionId: 43,
        status: 'applying',
      }),
    ],
    claimed: [
      ...(claimed
        ? [
            reward({
              key: 'bonus:5',
              title: 'Weekend gift',
              amount: 10,
              wallet: 'BONUS',
              promotionId: 41,
              status: 'ACTIVE',
            }),
          ]
        : []),
      reward({ key: 'vip:3', source: 'VIP', title: 'Gold', amount: 58 }),
      reward({ key: 'referral:12', source: 'REFERRAL', title: 'fr***d1', amount: 50 }),
      reward({
        key: 'bonus:2',
        title: 'Welcome bonus',
        amount: 100,
        wallet: 'BONUS',
        promotionId: 40,
        status: 'COMPLETED',
      }),
    ],
    totals: { PROMOTION: claimed ? 110 : 100, MISSION: 0, VIP: 58, REFERRAL: 50 },
  };
}

describe('the reward centre', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', 'rewards', rewardsEn);
  });
  afterEach(() => {
    clearSession();
    sessionStorage.clear();
    useUiStore.setState({ memberCentre: { show: false, page: defaultMemberPage } });
  });

  it("PR-01 in_reward_center opens page rewardCenter, the reward centre: claimable, on the way and received rewards of promotions, missions, levels and friends; a claim there goes through the promotions' claim call", async () => {
    let claimed = false;
    const { requests } = stubFetch({
      '/wps/system/status': () => systemStatus(),
      '/wps/rewards': () => centre(claimed),
      '/wps/relay/MCSFE_claimRafflePromotion': (): BonusGrant => {
        claimed = true;
        return {
          id: 5,
          promotionId: 41,
          title: 'Weekend gift',
          amount: 10,
          deposit: 0,
          required: 10,
          wagered: 0,
          progress: 0,
          contributions: {},
          status: 'ACTIVE',
          createdAt: Date.now(),
          expiresAt: Date.now() + 86_400_000,
          endedAt: null,
        };
      },
    });
    saveSession({ token: 'tok', agentType: 0 });
    registerSlot(SlotNames.overlays, loadAccountOverlays as never);
    renderShell(<Slot name={SlotNames.overlays} />);
    act(() => useUiStore.getState().openMemberCentre());
    const dialog = await screen.findByRole('dialog', {}, LOADING);
    const entry = within(dialog).getByRole('button', { name: en.in_reward_center });
    expect(entry.dataset.key).toBe('in_reward_center');
    fireEvent.click(entry);
    expect(useUiStore.getState().memberCentre).toEqual({ show: true, page: 'rewardCenter' });
    const content = within(dialog).getByRole('region', { name: en.in_reward_center });
    expect(content.dataset.page).toBe('rewardCenter');
    const page = await within(content).findByTestId('reward-centre', {}, LOADING);

    // What was received, by source, and in total.
    expect(within(page).getByTestId('reward-total')).toHaveTextContent('208.00');
    // Ready to claim: the fixed bonus, to the bonus wallet.
    const card = within(page).getByTestId('reward-claimable');
    expect(card).toHaveTextContent('Weekend gift');
    expect(card).toHaveTextContent('10.00');
    expect(card).toHaveTextContent(rewardsEn.rw_to_bonus);
    // On the way: a mission paid by its job, a reward request staff decide (amount theirs).
    const pending = within(page).getAllByTestId('reward-pending');
    expect(pending.map((p) => p.textContent)).toEqual([
      expect.stringContaining('Deposit 300'),
      expect.stringContaining(rewardsEn.rw_amount_staff),
    ]);
    expect(pending[1]).toHaveTextContent(rewardsEn.rw_status_applying);
    // Received: a level, a friend and a released bonus, each with its status.
    const history = within(page).getByTestId('reward-history');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.dataset.source)).toEqual(['VIP', 'REFERRAL', 'PROMOTION']);
    expect(rows[0]).toHaveTextContent('Level Gold');
    expect(rows[1]).toHaveTextContent('Friend fr***d1');
    expect(rows[2]).toHaveTextContent(rewardsEn.rw_status_COMPLETED);

    // Claimed from here: the claim call with the promotion, then the centre asked again.
    fireEvent.click(within(card).getByRole('button', { name: rewardsEn.rw_claim }));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/wps/relay/MCSFE_claimRafflePromotion')).toBe(true),
    );
    const sent = requests.find((r) => r.url.pathname === '/wps/relay/MCSFE_claimRafflePromotion')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ promotionId: 41 });
    await waitFor(() => expect(within(page).queryByTestId('reward-claimable')).toBeNull(), LOADING);
    expect(within(page).getByText(rewardsEn.rw_claimable_none, { exact: false })).toBeVisible();
    await waitFor(() => expect(within(page).getByTestId('reward-total')).toHaveTextContent('218.00'));
    expect(within(within(page).getByTestId('reward-history')).getAllByRole('row')[1]).toHaveTextContent(
      rewardsEn.rw_status_ACTIVE,
    );
  });
});
