import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  EngageErrors,
  Errors,
  FeedbackLimits,
  SERVICE_ENCRYPTED_TYPE,
  type backoffice,
  type feedbackTypes,
} from '@app/contract';
import type { Selectable } from 'kysely';
import type { FeedbackTable } from '../../db/schema.ts';
import type { AuditActor, AuditLog } from '../backoffice/audit.service.ts';
import type { Database } from '../../db/connection.ts';
import { fail } from '../../platform/http/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { avatarTypeOf } from '../profile/avatar-image.ts';
import type { SystemService } from '../system/system.service.ts';

/** Decoded pixels an image may have: a 5 MB file that unpacks to gigabytes is refused. */
const MAX_PIXELS = 40_000_000;
/** Feedback images are brought within this many pixels a side. */
const MAX_SIDE = 2000;
/** Feedback forms per caller (IP) per hour, images per member per hour. */
const FEEDBACK_PER_HOUR = 10;
const IMAGES_PER_HOUR = 30;

/** base64(IV ‖ AES-256-GCM ciphertext ‖ tag) of `text` under `key` (the client's one-time response key). */
export function sealForClient(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

export interface FeedbackInput {
  sender: string;
  content: string;
  type: (typeof feedbackTypes)[number];
  images: string[];
}

/**
 * Help and customer service (issue 32, decision 043): the customer-service addresses of
 * getService, the feedback form and its images.
 */
export class SupportService {
  private readonly database: Database;
  private readonly system: Pick<SystemService, 'info'>;
  private readonly limiter: RateLimiter;
  private readonly audit: AuditLog;

  constructor(deps: {
    database: Database;
    system: Pick<SystemService, 'info'>;
    limiter: RateLimiter;
    /** The back office's handling of feedback is audited (decision 051). */
    audit: AuditLog;
  }) {
    this.database = deps.database;
    this.system = deps.system;
    this.limiter = deps.limiter;
    this.audit = deps.audit;
  }

  /**
   * The pathList of getService (HD-02): every customer-service entry with its type; an entry of
   * type 3 has its address sealed with the response key the client sent inside its encrypted body
   * (HD-03), so only that client opens it.
   */
  async servicePaths(responseKey: string): Promise<{ type: number; name: string; path: string }[]> {
    const key = Buffer.from(responseKey, 'base64');
    if (key.length !== 32) throw fail(Errors.payloadMalformed, { message: 'The response key is 32 bytes' });
    const info = await this.system.info();
    return info.customerService.map((c) => ({
      type: c.csType,
      name: c.name,
      path: c.csType === SERVICE_ENCRYPTED_TYPE ? sealForClient(key, c.path) : c.path,
    }));
  }

  /** The feedback form (HD-07, HD-08): content within the bounds, images the member uploaded. */
  async feedback(input: FeedbackInput, from: { memberId: number | null; ip: string }): Promise<number> {
    const length = [...input.content].length;
    if (length < FeedbackLimits.minChars || length > FeedbackLimits.maxChars)
      throw fail(EngageErrors.feedbackLength);
    const images = [...new Set(input.images)];
    if (images.length > FeedbackLimits.maxImages) throw fail(EngageErrors.feedbackImageUnknown);
    if (images.length && from.memberId === null) throw fail(EngageErrors.feedbackImageUnknown);
    if (images.length) {
      const found = await this.database.db
        .selectFrom('feedback_image')
        .select('sha256')
        .where('sha256', 'in', images)
        .execute();
      if (found.length !== images.length) throw fail(EngageErrors.feedbackImageUnknown);
    }
    await this.limiter.consume(`feedback:${from.ip}`, { limit: FEEDBACK_PER_HOUR, windowMs: 3_600_000 });
    const row = await this.database.db
      .insertInto('feedback')
      .values({
        member_id: from.memberId,
        sender: input.sender,
        type: input.type,
        content: input.content,
        images,
        ip: from.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /**
   * One feedback image: its type from its signature (PNG, JPEG or WebP: the avatars' check, never
   * the name or the claimed type), the decoder must agree, then upright, within MAX_SIDE and a fresh
   * WebP without metadata, stored once by its hash. Answers the id the form sends.
   */
  async addImage(memberId: number, bytes: Buffer): Promise<string> {
    if (bytes.length > FeedbackLimits.maxBytes) throw fail(EngageErrors.feedbackImageTooLarge);
    if (bytes.length === 0) throw fail(EngageErrors.feedbackImageInvalid, { message: 'The upload is empty' });
    const type = avatarTypeOf(bytes);
    if (!type) throw fail(EngageErrors.feedbackImageInvalid);
    await this.limiter.consume(`feedback-image:${memberId}`, { limit: IMAGES_PER_HOUR, windowMs: 3_600_000 });
    const format = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' }[type];
    let webp: Buffer;
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false });
      const meta = await image.metadata();
      if (meta.format !== format || !meta.width || !meta.height) throw new Error('not the signed format');
      webp = await image
        .rotate()
        .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer();
    } catch {
      throw fail(EngageErrors.feedbackImageInvalid, {
        message: `${EngageErrors.feedbackImageInvalid.message}: the file is not a readable image`,
      });
    }
    const sha256 = createHash('sha256').update(webp).digest('hex');
    await this.database.db
      .insertInto('feedback_image')
      .values({ sha256, bytes: webp, size: webp.length })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    return sha256;
  }

  // ---- the back office's inbox (decision 051) -----------------------------------------------

  private feedbackWire(f: Selectable<FeedbackTable>, username: string | null): backoffice.FeedbackItem {
    return {
      id: Number(f.id),
      memberId: f.member_id === null ? null : Number(f.member_id),
      username,
      sender: f.sender,
      type: f.type as backoffice.FeedbackItem['type'],
      content: f.content,
      images: f.images,
      ip: f.ip,
      createdAt: new Date(f.created_at).getTime(),
      handledAt: f.handled_at ? new Date(f.handled_at).getTime() : null,
      handledBy: f.handled_by,
      reply: f.reply,
    };
  }

  /** The inbox: open feedback oldest first, handled newest first, by type; a page and the count. */
  async feedbackList(query: {
    status?: backoffice.FeedbackView;
    type?: (typeof feedbackTypes)[number] | undefined;
    page?: number;
    size?: number;
  }): Promise<{ list: backoffice.FeedbackItem[]; total: number }> {
    const view = query.status ?? 'OPEN';
    const page = query.page ?? 1;
    const size = query.size ?? 50;
    let base = this.database.db.selectFrom('feedback as f');
    if (view === 'OPEN') base = base.where('f.handled_at', 'is', null);
    if (view === 'HANDLED') base = base.where('f.handled_at', 'is not', null);
    if (query.type) base = base.where('f.type', '=', query.type);
    let rows = base.leftJoin('member as m', 'm.id', 'f.member_id').selectAll('f').select('m.username');
    rows =
      view === 'OPEN'
        ? rows.orderBy('f.id', 'asc')
        : view === 'HANDLED'
          ? rows.orderBy('f.handled_at', 'desc').orderBy('f.id', 'desc')
          : rows.orderBy('f.id', 'desc');
    const [list, count] = await Promise.all([
      rows
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      list: list.map((r) => this.feedbackWire(r, r.username ?? null)),
      total: Number(count?.n ?? 0),
    };
  }

  /** One feedback image (WebP) as a data: URL. */
  async feedbackImage(id: string): Promise<{ id: string; dataUrl: string }> {
    const row = await this.database.db
      .selectFrom('feedback_image')
      .select(['sha256', 'bytes'])
      .where('sha256', '=', id)
      .executeTakeFirst();
    if (!row) throw fail(Errors.notFound, { message: 'No feedback image with this id' });
    return { id: row.sha256, dataUrl: `data:image/webp;base64,${Buffer.from(row.bytes).toString('base64')}` };
  }

  /** Marks a feedback handled with staff's reply or remark, once; audited `feedback.handle`. */
  async handleFeedback(actor: AuditActor, id: number, reply: string): Promise<backoffice.FeedbackItem> {
    const text = reply.trim();
    if (!text || [...text].length > 500)
      throw fail(Errors.invalidInput, { message: 'Write the reply or remark (1 to 500 characters)' });
    const row = await this.database.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('feedback')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw fail(Errors.notFound, { message: 'No such feedback' });
      if (before.handled_at)
        throw fail(Errors.conflict, {
          message: `This feedback was already handled by ${before.handled_by ?? 'someone'}`,
        });
      const after = await trx
        .updateTable('feedback')
        .set({ handled_at: new Date(), handled_by: actor.name, reply: text })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'feedback.handle',
        targetType: 'feedback',
        targetId: String(id),
        before: { handled: false },
        after: { handled: true, reply: text },
      });
      return after;
    });
    const member =
      row.member_id === null
        ? null
        : await this.database.db
            .selectFrom('member')
            .select('username')
            .where('id', '=', row.member_id)
            .executeTakeFirst();
    return this.feedbackWire(row, member?.username ?? null);
  }
}
