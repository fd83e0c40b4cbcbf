import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  AgentType,
  Errors,
  FeatureSwitch,
  Limits,
  type LoginRequest,
  type LoginResult,
  type LoginVerifyMethod,
  type LoginVerifyRequired,
  memberSideLoginTypes,
  VERIFICATION_CODE_LENGTH,
  WEAK_DEFAULT_PASSWORD,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { SystemService } from '../system/system.service.ts';
import type { MemberRow, MemberService } from '../member/member.service.ts';
import { maskEmail, maskMobile } from '../member/member.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import { HouseAccount, type WalletService } from '../wallet/wallet.service.ts';
import type { CaptchaService } from '../../platform/captcha/captcha.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { createSession, revokeSession, type SessionPolicy } from '../../platform/auth/session.ts';
import { verifyPassword } from '../../platform/crypto/password-hash.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Caller } from '../../platform/http/caller.ts';
import * as repo from './session.repo.ts';
import { beginSecondFactorAttempt, lockedUntil, secondFactorPassed } from './second-factor-limit.ts';
import type { ResponsibleService } from '../responsible/responsible.service.ts';

export interface LoginPolicy {
  /** Failures of one account within `lockoutWindowMs` that lock it. */
  lockoutFailures: number;
  lockoutWindowMs: number;
  /** How long the lock lasts from the failure that set it. */
  lockoutMs: number;
  /** Failed logins from one IP (any accounts) within the lockout window before the IP is refused. */
  ipFailures: number;
  /** Login calls from one IP per minute. */
  loginsPerIpPerMinute: number;
  /** After a failure, the account needs a captcha until a success or this long. */
  captchaMemoryMs: number;
  /** Lifetime of a remember token (decision D7: 1 day). */
  rememberMs: number;
  /** A pending second factor expires after this long. */
  pendingLoginMs: number;
  /** Free-play money credited to a new trial account, in major units. */
  freePlayCredit: number;
  /** New trial accounts per IP per hour. */
  freePlayPerIpPerHour: number;
}

export const defaultLoginPolicy: LoginPolicy = {
  lockoutFailures: Limits.lockoutFailures,
  lockoutWindowMs: Limits.lockoutMinutes * 60_000,
  lockoutMs: Limits.lockoutMinutes * 60_000,
  ipFailures: 30,
  loginsPerIpPerMinute: 60,
  captchaMemoryMs: 24 * 3_600_000,
  rememberMs: Limits.rememberMeMs,
  pendingLoginMs: 10 * 60_000,
  freePlayCredit: 2000,
  freePlayPerIpPerHour: 10,
};

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest();

interface IssueOptions {
  rememberMe: boolean;
  /** SMS and phone-code logins never get the forced password change (spec B §4). */
  viaSms: boolean;
  /** The password typed at this login, when there was one (to spot the weak default). */
  password?: string;
  rememberId?: number | null;
  rememberExpiresAt?: Date;
}

/**
 * Logins (password, SMS code, remember token, free play), the lockout and captcha rules around
 * them, the second factor from a new IP, and logout.
 */
export class SessionService {
  private readonly database: Database;
  private readonly system: SystemService;
  private readonly members: MemberService;
  private readonly verification: VerificationService;
  private readonly wallet: WalletService;
  private readonly captcha: CaptchaService;
  private readonly limiter: RateLimiter;
  private readonly sessionPolicy: SessionPolicy;
  private readonly responsible: ResponsibleService | undefined;
  readonly policy: LoginPolicy;
  private failuresSinceSweep = 0;

  constructor(
    deps: {
      database: Database;
      system: SystemService;
      members: MemberService;
      verification: VerificationService;
      wallet: WalletService;
      captcha: CaptchaService;
      limiter: RateLimiter;
      sessionPolicy: SessionPolicy;
      /** Time-outs, self-exclusion and the session time limit (decision 039). */
      responsible?: ResponsibleService;
    },
    policy: Partial<LoginPolicy> = {},
  ) {
    this.database = deps.database;
    this.system = deps.system;
    this.members = deps.members;
    this.verification = deps.verification;
    this.wallet = deps.wallet;
    this.captcha = deps.captcha;
    this.limiter = deps.limiter;
    this.sessionPolicy = deps.sessionPolicy;
    this.responsible = deps.responsible;
    this.policy = { ...defaultLoginPolicy, ...policy };
  }

  /** When the account is locked: the lock's end, else null. */
  private lockedUntil(failures: Date[], now: number): number | null {
    return lockedUntil(failures, now, this.policy);
  }

  async login(
    caller: Pick<Caller, 'ip' | 'captchaId'>,
    body: Required<Pick<LoginRequest, 'username' | 'password'>> & LoginRequest,
  ): Promise<LoginResult> {
    const { ip } = caller;
    await this.limiter.consume(`login:ip:${ip}`, {
      limit: this.policy.loginsPerIpPerMinute,
      windowMs: 60_000,
    });
    if (body.type === 'sms') return this.loginBySms(ip, body);

    const username = body.username.trim();
    const password = body.password;
    if (!username || !password) throw fail(Errors.usernamePasswordMissing);
    const key = username.toLowerCase();
    const db = this.database.db;
    const now = Date.now();
    const failures = await repo.failuresSince(
      db,
      key,
      new Date(
        now - Math.max(this.policy.captchaMemoryMs, this.policy.lockoutWindowMs + this.policy.lockoutMs),
      ),
    );
    if (this.lockedUntil(failures, now) !== null)
      throw fail(Errors.accountLocked, { value: { captcha: true } });
    if (
      (await repo.ipFailuresSince(db, ip, new Date(now - this.policy.lockoutWindowMs))) >=
      this.policy.ipFailures
    ) {
      throw fail(Errors.accountLocked, { value: { captcha: true } });
    }

    // After a failure the account needs a captcha (always on, whatever CAPTCHA3 says).
    const captchaRequired = failures.some((f) => f.getTime() > now - this.policy.captchaMemoryMs);
    if (captchaRequired) {
      const answer = (body.captcha ?? '').trim();
      if (!answer) throw fail(Errors.captchaRequired, { value: { captcha: true } });
      if (!(await this.captcha.check(caller.captchaId, answer)))
        throw fail(Errors.captchaInvalid, { value: { captcha: true } });
    }
    await this.verification.requireChallenge('login', body);

    const member = (await this.members.byUsername(username)) ?? (await this.byMobileUsername(username, body));
    const ok = await verifyPassword(member?.password_hash, password);
    if (!member || !ok) {
      await repo.recordFailure(db, key, ip);
      if (++this.failuresSinceSweep >= 1000) {
        this.failuresSinceSweep = 0;
        await repo.sweepFailures(db, new Date(Date.now() - this.policy.captchaMemoryMs));
      }
      const after = [new Date(), ...failures];
      if (this.lockedUntil(after, Date.now()) !== null)
        throw fail(Errors.accountLocked, { value: { captcha: true } });
      throw fail(Errors.wrongCredentials, { value: { captcha: true } });
    }
    this.allowedToLogIn(member);
    await repo.clearFailures(db, key);
    await this.secondFactorGate(member, ip, body.rememberMe ?? false);
    return this.issue(member, ip, { rememberMe: body.rememberMe ?? false, viaSms: false, password });
  }

  /**
   * MOBILELOGIN3: the mobile number works as the username (the original logs in so after a phone
   * reset, type ""). The country comes from countryDialingCode, else from the number (the one of
   * the site's countries where it is registered). Any failure reads as "no such member".
   */
  private async byMobileUsername(username: string, body: LoginRequest): Promise<MemberRow | undefined> {
    if (!/^\+?[0-9]{4,15}$/.test(username)) return undefined;
    if (!(await this.system.isOn(FeatureSwitch.mobileLogin))) return undefined;
    try {
      const phone = await this.verification.phone(
        body.countryDialingCode ?? undefined,
        username.replace(/^\+/, ''),
        async (p) => Boolean(await this.members.byMobile(p.dialingCode, p.number)),
      );
      return await this.members.byMobile(phone.dialingCode, phone.number);
    } catch {
      return undefined;
    }
  }

  private async loginBySms(ip: string, body: LoginRequest): Promise<LoginResult> {
    await this.verification.requireSwitch(FeatureSwitch.smsLogin);
    const digits = (body.username ?? '').replace(/[\s-]/g, '');
    const national = digits.replace(/^0+/, '');
    const secret = body.password ?? '';
    // Under the phone-code provider (decision 012) the password holds its ID token, never 6 digits.
    const idToken =
      secret.length > VERIFICATION_CODE_LENGTH && (await this.system.isOn(FeatureSwitch.phoneCodeProvider))
        ? secret
        : null;
    const e164 = body.countryDialingCode
      ? (await this.verification.phone(body.countryDialingCode, digits)).e164
      : null;
    let memberId: number | null;
    if (idToken) {
      // Without a dialing code the national number names the phone the token was issued to.
      const matches = (issuedTo: string) =>
        e164 ? issuedTo === e164 : Boolean(national) && issuedTo.endsWith(national);
      ({ memberId } = await this.verification.redeemIdToken('login', idToken, matches));
    } else {
      const target = e164 ?? (await this.verification.latestSmsTarget('login', national));
      if (!target) throw fail(Errors.codeInvalid);
      ({ memberId } = await this.verification.consumeCode('login', target, secret));
    }
    const member = memberId ? await this.members.byId(memberId) : undefined;
    if (!member) throw fail(Errors.wrongCredentials);
    this.allowedToLogIn(member);
    // The code proves the phone; the new-IP second factor still applies.
    await this.secondFactorGate(member, ip, body.rememberMe ?? false);
    return this.issue(member, ip, { rememberMe: body.rememberMe ?? false, viaSms: true });
  }

  private allowedToLogIn(member: MemberRow): void {
    if (member.status !== 'active') throw fail(Errors.accountDisabled);
    if (!memberSideLoginTypes.includes(member.agent_type)) throw fail(Errors.nonMemberAccount);
  }

  /** With LOGINIPVERF3 on, a login from an IP the member has not used needs a second factor. */
  private async secondFactorGate(member: MemberRow, ip: string, rememberMe: boolean): Promise<void> {
    if (!(await this.system.isOn(FeatureSwitch.loginIpVerification))) return;
    if (await this.members.isKnownIp(member.id, ip)) return;
    const methods: LoginVerifyMethod[] = [];
    if (member.mobile_number) methods.push('SMS');
    if (member.email) methods.push('EMAIL');
    if (member.totp_secret) methods.push('TOTP');
    if (member.payee_name) methods.push('BANK_NAME');
    if (!methods.length) return;
    const verifyToken = randomBytes(32).toString('base64url');
    const expiresAt = Date.now() + this.policy.pendingLoginMs;
    await repo.insertPending(this.database.db, {
      token_hash: sha(verifyToken),
      member_id: member.id,
      ip,
      remember_me: rememberMe,
      expires_at: new Date(expiresAt),
    });
    const value: LoginVerifyRequired = {
      verifyToken,
      methods,
      mobile: maskMobile(member.mobile_dialing_code, member.mobile_number),
      email: maskEmail(member.email),
      expiresAt,
    };
    throw fail(Errors.loginVerifyRequired, { value: value });
  }

  private async pending(verifyToken: string, ip: string) {
    const row = await repo.pendingByHash(this.database.db, sha(verifyToken));
    if (!row || row.used_at || new Date(row.expires_at).getTime() <= Date.now() || row.ip !== ip)
      throw fail(Errors.loginVerifyInvalid);
    const member = await this.members.byId(row.member_id);
    if (!member) throw fail(Errors.loginVerifyInvalid);
    return { row, member };
  }

  async sendSecondFactorCode(
    verifyToken: string,
    method: 'SMS' | 'EMAIL',
    ip: string,
  ): Promise<{ expiredMinutes: number; target: string }> {
    const { member } = await this.pending(verifyToken, ip);
    if (method === 'SMS') {
      if (!member.mobile_number || !member.mobile_dialing_code) throw fail(Errors.verifyMethodUnavailable);
      const phone = await this.verification.phone(member.mobile_dialing_code, member.mobile_number);
      const sent = await this.verification.sendSms('login2fa', phone, ip, member.id);
      return {
        expiredMinutes: sent.expiredMinutes,
        target: maskMobile(member.mobile_dialing_code, member.mobile_number)!,
      };
    }
    if (!member.email) throw fail(Errors.verifyMethodUnavailable);
    const sent = await this.verification.sendEmailCode('login2fa', member.email, ip, member.id);
    return { expiredMinutes: sent.expiredMinutes, target: maskEmail(member.email)! };
  }

  async completeSecondFactor(
    verifyToken: string,
    method: LoginVerifyMethod,
    code: string,
    ip: string,
  ): Promise<LoginResult> {
    const { row, member } = await this.pending(verifyToken, ip);
    await beginSecondFactorAttempt(this.database.db, member.id, ip, this.policy);
    if ((await repo.countPendingAttempt(this.database.db, row.id)) > this.policy.lockoutFailures) {
      await repo.usePending(this.database.db, row.id);
      throw fail(Errors.accountLocked);
    }
    switch (method) {
      case 'SMS': {
        if (!member.mobile_number || !member.mobile_dialing_code) throw fail(Errors.verifyMethodUnavailable);
        const phone = await this.verification.phone(member.mobile_dialing_code, member.mobile_number);
        await this.verification.consumeCode('login2fa', phone.e164, code);
        break;
      }
      case 'EMAIL':
        if (!member.email) throw fail(Errors.verifyMethodUnavailable);
        await this.verification.consumeCode('login2fa', member.email.toLowerCase(), code);
        break;
      case 'TOTP':
        if (!member.totp_secret) throw fail(Errors.totpNotBound);
        if (!this.members.verifyTotp(member, code)) throw fail(Errors.totpInvalid);
        break;
      case 'BANK_NAME': {
        const norm = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
        if (!member.payee_name) throw fail(Errors.verifyMethodUnavailable);
        if (norm(code) !== norm(member.payee_name)) throw fail(Errors.bankNameInvalid);
        break;
      }
    }
    if (!(await repo.usePending(this.database.db, row.id))) throw fail(Errors.loginVerifyInvalid);
    this.allowedToLogIn(member);
    await secondFactorPassed(this.database.db, member.id);
    await this.members.rememberIp(member.id, ip);
    return this.issue(member, ip, { rememberMe: row.remember_me, viaSms: false });
  }

  /** A remember-token login: the token is single use and replaced by a new one with the same end. */
  async loginRemembered(username: string, rememberToken: string, ip: string): Promise<LoginResult> {
    await this.limiter.consume(`login:ip:${ip}`, {
      limit: this.policy.loginsPerIpPerMinute,
      windowMs: 60_000,
    });
    const taken = await repo.takeRemember(this.database.db, sha(rememberToken));
    const member = taken ? await this.members.byId(taken.member_id) : undefined;
    if (!taken || !member || member.username.toLowerCase() !== username.trim().toLowerCase())
      throw fail(Errors.rememberInvalid);
    this.allowedToLogIn(member);
    // A remember token is a credential like the password: from a new IP it needs the second factor
    // too (the pending login keeps rememberMe, so passing it hands out a fresh token).
    await this.secondFactorGate(member, ip, true);
    return this.issue(member, ip, {
      rememberMe: true,
      viaSms: false,
      rememberExpiresAt: new Date(taken.expires_at),
    });
  }

  /** Free play: the random string names the guest device, so the same device keeps its trial account. */
  async freePlay(randomString: string, ip: string): Promise<LoginResult> {
    await this.verification.requireSwitch(FeatureSwitch.freePlay);
    await this.limiter.consume(`login:ip:${ip}`, {
      limit: this.policy.loginsPerIpPerMinute,
      windowMs: 60_000,
    });
    const deviceKey = sha(`freeplay|${randomString}`);
    let member = await this.members.byDeviceKey(deviceKey);
    if (member && member.agent_type !== AgentType.trial) throw fail(Errors.nonMemberAccount);
    if (!member) {
      await this.limiter.consume(`freeplay:new:${ip}`, {
        limit: this.policy.freePlayPerIpPerHour,
        windowMs: 3_600_000,
      });
      const { precision } = this.wallet.currency();
      const create = () =>
        this.database.db.transaction().execute(async (trx) => {
          const suffix = String(randomInt(0, 100_000_000)).padStart(8, '0');
          const memberId = await this.members.create(
            {
              username: `guest${suffix}`,
              agentType: AgentType.trial,
              nickname: `Guest ${suffix.slice(-4)}`,
              deviceKeyHash: deviceKey,
              registerIp: ip,
              registerUrl: 'freeplay',
            },
            trx,
          );
          await this.wallet.creditFromHouse(
            memberId,
            HouseAccount.freePlay,
            Math.round(this.policy.freePlayCredit * 10 ** precision),
            `freeplay:credit:${memberId}`,
            'FREE_PLAY_CREDIT',
            trx,
          );
          return memberId;
        });
      let id: number | null = null;
      // A random guest name may collide, and one device may race itself: both end at a unique index.
      for (let attempt = 0; id === null && attempt < 3; attempt++) {
        try {
          id = await create();
        } catch (err) {
          if ((err as { code?: string }).code !== '23505') throw err;
          const raced = await this.members.byDeviceKey(deviceKey);
          if (raced) id = raced.id;
        }
      }
      if (id === null) throw fail(Errors.conflict, { message: 'Free play is busy, please try again' });
      member = await this.members.byId(id);
    }
    if (!member || member.status !== 'active') throw fail(Errors.accountDisabled);
    return this.issue(member, ip, { rememberMe: false, viaSms: false });
  }

  /** Opens the session of a member who proved who they are (login, registration, reset). */
  async issue(member: MemberRow, ip: string, options: IssueOptions): Promise<LoginResult> {
    // A time-out or self-exclusion refuses every login; a session time limit shortens the session.
    const rg = await this.responsible?.login(member.id);
    const sessionPolicy = rg?.sessionLimitMs
      ? { ...this.sessionPolicy, absoluteMs: Math.min(this.sessionPolicy.absoluteMs, rg.sessionLimitMs) }
      : this.sessionPolicy;
    let rememberToken: string | null = null;
    let rememberExpiresAt: Date | null = null;
    let rememberId: number | null = null;
    if (options.rememberMe && member.agent_type !== AgentType.trial) {
      rememberToken = randomBytes(32).toString('base64url');
      rememberExpiresAt = options.rememberExpiresAt ?? new Date(Date.now() + this.policy.rememberMs);
      rememberId = await repo.insertRemember(
        this.database.db,
        sha(rememberToken),
        member.id,
        rememberExpiresAt,
      );
    }
    const token = await createSession(this.database, member.id, ip, sessionPolicy, rememberId);
    await this.members.recordLogin(member.id, ip);

    const passwordExpired = this.members.passwordExpired(member);
    let reason: 'weak' | 'expired' | null = null;
    if (!options.viaSms && member.password_hash) {
      const weak =
        options.password !== undefined
          ? options.password === WEAK_DEFAULT_PASSWORD
          : await verifyPassword(member.password_hash, WEAK_DEFAULT_PASSWORD);
      if (weak) reason = 'weak';
      // Staff forced a change (the back office): required whatever the aged-password switch says.
      else if (member.password_change_required) reason = 'expired';
      else if (passwordExpired && (await this.system.isOn(FeatureSwitch.passwordExpiryChange)))
        reason = 'expired';
    }
    return {
      token,
      userName: member.username,
      type: member.agent_type,
      firstTimeLogin: member.first_login,
      passwordExpired,
      forceChangePassword: reason !== null,
      changePasswordReason: reason,
      rememberToken,
      rememberExpiresAt: rememberExpiresAt ? rememberExpiresAt.getTime() : null,
    };
  }

  async issueFor(
    memberId: number,
    ip: string,
    options: Omit<IssueOptions, 'rememberId'>,
  ): Promise<LoginResult> {
    const member = await this.members.byId(memberId);
    if (!member) throw fail(Errors.sessionEnded);
    this.allowedToLogIn(member);
    return this.issue(member, ip, options);
  }

  logout(sessionId: number): Promise<void> {
    return revokeSession(this.database, sessionId);
  }
}
