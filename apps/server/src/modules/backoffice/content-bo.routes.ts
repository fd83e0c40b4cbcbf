import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { sendError } from '../../platform/http/error-handler.ts';
import { acceptUploadBody } from '../../platform/http/upload-body.ts';
import { Errors } from '@app/contract';
import { actorOf, registerBoCall } from './backoffice.routes.ts';

const SHA256_FILE = /^([0-9a-f]{64})\.webp$/;

/**
 * The Content section's calls (issue 31, decision 036), each needing `content.edit` (checked before
 * the body is read), each write through the content service (audited), and the public path the
 * uploaded banner images are served at.
 */
export async function contentBoRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, content, contentVersionsBo } = app.ctx;
  const bo = backoffice;

  // Only the image upload reads a raw body, never more than 5 MB of it, however it is sent.
  acceptUploadBody(app, {
    callId: bo.boContentImageUpload.id,
    types: [...bo.ContentImageLimits.contentTypes],
    maxBytes: bo.ContentImageLimits.maxBytes,
    tooLarge: bo.ContentErrors.boContentImageTooLarge,
  });

  registerBoCall(app, staffService, bo.boContentNotices, ({ query }) => content.notices(query));
  registerBoCall(app, staffService, bo.boContentNotice, ({ query }) => content.notice(query.id));
  registerBoCall(app, staffService, bo.boContentNoticeCreate, ({ staff, body, caller }) =>
    content.createNotice(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boContentNoticeUpdate, ({ staff, body, caller }) =>
    content.updateNotice(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boContentNoticePublish, ({ staff, body, caller }) =>
    content.publishNotice(actorOf(staff, caller), body.id, body.published),
  );
  registerBoCall(app, staffService, bo.boContentNoticeDelete, ({ staff, body, caller }) =>
    content.deleteNotice(actorOf(staff, caller), body.id),
  );
  registerBoCall(app, staffService, bo.boContentNoticeReorder, ({ staff, body, caller }) =>
    content.reorderNotices(actorOf(staff, caller), body.ids),
  );

  registerBoCall(app, staffService, bo.boContentBanners, ({ query }) => content.banners(query.group));
  registerBoCall(app, staffService, bo.boContentBanner, ({ query }) => content.banner(query.id));
  registerBoCall(app, staffService, bo.boContentBannerCreate, ({ staff, body, caller }) =>
    content.createBanner(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boContentBannerUpdate, ({ staff, body, caller }) =>
    content.updateBanner(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boContentBannerPublish, ({ staff, body, caller }) =>
    content.publishBanner(actorOf(staff, caller), body.id, body.published),
  );
  registerBoCall(app, staffService, bo.boContentBannerDelete, ({ staff, body, caller }) =>
    content.deleteBanner(actorOf(staff, caller), body.id),
  );
  registerBoCall(app, staffService, bo.boContentBannerReorder, ({ staff, body, caller }) =>
    content.reorderBanners(actorOf(staff, caller), body.ids),
  );
  registerBoCall(app, staffService, bo.boContentImageUpload, ({ staff, body, caller }) =>
    content.uploadImage(actorOf(staff, caller), Buffer.isBuffer(body) ? body : Buffer.alloc(0)),
  );

  registerBoCall(app, staffService, bo.boContentHelp, () => content.help());
  registerBoCall(app, staffService, bo.boContentHelpArticle, ({ query }) => content.helpArticle(query.id));
  registerBoCall(app, staffService, bo.boContentHelpCreate, ({ staff, body, caller }) =>
    content.createHelp(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boContentHelpUpdate, ({ staff, body, caller }) =>
    content.updateHelp(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boContentHelpPublish, ({ staff, body, caller }) =>
    content.publishHelp(actorOf(staff, caller), body.id, body.published),
  );
  registerBoCall(app, staffService, bo.boContentHelpDelete, ({ staff, body, caller }) =>
    content.deleteHelp(actorOf(staff, caller), body.id),
  );
  registerBoCall(app, staffService, bo.boContentHelpReorder, ({ staff, body, caller }) =>
    content.reorderHelp(actorOf(staff, caller), body.ids),
  );
  registerBoCall(app, staffService, bo.boContentPreview, ({ body }) => content.preview(body.html));
  // Each item's versions in other languages (decision 047).
  registerBoCall(app, staffService, bo.boContentVersions, ({ query }) => contentVersionsBo.list(query));
  registerBoCall(app, staffService, bo.boContentVersionSave, ({ staff, body, caller }) =>
    contentVersionsBo.save(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boContentVersionDelete, ({ staff, body, caller }) =>
    contentVersionsBo.remove(actorOf(staff, caller), body),
  );

  // The uploaded images, public (the player's site shows them), named by their content's hash:
  // an address never changes what it serves, so it is cached for good.
  app.get('/cdn/content/:file', { schema: { hide: true } }, async (req, reply) => {
    const { file } = req.params as { file: string };
    const match = SHA256_FILE.exec(file);
    const image = match ? await content.image(match[1]!) : undefined;
    if (!image) return sendError(reply, Errors.notFound, { message: 'No such image' });
    return reply
      .header('content-type', image.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });
}
