import type { z } from 'zod';
import {
  Errors,
  FeatureSwitch,
  type LoginResult,
  type requestPasswordEmail,
  type requestPasswordSms,
  type resetPasswordByEmail,
  type resetPasswordByPhone,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { revokeMemberSessions } from '../../platform/auth/session.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { BrandConfigStore } from '../system/brand-config.ts';
import type { SystemService } from '../system/system.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import type { MemberService } from './member.service.ts';

type BodyOf<C extends { body?: z.ZodType }> = z.output<NonNullable<C['body']>>;

/** The address the player reached the site at, as the edge read it (Host and protocol). */
export interface SiteAddress {
  /** Host with its port when it has one (`127.0.0.1:8080`). */
  host: string;
  protocol: string;
}

export interface PasswordResetDeps {
  database: Database;
  system: SystemService;
  brand: BrandConfigStore;
  members: MemberService;
  verification: VerificationService;
  sessions: SessionService;
  outbox: Outbox;
  limiter: RateLimiter;
}

/**
 * Forgotten passwords (spec B §7): a reset link by e-mail, or a code by SMS. Either way the new
 * password ends every session and credential of the member and logs the caller in.
 */
export class PasswordResetService {
  private readonly deps: PasswordResetDeps;

  constructor(deps: PasswordResetDeps) {
    this.deps = deps;
  }

  /**
   * The link of a reset e-mail points at the host the player used, but only when it is one of the
   * site's own domains (or a local address): a forged Host header must not send the token
   * elsewhere. The host keeps its port (a link without it misses a server on 8080); behind a
   * trusted proxy (TRUST_PROXY) host and protocol are those the player's browser used.
   */
  async linkOrigin(site: SiteAddress): Promise<string> {
    const protocol = site.protocol === 'https' ? 'https' : 'http';
    const bare = site.host.replace(/:\d{1,5}$/, '');
    const domains = (await this.deps.system.domainRoute()).domainList.map((d) => d.domainName);
    const local = bare === 'localhost' || bare === '127.0.0.1' || bare === '[::1]';
    if (local || domains.includes(bare)) return `${protocol}://${site.host}`;
    return `https://${domains[0] ?? 'localhost'}`;
  }

  /** Mails a single-use reset link when the username and e-mail belong to one active member. */
  async requestByEmail(
    input: BodyOf<typeof requestPasswordEmail>,
    site: SiteAddress,
    ip: string,
  ): Promise<{ sent: true; expiresInMinutes: number }> {
    const { members, verification, outbox, brand, limiter } = this.deps;
    await limiter.consume(`reset-email:${ip}`, { limit: 10, windowMs: 3_600_000 });
    const member = await members.byUsername(input.username);
    if (
      !member ||
      !member.email ||
      member.email.toLowerCase() !== input.email.toLowerCase() ||
      member.status !== 'active'
    ) {
      throw fail(Errors.userEmailNotFound);
    }
    const { token, ttlMinutes } = await verification.issueResetToken(member.id, ip);
    const link = `${await this.linkOrigin(site)}/?resetPasswordToken=${encodeURIComponent(token)}`;
    const name = brand.get().brandName;
    await outbox.enqueue({
      channel: 'email',
      recipient: member.email.toLowerCase(),
      subject: `${name}: reset your password`,
      body: `Hello ${member.username},\n\nOpen this link to choose a new password (it works once, for ${ttlMinutes} minutes):\n${link}\n\nIf you did not ask for it, ignore this e-mail: your password stays as it is.`,
      purpose: 'email:reset',
    });
    return { sent: true, expiresInMinutes: ttlMinutes };
  }

  /** Sets the new password of the link's member and logs the caller in. */
  async resetByEmail(body: BodyOf<typeof resetPasswordByEmail>, ip: string): Promise<LoginResult> {
    const { members, verification, sessions, database } = this.deps;
    if (body.confirmNewPassword !== undefined && body.confirmNewPassword !== body.newPassword)
      throw fail(Errors.confirmMismatch);
    await members.checkNewPassword(body.newPassword);
    const memberId = await verification.consumeResetToken(body.resetToken);
    await members.setPassword(memberId, body.newPassword);
    await revokeMemberSessions(database, memberId);
    return sessions.issueFor(memberId, ip, {
      rememberMe: false,
      viaSms: false,
      password: body.newPassword,
    });
  }

  /**
   * The original's forgot-password by account (POST /wps/member/password/sms): texts the reset code
   * to the account's mobile number when the number given is the account's. A mismatch reads like
   * an unknown number (nothing tells which half was wrong).
   */
  async requestBySms(
    input: BodyOf<typeof requestPasswordSms>,
    ip: string,
  ): Promise<{ expiredMinutes: number; expirationTime: number }> {
    const { members, verification, limiter } = this.deps;
    await verification.requireSwitch(FeatureSwitch.forgotPasswordByPhone);
    await verification.requireChallenge('sms', input);
    await limiter.consume(`reset-sms:${ip}`, { limit: 10, windowMs: 3_600_000 });
    const member = await members.byUsername(input.username);
    const given = input.mobileNumber.replace(/[\s-]/g, '').replace(/^0+/, '');
    if (
      !member ||
      member.status !== 'active' ||
      !member.mobile_dialing_code ||
      !member.mobile_number ||
      member.mobile_number.replace(/^0+/, '') !== given ||
      (input.countryDialingCode && input.countryDialingCode.replace(/^\+/, '') !== member.mobile_dialing_code)
    )
      throw fail(Errors.mobileNotRegistered);
    const phone = await verification.phone(member.mobile_dialing_code, member.mobile_number);
    const sent = await verification.sendSms('forgot', phone, ip, member.id);
    return { expiredMinutes: sent.expiredMinutes, expirationTime: sent.expiresAt };
  }

  /** Sets the new password of the member the SMS code was sent for (CHNGPASSVERIF3) and logs them in. */
  async resetByPhone(body: BodyOf<typeof resetPasswordByPhone>, ip: string): Promise<LoginResult> {
    const { members, verification, sessions, database } = this.deps;
    await verification.requireSwitch(FeatureSwitch.forgotPasswordByPhone);
    await members.checkNewPassword(body.newPassword);
    const digits = body.mobileNum.replace(/[\s-]/g, '');
    const national = digits.replace(/^0+/, '');
    // The code may come from /sms/forgotPassword or, as the original client sends it, from
    // /sms/noLogin: both text a code only to a registered member's number, so either proves
    // the phone; the newest unused one of the two is checked (decision 014).
    const target = body.countryDialingCode
      ? (await verification.phone(body.countryDialingCode, digits)).e164
      : ((await verification.latestSmsTarget('forgot', national)) ??
        (await verification.latestSmsTarget('login', national)));
    if (!target) throw fail(Errors.codeInvalid);
    const purpose = (await verification.newestOpenPurpose(['forgot', 'login'], target)) ?? 'forgot';
    const { memberId } = await verification.consumeCode(purpose, target, body.verificationCode);
    if (!memberId) throw fail(Errors.codeInvalid);
    await members.setPassword(memberId, body.newPassword);
    await revokeMemberSessions(database, memberId);
    return sessions.issueFor(memberId, ip, { rememberMe: false, viaSms: true });
  }
}
