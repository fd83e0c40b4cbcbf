import type { FastifyInstance } from 'fastify';
import { EngageErrors, FeedbackLimits, getService, sendFeedback, uploadFeedbackImage } from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireRealAccount, resolveSession } from '../../platform/auth/session.ts';
import { fail } from '../../platform/http/errors.ts';
import { acceptUploadBody } from '../../platform/http/upload-body.ts';
import { callerOf } from '../../platform/http/caller.ts';

/** Raw image bodies of the feedback upload; the bytes' own signature decides their type, not this header. */
const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'application/octet-stream'];

/** Customer service (getService) and the feedback form (decision 043). */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const { support } = app.ctx;
  acceptUploadBody(app, {
    callId: uploadFeedbackImage.id,
    types: UPLOAD_TYPES,
    maxBytes: FeedbackLimits.maxBytes,
    tooLarge: EngageErrors.feedbackImageTooLarge,
  });
  registerCall(app, getService, async ({ body }) => ({
    version: { pathList: await support.servicePaths(body.responseKey) },
  }));
  registerCall(app, sendFeedback, async ({ body, req }) => {
    // A visitor may write too; a member's feedback carries the member (and may carry images).
    const session = await resolveSession(req);
    return {
      id: await support.feedback(body, { memberId: session?.memberId ?? null, ip: callerOf(req).ip }),
    };
  });
  registerCall(app, uploadFeedbackImage, async ({ session, req }) => {
    const memberId = requireRealAccount(session).memberId;
    if (!Buffer.isBuffer(req.body))
      throw fail(EngageErrors.feedbackImageInvalid, {
        message:
          'Send the png, jpg or webp file itself as the body (Content-Type image/png, image/jpeg or image/webp)',
      });
    return { id: await support.addImage(memberId, req.body) };
  });
}
