import { z } from 'zod';

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
