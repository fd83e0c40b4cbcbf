import { z } from 'zod';
import { defineCall, type CallDef } from '../call.ts';
import { staffPermissions, staffRoles, type StaffPermission } from './roles.ts';

/**
 * The back office's calls (issue 31, decision 031), under /bo/api. They answer in the envelope
 * like the player's /wps calls, but they are a wire of their own: a staff token (a `staff_session`)
 * is the only credential they accept, and a player's token is never one; they are listed in
 * `backofficeCalls`, not in the player's `allCalls`, so they stay out of the player's OpenAPI
 * document and web bundles.
 */

/**
 * Who may make a call:
 * - `public`: anyone (the password step of the login);
 * - `second-factor`: a session that passed the password but not yet the authenticator;
 * - `session`: any live session, before or after its second factor (logout);
 * - `staff`: a signed-in member of staff, any role;
 * - a permission: a signed-in member of staff whose role has it (`can`).
 */
export type BoAccess = 'public' | 'second-factor' | 'session' | 'staff' | StaffPermission;

export type BoCallDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = CallDef<Q, B, R, boolean> & { readonly access: BoAccess };

export function defineBoCall<
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(
  def: Omit<CallDef<Q, B, R, boolean>, 'wire' | 'encrypted' | 'token' | 'moduleId'> & { access: BoAccess },
): BoCallDef<Q, B, R> {
  return {
    ...defineCall<Q, B, R, boolean>({ ...def, moduleId: 'BACKOFFICE', token: def.access !== 'public' }),
    wire: 'envelope',
    access: def.access,
  };
}

export const StaffRoleSchema = z.enum(staffRoles);
export const StaffPermissionSchema = z.enum(staffPermissions);

/** Letters, digits, dot, dash and underscore; unique whatever the case. */
export const StaffUsernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/, '3 to 32 letters, digits, dots, dashes or underscores');

/** Six digits of an authenticator app (TOTP, 30-second steps). */
export const StaffTotpCodeSchema = z.string().regex(/^[0-9]{6}$/, 'six digits');

export const StaffSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  /** The authenticator was enrolled (at the first sign-in). */
  enrolled: z.boolean(),
  /** Epoch milliseconds; null while the account is active. */
  disabledAt: z.number().nullable(),
  createdAt: z.number(),
  /** Who created the account: a member of staff's id, or null for the operator CLI. */
  createdBy: z.number().int().nullable(),
  /** An admin reset the password: the next sign-in changes it first. */
  passwordChangeRequired: z.boolean(),
});
export type Staff = z.infer<typeof StaffSchema>;

export const StaffMeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  /** What this role may do: the staff app shows only these (the server checks each call anyway). */
  permissions: z.array(StaffPermissionSchema),
  /** An admin reset the password: until it is changed, only this, the change itself and logout are open. */
  passwordChangeRequired: z.boolean(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const StaffLoginBodySchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
});

export const StaffLoginResultSchema = z.object({
  /** The staff token: send it as `Authorization`. It opens only the second-factor step until that is passed. */
  token: z.string(),
  /** What comes next: the code of the enrolled authenticator, or enrolling one (first sign-in). */
  stage: z.enum(['second-factor', 'enrol']),
  /** Only at `enrol`: the new authenticator's secret, shown this once. */
  enrolment: z.object({ secret: z.string(), otpauthUri: z.string() }).nullable(),
  /** Epoch milliseconds: the second factor must be given before this. */
  expiresAt: z.number(),
});
export type StaffLoginResult = z.infer<typeof StaffLoginResultSchema>;

export const StaffCodeBodySchema = z.object({ code: StaffTotpCodeSchema });

export const StaffListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
  /** Disabled accounts too (by default only active ones). */
  all: z.enum(['true', 'false']).default('false'),
});

export const StaffListSchema = z.object({
  list: z.array(StaffSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const StaffCreateBodySchema = z.object({
  username: StaffUsernameSchema,
  displayName: z.string().trim().min(1).max(64),
  role: StaffRoleSchema,
});

export const StaffCreateResultSchema = z.object({
  staff: StaffSchema,
  /** A one-time password, shown this once: the person signs in with it and enrols an authenticator. */
  password: z.string(),
});

export const StaffDisableBodySchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.string().trim().min(1).max(200),
});

export const auditActorKinds = ['staff', 'cli', 'system'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** Epoch milliseconds. */
  at: z.number(),
  actorKind: z.enum(auditActorKinds),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** Hex SHA-256 of the entry before (64 zeros for the first). */
  prevHash: z.string(),
  /** Hex SHA-256 of prevHash and this entry's canonical JSON. */
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListQuerySchema = z.object({
  /** Entries older than this id (the `next` of the page before); newest first. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  size: z.coerce.number().int().min(1).max(200).default(50),
  actorKind: z.enum(auditActorKinds).optional(),
  actorName: z.string().trim().min(1).max(64).optional(),
  /** An action, or a prefix ending in a dot (`staff.` for every staff action). */
  action: z.string().trim().min(1).max(64).optional(),
  targetType: z.string().trim().min(1).max(64).optional(),
  targetId: z.string().trim().min(1).max(64).optional(),
  /** Epoch milliseconds, inclusive. */
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  /** Epoch milliseconds, exclusive. */
  to: z.coerce.number().int().min(0).max(8.64e15).optional(),
});

export const AuditListSchema = z.object({
  list: z.array(AuditEntrySchema),
  /** The `before` of the next (older) page; null at the end. */
  next: z.number().int().nullable(),
});

export const AuditVerifySchema = z.object({
  ok: z.boolean(),
  /** Entries checked. */
  entries: z.number().int(),
  /** The last entry that verified: an operator keeps its id and hash to check later runs against. */
  head: z.object({ id: z.number().int(), hash: z.string() }).nullable(),
  /** The first entry that does not verify, and why. */
  broken: z.object({ id: z.number().int(), reason: z.string() }).nullable(),
});
export type AuditVerifyResult = z.infer<typeof AuditVerifySchema>;

export const boLogin = defineBoCall({
  id: 'boLogin',
  method: 'POST',
  path: '/bo/api/session/login',
  access: 'public',
  summary: 'Back office sign-in, first step: username and password; the authenticator follows',
  body: StaffLoginBodySchema,
  response: StaffLoginResultSchema,
});

export const boSecondFactor = defineBoCall({
  id: 'boSecondFactor',
  method: 'POST',
  path: '/bo/api/session/second-factor',
  access: 'second-factor',
  summary: 'Back office sign-in, second step: a code of the enrolled authenticator (each code works once)',
  body: StaffCodeBodySchema,
  response: StaffMeSchema,
});

export const boEnrolConfirm = defineBoCall({
  id: 'boEnrolConfirm',
  method: 'POST',
  path: '/bo/api/session/enrol',
  access: 'second-factor',
  summary: 'First sign-in: confirm the new authenticator with one of its codes; the session opens',
  body: StaffCodeBodySchema,
  response: StaffMeSchema,
});

export const boMe = defineBoCall({
  id: 'boMe',
  method: 'GET',
  path: '/bo/api/session/me',
  access: 'staff',
  summary: 'The signed-in member of staff, with the permissions of their role',
  response: StaffMeSchema,
});

export const boLogout = defineBoCall({
  id: 'boLogout',
  method: 'POST',
  path: '/bo/api/session/logout',
  access: 'session',
  summary: 'Ends the back-office session on the server',
  response: z.object({ ended: z.literal(true) }),
});

export const boStaffList = defineBoCall({
  id: 'boStaffList',
  method: 'GET',
  path: '/bo/api/staff',
  access: 'staff.manage',
  summary: 'Staff accounts, a page, by username',
  query: StaffListQuerySchema,
  response: StaffListSchema,
});

export const boStaffCreate = defineBoCall({
  id: 'boStaffCreate',
  method: 'POST',
  path: '/bo/api/staff',
  access: 'staff.manage',
  summary: 'Creates a staff account with a one-time password (shown once)',
  body: StaffCreateBodySchema,
  response: StaffCreateResultSchema,
});

export const boStaffDisable = defineBoCall({
  id: 'boStaffDisable',
  method: 'POST',
  path: '/bo/api/staff/disable',
  access: 'staff.manage',
  summary: 'Disables a staff account; its sessions end at once',
  body: StaffDisableBodySchema,
  response: StaffSchema,
});

export const boAuditList = defineBoCall({
  id: 'boAuditList',
  method: 'GET',
  path: '/bo/api/audit',
  access: 'audit.read',
  summary: 'The audit log, newest first, filtered by actor, action, target and time',
  query: AuditListQuerySchema,
  response: AuditListSchema,
});

export const boAuditVerify = defineBoCall({
  id: 'boAuditVerify',
  method: 'POST',
  path: '/bo/api/audit/verify',
  access: 'audit.read',
  summary: 'Walks the audit chain: names the first entry that does not verify, and the head to keep',
  response: AuditVerifySchema,
});

/** The foundation's calls: sign-in, staff, audit (`backofficeCalls` in index.ts lists every call). */
export const foundationCalls: readonly BoCallDef[] = [
  boLogin,
  boSecondFactor,
  boEnrolConfirm,
  boMe,
  boLogout,
  boStaffList,
  boStaffCreate,
  boStaffDisable,
  boAuditList,
  boAuditVerify,
];
