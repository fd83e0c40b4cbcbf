import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { backoffice } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { hashToken, touchStepMs, type SessionPolicy } from '../../platform/auth/session.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto/password-hash.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Caller } from '../../platform/http/caller.ts';
import type { RateLimiter, RateRule } from '../../platform/rate-limit/rate-limiter.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';
import { newTotpSecret, totpStep } from './totp.ts';

const { BackofficeErrors: E, can, rolePermissions } = backoffice;
type StaffRole = backoffice.StaffRole;
type StaffPermission = backoffice.StaffPermission;
type BoAccess = backoffice.BoAccess;

export interface StaffPolicy extends SessionPolicy {
  /** How long a session may wait for its second factor after the password. */
  secondFactorMs: number;
  /** Sign-in attempts from one IP per minute. */
  loginsPerIpPerMinute: number;
  /** Wrong passwords for one username, or wrong codes for one member of staff, per window. */
  failures: RateRule;
  /** The issuer an authenticator app shows beside the account. */
  issuer: string;
}

/** Staff sessions idle out sooner than a player's: a desk left alone should not stay signed in. */
export const defaultStaffPolicy: StaffPolicy = {
  idleMs: 15 * 60_000,
  absoluteMs: 12 * 3_600_000,
  secondFactorMs: 5 * 60_000,
  loginsPerIpPerMinute: 20,
  failures: { limit: 5, windowMs: 15 * 60_000 },
  issuer: 'Back office',
};

/** The member of staff behind a request, once its token is checked. */
export interface StaffContext {
  sessionId: number;
  staffId: number;
  username: string;
  displayName: string;
  role: StaffRole;
  /** The session passed its second factor. */
  signedIn: boolean;
  /** An admin reset the password: nothing but the change itself, `boMe` and logout opens until it is changed. */
  passwordChangeRequired: boolean;
}

/** The calls open to a signed-in member of staff whose password must change first. */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set(['boMe', 'boStaffPasswordChange', 'boLogout']);

type StaffRow = {
  id: number;
  username: string;
  display_name: string;
  password_hash: string;
  role: StaffRole;
  totp_secret: string | null;
  totp_enrolled: boolean;
  totp_last_step: number;
  disabled_at: Date | null;
  created_at: Date;
  created_by: number | null;
  password_change_required: boolean;
};

const toStaff = (r: StaffRow): backoffice.Staff => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  role: r.role,
  enrolled: r.totp_enrolled,
  disabledAt: r.disabled_at ? new Date(r.disabled_at).getTime() : null,
  createdAt: new Date(r.created_at).getTime(),
  createdBy: r.created_by,
  passwordChangeRequired: r.password_change_required,
});

/** What the audit log keeps of an account: never its password hash nor its authenticator secret. */
const audited = (r: StaffRow) => ({
  username: r.username,
  displayName: r.display_name,
  role: r.role,
  enrolled: r.totp_enrolled,
  disabledAt: r.disabled_at ? new Date(r.disabled_at).toISOString() : null,
  passwordChangeRequired: r.password_change_required,
});

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/** A one-time password: 144 random bits, shown once, only its argon2id hash kept. */
const oneTimePassword = () => randomBytes(18).toString('base64url');

export function meOf(
  ctx: Pick<StaffContext, 'staffId' | 'username' | 'displayName' | 'role' | 'passwordChangeRequired'>,
): backoffice.StaffMe {
  return {
    id: ctx.staffId,
    username: ctx.username,
    displayName: ctx.displayName,
    role: ctx.role,
    permissions: [...rolePermissions[ctx.role]],
    passwordChangeRequired: ctx.passwordChangeRequired,
  };
}

/**
 * Staff accounts and their sessions (decision 031): created and disabled by an admin (the first
 * admin by the CLI), signed in by password and then a TOTP code (enrolled at the first sign-in),
 * each action written to the audit log in the transaction that does it.
 */
export class StaffService {
  private readonly database: Database;
  private readonly audit: AuditLog;
  private readonly limiter: RateLimiter;
  readonly policy: StaffPolicy;

  constructor(
    deps: { database: Database; audit: AuditLog; limiter: RateLimiter },
    policy: Partial<StaffPolicy> = {},
  ) {
    this.database = deps.database;
    this.audit = deps.audit;
    this.limiter = deps.limiter;
    this.policy = { ...defaultStaffPolicy, ...policy };
  }

  private byUsername(username: string): Promise<StaffRow | undefined> {
    return this.database.db
      .selectFrom('staff')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst() as Promise<StaffRow | undefined>;
  }

  private byId(id: number, trx: Transaction<DB> | null = null): Promise<StaffRow | undefined> {
    return (trx ?? this.database.db)
      .selectFrom('staff')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst() as Promise<StaffRow | undefined>;
  }

  /** Creates an account with a one-time password; the person enrols an authenticator at first sign-in. */
  async create(
    actor: AuditActor,
    input: { username: string; displayName: string; role: StaffRole },
  ): Promise<{ staff: backoffice.Staff; password: string }> {
    const password = oneTimePassword();
    const passwordHash = await hashPassword(password);
    try {
      const row = await this.database.db.transaction().execute(async (trx) => {
        const created = (await trx
          .insertInto('staff')
          .values({
            username: input.username,
            display_name: input.displayName,
            password_hash: passwordHash,
            role: input.role,
            totp_secret: null,
            created_by: actor.kind === 'staff' ? actor.id : null,
          })
          .returningAll()
          .executeTakeFirstOrThrow()) as StaffRow;
        await this.audit.append(trx, actor, {
          action: 'staff.create',
          targetType: 'staff',
          targetId: created.id,
          before: null,
          after: audited(created),
        });
        return created;
      });
      return { staff: toStaff(row), password };
    } catch (err) {
      if (isUniqueViolation(err)) throw fail(E.boStaffExists);
      throw err;
    }
  }

  /** Disables an account; its sessions end in the same transaction. */
  async disable(actor: AuditActor, id: number, reason: string): Promise<backoffice.Staff> {
    const row = await this.database.db.transaction().execute(async (trx) => {
      // Every active admin's row, locked in id order: two admins disabling each other at once
      // cannot both pass the last-admin check.
      const admins = await trx
        .selectFrom('staff')
        .select('id')
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null)
        .orderBy('id')
        .forUpdate()
        .execute();
      const before = (await trx
        .selectFrom('staff')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()) as StaffRow | undefined;
      if (!before) throw fail(E.boStaffNotFound);
      if (before.disabled_at) throw fail(E.boStaffDisabled);
      if (actor.kind === 'staff' && actor.id === id) throw fail(E.boCannotDisableSelf);
      if (before.role === 'admin' && admins.filter((a) => a.id !== id).length === 0)
        throw fail(E.boLastAdmin);
      const after = (await trx
        .updateTable('staff')
        .set({ disabled_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()) as StaffRow;
      const ended = await trx
        .updateTable('staff_session')
        .set({ revoked_at: sql`now()` })
        .where('staff_id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      await this.audit.append(trx, actor, {
        action: 'staff.disable',
        targetType: 'staff',
        targetId: id,
        before: audited(before),
        after: { ...audited(after), reason, sessionsEnded: Number(ended.numUpdatedRows) },
      });
      return after;
    });
    return toStaff(row);
  }

  async list(page: number, size: number, includeDisabled: boolean) {
    let q = this.database.db.selectFrom('staff');
    if (!includeDisabled) q = q.where('disabled_at', 'is', null);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy(sql`lower(username)`)
        .limit(size)
        .offset((page - 1) * size)
        .execute() as Promise<StaffRow[]>,
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(toStaff), total: Number(count.n), page, size };
  }

  /**
   * The password step. A right password opens a session that can do nothing but take the second
   * factor; a first sign-in gets a new authenticator secret with it, shown this once. Every
   * refusal is audited, and answers alike whether the name is unknown, the password wrong or the
   * account disabled.
   */
  async login(
    caller: Pick<Caller, 'ip' | 'userAgent'>,
    username: string,
    password: string,
  ): Promise<backoffice.StaffLoginResult> {
    const { ip } = caller;
    await this.limiter.consume(`bo:login:ip:${ip}`, {
      limit: this.policy.loginsPerIpPerMinute,
      windowMs: 60_000,
    });
    const bucket = `bo:login:user:${username.toLowerCase()}`;
    const row = await this.byUsername(username);
    const failed = async (reason: string) =>
      this.audit.record(
        { kind: 'staff', id: row?.id ?? null, name: row?.username ?? username.slice(0, 64), ip },
        { action: 'staff.login.failed', targetType: 'staff', targetId: row?.id ?? null, after: { reason } },
      );
    // Counted before the check, so guesses sent together cannot all pass under the limit.
    if ((await this.limiter.hit(bucket, this.policy.failures)) > this.policy.failures.limit) {
      await failed('too many attempts');
      throw fail(E.boTooManyAttempts);
    }
    const ok = await verifyPassword(row?.password_hash, password);
    if (!row || !ok || row.disabled_at) {
      await failed(!row ? 'unknown username' : !ok ? 'wrong password' : 'account disabled');
      throw fail(E.boWrongCredentials);
    }
    await this.limiter.release(bucket, this.policy.failures);

    const token = randomBytes(32).toString('base64url');
    const expiresAt = Date.now() + this.policy.secondFactorMs;
    const enrolment = row.totp_enrolled ? null : newTotpSecret(this.policy.issuer, row.username);
    await this.database.db.transaction().execute(async (trx) => {
      // Not enrolled yet: a new secret at each sign-in, the last one shown is the one to confirm.
      if (enrolment)
        await trx
          .updateTable('staff')
          .set({ totp_secret: enrolment.secret })
          .where('id', '=', row.id)
          .where('totp_enrolled', '=', false)
          .execute();
      const session = await trx
        .insertInto('staff_session')
        .values({
          token_hash: hashToken(token),
          staff_id: row.id,
          idle_expires_at: new Date(expiresAt),
          absolute_expires_at: new Date(expiresAt),
          ip,
          user_agent: (caller.userAgent ?? '').slice(0, 400),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.audit.append(
        trx,
        { kind: 'staff', id: row.id, name: row.username, ip },
        {
          action: 'staff.login.password',
          targetType: 'staff_session',
          targetId: session.id,
          after: { next: enrolment ? 'enrol' : 'second-factor', userAgent: caller.userAgent ?? null },
        },
      );
    });
    return {
      token,
      stage: enrolment ? 'enrol' : 'second-factor',
      enrolment,
      expiresAt,
    };
  }

  /** The authenticator's code of an enrolled member of staff: the session opens. */
  secondFactor(ctx: StaffContext, ip: string, code: string): Promise<backoffice.StaffMe> {
    return this.passSecondFactor(ctx, ip, code, false);
  }

  /** The first code of the authenticator enrolled at this sign-in: it is bound and the session opens. */
  confirmEnrolment(ctx: StaffContext, ip: string, code: string): Promise<backoffice.StaffMe> {
    return this.passSecondFactor(ctx, ip, code, true);
  }

  private async passSecondFactor(
    ctx: StaffContext,
    ip: string,
    code: string,
    enrolling: boolean,
  ): Promise<backoffice.StaffMe> {
    const actor: AuditActor = { kind: 'staff', id: ctx.staffId, name: ctx.username, ip };
    const action = enrolling ? 'staff.enrol' : 'staff.login.second-factor';
    const row = await this.byId(ctx.staffId);
    if (!row || !row.totp_secret) throw fail(E.boSessionEnded);
    if (enrolling && row.totp_enrolled) throw fail(E.boAlreadyEnrolled);
    if (!enrolling && !row.totp_enrolled) throw fail(E.boEnrolmentRequired);
    const failed = (reason: string) =>
      this.audit.record(actor, {
        action: `${action}.failed`,
        targetType: 'staff_session',
        targetId: ctx.sessionId,
        after: { reason },
      });
    const bucket = `bo:totp:${row.id}`;
    if ((await this.limiter.hit(bucket, this.policy.failures)) > this.policy.failures.limit) {
      await failed('too many attempts');
      throw fail(E.boTooManyAttempts);
    }
    const step = totpStep(row.totp_secret, code);
    if (step === null) {
      await failed('wrong code');
      throw fail(E.boTotpInvalid);
    }
    const secret = row.totp_secret;
    const passed = await this.database.db.transaction().execute(async (trx) => {
      // The step is spent only if no code of it (or later) was: a replayed code finds nothing to update.
      const spent = await trx
        .updateTable('staff')
        .set({ totp_last_step: step, ...(enrolling ? { totp_enrolled: true } : {}) })
        .where('id', '=', row.id)
        .where('totp_secret', '=', secret)
        .where('totp_enrolled', '=', !enrolling)
        .where('totp_last_step', '<', step)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return false;
      const now = Date.now();
      const opened = await trx
        .updateTable('staff_session')
        .set({
          second_factor_at: sql`now()`,
          last_seen_at: sql`now()`,
          idle_expires_at: new Date(now + this.policy.idleMs),
          absolute_expires_at: new Date(now + this.policy.absoluteMs),
        })
        .where('id', '=', ctx.sessionId)
        .where('second_factor_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(opened.numUpdatedRows) !== 1) throw fail(E.boSessionEnded);
      await this.audit.append(trx, actor, { action, targetType: 'staff_session', targetId: ctx.sessionId });
      return true;
    });
    if (!passed) {
      await failed('code already used');
      throw fail(E.boTotpReplayed);
    }
    await this.limiter.release(bucket, this.policy.failures);
    return meOf(ctx);
  }

  /**
   * A member of staff changes their own password: the current one, then a new one within the
   * policy (the contract's StaffNewPasswordSchema, and here: not holding the username, not the
   * current one again). Their other sessions end in the same transaction; this one stays. Wrong
   * current passwords are limited and audited like wrong sign-ins.
   */
  async changeOwnPassword(
    ctx: StaffContext,
    ip: string | null,
    current: string,
    next: string,
  ): Promise<{ sessionsEnded: number }> {
    const actor: AuditActor = { kind: 'staff', id: ctx.staffId, name: ctx.username, ip };
    const row = await this.byId(ctx.staffId);
    if (!row || row.disabled_at) throw fail(E.boSessionEnded);
    const bucket = `bo:password:${row.id}`;
    const failed = (reason: string) =>
      this.audit.record(actor, {
        action: 'staff.password.change.failed',
        targetType: 'staff',
        targetId: row.id,
        after: { reason },
      });
    if ((await this.limiter.hit(bucket, this.policy.failures)) > this.policy.failures.limit) {
      await failed('too many attempts');
      throw fail(E.boTooManyAttempts);
    }
    if (!(await verifyPassword(row.password_hash, current))) {
      await failed('wrong current password');
      throw fail(E.boPasswordCurrentWrong);
    }
    await this.limiter.release(bucket, this.policy.failures);
    const parsed = backoffice.StaffNewPasswordSchema.safeParse(next);
    if (!parsed.success) throw fail(E.boPasswordWeak, { message: parsed.error.issues[0]!.message });
    if (next.toLowerCase().includes(row.username.toLowerCase()))
      throw fail(E.boPasswordWeak, { message: 'The new password must not hold your username' });
    if (next === current)
      throw fail(E.boPasswordWeak, { message: 'The new password must differ from the current one' });
    const passwordHash = await hashPassword(next);
    return this.database.db.transaction().execute(async (trx) => {
      // Changed only if the hash is still the one checked: two changes at once cannot both pass.
      const changed = await trx
        .updateTable('staff')
        .set({ password_hash: passwordHash, password_change_required: false })
        .where('id', '=', row.id)
        .where('password_hash', '=', row.password_hash)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw fail(E.boPasswordCurrentWrong);
      const ended = await trx
        .updateTable('staff_session')
        .set({ revoked_at: sql`now()` })
        .where('staff_id', '=', row.id)
        .where('id', '<>', ctx.sessionId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      const sessionsEnded = Number(ended.numUpdatedRows);
      await this.audit.append(trx, actor, {
        action: 'staff.password.change',
        targetType: 'staff',
        targetId: row.id,
        before: { passwordChangeRequired: row.password_change_required },
        after: { passwordChangeRequired: false, sessionsEnded },
      });
      return { sessionsEnded };
    });
  }

  /**
   * An admin's reset of another member of staff (never their own: they use My account, and
   * another admin resets their authenticator). The account's row is locked, its sessions end, and
   * the change and the reason are audited in one transaction.
   */
  private async reset(
    actor: AuditActor,
    id: number,
    reason: string,
    action: string,
    change: {
      password_hash?: string;
      password_change_required?: boolean;
      totp_enrolled?: boolean;
      totp_secret?: null;
      totp_last_step?: number;
    },
  ): Promise<StaffRow> {
    if (actor.kind === 'staff' && actor.id === id) throw fail(E.boStaffResetSelf);
    return this.database.db.transaction().execute(async (trx) => {
      const before = (await trx
        .selectFrom('staff')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()) as StaffRow | undefined;
      if (!before) throw fail(E.boStaffNotFound);
      if (before.disabled_at) throw fail(E.boStaffDisabled);
      const after = (await trx
        .updateTable('staff')
        .set(change)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()) as StaffRow;
      const ended = await trx
        .updateTable('staff_session')
        .set({ revoked_at: sql`now()` })
        .where('staff_id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      await this.audit.append(trx, actor, {
        action,
        targetType: 'staff',
        targetId: id,
        before: audited(before),
        after: { ...audited(after), reason, sessionsEnded: Number(ended.numUpdatedRows) },
      });
      return after;
    });
  }

  /** A new one-time password (shown once), changed by its owner at the next sign-in. */
  async resetPassword(
    actor: AuditActor,
    id: number,
    reason: string,
  ): Promise<{ staff: backoffice.Staff; password: string }> {
    const password = oneTimePassword();
    const row = await this.reset(actor, id, reason, 'staff.password.reset', {
      password_hash: await hashPassword(password),
      password_change_required: true,
    });
    return { staff: toStaff(row), password };
  }

  /** The authenticator is dropped: the next sign-in enrols a new one (decision 031's first sign-in). */
  async resetTotp(actor: AuditActor, id: number, reason: string): Promise<backoffice.Staff> {
    return toStaff(
      await this.reset(actor, id, reason, 'staff.totp.reset', {
        totp_enrolled: false,
        totp_secret: null,
        // The spent steps were the old authenticator's: the new one's first code may fall in the same step.
        totp_last_step: 0,
      }),
    );
  }

  /** Ends the session on the server. */
  async logout(ctx: StaffContext, ip: string): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('staff_session')
        .set({ revoked_at: sql`now()` })
        .where('id', '=', ctx.sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      await this.audit.append(
        trx,
        { kind: 'staff', id: ctx.staffId, name: ctx.username, ip },
        { action: 'staff.logout', targetType: 'staff_session', targetId: ctx.sessionId },
      );
    });
  }

  /**
   * The token check of every back-office call: a live session of an active member of staff, at the
   * stage the call needs, whose role has the call's permission. A player's token is no staff
   * token: it names no staff session.
   */
  async authorize(
    token: string | null,
    access: Exclude<BoAccess, 'public'>,
    callId?: string,
  ): Promise<StaffContext> {
    if (!token) throw fail(E.boNotSignedIn);
    const row = await this.database.db
      .selectFrom('staff_session as s')
      .innerJoin('staff as t', 't.id', 's.staff_id')
      .select([
        's.id as sessionId',
        's.second_factor_at as secondFactorAt',
        's.last_seen_at as lastSeen',
        't.id as staffId',
        't.username as username',
        't.display_name as displayName',
        't.role as role',
        't.password_change_required as passwordChangeRequired',
      ])
      .where('s.token_hash', '=', hashToken(token))
      .where('s.revoked_at', 'is', null)
      .where('s.idle_expires_at', '>', sql<Date>`now()`)
      .where('s.absolute_expires_at', '>', sql<Date>`now()`)
      .where('t.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw fail(E.boSessionEnded);
    const ctx: StaffContext = {
      sessionId: row.sessionId,
      staffId: row.staffId,
      username: row.username,
      displayName: row.displayName,
      role: row.role,
      signedIn: row.secondFactorAt !== null,
      passwordChangeRequired: row.passwordChangeRequired,
    };
    if (access === 'second-factor') {
      if (ctx.signedIn) throw fail(E.boSecondFactorDone);
      return ctx;
    }
    if (access === 'session') return ctx;
    if (!ctx.signedIn) throw fail(E.boSecondFactorRequired);
    // A reset password is changed before anything else opens (a caller without a call id is
    // not a call of the contract: the OpenAPI document, say).
    if (ctx.passwordChangeRequired && !OPEN_BEFORE_PASSWORD_CHANGE.has(callId ?? 'boMe'))
      throw fail(E.boPasswordChangeRequired);
    if (access !== 'staff' && !can(ctx.role, access as StaffPermission)) throw fail(E.boPermissionDenied);
    // Activity extends the idle deadline, at most once a step (platform/auth/session.ts).
    const lastSeen = new Date(row.lastSeen).getTime();
    if (Date.now() - lastSeen > touchStepMs(this.policy)) {
      await this.database.db
        .updateTable('staff_session')
        .set({
          last_seen_at: sql`now()`,
          idle_expires_at: sql`least(absolute_expires_at, now() + ${this.policy.idleMs} * interval '1 millisecond')`,
        })
        .where('id', '=', ctx.sessionId)
        .where('last_seen_at', '<', new Date(lastSeen + 1))
        .execute();
    }
    return ctx;
  }
}
