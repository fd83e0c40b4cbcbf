import type { FastifyInstance } from 'fastify';
import {
  getMissionLeaderboard,
  getMissionSummaryDetails,
  getPlayerRankProgress,
  getVipLevels,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';

/** The VIP ladder, a member's level progress, and missions' summary and leaderboard (decision 042). */
export async function vipRoutes(app: FastifyInstance): Promise<void> {
  const { vip, missions } = app.ctx;
  registerCall(app, getVipLevels, () => vip.levels());
  registerCall(app, getPlayerRankProgress, ({ session }) => vip.progress(session.memberId));
  registerCall(app, getMissionSummaryDetails, ({ session }) => missions.summary(session.memberId));
  registerCall(app, getMissionLeaderboard, ({ session }) => missions.leaderboard(session.memberId));
}
