import { createHash } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  brandDefaultLanguage,
  Errors,
  FeatureSwitch,
  formatPatternMessage,
  type MemberInfo,
  offeredLanguage,
  offeredLanguages,
  patternById,
  type SecurityConfig,
  validateField,
  WEAK_DEFAULT_PASSWORD,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB, MemberTable } from '../../db/schema.ts';
import type { SystemService } from '../system/system.service.ts';
import type { BrandConfigStore } from '../system/brand-config.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto/password-hash.ts';
import { revokeMemberSessions } from '../../platform/auth/session.ts';
import { fail } from '../../platform/http/errors.ts';
import * as repo from './member.repo.ts';

export type { MemberRow } from './member.repo.ts';

/**
 * The club label as the original reads it: besides name and rank (spec), a display colour by rank
 * (the ranks' colours of the VIP ladder: bronze, silver, gold, platinum, diamond and above) and a
 * type, VIP from rank 1 (HD-04's VIP service starts above rank 4; the label's type only marks a club
 * member).
 */
const rankColours = ['#9e9e9e', '#cd7f32', '#c0c0c0', '#d4af37', '#7fb8d6', '#b9f2ff'] as const;
export function clubLabel(labelName: string, rankLevel: number) {
  const colour = rankColours[Math.min(Math.max(rankLevel, 0), rankColours.length - 1)]!;
  return { labelName, rankLevel, color: colour, type: rankLevel >= 1 ? 'VIP' : 'NORMAL' };
}

/** How long a password lasts before PWDEXPFORCECHANGE3 forces a change (D10: configuration with a default). */
export const PASSWORD_MAX_AGE_DAYS = 90;
const dayMs = 86_400_000;

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 2)}***@${domain}`;
}

export function maskMobile(dialing: string | null, number: string | null): string | null {
  if (!number) return null;
  return `+${dialing ?? ''} ${number.slice(0, 2)}****${number.slice(-3)}`;
}

/** Static avatars are numbered images under the CDN's AVATAR folder; the client prefixes an image host. */
export function avatarUrl(avatar: string, avatarType: string): string {
  return avatarType === 'STATIC' ? `/TCG_PROD_IMAGES/AVATAR/${encodeURIComponent(avatar)}.png` : avatar;
}

export interface NewMemberInput {
  username: string;
  agentType: number;
  password?: string | null;
  paymentPassword?: string | null;
  email?: string | null;
  mobileDialingCode?: string | null;
  mobileNumber?: string | null;
  payeeName?: string | null;
  nickname?: string;
  qqNum?: string | null;
  line?: string | null;
  whatsapp?: string | null;
  facebook?: string | null;
  wechat?: string | null;
  idNumber?: string | null;
  recommenderId?: string | null;
  uplineId?: number | null;
  referrerId?: number | null;
  registerIp?: string;
  registerUrl?: string;
  registerDomain?: string;
  deviceKeyHash?: Buffer | null;
  language?: string;
  firstLogin?: boolean;
  passwordChangedAt?: Date;
  passwordExpiresAt?: Date | null;
  avatar?: string;
  clubLabel?: string;
  rankLevel?: number;
  memberLabel?: string;
  toUpline?: boolean;
}

/** A member row ready to insert: passwords already hashed. */
export type PreparedMember = Insertable<MemberTable>;

/**
 * The member row of an input, passwords hashed with argon2id. Hashing takes tens of milliseconds:
 * do it before a transaction opens, never inside one (on PGlite a transaction holds the only
 * connection, and every other request would wait for the hash).
 */
export async function prepareMember(input: NewMemberInput): Promise<PreparedMember> {
  const now = new Date();
  const hasPassword = Boolean(input.password);
  return {
    username: input.username,
    agent_type: input.agentType,
    password_hash: hasPassword ? await hashPassword(input.password!) : null,
    payment_password_hash: input.paymentPassword ? await hashPassword(input.paymentPassword) : null,
    email: input.email || null,
    mobile_dialing_code: input.mobileNumber ? (input.mobileDialingCode ?? null) : null,
    mobile_number: input.mobileNumber || null,
    payee_name: input.payeeName || null,
    nickname: input.nickname ?? input.username,
    qq_num: input.qqNum || null,
    line_id: input.line || null,
    whatsapp: input.whatsapp || null,
    facebook: input.facebook || null,
    wechat: input.wechat || null,
    id_number: input.idNumber || null,
    recommender_id: input.recommenderId || null,
    upline_id: input.uplineId ?? null,
    referrer_id: input.referrerId ?? null,
    register_ip: input.registerIp ?? '',
    register_url: input.registerUrl ?? '',
    register_domain: input.registerDomain ?? '',
    device_key_hash: input.deviceKeyHash ?? null,
    language: input.language ?? 'en',
    first_login: input.firstLogin ?? true,
    password_changed_at: hasPassword ? (input.passwordChangedAt ?? now) : null,
    password_expires_at: hasPassword
      ? input.passwordExpiresAt === undefined
        ? new Date(now.getTime() + PASSWORD_MAX_AGE_DAYS * dayMs)
        : input.passwordExpiresAt
      : null,
    avatar: input.avatar ?? String((createHash('sha256').update(input.username).digest()[0]! % 12) + 1),
    club_label: input.clubLabel ?? 'Bronze',
    rank_level: input.rankLevel ?? 1,
    member_label: input.memberLabel ?? '',
    to_upline: input.toUpline ?? false,
  };
}

/** Inserts a member (password hashed with argon2id); used by free play and the seed. */
export async function createMember(db: Kysely<DB>, input: NewMemberInput): Promise<number> {
  return repo.insert(db, await prepareMember(input));
}

/** Members: credentials, profile and the member-centre reads. */
export class MemberService {
  private readonly database: Database;
  private readonly system: SystemService;
  private readonly brand: BrandConfigStore;

  constructor(database: Database, system: SystemService, brand: BrandConfigStore) {
    this.database = database;
    this.system = system;
    this.brand = brand;
  }

  byId(id: number, db: Kysely<DB> = this.database.db) {
    return repo.byId(db, id);
  }

  byUsername(username: string, db: Kysely<DB> = this.database.db) {
    return repo.byUsername(db, username);
  }

  byMobile(dialingCode: string, number: string, db: Kysely<DB> = this.database.db) {
    return repo.byMobile(db, dialingCode, number);
  }

  byDeviceKey(keyHash: Buffer) {
    return repo.byDeviceKey(this.database.db, keyHash);
  }

  create(input: NewMemberInput, db: Kysely<DB> = this.database.db): Promise<number> {
    return createMember(db, this.withOfferedLanguage(input));
  }

  /** Hashes the passwords of a new member (outside any transaction); `insert` writes the row. */
  prepare(input: NewMemberInput): Promise<PreparedMember> {
    return prepareMember(this.withOfferedLanguage(input));
  }

  /**
   * A new member's language is one the brand offers: the one asked for (the Language header, by
   * code or label) when it is offered, else the brand's default. Nothing else is ever stored.
   */
  private withOfferedLanguage(input: NewMemberInput): NewMemberInput {
    const brand = this.brand.get();
    const language =
      (input.language && offeredLanguage(brand, input.language)) || brandDefaultLanguage(brand);
    return { ...input, language };
  }

  insert(member: PreparedMember, db: Kysely<DB> = this.database.db): Promise<number> {
    return repo.insert(db, member);
  }

  /** Whether the stored password has passed its expiry date. */
  passwordExpired(row: repo.MemberRow): boolean {
    return Boolean(row.password_expires_at && new Date(row.password_expires_at).getTime() <= Date.now());
  }

  async info(memberId: number): Promise<MemberInfo> {
    const m = await repo.byId(this.database.db, memberId);
    if (!m) throw fail(Errors.sessionEnded);
    return {
      id: m.id,
      account: m.username,
      userName: m.username,
      nickname: m.nickname,
      type: m.agent_type,
      toUpline: m.to_upline,
      lastLogin: m.last_login_at ? new Date(m.last_login_at).getTime() : null,
      clubLabel: clubLabel(m.club_label, m.rank_level),
      memberLabel: m.member_label,
      avatar: m.avatar,
      avatarType: m.avatar_type as 'CUSTOM' | 'STATIC',
      avatarUrl: avatarUrl(m.avatar, m.avatar_type),
      // A row written before languages were checked may hold anything: it never goes back out.
      language: offeredLanguage(this.brand.get(), m.language) ?? brandDefaultLanguage(this.brand.get()),
      firstTimeLogin: m.first_login,
      passwordExpired: this.passwordExpired(m),
      email: maskEmail(m.email),
      mobile: maskMobile(m.mobile_dialing_code, m.mobile_number),
      payeeName: m.payee_name,
      hasPaymentPassword: Boolean(m.payment_password_hash),
      totpBound: Boolean(m.totp_secret),
      currency: this.brand.get().currency.code,
      registeredAt: new Date(m.created_at).getTime(),
    };
  }

  /**
   * What the money calls need of a member (wallet module): the type, the upline and the member's
   * switch for transfers to it, and the payment password's hash (checked by the wallet).
   */
  async moneyProfile(memberId: number) {
    const m = await repo.byId(this.database.db, memberId);
    if (!m) return null;
    const upline = m.upline_id ? await repo.byId(this.database.db, m.upline_id) : undefined;
    return {
      agentType: m.agent_type,
      toUpline: m.to_upline,
      paymentPasswordHash: m.payment_password_hash,
      upline: upline ? { id: upline.id, username: upline.username, nickname: upline.nickname } : null,
    };
  }

  /** GET /wps/v2/member/securityConfig: which factors are set up and what a new-IP login asks for. */
  async securityConfig(memberId: number): Promise<SecurityConfig> {
    const m = await repo.byId(this.database.db, memberId);
    if (!m) throw fail(Errors.sessionEnded);
    // The same methods, in the same order, as the session's second-factor gate offers.
    const methods: SecurityConfig['loginVerifyMethods'] = [];
    if (m.mobile_number) methods.push('SMS');
    if (m.email) methods.push('EMAIL');
    if (m.totp_secret) methods.push('TOTP');
    if (m.payee_name) methods.push('BANK_NAME');
    return {
      mobileBound: Boolean(m.mobile_number),
      emailBound: Boolean(m.email),
      totpBound: Boolean(m.totp_secret),
      bankAccountBound: Boolean(m.payee_name),
      paymentPasswordSet: Boolean(m.payment_password_hash),
      loginIpVerification: await this.system.isOn(FeatureSwitch.loginIpVerification),
      loginVerifyMethods: methods,
      passwordExpiresAt: m.password_expires_at ? new Date(m.password_expires_at).getTime() : null,
    };
  }

  /** The icon's name alone, as GET /wps/member/info/icon answers it. */
  async iconName(memberId: number): Promise<string> {
    return (await this.avatar(memberId)).avatar;
  }

  async avatar(memberId: number) {
    const m = await repo.byId(this.database.db, memberId);
    if (!m) throw fail(Errors.sessionEnded);
    return {
      avatar: m.avatar,
      avatarType: m.avatar_type as 'CUSTOM' | 'STATIC',
      avatarUrl: avatarUrl(m.avatar, m.avatar_type),
    };
  }

  /** Stores a language the brand offers (by code or picker label, decision D1); the code stored. */
  async setLanguage(memberId: number, requested: string): Promise<string> {
    const brand = this.brand.get();
    const language = offeredLanguage(brand, requested);
    if (!language)
      throw fail(Errors.invalidInput, {
        message: `Language "${requested.slice(0, 20)}" is not offered here; choose one of ${offeredLanguages(brand).join(', ')}`,
      });
    await repo.update(this.database.db, memberId, { language });
    return language;
  }

  async recordLogin(memberId: number, ip: string): Promise<void> {
    await repo.update(this.database.db, memberId, {
      last_login_at: new Date(),
      last_login_ip: ip,
      first_login: false,
    });
    await repo.rememberIp(this.database.db, memberId, ip);
  }

  rememberIp(memberId: number, ip: string, db: Kysely<DB> = this.database.db) {
    return repo.rememberIp(db, memberId, ip);
  }

  /** True when the member has logged in from `ip` before, or has no IP history at all yet. */
  async isKnownIp(memberId: number, ip: string): Promise<boolean> {
    if (await repo.isKnownIp(this.database.db, memberId, ip)) return true;
    return (await repo.knownIpCount(this.database.db, memberId)) === 0;
  }

  verifyPassword(row: repo.MemberRow | undefined, password: string): Promise<boolean> {
    return verifyPassword(row?.password_hash, password);
  }

  /** The register rule of `password` applied to a new password, plus the weak default. */
  async checkNewPassword(password: string): Promise<void> {
    const rules = await this.system.registerRules();
    const rule = rules.password;
    if (!password) throw fail(Errors.inputEmpty);
    if (password === WEAK_DEFAULT_PASSWORD) throw fail(Errors.passwordWeak);
    if (rule) {
      const problem = validateField({ ...rule, required: true }, password);
      if (problem?.kind === 'pattern') {
        const hint = formatPatternMessage(
          patternById(rule.patternId)?.message ?? '',
          rule.minLength,
          rule.maxLength,
        );
        throw fail(Errors.passwordFormat, { message: `${Errors.passwordFormat.message}: ${hint}` });
      }
    }
  }

  async setPassword(memberId: number, password: string, db: Kysely<DB> = this.database.db): Promise<void> {
    const now = new Date();
    await repo.update(db, memberId, {
      password_hash: await hashPassword(password),
      password_changed_at: now,
      password_expires_at: new Date(now.getTime() + PASSWORD_MAX_AGE_DAYS * dayMs),
      password_change_required: false,
    });
  }

  /** Changes the password of a logged-in member; the member's other sessions end. */
  async changePassword(
    memberId: number,
    sessionId: number,
    input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  ): Promise<void> {
    const m = await repo.byId(this.database.db, memberId);
    if (!m) throw fail(Errors.sessionEnded);
    if (input.newPassword !== input.confirmNewPassword) throw fail(Errors.confirmMismatch);
    // A member who registered by mobile without a password has none to confirm (spec B §5 PW-14).
    if (m.password_hash) {
      if (!input.oldPassword) throw fail(Errors.inputEmpty, { message: 'Please enter the old password' });
      if (!(await verifyPassword(m.password_hash, input.oldPassword))) throw fail(Errors.oldPasswordWrong);
      if (input.oldPassword === input.newPassword) throw fail(Errors.passwordReused);
    }
    await this.checkNewPassword(input.newPassword);
    await this.setPassword(memberId, input.newPassword);
    await revokeMemberSessions(this.database, memberId, sessionId);
  }

  /**
   * Starts binding an authenticator: a new secret kept pending until a code confirms it.
   * `boundSecret` is the bound secret the caller checked the member's right to replace (null: none
   * was bound); the pending secret is written only while that is still so, so a first binding that
   * raced with another cannot leave a replacement pending that no password was given for.
   */
  async startTotp(
    memberId: number,
    boundSecret: string | null = null,
  ): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
    const m = await repo.byId(this.database.db, memberId);
    if (!m) throw fail(Errors.sessionEnded);
    const secret = new Secret({ size: 20 });
    const totp = new TOTP({
      issuer: this.brand.get().brandName,
      label: m.username,
      secret,
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    const written = await this.database.db
      .updateTable('member')
      .set({ totp_pending_secret: secret.base32 })
      .where('id', '=', memberId)
      .where('totp_secret', boundSecret === null ? 'is' : '=', boundSecret)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1)
      throw fail(Errors.conflict, { message: 'The authenticator changed meanwhile: start again' });
    const otpauthUrl = totp.toString();
    const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
    return { secret: secret.base32, otpauthUrl, qrCode };
  }

  async confirmTotp(memberId: number, code: string): Promise<void> {
    const m = await repo.byId(this.database.db, memberId);
    if (!m) throw fail(Errors.sessionEnded);
    if (!m.totp_pending_secret) throw fail(Errors.totpBindingNotStarted);
    if (!totpMatches(m.totp_pending_secret, code)) throw fail(Errors.totpInvalid);
    await repo.update(this.database.db, memberId, {
      totp_secret: m.totp_pending_secret,
      totp_pending_secret: null,
    });
  }

  /** Checks an authenticator code against the bound secret. */
  verifyTotp(row: repo.MemberRow, code: string): boolean {
    return Boolean(row.totp_secret) && totpMatches(row.totp_secret!, code);
  }
}

/** One step of clock drift either way is accepted, as authenticator apps expect. */
export function totpMatches(base32: string, code: string): boolean {
  if (!/^[0-9]{6}$/.test(code)) return false;
  const totp = new TOTP({ secret: Secret.fromBase32(base32), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.validate({ token: code, window: 1 }) !== null;
}
