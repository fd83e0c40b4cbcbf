import { z } from 'zod';

/**
 * String error codes sent in `errorCode`. The original platform's codes are kept where the spec or
 * DESIGN.md names them; the rest follow the same dotted/underscored style.
 */
export const ErrorCodes = {
  tokenInvalid: 'user.or.token.invalid',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  loginVerifyRequired: 'login_verify_required',
  vendorUnderMaintenance: 'vendor_under_maintenance',
  launchBalanceNotEnough: 'launch_game_balance_not_enough',
  invalidInput: 'invalid.input',
  malformedJson: 'request.malformed',
  bodyTooLarge: 'request.too.large',
  unsupportedMediaType: 'request.unsupported.media.type',
  notFound: 'not.found',
  forbidden: 'forbidden',
  conflict: 'conflict',
  merchantInvalid: 'merchant.invalid',
  systemError: 'system.error',
  maintenance: 'system.maintenance',
  regionRestricted: 'system.region.restricted',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes] | (string & {});

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  message: z.string(),
  value: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function okEnvelopeSchema<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}
export type OkEnvelope<T> = { success: true; value: T };
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;
