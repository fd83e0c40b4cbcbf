import type { FastifyInstance } from 'fastify';
import {
  claimRafflePromotion,
  claimRafflePromotionMCS2,
  forfeitBonus,
  getAvailablePromotions,
  getBonusWallet,
  getMerchantAvailablePromotions,
  getPromotionAnnouncementCategory,
  getPromotionClaimList,
  getRafflePromotionStatus,
  getRewardCentre,
  signUpPromotionJoin,
  signUpRequestReward,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireRealAccount } from '../../platform/auth/session.ts';
import { RewardCentre } from './reward-centre.ts';

/**
 * The promotions calls of the original (research/original-wire.md, "promotions"; decision 041):
 * categories, the member's and the guest's lists, join, the reward request, the claim (the raffle
 * claim's path, MCSFE and MCS2), its status and the claim list; and ours for the bonus wallet.
 * Trial accounts are refused every step that could give a bonus.
 */
export async function promotionsRoutes(app: FastifyInstance): Promise<void> {
  const { bonus, contentVersions } = app.ctx;
  registerCall(app, getPromotionAnnouncementCategory, async () => ({ categories: await bonus.categories() }));
  // Each promotion's title and rules in the player's language (decision 047).
  registerCall(app, getAvailablePromotions, async ({ session, query, caller }) => {
    const chain = contentVersions.chainFor(undefined, caller);
    return {
      content: await contentVersions.promotions(await bonus.list(session.memberId, query.category), chain),
    };
  });
  registerCall(app, getMerchantAvailablePromotions, async ({ query, caller }) => {
    const chain = contentVersions.chainFor(undefined, caller);
    return contentVersions.promotions(await bonus.list(null, query.category), chain);
  });
  registerCall(app, signUpPromotionJoin, ({ session, body }) =>
    bonus.join(requireRealAccount(session).memberId, body.promotionId),
  );
  registerCall(app, signUpRequestReward, ({ session, body }) =>
    bonus.requestReward(requireRealAccount(session).memberId, body),
  );
  // With a raffleScheduleId above 0 the claim enters that raffle (decision 053), else it claims a bonus.
  for (const call of [claimRafflePromotion, claimRafflePromotionMCS2])
    registerCall(app, call, ({ session, body }) =>
      body.raffleScheduleId && body.raffleScheduleId > 0
        ? app.ctx.raffles.enter(requireRealAccount(session).memberId, body.promotionId, body.raffleScheduleId)
        : bonus.claim(requireRealAccount(session).memberId, body.promotionId),
    );
  registerCall(app, getRafflePromotionStatus, ({ session, query }) =>
    query.raffleScheduleId && query.raffleScheduleId > 0
      ? app.ctx.raffles.status(session.memberId, query.raffleScheduleId)
      : bonus.claimStatus(session.memberId, query.rafflePromotionId),
  );
  registerCall(app, getPromotionClaimList, ({ session }) => bonus.claimList(session.memberId));
  registerCall(app, getBonusWallet, ({ session }) => bonus.bonusWallet(session.memberId));
  // The reward centre (PR-01): every kind of reward in one place, claimed through the claim call.
  const rewards = new RewardCentre(app.ctx);
  registerCall(app, getRewardCentre, ({ session }) => rewards.of(session.memberId));
  registerCall(app, forfeitBonus, ({ session, body }) =>
    bonus.forfeit(requireRealAccount(session).memberId, body.id),
  );
}
