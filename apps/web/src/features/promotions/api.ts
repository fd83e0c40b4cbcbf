import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  claimRafflePromotion,
  forfeitBonus,
  getAvailablePromotions,
  getBonusWallet,
  getMerchantAvailablePromotions,
  getPromotionAnnouncementCategory,
  getRewardCentre,
  signUpPromotionJoin,
  signUpRequestReward,
  type BonusGrant,
  type PromotionCategory,
} from '@app/contract';
import { useQuery } from '../../shared/http/use-query.ts';
import { call } from '../../shared/http/client.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { LiveKeys } from '../../shared/realtime/live-keys.ts';

/** The member's promotion queries live under ['wallet', 'promotions', …]: logout (which drops ['wallet']) clears them. */
const K = {
  all: ['wallet', 'promotions'],
  // In the page's language (each promotion's version of it, decision 047): a language change asks again.
  list: (loggedIn: boolean, category: string, language: string) => [
    'wallet',
    'promotions',
    'list',
    loggedIn,
    category,
    language,
  ],
  bonus: ['wallet', 'promotions', 'bonus'],
  rewards: ['wallet', 'promotions', 'rewards'],
  categories: ['promotions', 'categories'],
} as const;

/** The promotions with the member's status in each (PR-06, PR-07), or a guest's list. */
export function usePromotionList(loggedIn: boolean, category: PromotionCategory | 'ALL') {
  const query = category === 'ALL' ? {} : { category };
  const { i18n } = useTypedTranslation('translation');
  return useQuery({
    queryKey: K.list(loggedIn, category, i18n.language),
    queryFn: async ({ signal }) =>
      loggedIn
        ? (await call(getAvailablePromotions, { query, signal })).content
        : call(getMerchantAvailablePromotions, { query, signal }),
  });
}

export function usePromotionCategories() {
  return useQuery({
    queryKey: K.categories,
    queryFn: ({ signal }) => call(getPromotionAnnouncementCategory, { signal }),
    staleTime: 60_000,
  });
}

/** The bonus wallet; read again every few seconds while a bonus is being wagered (its progress moves with settled bets). */
export function useBonusWallet(enabled: boolean) {
  return useQuery({
    queryKey: K.bonus,
    queryFn: ({ signal }) => call(getBonusWallet, { signal }),
    enabled,
    refetchInterval: (q) => (q.state.data?.active ? 5_000 : false),
  });
}

/** The reward centre (PR-01): claimable, pending and received rewards of every kind. */
export function useRewardCentre() {
  return useQuery({
    queryKey: K.rewards,
    queryFn: ({ signal }) => call(getRewardCentre, { signal }),
  });
}

function useAfter() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: K.all });
    void qc.invalidateQueries({ queryKey: LiveKeys.balance });
  };
}

export function useJoin() {
  const after = useAfter();
  return useMutation({
    mutationFn: (promotionId: number) => call(signUpPromotionJoin, { body: { promotionId } }),
    onSuccess: after,
  });
}

export function useClaim() {
  const after = useAfter();
  return useMutation({
    // Without a raffle schedule the claim answers the bonus grant (a raffle's entry is raffles' own, decision 053).
    mutationFn: async (promotionId: number): Promise<BonusGrant> => {
      const answer = await call(claimRafflePromotion, { body: { promotionId } });
      if (!('amount' in answer)) throw new Error('The claim answered a raffle entry');
      return answer;
    },
    onSuccess: after,
  });
}

/**
 * Claiming a promotion that pays on request (PR-08): join first when not joined yet, then the
 * reward request with the remark (at most 140 characters, PR-12).
 */
export function useRequestReward() {
  const after = useAfter();
  return useMutation({
    mutationFn: async ({
      promotionId,
      joined,
      remarks,
    }: {
      promotionId: number;
      joined: boolean;
      remarks: string;
    }) => {
      if (!joined) await call(signUpPromotionJoin, { body: { promotionId } });
      return call(signUpRequestReward, { body: { promotionId, pictures: [], remarks } });
    },
    onSettled: after,
  });
}

export function useForfeit() {
  const after = useAfter();
  return useMutation({
    mutationFn: (id: number) => call(forfeitBonus, { body: { id } }),
    onSuccess: after,
  });
}
