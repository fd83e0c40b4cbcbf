import { z } from 'zod';
import { defineBoCall, StaffSchema, type BoCallDef } from './calls.ts';

/**
 * Staff self-service and an admin's resets (issue 31, decision 031): a member of staff changes
 * their own password; an admin gives another a new one-time password (changed at their next
 * sign-in) or makes them enrol a new authenticator.
 */

/** The staff password policy: 12 to 128 characters with a letter and a digit (the server also
 * refuses one that holds the username, or the current password again). */
export const StaffNewPasswordSchema = z
  .string()
  .min(12, 'at least 12 characters')
  .max(128, 'at most 128 characters')
  .regex(/[A-Za-z]/, 'at least one letter')
  .regex(/[0-9]/, 'at least one digit');

export const StaffPasswordChangeBodySchema = z.object({
  current: z.string().min(1).max(200),
  next: StaffNewPasswordSchema,
});

export const StaffPasswordChangeResultSchema = z.object({
  /** The member's other sessions, ended by the change (this one stays open). */
  sessionsEnded: z.number().int(),
});

export const StaffResetBodySchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.string().trim().min(1).max(200),
});

export const StaffPasswordResetResultSchema = z.object({
  staff: StaffSchema,
  /** The new one-time password, shown this once: changed by its owner at the next sign-in. */
  password: z.string(),
});

export const boStaffPasswordChange = defineBoCall({
  id: 'boStaffPasswordChange',
  method: 'POST',
  path: '/bo/api/session/password',
  access: 'staff',
  summary: 'Changes the signed-in member of staff’s own password; their other sessions end',
  body: StaffPasswordChangeBodySchema,
  response: StaffPasswordChangeResultSchema,
});

export const boStaffResetPassword = defineBoCall({
  id: 'boStaffResetPassword',
  method: 'POST',
  path: '/bo/api/staff/reset-password',
  access: 'staff.manage',
  summary: 'Gives another member of staff a one-time password (shown once), to change at the next sign-in',
  body: StaffResetBodySchema,
  response: StaffPasswordResetResultSchema,
});

export const boStaffResetTotp = defineBoCall({
  id: 'boStaffResetTotp',
  method: 'POST',
  path: '/bo/api/staff/reset-totp',
  access: 'staff.manage',
  summary: 'Drops another member of staff’s authenticator: they enrol a new one at the next sign-in',
  body: StaffResetBodySchema,
  response: StaffSchema,
});

/** The calls of a member of staff's own account and an admin's resets. */
export const staffAccountCalls: readonly BoCallDef[] = [
  boStaffPasswordChange,
  boStaffResetPassword,
  boStaffResetTotp,
];
