import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { actorOf, registerBoCall } from './backoffice.routes.ts';

/**
 * The engagement desks of the back office (decision 051): the referral programme's switch and terms
 * (content.edit) through the referral service, and the feedback inbox (feedback.handle) through the
 * support service; each write audited there.
 */
export async function engagementBoRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, referral, support } = app.ctx;
  const bo = backoffice;
  registerBoCall(app, staffService, bo.boReferral, () => referral.programme());
  registerBoCall(app, staffService, bo.boReferralSave, ({ staff, body, caller }) =>
    referral.saveProgramme(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boFeedbackList, ({ query }) => support.feedbackList(query));
  registerBoCall(app, staffService, bo.boFeedbackImage, ({ query }) => support.feedbackImage(query.id));
  registerBoCall(app, staffService, bo.boFeedbackHandle, ({ staff, body, caller }) =>
    support.handleFeedback(actorOf(staff, caller), body.id, body.reply),
  );
}
