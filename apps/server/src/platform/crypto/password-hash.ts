import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing: argon2id (RFC 9106) with the OWASP minimum of 19 MiB of memory, 2 passes and
 * one lane, about 25 ms a hash on these machines. The parameters are stored inside each hash
 * (PHC string), so raising them later only affects new hashes; `needsRehash` says when a login
 * should upgrade a stored hash.
 */
export const ARGON2_PARAMS = {
  // 2 is Argon2id in @node-rs/argon2's Algorithm enum (a const enum, which type stripping cannot import).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const argon2Description = `argon2id m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    // Same work as a real check, so a missing account or password does not answer faster.
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

export function needsRehash(stored: string): boolean {
  return !stored.startsWith(
    `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`,
  );
}

// A hash of a random password made once at start, for the timing-equal "no such account" path.
const DUMMY_HASH = await hash(crypto.randomUUID(), ARGON2_PARAMS);
