import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { promotionStatuses } from '@app/contract';
import pagesEn from '../../locales/pages/en.json';
import promotionsEn from '../../locales/promotions/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { PromotionsPage } from './promotions-page.tsx';

const bonus = {
  kind: 'DEPOSIT_MATCH',
  category: 'DEPOSIT',
  matchPercent: 100,
  maxBonus: 500,
  fixedBonus: 0,
  minDeposit: 100,
  wageringMultiplier: 10,
  wageringBase: 'BONUS_DEPOSIT',
  contributions: { RNG: 100, LIVE: 10 },
  expiryHours: 168,
  newMembersOnly: false,
  oncePerMember: false,
  oncePerDay: false,
  minLevel: 0,
};
const promotion = (id: number, status: string) => ({
  id,
  title: `Promo ${status}`,
  content: '<p>Rules</p>',
  category: 'DEPOSIT',
  status,
  startDate: 1_764_000_000_000,
  endDate: null,
  bonus,
  refusal: null,
});
const grant = {
  id: 7,
  promotionId: 1,
  title: 'Promo process',
  amount: 300,
  deposit: 300,
  required: 6000,
  wagered: 1500,
  progress: 25,
  contributions: { RNG: 100, LIVE: 10 },
  status: 'ACTIVE',
  createdAt: 1_764_000_000_000,
  expiresAt: 1_764_600_000_000,
  endedAt: null,
};

describe('promotions page', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'pages', pagesEn);
    i18n.addResourceBundle('en', 'promotions', promotionsEn);
  });

  it('PR-07 shows each of the ten statuses (join, claim, applying, close, rejected, issued, claimed, process, joined, coming soon) on its card, with Join and Claim where they apply', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const { requests } = stubFetch({
      '/wps/system/status': () => systemStatus(),
      '/wps/relay/PROMOFE_getPromotionAnnouncementCategory': () => ({
        categories: [{ code: 'DEPOSIT', count: 10 }],
      }),
      '/wps/relay/MCSFE_getAvailablePromotions': () => ({
        content: promotionStatuses.map((s, i) => promotion(i + 1, s)),
      }),
      '/wps/bonus': () => ({ balance: 300, active: grant, history: [] }),
      '/wps/relay/MCSFE_signUpPromotionJoin': () => ({
        id: 1,
        promotionId: 1,
        title: 'Promo join',
        status: 'joined',
        joinedAt: 1,
        remark: '',
        reason: '',
        bonus: 0,
      }),
    });
    renderShell(<PromotionsPage />);
    const cards = await screen.findAllByTestId('promotion-card');
    expect(cards).toHaveLength(10);
    const labels: Record<string, string> = {
      join: promotionsEn.status_join,
      claim: promotionsEn.status_claim,
      applying: promotionsEn.status_applying,
      close: promotionsEn.status_close,
      rejected: promotionsEn.status_rejected,
      issued: promotionsEn.status_issued,
      claimed: promotionsEn.status_claimed,
      process: promotionsEn.status_process,
      joined: promotionsEn.status_joined,
      'coming soon': promotionsEn.status_coming_soon,
    };
    promotionStatuses.forEach((status, i) => {
      expect(cards[i]).toHaveAttribute('data-status', status);
      expect(cards[i]).toHaveTextContent(labels[status]!);
    });
    expect(within(cards[0]!).getByTestId('promotion-join')).toBeEnabled();
    expect(within(cards[1]!).getByTestId('promotion-claim')).toBeEnabled();
    expect(cards[8]).toHaveTextContent('deposit at least 100.00');
    expect(cards[0]).toHaveTextContent('100% match up to 500.00 · wager 10× bonus + deposit');

    // The bonus being wagered: amount, requirement and progress.
    const panel = await screen.findByTestId('bonus-panel');
    expect(within(panel).getByTestId('bonus-amount')).toHaveTextContent('300.00');
    expect(within(panel).getByTestId('bonus-progress')).toHaveTextContent(
      'Wagered 1,500.00 of 6,000.00 (25%)',
    );
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');

    fireEvent.click(within(cards[0]!).getByTestId('promotion-join'));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/wps/relay/MCSFE_signUpPromotionJoin')).toBe(true),
    );
    const join = requests.find((r) => r.url.pathname === '/wps/relay/MCSFE_signUpPromotionJoin')!;
    expect(join.init?.method).toBe('POST');
    expect(JSON.parse(String(join.init?.body))).toEqual({ promotionId: 1 });
  });
});
