import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROMOTION_REMARK_MAX, promotionStatuses } from '@app/contract';
import pagesEn from '../../locales/pages/en.json';
import promotionsEn from '../../locales/promotions/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { clearSession, saveSession } from '../../shared/session/session.ts';
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

  it('PR-06 the promotion list is a GET that feeds /promotions: the member’s list with the token, the guest’s list without', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const handlers = {
      '/wps/system/status': () => systemStatus(),
      '/wps/relay/PROMOFE_getPromotionAnnouncementCategory': () => ({ categories: [] }),
      '/wps/relay/MCSFE_getAvailablePromotions': () => ({
        content: [{ ...promotion(31, 'join'), title: 'Member offer' }],
      }),
      '/wps/relay/MCSFE_getMerchantAvailablePromotions': () => [
        { ...promotion(32, 'join'), title: 'Guest offer' },
      ],
      '/wps/bonus': () => ({ balance: 0, active: null, history: [] }),
    };
    let { requests } = stubFetch(handlers);
    let view = renderShell(<PromotionsPage />, { path: '/promotions' });
    let cards = await screen.findAllByTestId('promotion-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Member offer']);
    const member = requests.find((r) => r.url.pathname === '/wps/relay/MCSFE_getAvailablePromotions')!;
    expect(member.init?.method ?? 'GET').toBe('GET');
    expect(new Headers(member.init?.headers).get('Authorization')).toBe('tok');
    view.unmount();
    cleanup();

    clearSession();
    ({ requests } = stubFetch(handlers));
    view = renderShell(<PromotionsPage />, { path: '/promotions' });
    cards = await screen.findAllByTestId('promotion-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Guest offer']);
    const guest = requests.find((r) => r.url.pathname === '/wps/relay/MCSFE_getMerchantAvailablePromotions')!;
    expect(guest.init?.method ?? 'GET').toBe('GET');
    expect(requests.some((r) => r.url.pathname === '/wps/relay/MCSFE_getAvailablePromotions')).toBe(false);
    view.unmount();
  });

  it('PR-08 PR-12 claiming a promotion paid on request calls join, then the reward request with the remark (at most 140 characters)', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const entry = (status: string) => ({
      id: 5,
      promotionId: 41,
      title: 'Ask for it',
      status,
      joinedAt: 1,
      remark: '',
      reason: '',
      bonus: 0,
    });
    const { requests } = stubFetch({
      '/wps/system/status': () => systemStatus(),
      '/wps/relay/PROMOFE_getPromotionAnnouncementCategory': () => ({ categories: [] }),
      '/wps/relay/MCSFE_getAvailablePromotions': () => ({
        content: [
          {
            ...promotion(41, 'join'),
            title: 'Ask for it',
            category: 'REWARD',
            bonus: { ...bonus, kind: 'REQUEST', category: 'REWARD', fixedBonus: 25, matchPercent: 0 },
          },
        ],
      }),
      '/wps/bonus': () => ({ balance: 0, active: null, history: [] }),
      '/wps/relay/MCSFE_signUpPromotionJoin': () => entry('joined'),
      '/wps/relay/MCSFE_signUpRequestReward': () => entry('applying'),
    });
    renderShell(<PromotionsPage />, { path: '/promotions' });
    const card = (await screen.findAllByTestId('promotion-card'))[0]!;
    expect(within(card).queryByTestId('promotion-join')).toBeNull();
    const remark = within(card).getByTestId('promotion-remark');
    expect(remark).toHaveAttribute('maxLength', String(PROMOTION_REMARK_MAX));
    expect(PROMOTION_REMARK_MAX).toBe(140);
    fireEvent.change(remark, { target: { value: 'My screenshots' } });
    fireEvent.click(within(card).getByTestId('promotion-request'));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/wps/relay/MCSFE_signUpRequestReward')).toBe(true),
    );
    const steps = requests.filter((r) => /signUp(PromotionJoin|RequestReward)$/.test(r.url.pathname));
    expect(steps.map((r) => [r.url.pathname, r.init?.method])).toEqual([
      ['/wps/relay/MCSFE_signUpPromotionJoin', 'POST'],
      ['/wps/relay/MCSFE_signUpRequestReward', 'POST'],
    ]);
    expect(JSON.parse(String(steps[0]!.init?.body))).toEqual({ promotionId: 41 });
    expect(JSON.parse(String(steps[1]!.init?.body))).toEqual({
      promotionId: 41,
      pictures: [],
      remarks: 'My screenshots',
    });
  });

  it('PR-13 PR-14 the cards show the Zalo reward of up to 131K (a request, its offer up to 131,000.00) and the sign-up bonus text with 1000 VND (a display value)', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    stubFetch({
      '/wps/system/status': () => systemStatus(),
      '/wps/relay/PROMOFE_getPromotionAnnouncementCategory': () => ({ categories: [] }),
      '/wps/relay/MCSFE_getAvailablePromotions': () => ({
        content: [
          {
            ...promotion(51, 'join'),
            title: 'Follow us on Zalo: a reward of up to 131K',
            content: '<p>Follow us on Zalo and receive a reward of <b>up to 131K</b>.</p>',
            category: 'REWARD',
            bonus: {
              ...bonus,
              kind: 'REQUEST',
              category: 'REWARD',
              matchPercent: 0,
              maxBonus: 131_000,
              minDeposit: 0,
              wageringMultiplier: 1,
              wageringBase: 'BONUS',
            },
          },
          {
            ...promotion(52, 'join'),
            title: 'Sign-up bonus: 1000 VND for new members',
            content: '<p>Claim a sign-up bonus of <b>1000 VND</b>, no deposit needed.</p>',
            category: 'NEW_MEMBER',
            bonus: {
              ...bonus,
              kind: 'FIXED',
              category: 'NEW_MEMBER',
              matchPercent: 0,
              maxBonus: 0,
              fixedBonus: 1_000,
              minDeposit: 0,
              wageringMultiplier: 1,
              wageringBase: 'BONUS',
            },
          },
        ],
      }),
      '/wps/bonus': () => ({ balance: 0, active: null, history: [] }),
    });
    renderShell(<PromotionsPage />, { path: '/promotions' });
    const [zalo, signUp] = await screen.findAllByTestId('promotion-card');
    expect(zalo).toHaveTextContent('Follow us on Zalo: a reward of up to 131K');
    expect(zalo).toHaveTextContent('receive a reward of up to 131K');
    expect(zalo).toHaveTextContent('Reward up to 131,000.00 · wager 1× the bonus');
    // A request: asked with a remark, its length counted against the 140 allowed.
    const remark = within(zalo!).getByTestId('promotion-remark');
    fireEvent.change(remark, { target: { value: 'Zalo: An' } });
    expect(zalo).toHaveTextContent('8/140');
    expect(within(zalo!).getByTestId('promotion-request')).toBeEnabled();
    expect(signUp).toHaveTextContent('Sign-up bonus: 1000 VND for new members');
    expect(signUp).toHaveTextContent('Claim a sign-up bonus of 1000 VND');
    expect(signUp).toHaveTextContent('Bonus 1,000.00 · wager 1× the bonus');
    expect(within(signUp!).getByTestId('promotion-join')).toBeEnabled();
  });
});
