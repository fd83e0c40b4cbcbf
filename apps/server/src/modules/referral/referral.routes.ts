import type { FastifyInstance } from 'fastify';
import { bindReferralCode, getReferralInvitees, getReferralSummary } from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireRealAccount } from '../../platform/auth/session.ts';

/** Invite friends (decision 043): the member's code and link, the friends, binding a friend's code. */
export async function referralRoutes(app: FastifyInstance): Promise<void> {
  const { referral } = app.ctx;
  registerCall(app, getReferralSummary, ({ session, req }) =>
    referral.summary(requireRealAccount(session).memberId, `${req.protocol}://${req.host}`),
  );
  registerCall(app, getReferralInvitees, async ({ session, query }) => {
    const r = await referral.invitees(requireRealAccount(session).memberId, query.page, query.size);
    return {
      content: r.content,
      page: query.page,
      size: query.size,
      totalElements: r.total,
      totalPages: Math.ceil(r.total / query.size),
    };
  });
  registerCall(app, bindReferralCode, async ({ session, body }) => {
    await referral.bind(requireRealAccount(session).memberId, body.code);
    return { bound: true as const };
  });
}
