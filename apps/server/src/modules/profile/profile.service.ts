import {
  Errors,
  NICKNAME_HINT,
  NICKNAME_PATTERN,
  PAYMENT_PASSWORD_HINT,
  PAYMENT_PASSWORD_PATTERN,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto/password-hash.ts';
import { fail } from '../../platform/http/errors.ts';
import { revokeMemberSessions } from '../../platform/auth/session.ts';

/** Guessing the login password through this door is limited like guessing the payment password. */
const LOGIN_PASSWORD_RULE = { limit: 10, windowMs: 15 * 60_000 };

export interface ProfileDeps {
  database: Database;
  wallet: WalletService;
  limiter: RateLimiter;
}

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
}
