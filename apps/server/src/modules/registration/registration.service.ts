import {
  AgentType,
  DEFAULT_MINIMUM_AGE,
  isOfAge,
  type ErrorDef,
  Errors,
  FeatureSwitch,
  type FieldRule,
  formatPatternMessage,
  type LoginResult,
  patternById,
  RegisterMethod,
  type RegisterFieldName,
  registerFieldNames,
  type RegisterPayload,
  validateField,
  WEAK_DEFAULT_PASSWORD,
} from '@app/contract';
import { randomInt } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import type { SystemService } from '../system/system.service.ts';
import type { MemberService } from '../member/member.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { VerificationService, Phone } from '../verification/verification.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { CaptchaService } from '../../platform/captcha/captcha.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Caller } from '../../platform/http/caller.ts';
import type { AffiliateLinkGrant, AffiliateLinks } from '../agent/register.service.ts';
import type { PreparedMember } from '../member/member.service.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './registration.repo.ts';

type Body = RegisterPayload;

/** Which catalogue message a format problem of a field is told with (spec B §8). */
const formatErrors: Partial<Record<RegisterFieldName, ErrorDef>> = {
  username: Errors.accountFormat,
  password: Errors.passwordFormat,
  paymentPassword: Errors.passwordFormat,
  payeeName: Errors.realNameFormat,
  mobileNum: Errors.phoneFormat,
  email: Errors.emailFormat,
};

/** Fields checked by their own step (identity, proofs, codes), not by the generic rule loop. */
const specialFields = new Set<RegisterFieldName>([
  'username',
  'password',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'referralCode',
  'mobileNum',
]);

/**
 * Checks one field against its registration rule (spec B §5): a disabled rule checks nothing unless
 * the field is forced; a format problem is told with the field's catalogue message and the
 * pattern's hint. Also used by the agent centre, whose downlines get the same username and
 * password rules.
 */
export function checkRegisterField(
  field: RegisterFieldName,
  rule: FieldRule | undefined,
  value: string,
  forceRequired = false,
): void {
  if (!rule || (!rule.enabled && !forceRequired)) return;
  const problem = validateField(rule, value, forceRequired);
  if (!problem) return;
  if (problem.kind === 'required')
    throw fail(Errors.inputEmpty, { message: `${Errors.inputEmpty.message}: ${field}` });
  const hint = formatPatternMessage(
    patternById(rule.patternId)?.message ?? '',
    rule.minLength,
    rule.maxLength,
  );
  const known = formatErrors[field];
  if (known) throw fail(known, { message: `${known.message}: ${hint}` });
  throw fail(Errors.invalidInput, { message: `${field}: ${hint}` });
}

/** What a social sign-in brings to a new account (decision 045); the provider proved the e-mail. */
export interface SocialRegistration {
  email: string;
  /** The name the provider gives, for the nickname; may be empty. */
  name: string;
  /** The provider's birthdate claim (YYYY-MM-DD), when it gives one. */
  birthday: string | null;
  affiliateCode: string;
  referralCode: string;
  domain: string;
  /** Writes the member's identity at the provider, in the transaction that creates the member. */
  link: (trx: Kysely<DB>, memberId: number) => Promise<void>;
}

/** A username from an e-mail's local part: lower-case letters and digits, a letter first. */
function usernameSeed(email: string): string {
  const local = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  const lettered = /^[a-z]/.test(local) ? local : `u${local}`;
  return lettered.slice(0, 8);
}

export interface RegistrationPolicy {
  /** Registrations from one IP per hour. */
  perIpPerHour: number;
}

/**
 * Registration by username or by mobile number. The field rules the client is given (GET
 * /wps/system/setting/register) are enforced here again, with the switches that shape them.
 */
export class RegistrationService {
  private readonly database: Database;
  private readonly system: SystemService;
  private readonly members: MemberService;
  private readonly sessions: SessionService;
  private readonly verification: VerificationService;
  private readonly wallet: WalletService;
  private readonly captcha: CaptchaService;
  private readonly limiter: RateLimiter;
  private readonly policy: RegistrationPolicy;
  private readonly links: AffiliateLinks | undefined;
  private readonly minimumAge: () => number;

  constructor(
    deps: {
      database: Database;
      system: SystemService;
      members: MemberService;
      sessions: SessionService;
      verification: VerificationService;
      wallet: WalletService;
      captcha: CaptchaService;
      limiter: RateLimiter;
      /** The agents' registration links (agent centre); without it only invitation codes are read. */
      links?: AffiliateLinks;
      /** The brand's minimum age (RG-34, RG-35); 18 without it. */
      minimumAge?: () => number;
    },
    policy: Partial<RegistrationPolicy> = {},
  ) {
    this.database = deps.database;
    this.system = deps.system;
    this.members = deps.members;
    this.sessions = deps.sessions;
    this.verification = deps.verification;
    this.wallet = deps.wallet;
    this.captcha = deps.captcha;
    this.limiter = deps.limiter;
    this.links = deps.links;
    this.minimumAge = deps.minimumAge ?? (() => DEFAULT_MINIMUM_AGE);
    this.policy = { perIpPerHour: 20, ...policy };
  }

  /**
   * An invitation code: an agent's registration link (any domain of the site; an expired or deleted
   * one is refused with its own message), else an agent's affiliate code or a member's referral
   * code, for this domain.
   */
  async invitation(
    code: string,
    domain: string,
  ): Promise<{
    code: string;
    kind: 'AFFILIATE' | 'REFERRAL';
    member_id: number;
    link: AffiliateLinkGrant | null;
  }> {
    const link = await this.links?.liveLink(code);
    if (link) return { code: link.code, kind: 'AFFILIATE', member_id: link.agentId, link };
    const row = await repo.invitation(this.database.db, code.trim());
    if (!row || (row.domain && domain && row.domain.toLowerCase() !== domain.trim().toLowerCase()))
      throw fail(Errors.invitationCodeError);
    return { code: row.code, kind: row.kind, member_id: row.member_id, link: null };
  }

  /** The site's country of an E.164 number, checked as any number is. */
  private async phoneOf(e164: string): Promise<Phone> {
    for (const c of (await this.system.info()).countries) {
      if (e164.startsWith(`+${c.countryDialingCode}`))
        return this.verification.phone(c.countryDialingCode, e164.slice(c.countryDialingCode.length + 1));
    }
    throw fail(Errors.phoneInvalid);
  }

  async register(
    kind: 'username' | 'mobile' | 'auto',
    body: Body,
    caller: Pick<Caller, 'ip' | 'captchaId' | 'language'>,
  ): Promise<LoginResult> {
    const { ip } = caller;
    await this.verification.requireSwitch(
      kind === 'username' ? FeatureSwitch.usernameRegister : FeatureSwitch.mobileRegister,
    );
    // autoUsername: the original's Firebase sign-up, here the phone-code provider's ID token.
    if (kind === 'auto') await this.verification.requireSwitch(FeatureSwitch.phoneCodeProvider);
    await this.limiter.consume(`register:${ip}`, { limit: this.policy.perIpPerHour, windowMs: 3_600_000 });
    const rules = await this.system.registerRules();
    const [captchaOn, smsOnRegister, mobilePassword, referralOn] = await Promise.all([
      this.system.isOn(FeatureSwitch.registerCaptcha),
      this.system.isOn(FeatureSwitch.smsVerifyOnRegister),
      this.system.isOn(FeatureSwitch.mobileRegisterWithPassword),
      this.system.isOn(FeatureSwitch.referral),
    ]);

    // Identity: the username, or on the mobile tab the number itself (spec B §5).
    let phone: Phone | null = null;
    let username = body.username;
    if (kind === 'auto') {
      // The token names the number; it is spent below, after the uniqueness checks.
      const e164 = await this.verification.idTokenTarget('register', body.firebaseIdToken);
      if (!e164) throw fail(Errors.codeInvalid);
      phone = await this.phoneOf(e164);
      username = phone.number;
    } else if (kind === 'mobile') {
      if (!body.mobileNum) throw fail(Errors.phoneInvalid);
      phone = await this.verification.phone(body.countryDialingCode, body.mobileNum);
      username = phone.number;
    } else {
      checkRegisterField('username', rules.username, username, true);
      if (body.mobileNum && rules.mobileNum?.enabled) {
        checkRegisterField('mobileNum', rules.mobileNum, body.mobileNum);
        phone = await this.verification.phone(body.countryDialingCode, body.mobileNum);
      } else if (rules.mobileNum?.enabled && rules.mobileNum.required) {
        throw fail(Errors.phoneInvalid);
      }
    }

    this.checkAge(body.ageConfirmed, body.birthday);

    const needsPassword = kind === 'username' || (kind === 'mobile' && mobilePassword);
    const password = needsPassword ? body.password : '';
    if (needsPassword) {
      if (!password) throw fail(Errors.inputEmpty, { message: `${Errors.inputEmpty.message}: password` });
      checkRegisterField('password', rules.password, password, true);
      if (password === WEAK_DEFAULT_PASSWORD) throw fail(Errors.passwordWeak);
      if (body.confirmPassword !== password) throw fail(Errors.confirmMismatch);
    }
    // The autoUsername call carries no profile fields (the original sends none): only the phone.
    for (const field of kind === 'auto' ? [] : registerFieldNames) {
      if (specialFields.has(field)) continue;
      checkRegisterField(field, rules[field], String(body[field as keyof Body] ?? ''));
    }
    if (rules.paymentPassword?.enabled && body.paymentPassword && body.paymentPassword === password) {
      throw fail(Errors.paymentPasswordSame);
    }

    // Uniqueness before any proof is consumed, so a taken name does not cost the player a code.
    if (await this.members.byUsername(username)) throw fail(Errors.usernameExists);
    if (phone && (await this.members.byMobile(phone.dialingCode, phone.number)))
      throw fail(Errors.mobileExists);

    const { uplineId, referrerId, link } = await this.invitations(rules, referralOn, body);

    // Proofs: image captcha (CAPTCHA3), slider pass (GEETEST3), SMS code (mobile tab always,
    // username tab with REGMOBVERF3).
    // The auto sign-up has no image captcha (the original sends none): its single-use ID token,
    // got only by a code texted to the number under the SMS limits, is the stronger proof.
    if (captchaOn && kind !== 'auto') {
      if (!body.captcha) throw fail(Errors.captchaRequired);
      if (!(await this.captcha.check(caller.captchaId, body.captcha))) throw fail(Errors.captchaInvalid);
    }
    await this.verification.requireChallenge('register', body);
    if (kind !== 'username' || smsOnRegister) {
      if (!phone) throw fail(Errors.phoneInvalid);
      // The number is proven by the phone-code provider's ID token (decision 012) or by an SMS code.
      if (body.firebaseIdToken) {
        await this.verification.requireSwitch(FeatureSwitch.phoneCodeProvider);
        await this.verification.redeemIdToken('register', body.firebaseIdToken, (n) => n === phone.e164);
      } else {
        await this.verification.consumeCode('register', phone.e164, body.verificationCode);
      }
    }

    // Hashed before the transaction: the hash must not hold the database (see prepareMember).
    const newMember = await this.members.prepare({
      username,
      // A registration link gives its account type, prize group and rebates (issue 29).
      agentType: link ? link.accountType : AgentType.member,
      password: password || null,
      paymentPassword: rules.paymentPassword?.enabled ? body.paymentPassword || null : null,
      email: rules.email?.enabled ? body.email || null : null,
      mobileDialingCode: phone?.dialingCode ?? null,
      mobileNumber: phone?.number ?? null,
      payeeName: rules.payeeName?.enabled ? body.payeeName || null : null,
      qqNum: rules.qqNum?.enabled ? body.qqNum : null,
      line: rules.line?.enabled ? body.line : null,
      whatsapp: rules.whatsapp?.enabled ? body.whatsapp : null,
      facebook: rules.facebook?.enabled ? body.facebook : null,
      wechat: rules.wechat?.enabled ? body.wechat : null,
      idNumber: rules.idNumber?.enabled ? body.idNumber : null,
      recommenderId: rules.recommenderId?.enabled ? body.recommenderId : null,
      uplineId,
      referrerId,
      registerIp: ip,
      registerUrl: body.registerUrl,
      registerDomain: body.domain,
      language: caller.language ? caller.language.slice(0, 10) : 'en',
    });
    const memberId = await this.createMember(newMember, link, ip);
    return this.sessions.issueFor(memberId, ip, {
      rememberMe: false,
      viaSms: kind !== 'username',
      ...(password ? { password } : {}),
    });
  }

  /**
   * The age rule (RG-34, RG-35): a confirmation the client said it did not get is refused, and a
   * birthday, when given, must make the player the brand's minimum age (of age on the birthday).
   */
  private checkAge(ageConfirmed: boolean | null | undefined, birthday: string | null | undefined): void {
    const minimumAge = this.minimumAge();
    if (ageConfirmed === false)
      throw fail(Errors.ageNotConfirmed, { message: `Please confirm you are ${minimumAge} years old` });
    if (birthday && !isOfAge(birthday, minimumAge))
      throw fail(Errors.underAge, {
        message: `You must be at least ${minimumAge} years old to open an account`,
      });
  }

  /** The invitation codes of a registration, checked against their rules (RG-09 step 3). */
  private async invitations(
    rules: Awaited<ReturnType<SystemService['registerRules']>>,
    referralOn: boolean,
    body: { affiliateCode: string; referralCode: string; domain: string },
  ): Promise<{ uplineId: number | null; referrerId: number | null; link: AffiliateLinkGrant | null }> {
    let uplineId: number | null = null;
    let referrerId: number | null = null;
    let link: AffiliateLinkGrant | null = null;
    if (rules.affiliateCode?.enabled) {
      checkRegisterField('affiliateCode', rules.affiliateCode, body.affiliateCode);
      if (body.affiliateCode) {
        const inv = await this.invitation(body.affiliateCode, body.domain);
        if (inv.kind !== 'AFFILIATE') throw fail(Errors.invitationCodeError);
        uplineId = inv.member_id;
        link = inv.link;
      }
    }
    if (rules.referralCode?.enabled && referralOn) {
      checkRegisterField('referralCode', rules.referralCode, body.referralCode);
      if (body.referralCode) {
        const inv = await this.invitation(body.referralCode, body.domain);
        if (inv.kind !== 'REFERRAL') throw fail(Errors.invitationCodeError);
        referrerId = inv.member_id;
      }
    }
    return { uplineId, referrerId, link };
  }

  /** Inserts a prepared member with its wallet (and its registration link's grant) in one transaction. */
  private async createMember(
    newMember: PreparedMember,
    link: AffiliateLinkGrant | null,
    ip: string,
    more?: (trx: Kysely<DB>, memberId: number) => Promise<void>,
  ): Promise<number> {
    try {
      return await this.database.db.transaction().execute(async (trx) => {
        if (link) await this.links!.holdLink(trx, link.id);
        const id = await this.members.insert(
          link
            ? {
                ...newMember,
                lottery_series: link.lotterySeries,
                affiliate_link_id: link.id,
                register_method: RegisterMethod.affiliateUrl,
              }
            : newMember,
          trx,
        );
        if (link) await this.links!.grantLinkRebates(trx, id, link);
        await this.wallet.memberAccount(id, undefined, trx);
        await this.members.rememberIp(id, ip, trx);
        await more?.(trx, id);
        return id;
      });
    } catch (err) {
      // Two registrations of one name racing: the unique index decides, the loser hears so.
      const e = err as { code?: string; constraint?: string; message?: string };
      if (e.code === '23505') {
        const onMobile = e.constraint === 'member_mobile' || /member_mobile/.test(e.message ?? '');
        throw fail(onMobile ? Errors.mobileExists : Errors.usernameExists);
      }
      throw err;
    }
  }

  /**
   * A new account from a social sign-in (RG-06, decision 045), under the registration's rules: the
   * username register switch must be on, the invitation codes carried through the flow are checked
   * as the form's are (a required one must be there), the per-IP limit applies, and the age rule
   * holds (the register dialog's confirmation, and the provider's birthdate when it gives one). The
   * provider's verified e-mail is the account's; a username is made from it; no password (the
   * player signs in through the provider, or sets one with a reset by e-mail). Fields the rules
   * require that a provider cannot give (real name, phone...) are asked for later by the pages that
   * need them, as for accounts made by an agent. Returns the new member's id.
   */
  async registerSocial(
    input: SocialRegistration,
    caller: Pick<Caller, 'ip' | 'language'>,
    ageConfirmed: boolean,
  ): Promise<number> {
    const { ip } = caller;
    await this.verification.requireSwitch(FeatureSwitch.usernameRegister);
    if (!ageConfirmed) throw fail(Errors.socialNoAccount);
    this.checkAge(true, input.birthday);
    await this.limiter.consume(`register:${ip}`, { limit: this.policy.perIpPerHour, windowMs: 3_600_000 });
    const rules = await this.system.registerRules();
    const referralOn = await this.system.isOn(FeatureSwitch.referral);
    const { uplineId, referrerId, link } = await this.invitations(rules, referralOn, input);
    const seed = usernameSeed(input.email);
    let username = '';
    for (let attempt = 0; attempt < 20 && !username; attempt++) {
      const candidate = `${seed}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
      if (!(await this.members.byUsername(candidate))) username = candidate;
    }
    if (!username) throw fail(Errors.conflict, { message: 'Please try again' });
    const newMember = await this.members.prepare({
      username,
      agentType: link ? link.accountType : AgentType.member,
      password: null,
      email: input.email,
      nickname: input.name.trim().slice(0, 30) || username,
      uplineId,
      referrerId,
      registerIp: ip,
      registerUrl: 'social',
      registerDomain: input.domain,
      language: caller.language ? caller.language.slice(0, 10) : 'en',
    });
    return this.createMember(
      link
        ? {
            ...newMember,
            lottery_series: link.lotterySeries,
            affiliate_link_id: link.id,
            register_method: RegisterMethod.affiliateUrl,
          }
        : newMember,
      link,
      ip,
      input.link,
    );
  }
}
