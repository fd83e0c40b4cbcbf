import { Secret, TOTP } from 'otpauth';

/**
 * The staff authenticator: the same TOTP as a member's (modules/member: SHA-1, six digits, 30-second
 * steps, one step of drift either way, the secret kept as base32), except that a staff code is
 * checked by its step, so that the step can be spent and the code never accepted twice.
 */
const PARAMS = { digits: 6, period: 30, algorithm: 'SHA1' } as const;

export function newTotpSecret(issuer: string, label: string): { secret: string; otpauthUri: string } {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ issuer, label, secret, ...PARAMS });
  return { secret: secret.base32, otpauthUri: totp.toString() };
}

/** The 30-second step the code belongs to, or null when it is not a code of this secret now. */
export function totpStep(base32: string, code: string, now = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const totp = new TOTP({ secret: Secret.fromBase32(base32), ...PARAMS });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** The code of a secret at a time (tests, and the CLI's own checks). */
export function totpCode(base32: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(base32), ...PARAMS }).generate({ timestamp: at });
}
