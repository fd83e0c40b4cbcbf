import type { FastifyInstance } from 'fastify';
import {
  convertPoint,
  convertPointMCS2,
  getMemTransDet,
  getPointBalance,
  getPointBalanceMCS2,
  getPointConfig,
  getPointConfigMCS2,
  getPointReward,
  getPointRewardConversionType,
  getPointRewardMCS2,
  getRedeemPointList,
  getRedeemPointListMCS2,
  pointsToMajor,
  redeemPointReward,
  redeemPointRewardMCS2,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireRealAccount } from '../../platform/auth/session.ts';

/**
 * The points calls of the original (research/original-wire.md, "points"): balance, details, the
 * mall's goods and config, redeem and convert (encrypted, with the payment password), the redeem
 * list; the MCS2 variants answer as their MCSFE twins.
 */
export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  const { points, mall, contentVersions } = app.ctx;
  for (const call of [getPointBalance, getPointBalanceMCS2])
    registerCall(app, call, async ({ session }) => ({
      points: pointsToMajor(await points.balance(session.memberId)),
    }));
  registerCall(app, getMemTransDet, async ({ session, query }) => {
    const r = await points.details(session.memberId, query);
    return {
      content: r.items.map((m) => ({
        id: m.id,
        type: m.type,
        changedPoints: pointsToMajor(m.points),
        pointsBalance: pointsToMajor(m.balance),
        time: m.at.getTime(),
      })),
      page: query.page,
      size: query.size,
      totalElements: r.total,
      totalPages: Math.ceil(r.total / query.size),
    };
  });
  for (const call of [getPointReward, getPointRewardMCS2])
    // Each goods' name in the player's language (decision 047).
    registerCall(app, call, async ({ caller }) => {
      const chain = contentVersions.chainFor(undefined, caller);
      return { list: await contentVersions.goods(await mall.goods(), chain) };
    });
  for (const call of [getPointConfig, getPointConfigMCS2]) registerCall(app, call, () => mall.config());
  registerCall(app, getPointRewardConversionType, async () => {
    const c = await mall.config();
    return {
      types: [
        { type: 'GOODS' as const, enabled: c.enabled },
        { type: 'CONVERT' as const, enabled: c.enabled },
      ],
    };
  });
  for (const call of [redeemPointReward, redeemPointRewardMCS2])
    registerCall(app, call, ({ session, body }) => mall.redeem(requireRealAccount(session).memberId, body));
  for (const call of [convertPoint, convertPointMCS2])
    registerCall(app, call, ({ session, body }) => mall.convert(requireRealAccount(session).memberId, body));
  for (const call of [getRedeemPointList, getRedeemPointListMCS2])
    registerCall(app, call, async ({ session, query }) => {
      const r = await mall.list(session.memberId, query);
      return {
        content: r.items,
        page: query.page,
        size: query.size,
        totalElements: r.total,
        totalPages: Math.ceil(r.total / query.size),
      };
    });
}
