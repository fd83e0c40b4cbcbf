import type { Kysely } from 'kysely';
import { Errors } from '@app/contract';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import * as repo from './session.repo.ts';

export interface LockoutPolicy {
  /** Failures within `lockoutWindowMs` that lock. */
  lockoutFailures: number;
  lockoutWindowMs: number;
  /** How long the lock lasts from the failure that set it. */
  lockoutMs: number;
}

/**
 * When `failures` (newest first) lock: the lock's end, else null. The lock runs from the failure
 * that made `lockoutFailures` within the window. One rule for passwords and second factors.
 */
export function lockedUntil(failures: Date[], now: number, policy: LockoutPolicy): number | null {
  const { lockoutFailures, lockoutWindowMs, lockoutMs } = policy;
  for (let i = 0; i + lockoutFailures - 1 < failures.length; i++) {
    const newest = failures[i]!.getTime();
    const oldest = failures[i + lockoutFailures - 1]!.getTime();
    if (newest - oldest <= lockoutWindowMs && newest + lockoutMs > now) return newest + lockoutMs;
  }
  return null;
}

/**
 * Second-factor failures count per member, across all pending logins: a new login with the right
 * password must not buy new guesses of the bank name or an authenticator code. They are rows of
 * `login_failure` under a key no username can take (usernames hold no "#"), so they hold across
 * instances and count towards the caller IP's failures like wrong passwords do.
 */
const keyOf = (memberId: number) => `2fa#${memberId}`;

const locked = () =>
  fail(Errors.accountLocked, {
    message: 'Too many wrong verification answers, try again after 5 minutes',
  });

/**
 * Called before an answer is checked: refuses while the member's second factor is locked, then
 * counts the attempt as a failure until `secondFactorPassed` clears it. Counting first means
 * answers sent together cannot all slip in under the limit.
 */
export async function beginSecondFactorAttempt(
  db: Kysely<DB>,
  memberId: number,
  ip: string,
  policy: LockoutPolicy,
): Promise<void> {
  const key = keyOf(memberId);
  const now = Date.now();
  const before = await repo.failuresSince(db, key, new Date(now - policy.lockoutWindowMs - policy.lockoutMs));
  if (lockedUntil(before, now, policy) !== null) throw locked();
  await repo.recordFailure(db, key, ip);
  // Answers sent together all passed the check above; read again, each sees the others' rows (its
  // own left out, one row of the newest), so the ones past the limit are refused.
  const others = (
    await repo.failuresSince(db, key, new Date(now - policy.lockoutWindowMs - policy.lockoutMs))
  ).slice(1);
  if (lockedUntil(others, Date.now(), policy) !== null) throw locked();
}

/** A right answer: the member's second-factor failures are forgotten, as a password success does. */
export async function secondFactorPassed(db: Kysely<DB>, memberId: number): Promise<void> {
  await repo.clearFailures(db, keyOf(memberId));
}
