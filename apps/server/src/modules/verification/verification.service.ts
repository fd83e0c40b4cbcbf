import { createHash, randomBytes, randomInt } from 'node:crypto';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import {
  type ChallengePurpose,
  Errors,
  FeatureSwitch,
  Limits,
  type PhoneCodePurpose,
  VERIFICATION_CODE_LENGTH,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { SystemService } from '../system/system.service.ts';
import type { BrandConfigStore } from '../system/brand-config.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { SliderChallenge } from '../../platform/challenge/slider-challenge.ts';
import { fail } from '../../platform/http/errors.ts';
import * as repo from './verification.repo.ts';

export type CodePurpose =
  | 'login'
  | 'register'
  | 'forgot'
  | 'login2fa'
  | `provider:${PhoneCodePurpose}`
  // Binding a mobile or e-mail in the security centre: one purpose per member (profile module).
  | `bind-mobile:${number}`
  | `bind-email:${number}`;

export interface VerificationPolicy {
  /** Lifetime of an SMS or e-mail code (value.expiredMinutes). */
  codeTtlMinutes: number;
  /** Wrong tries after which a code is dead. */
  maxAttempts: number;
  /** Smallest gap between two codes to one number or address. */
  resendIntervalMs: number;
  /** Codes to one number or address per hour. */
  perTargetPerHour: number;
  /** Codes requested from one IP per hour. */
  perIpPerHour: number;
  /** SMS the merchant may send per day (the gateway quota). */
  smsDailyQuota: number;
  /** Lifetime of a password-reset link. */
  resetLinkTtlMinutes: number;
  /** Lifetime of a phone-code provider ID token. */
  idTokenTtlSeconds: number;
}

export const defaultVerificationPolicy: VerificationPolicy = {
  codeTtlMinutes: 5,
  maxAttempts: 5,
  resendIntervalMs: 60_000,
  perTargetPerHour: 5,
  perIpPerHour: 20,
  smsDailyQuota: 10_000,
  resetLinkTtlMinutes: 30,
  idTokenTtlSeconds: 600,
};

export interface Phone {
  dialingCode: string;
  /** National significant number, digits only. */
  number: string;
  e164: string;
  countryCode: string;
}

const hashCode = (purpose: string, target: string, code: string) =>
  createHash('sha256').update(`${purpose}|${target}|${code}`, 'utf8').digest();
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();
const idTokenPurpose = (codePurpose: CodePurpose) => `id-token:${codePurpose}`;

/**
 * One-time codes by SMS and e-mail, password-reset links, phone number checks and the switch and
 * challenge gates in front of SMS. Codes are 6 digits, stored as hashes, single use, expire, die
 * after 5 wrong tries, and a new code retires the previous one.
 */
export class VerificationService {
  private readonly database: Database;
  private readonly system: SystemService;
  private readonly brand: BrandConfigStore;
  private readonly outbox: Outbox;
  private readonly challenge: SliderChallenge;
  readonly policy: VerificationPolicy;

  constructor(
    deps: {
      database: Database;
      system: SystemService;
      brand: BrandConfigStore;
      outbox: Outbox;
      challenge: SliderChallenge;
    },
    policy: Partial<VerificationPolicy> = {},
  ) {
    this.database = deps.database;
    this.system = deps.system;
    this.brand = deps.brand;
    this.outbox = deps.outbox;
    this.challenge = deps.challenge;
    this.policy = { ...defaultVerificationPolicy, ...policy };
  }

  /** Refuses with "function not enabled" when a switch is off. */
  /** Refuses unless one of the switches is on. */
  async requireSwitch(...modIds: [string, ...string[]]): Promise<void> {
    for (const modId of modIds) if (await this.system.isOn(modId)) return;
    throw fail(Errors.functionDisabled);
  }

  /** When the switch of this purpose is on, a slider pass of that purpose must come with the call. */
  async requireChallenge(
    purpose: ChallengePurpose,
    fields: { challengeId?: string | undefined; challengeToken?: string | undefined },
  ): Promise<void> {
    const modId = purpose === 'sms' ? FeatureSwitch.challengeSms : FeatureSwitch.challengeLogin;
    if (!(await this.system.isOn(modId))) return;
    if (!fields.challengeId || !fields.challengeToken) throw fail(Errors.challengeRequired);
    if (!(await this.challenge.consume(purpose, fields.challengeId, fields.challengeToken)))
      throw fail(Errors.challengeFailed);
  }

  /**
   * Checks a number against its country: the dialing code must be one the site serves, and the
   * number valid for that country (libphonenumber-js, full metadata) with a length the country
   * table allows. A national trunk prefix (a leading 0) is accepted and dropped.
   */
  async phone(
    dialingCodeRaw: string | undefined,
    numberRaw: string,
    registered?: (phone: Phone) => Promise<boolean>,
  ): Promise<Phone> {
    const number = (numberRaw ?? '').replace(/[\s-]/g, '');
    if (!number) throw fail(Errors.phoneInvalid);
    if (!/^[0-9]+$/.test(number)) throw fail(Errors.phoneFormatInvalid);
    if (!dialingCodeRaw) return this.inferPhone(number, registered);
    const dialingCode = dialingCodeRaw.replace(/^\+/, '');
    const countries = (await this.system.info()).countries;
    const country = countries.find((c) => c.countryDialingCode === dialingCode);
    if (!country)
      throw fail(Errors.phoneFormatInvalid, {
        message: `${Errors.phoneFormatInvalid.message}: unknown country dialing code +${dialingCode}`,
      });
    const parsed = parsePhoneNumberFromString(number, country.countryCode as CountryCode);
    if (!parsed || !parsed.isValid() || parsed.countryCallingCode !== dialingCode)
      throw fail(Errors.phoneInvalid);
    const national = String(parsed.nationalNumber);
    if (country.numberLengths.length && !country.numberLengths.includes(national.length))
      throw fail(Errors.phoneInvalid);
    return { dialingCode, number: national, e164: parsed.number, countryCode: country.countryCode };
  }

  /**
   * A number sent without its dialing code (the original's ...NoDialingCode calls): the country is
   * the one of the site's countries the number is valid in. When it is valid in several, a call
   * about a registered number takes the one country where it is registered; otherwise the site's
   * home country (its first) when it is among them. Anything still open is refused: the player
   * must pick the country, never have a code texted to a guessed one.
   */
  private async inferPhone(number: string, registered?: (phone: Phone) => Promise<boolean>): Promise<Phone> {
    const countries = (await this.system.info()).countries;
    const candidates: Phone[] = [];
    for (const c of countries) {
      try {
        candidates.push(await this.phone(c.countryDialingCode, number));
      } catch {
        // Not a valid number of this country.
      }
    }
    if (candidates.length === 1) return candidates[0]!;
    if (candidates.length === 0) throw fail(Errors.phoneInvalid);
    if (registered) {
      const held: Phone[] = [];
      for (const p of candidates) if (await registered(p)) held.push(p);
      if (held.length === 1) return held[0]!;
      if (held.length > 1) throw ambiguous(candidates);
    }
    const home = countries[0];
    const atHome = home && candidates.find((p) => p.countryCode === home.countryCode);
    if (atHome) return atHome;
    throw ambiguous(candidates);
  }

  /** Sends a fresh SMS code; returns its lifetime in minutes. */
  async sendSms(
    purpose: CodePurpose,
    phone: Phone,
    ip: string,
    memberId: number | null = null,
    sessionHash: Buffer | null = null,
  ): Promise<{ expiredMinutes: number; expiresAt: number }> {
    await this.throttle(purpose, phone.e164, ip);
    const dayStart = new Date();
    dayStart.setUTCHours(0, 0, 0, 0);
    if ((await repo.countSmsSince(this.database.db, dayStart)) >= this.policy.smsDailyQuota)
      throw fail(Errors.quotaExceeded);
    const code = this.newCode();
    const expiresAt = await this.store(purpose, 'sms', phone.e164, code, ip, memberId, sessionHash);
    await this.outbox.enqueue({
      channel: 'sms',
      recipient: phone.e164,
      body: `[${this.brand.get().brandName}] ${code} is your verification code. It expires in ${this.policy.codeTtlMinutes} minutes. Never share it with anyone.`,
      purpose: `sms:${purpose}`,
    });
    return { expiredMinutes: this.policy.codeTtlMinutes, expiresAt };
  }

  /** Sends a fresh e-mail code (second factor); returns its lifetime in minutes. */
  async sendEmailCode(
    purpose: CodePurpose,
    email: string,
    ip: string,
    memberId: number | null,
  ): Promise<{ expiredMinutes: number }> {
    const target = email.toLowerCase();
    await this.throttle(purpose, target, ip);
    const code = this.newCode();
    await this.store(purpose, 'email', target, code, ip, memberId);
    const brand = this.brand.get().brandName;
    await this.outbox.enqueue({
      channel: 'email',
      recipient: target,
      subject: `${brand} verification code`,
      body: `Your ${brand} verification code is ${code}.\nIt expires in ${this.policy.codeTtlMinutes} minutes. If you did not try to log in, change your password now.`,
      purpose: `email:${purpose}`,
    });
    return { expiredMinutes: this.policy.codeTtlMinutes };
  }

  /**
   * Checks and consumes a code. Missing, unknown, expired and exhausted codes each have their own
   * message (ER-09, ER-10, ER-14, ER-07); a wrong guess counts towards the limit.
   */
  async consumeCode(
    purpose: CodePurpose,
    target: string,
    code: string,
  ): Promise<{ memberId: number | null }> {
    const given = (code ?? '').trim();
    if (!given) throw fail(Errors.codeMissing);
    const row = await repo.latestCode(this.database.db, purpose, target);
    if (!row || row.used_at) throw fail(Errors.codeInvalid);
    if (new Date(row.expires_at).getTime() <= Date.now()) throw fail(Errors.codeExpired);
    if (row.attempts >= this.policy.maxAttempts)
      throw fail(Errors.tooManyRequests, { message: 'Too many wrong codes: please send a new code' });
    if (!hashCode(purpose, target, given).equals(row.code_hash)) {
      const attempts = await repo.countFailure(this.database.db, row.id);
      if (attempts >= this.policy.maxAttempts)
        throw fail(Errors.tooManyRequests, { message: 'Too many wrong codes: please send a new code' });
      throw fail(Errors.codeInvalid);
    }
    if (!(await repo.markUsed(this.database.db, row.id))) throw fail(Errors.codeInvalid);
    return { memberId: row.member_id };
  }

  /** The newest SMS code target of a purpose for a national number (SMS login without a dialing code). */
  /**
   * Of `purposes`, the one whose newest code to `target` is the newest unused one: the phone reset
   * takes a code sent by /sms/forgotPassword or, as the original sends it, by /sms/noLogin.
   */
  async newestOpenPurpose(purposes: CodePurpose[], target: string): Promise<CodePurpose | null> {
    let best: { purpose: CodePurpose; at: number } | null = null;
    for (const purpose of purposes) {
      const row = await repo.latestCode(this.database.db, purpose, target);
      if (!row || row.used_at) continue;
      const at = new Date(row.created_at).getTime();
      if (!best || at > best.at) best = { purpose, at };
    }
    return best?.purpose ?? null;
  }

  async latestSmsTarget(purpose: CodePurpose, national: string): Promise<string | null> {
    // Digits only: anything else could act as a LIKE wildcard and match another number.
    if (!/^[0-9]{4,15}$/.test(national)) return null;
    const row = await this.database.db
      .selectFrom('verification_code')
      .select('target')
      .where('purpose', '=', purpose)
      .where('channel', '=', 'sms')
      .where('target', 'like', `+%${national}`)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.target ?? null;
  }

  /** A single-use reset link token for a member (password reset by e-mail). */
  async issueResetToken(memberId: number, ip: string): Promise<{ token: string; ttlMinutes: number }> {
    const token = randomBytes(32).toString('base64url');
    const target = `member:${memberId}`;
    await this.throttle('forgot', target, ip);
    await repo.retire(this.database.db, 'reset-link', target);
    await repo.insert(this.database.db, {
      purpose: 'reset-link',
      channel: 'link',
      target,
      member_id: memberId,
      code_hash: hashToken(token),
      expires_at: new Date(Date.now() + this.policy.resetLinkTtlMinutes * 60_000),
      ip,
    });
    return { token, ttlMinutes: this.policy.resetLinkTtlMinutes };
  }

  /** Consumes a reset link token; the member it belongs to, or a refusal. */
  async consumeResetToken(token: string): Promise<number> {
    const row = await repo.byCodeHash(this.database.db, 'reset-link', hashToken(token));
    if (!row || row.used_at || new Date(row.expires_at).getTime() <= Date.now() || !row.member_id)
      throw fail(Errors.resetTokenInvalid);
    if (!(await repo.markUsed(this.database.db, row.id))) throw fail(Errors.resetTokenInvalid);
    return row.member_id;
  }

  /**
   * Phone-code provider, step 1: texts a code and answers the opaque handle it must be confirmed
   * under, so a code can only be confirmed by the client that asked for it.
   */
  async sendProviderCode(
    purpose: PhoneCodePurpose,
    phone: Phone,
    ip: string,
    memberId: number | null,
  ): Promise<{ sessionInfo: string; resendAfterSeconds: number; expiredMinutes: number }> {
    const sessionInfo = randomBytes(24).toString('base64url');
    const sent = await this.sendSms(`provider:${purpose}`, phone, ip, memberId, hashToken(sessionInfo));
    return {
      sessionInfo,
      resendAfterSeconds: Limits.phoneCodeFlowCountdownSeconds,
      expiredMinutes: sent.expiredMinutes,
    };
  }

  /**
   * Phone-code provider, step 2: confirms the code sent under a handle (the rules of
   * `consumeCode`: single use, expiry, 5 wrong tries) and answers a single-use ID token for the
   * number, which registration or the SMS login then redeem with `redeemIdToken`.
   */
  async confirmProviderCode(
    sessionInfo: string,
    code: string,
    ip: string,
  ): Promise<{ idToken: string; phoneNumber: string; expiresIn: number }> {
    const row = await repo.bySessionHash(this.database.db, hashToken(sessionInfo));
    const purpose = row?.purpose.startsWith('provider:') ? (row.purpose as CodePurpose) : null;
    // An unknown handle reads like a code that was never sent: the code is "not valid".
    // A newer code retires this one (used_at set), so a live handle always names the newest code,
    // the one `consumeCode` checks.
    if (!row || !purpose || row.used_at) throw fail(Errors.codeInvalid);
    const { memberId } = await this.consumeCode(purpose, row.target, code);
    const idToken = randomBytes(32).toString('base64url');
    await repo.insert(this.database.db, {
      purpose: idTokenPurpose(purpose),
      channel: 'token',
      target: row.target,
      member_id: memberId,
      code_hash: hashToken(idToken),
      expires_at: new Date(Date.now() + this.policy.idTokenTtlSeconds * 1000),
      ip,
    });
    return { idToken, phoneNumber: row.target, expiresIn: this.policy.idTokenTtlSeconds };
  }

  /**
   * Redeems an ID token of the phone-code provider when `issuedTo` accepts the number it was
   * issued to. Tokens are single use (a replay is refused) and expire; a token for another number
   * or purpose is refused the same way, so a caller learns nothing from the difference.
   */
  /** The number (E.164) a live, unused ID token of `purpose` was issued to, else null. Spends nothing. */
  async idTokenTarget(purpose: PhoneCodePurpose, idToken: string): Promise<string | null> {
    const row = idToken
      ? await repo.byCodeHash(this.database.db, idTokenPurpose(`provider:${purpose}`), hashToken(idToken))
      : undefined;
    if (!row || row.used_at || new Date(row.expires_at).getTime() <= Date.now()) return null;
    return row.target;
  }

  async redeemIdToken(
    purpose: PhoneCodePurpose,
    idToken: string,
    issuedTo: (e164: string) => boolean,
  ): Promise<{ memberId: number | null }> {
    const row = idToken
      ? await repo.byCodeHash(this.database.db, idTokenPurpose(`provider:${purpose}`), hashToken(idToken))
      : undefined;
    if (!row || row.used_at || !issuedTo(row.target) || new Date(row.expires_at).getTime() <= Date.now())
      throw fail(Errors.codeInvalid);
    if (!(await repo.markUsed(this.database.db, row.id))) throw fail(Errors.codeInvalid);
    return { memberId: row.member_id };
  }

  private newCode(): string {
    return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
  }

  private async store(
    purpose: CodePurpose,
    channel: 'sms' | 'email',
    target: string,
    code: string,
    ip: string,
    memberId: number | null,
    sessionHash: Buffer | null = null,
  ): Promise<number> {
    const expiresAt = Date.now() + this.policy.codeTtlMinutes * 60_000;
    await this.database.db.transaction().execute(async (trx) => {
      await repo.retire(trx, purpose, target);
      await repo.insert(trx, {
        purpose,
        channel,
        target,
        member_id: memberId,
        code_hash: hashCode(purpose, target, code),
        session_hash: sessionHash,
        expires_at: new Date(expiresAt),
        ip,
      });
    });
    return expiresAt;
  }

  /** Resend throttle per number or address, and hourly caps per target and per caller IP. */
  private async throttle(purpose: string, target: string, ip: string): Promise<void> {
    const db = this.database.db;
    const last = await repo.latestCode(db, purpose, target);
    if (last && Date.now() - new Date(last.created_at).getTime() < this.policy.resendIntervalMs)
      throw fail(Errors.resendTooSoon);
    const hourAgo = new Date(Date.now() - 3_600_000);
    if ((await repo.countSince(db, 'target', target, hourAgo)) >= this.policy.perTargetPerHour)
      throw fail(Errors.tooManyRequests);
    if (ip && (await repo.countSince(db, 'ip', ip, hourAgo)) >= this.policy.perIpPerHour)
      throw fail(Errors.tooManyRequests);
  }
}

function ambiguous(candidates: Phone[]) {
  return fail(Errors.phoneFormatInvalid, {
    message: `${Errors.phoneFormatInvalid.message}: choose the country dialing code (${candidates.map((p) => `+${p.dialingCode}`).join(', ')})`,
  });
}
