import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * Help and customer service (issue 32, decision 043): the customer-service address fetch
 * (getService: `value.version.pathList`, HD-02, HD-03), the feedback form (PUT /wps/feedback, HD-07,
 * HD-08) and its images.
 */

/** A pathList entry of this type carries its address encrypted (HD-03). */
export const SERVICE_ENCRYPTED_TYPE = 3;

/** The feedback form's bounds (HD-08): characters of content, images, bytes per image. */
export const FeedbackLimits = {
  minChars: 10,
  maxChars: 500,
  senderMax: 50,
  maxImages: 3,
  maxBytes: 5 * 1024 * 1024,
} as const;

export const feedbackTypes = ['SUGGESTION', 'BUG', 'PAYMENT', 'GAME', 'OTHER'] as const;

export const ServicePathSchema = z.object({
  type: z.number().int(),
  name: z.string(),
  /**
   * The address; for an entry of type 3, base64 of IV ‖ AES-256-GCM ciphertext ‖ tag under the
   * response key the request sent (encrypted), which only that client can open.
   */
  path: z.string(),
});

export const getService = defineCall({
  id: 'getService',
  method: 'POST',
  path: '/wps/system/service',
  moduleId: 'COMM3',
  token: false,
  encrypted: true,
  summary:
    'The customer-service addresses (value.version.pathList); an entry of type 3 comes encrypted under the one-time key sent in the encrypted body (HD-02, HD-03)',
  body: z.object({
    /** base64 of 32 random bytes: the AES-256-GCM key the type-3 addresses are sealed with. */
    responseKey: z.string().regex(/^[A-Za-z0-9+/]{43}=$/),
  }),
  response: z.object({
    version: z.object({ pathList: z.array(ServicePathSchema) }),
  }),
});

export const sendFeedback = defineCall({
  id: 'sendFeedback',
  method: 'PUT',
  path: '/wps/feedback',
  moduleId: 'COMM3',
  token: false,
  summary: `Sends the feedback form: content of ${FeedbackLimits.minChars} to ${FeedbackLimits.maxChars} characters, up to ${FeedbackLimits.maxImages} uploaded images (members) (HD-07, HD-08)`,
  body: z.object({
    sender: z.string().trim().max(FeedbackLimits.senderMax).optional().default(''),
    content: z.string().trim(),
    type: z.enum(feedbackTypes).optional().default('OTHER'),
    captcha: z.string().max(20).optional().default(''),
    /** Ids of images uploaded with uploadFeedbackImage. */
    images: z
      .array(z.string().regex(/^[a-f0-9]{64}$/))
      .optional()
      .default([]),
  }),
  response: z.object({ id: z.number().int() }),
});

export const uploadFeedbackImage = defineCall({
  id: 'uploadFeedbackImage',
  method: 'POST',
  path: '/wps/feedback/image',
  moduleId: 'COMM3',
  token: true,
  summary:
    'Uploads one feedback image: the raw png, jpg or webp bytes as the body, at most 5 MB, its type read from its signature; answers its id',
  response: z.object({ id: z.string() }),
});
