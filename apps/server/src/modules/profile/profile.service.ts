import {
  EMAIL_PATTERN,
  Errors,
  type MemberProfile,
  NICKNAME_HINT,
  normalizeProfileValue,
  profileFieldHint,
  PROFILE_MIN_AGE,
  PROFILE_FIELDS,
  PROFILE_LOCKED_ONCE_SET,
  type ProfileField,
  profileValueOk,
  samePayeeName,
  type SourceOfIncome,
  STATIC_AVATAR_COUNT,
  NICKNAME_PATTERN,
  PAYMENT_PASSWORD_HINT,
  PAYMENT_PASSWORD_PATTERN,
} from '@app/contract';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import type { MemberService } from '../member/member.service.ts';
import { avatarUrl, maskEmail, maskMobile } from '../member/member.service.ts';
import type { WithdrawService } from '../withdraw/withdraw.service.ts';
import { reencodeAvatar } from './avatar-image.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto/password-hash.ts';
import { fail } from '../../platform/http/errors.ts';
import { revokeMemberSessions } from '../../platform/auth/session.ts';

/** Guessing the login password through this door is limited like guessing the payment password. */
const LOGIN_PASSWORD_RULE = { limit: 10, windowMs: 15 * 60_000 };

export interface ProfileDeps {
  database: Database;
  wallet: WalletService;
  limiter: RateLimiter;
  verification: VerificationService;
  members: MemberService;
  withdrawals: WithdrawService;
  /** The brand's minimum age (RG-34, RG-35): a birthday must make the member at least this old. */
  minimumAge?: () => number;
}

/** member_profile's column of each field kept there (the full name lives in member.payee_name). */
const COLUMNS = {
  telegram: 'telegram',
  zalo: 'zalo',
  birthday: 'birthday',
  address: 'address',
  nationality: 'nationality',
  occupation: 'occupation',
  sourceOfIncome: 'source_of_income',
  placeOfBirth: 'place_of_birth',
} as const satisfies Record<Exclude<ProfileField, 'fullName'>, string>;

/** True when a write failed on a unique index (another member holds the number). */
const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * The security centre: the payment password (its own argon2id hash in member.payment_password_hash,
 * which WalletService.checkPaymentPassword verifies for withdrawals and upline transfers).
 */
export class ProfileService {
  private readonly deps: ProfileDeps;
  constructor(deps: ProfileDeps) {
    this.deps = deps;
  }

  private async member(memberId: number) {
    const m = await this.deps.database.db
      .selectFrom('member')
      .select(['password_hash', 'payment_password_hash'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!m) throw fail(Errors.sessionEnded);
    return m;
  }

  /** The rules both the first setting and a change apply to the new payment password. */
  private checkNew(password: string, confirm: string): void {
    if (!password) throw fail(Errors.inputEmpty, { message: 'Please enter a payment password' });
    if (!PAYMENT_PASSWORD_PATTERN.test(password))
      throw fail(Errors.passwordFormat, { message: PAYMENT_PASSWORD_HINT });
    if (password !== confirm) throw fail(Errors.confirmMismatch);
  }

  private async store(memberId: number, password: string): Promise<void> {
    await this.deps.database.db
      .updateTable('member')
      .set({ payment_password_hash: await hashPassword(password) })
      .where('id', '=', memberId)
      .execute();
  }

  /** First payment password: the login password proves the player is at the keyboard. */
  async setPaymentPassword(
    memberId: number,
    input: { loginPassword: string; paymentPassword: string; confirmPaymentPassword: string },
  ): Promise<void> {
    const m = await this.member(memberId);
    if (m.payment_password_hash)
      throw fail(Errors.conflict, {
        message: 'A payment password is already set: change it with the old payment password',
      });
    this.checkNew(input.paymentPassword, input.confirmPaymentPassword);
    // A member who registered by mobile without a login password has none to give (PW-14).
    if (m.password_hash) {
      if (!input.loginPassword)
        throw fail(Errors.inputEmpty, { message: 'Please enter your login password' });
      await this.deps.limiter.consume(`login-password-check:${memberId}`, LOGIN_PASSWORD_RULE);
      if (!(await verifyPassword(m.password_hash, input.loginPassword)))
        throw fail(Errors.oldPasswordWrong, { message: 'The login password is not correct' });
      if (input.loginPassword === input.paymentPassword) throw fail(Errors.paymentPasswordSame);
    }
    await this.store(memberId, input.paymentPassword);
  }

  /** A change: the old payment password, checked (and rate limited) where withdrawals check it. */
  async changePaymentPassword(
    memberId: number,
    input: { oldPaymentPassword: string; newPaymentPassword: string; confirmNewPaymentPassword: string },
  ): Promise<void> {
    const m = await this.member(memberId);
    if (!m.payment_password_hash) throw fail(Errors.paymentPasswordNotSet);
    if (!input.oldPaymentPassword)
      throw fail(Errors.inputEmpty, { message: 'Please enter the old payment password' });
    this.checkNew(input.newPaymentPassword, input.confirmNewPaymentPassword);
    await this.deps.wallet.checkPaymentPassword(memberId, input.oldPaymentPassword);
    if (input.oldPaymentPassword === input.newPaymentPassword) throw fail(Errors.passwordReused);
    if (m.password_hash && (await verifyPassword(m.password_hash, input.newPaymentPassword)))
      throw fail(Errors.paymentPasswordSame);
    await this.store(memberId, input.newPaymentPassword);
  }

  /** The member's sessions that still work (not ended, neither time-out passed), newest first. */
  private activeSessions(memberId: number) {
    const now = new Date();
    return this.deps.database.db
      .selectFrom('session')
      .select(['id', 'ip', 'created_at', 'last_seen_at'])
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .where('idle_expires_at', '>', now)
      .where('absolute_expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async sessions(memberId: number, currentSessionId: number) {
    const rows = await this.activeSessions(memberId);
    return {
      sessions: rows.map((r) => ({
        id: r.id,
        ip: r.ip,
        createdAt: new Date(r.created_at).getTime(),
        lastSeenAt: new Date(r.last_seen_at).getTime(),
        current: r.id === currentSessionId,
      })),
    };
  }

  /** "Log out other devices": every other session and every remember token of the member end. */
  async logoutOthers(memberId: number, currentSessionId: number): Promise<{ ended: number }> {
    const others = (await this.activeSessions(memberId)).filter((r) => r.id !== currentSessionId).length;
    await revokeMemberSessions(this.deps.database, memberId, currentSessionId);
    return { ended: others };
  }

  /** A new nickname: trimmed, inner runs of spaces folded, then checked against the pattern. */
  async setNickname(memberId: number, raw: string): Promise<{ nickname: string }> {
    const nickname = raw.trim().replace(/\s+/g, ' ');
    if (!nickname) throw fail(Errors.inputEmpty, { message: 'Please enter a nickname' });
    if (!NICKNAME_PATTERN.test(nickname)) throw fail(Errors.invalidInput, { message: NICKNAME_HINT });
    await this.deps.database.db.updateTable('member').set({ nickname }).where('id', '=', memberId).execute();
    return { nickname };
  }

  /* ---------------------------------------------------------------------------------------------
   * The profile page (MC-09, MC-10; decision 023).
   * ------------------------------------------------------------------------------------------- */

  async profile(memberId: number): Promise<MemberProfile> {
    const db = this.deps.database.db;
    const m = await db
      .selectFrom('member')
      .select(['nickname', 'payee_name'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!m) throw fail(Errors.sessionEnded);
    const p = await db
      .selectFrom('member_profile')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    const accounts = await this.deps.withdrawals.bankAccounts(memberId);
    // The chosen default while it is live, else the oldest live account.
    const account = accounts.find((a) => a.id === p?.default_bank_account_id) ?? accounts[0] ?? null;
    const value: Omit<MemberProfile, 'nickname' | 'locked' | 'bankAccount'> = {
      fullName: m.payee_name,
      telegram: p?.telegram ?? null,
      zalo: p?.zalo ?? null,
      birthday: p?.birthday ?? null,
      address: p?.address ?? null,
      nationality: p?.nationality ?? null,
      occupation: p?.occupation ?? null,
      sourceOfIncome: (p?.source_of_income as SourceOfIncome | null | undefined) ?? null,
      placeOfBirth: p?.place_of_birth ?? null,
    };
    return {
      nickname: m.nickname,
      ...value,
      locked: PROFILE_LOCKED_ONCE_SET.filter((f) => value[f] !== null),
      bankAccount: account
        ? {
            id: account.id,
            bankName: account.bankName,
            accountNumber: account.accountNumber,
            payeeName: account.payeeName,
          }
        : null,
    };
  }

  /**
   * Saves the fields sent: each normalised and checked against the contract's rule (a 422 naming
   * the field and its rule), an empty string clears an editable field, and a locked field that is
   * already set may only be sent unchanged. All fields are checked before anything is written.
   */
  async updateProfile(
    memberId: number,
    input: Partial<Record<ProfileField, string | undefined>>,
  ): Promise<MemberProfile> {
    const current = await this.profile(memberId);
    const changes: Partial<Record<ProfileField, string | null>> = {};
    for (const field of PROFILE_FIELDS) {
      const raw = input[field];
      if (raw === undefined) continue;
      const value = normalizeProfileValue(field, raw);
      const before = current[field];
      const locked = PROFILE_LOCKED_ONCE_SET.includes(field) && before !== null;
      if (!value) {
        if (before === null) continue;
        if (locked) throw this.lockedError(field);
        changes[field] = null;
        continue;
      }
      const minimumAge = this.deps.minimumAge?.() ?? PROFILE_MIN_AGE;
      if (!profileValueOk(field, value, new Date(), minimumAge))
        throw fail(Errors.profileFieldInvalid, {
          message: `${field}: ${profileFieldHint(field, minimumAge)}`,
          value: { field },
        });
      if (value === before) continue;
      if (locked) {
        // The same name typed with other case or spacing is not a change.
        if (field === 'fullName' && samePayeeName(value, before)) continue;
        throw this.lockedError(field);
      }
      changes[field] = value;
    }
    if (changes.fullName) await this.checkNameMatchesBanks(memberId, changes.fullName);

    const db = this.deps.database.db;
    await db.transaction().execute(async (trx) => {
      if (changes.fullName !== undefined)
        await trx
          .updateTable('member')
          .set({ payee_name: changes.fullName })
          .where('id', '=', memberId)
          .execute();
      const row: Record<string, string | null> = {};
      for (const [field, column] of Object.entries(COLUMNS))
        if (field in changes) row[column] = changes[field as ProfileField] ?? null;
      if (Object.keys(row).length === 0) return;
      await trx
        .insertInto('member_profile')
        .values({ member_id: memberId, ...row })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...row, updated_at: new Date() }))
        .execute();
    });
    return this.profile(memberId);
  }

  private lockedError(field: ProfileField) {
    return fail(Errors.profileFieldLocked, {
      message: `${field}: ${Errors.profileFieldLocked.message}`,
      value: { field },
    });
  }

  /** A full name given after bank accounts were bound must be the name they are in. */
  private async checkNameMatchesBanks(memberId: number, fullName: string): Promise<void> {
    const accounts = await this.deps.withdrawals.bankAccounts(memberId);
    if (accounts.some((a) => !samePayeeName(a.payeeName, fullName)))
      throw fail(Errors.profileFieldInvalid, {
        message: 'fullName: Your bank accounts are in another name: the full name must be the payee name',
        value: { field: 'fullName' },
      });
  }

  /** Makes one of the member's own live bank accounts the default; any other id is not found. */
  async setDefaultBankAccount(memberId: number, id: number): Promise<MemberProfile> {
    const accounts = await this.deps.withdrawals.bankAccounts(memberId);
    if (!accounts.some((a) => a.id === id)) throw fail(Errors.bankAccountNotFound);
    await this.deps.database.db
      .insertInto('member_profile')
      .values({ member_id: memberId, default_bank_account_id: id })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({ default_bank_account_id: id, updated_at: new Date() }),
      )
      .execute();
    return this.profile(memberId);
  }

  /* ---------------------------------------------------------------------------------------------
   * The avatar: a built-in one, or an uploaded image re-encoded (avatar-image.ts).
   * ------------------------------------------------------------------------------------------- */

  private async storeAvatar(memberId: number, avatar: string, type: 'STATIC' | 'CUSTOM') {
    await this.deps.database.db
      .updateTable('member')
      .set({ avatar, avatar_type: type })
      .where('id', '=', memberId)
      .execute();
    return { avatar, avatarType: type, avatarUrl: avatarUrl(avatar, type) };
  }

  async setStaticAvatar(memberId: number, avatar: string) {
    const n = Number(avatar);
    // "1".."12" exactly: no leading zeros, signs or spaces, so each avatar has one address.
    if (!/^[1-9][0-9]?$/.test(avatar) || n > STATIC_AVATAR_COUNT)
      throw fail(Errors.invalidInput, { message: `Choose an avatar from 1 to ${STATIC_AVATAR_COUNT}` });
    return this.storeAvatar(memberId, avatar, 'STATIC');
  }

  /** Checked and re-encoded before anything is stored: a refused upload changes nothing. */
  async uploadAvatar(memberId: number, bytes: Buffer) {
    const dataUrl = await reencodeAvatar(bytes);
    return this.storeAvatar(memberId, dataUrl, 'CUSTOM');
  }

  /* ---------------------------------------------------------------------------------------------
   * Binding a mobile number or an e-mail address with a code (the verification module's codes:
   * single use, expiring, five wrong tries, resend and hourly limits), under a purpose of this
   * member's own so a code sent for one member never binds for another.
   * ------------------------------------------------------------------------------------------- */

  private async contact(memberId: number) {
    const m = await this.deps.database.db
      .selectFrom('member')
      .select(['password_hash', 'mobile_dialing_code', 'mobile_number', 'email'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!m) throw fail(Errors.sessionEnded);
    return m;
  }

  /** Replacing a bound contact also takes the login password (when the member has one). */
  private async checkReplacePassword(memberId: number, hash: string | null, given: string): Promise<void> {
    if (!hash) return;
    if (!given) throw fail(Errors.inputEmpty, { message: 'Please enter your login password' });
    await this.deps.limiter.consume(`login-password-check:${memberId}`, LOGIN_PASSWORD_RULE);
    if (!(await verifyPassword(hash, given)))
      throw fail(Errors.oldPasswordWrong, { message: 'The login password is not correct' });
  }

  /**
   * Starts binding an authenticator (MemberService.startTotp). Replacing a bound one also takes the
   * login password, as replacing a bound contact does: a borrowed session alone must not be able to
   * move the second factor that guards logins from new places.
   */
  async startTotp(memberId: number, loginPassword: string) {
    const m = await this.deps.database.db
      .selectFrom('member')
      .select(['password_hash', 'totp_secret'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!m) throw fail(Errors.sessionEnded);
    if (m.totp_secret) await this.checkReplacePassword(memberId, m.password_hash, loginPassword);
    return this.deps.members.startTotp(memberId, m.totp_secret);
  }

  private async mobileFor(memberId: number, dialing: string, number: string) {
    const phone = await this.deps.verification.phone(dialing, number);
    const m = await this.contact(memberId);
    if (m.mobile_dialing_code === phone.dialingCode && m.mobile_number === phone.number)
      throw fail(Errors.alreadyBound);
    const holder = await this.deps.members.byMobile(phone.dialingCode, phone.number);
    if (holder && holder.id !== memberId) throw fail(Errors.mobileExists);
    return { phone, member: m };
  }

  async sendBindMobileCode(
    memberId: number,
    input: { countryDialingCode: string; mobileNum: string },
    ip: string,
  ) {
    const { phone } = await this.mobileFor(memberId, input.countryDialingCode, input.mobileNum);
    const sent = await this.deps.verification.sendSms(`bind-mobile:${memberId}`, phone, ip, memberId);
    return { expiredMinutes: sent.expiredMinutes, expirationTime: sent.expiresAt };
  }

  async bindMobile(
    memberId: number,
    input: { countryDialingCode: string; mobileNum: string; verificationCode: string; loginPassword: string },
  ): Promise<{ mobile: string }> {
    const { phone, member } = await this.mobileFor(memberId, input.countryDialingCode, input.mobileNum);
    if (member.mobile_number)
      await this.checkReplacePassword(memberId, member.password_hash, input.loginPassword);
    await this.deps.verification.consumeCode(`bind-mobile:${memberId}`, phone.e164, input.verificationCode);
    try {
      await this.deps.database.db
        .updateTable('member')
        .set({ mobile_dialing_code: phone.dialingCode, mobile_number: phone.number })
        .where('id', '=', memberId)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw fail(Errors.mobileExists);
      throw err;
    }
    return { mobile: maskMobile(phone.dialingCode, phone.number)! };
  }

  private async emailFor(memberId: number, raw: string) {
    const email = raw.trim().toLowerCase();
    if (!email) throw fail(Errors.inputEmpty, { message: 'Please enter an e-mail address' });
    if (email.length > 100 || !EMAIL_PATTERN.test(email)) throw fail(Errors.emailFormat);
    const m = await this.contact(memberId);
    if (m.email?.toLowerCase() === email) throw fail(Errors.alreadyBound);
    const holder = await this.deps.database.db
      .selectFrom('member')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email)
      .where('id', '<>', memberId)
      .executeTakeFirst();
    if (holder) throw fail(Errors.emailExists);
    return { email, member: m };
  }

  async sendBindEmailCode(memberId: number, raw: string, ip: string) {
    const { email } = await this.emailFor(memberId, raw);
    const sent = await this.deps.verification.sendEmailCode(`bind-email:${memberId}`, email, ip, memberId);
    return {
      expiredMinutes: sent.expiredMinutes,
      expirationTime: Date.now() + sent.expiredMinutes * 60_000,
    };
  }

  async bindEmail(
    memberId: number,
    input: { email: string; verificationCode: string; loginPassword: string },
  ): Promise<{ email: string }> {
    const { email, member } = await this.emailFor(memberId, input.email);
    if (member.email) await this.checkReplacePassword(memberId, member.password_hash, input.loginPassword);
    await this.deps.verification.consumeCode(`bind-email:${memberId}`, email, input.verificationCode);
    await this.deps.database.db.updateTable('member').set({ email }).where('id', '=', memberId).execute();
    return { email: maskEmail(email)! };
  }
}
