import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { AgentType, Errors } from '@app/contract';
import { requireRealAccount, tokenOf, type SessionContext } from '../../platform/auth/session.ts';
import { AppError } from '../../platform/http/errors.ts';
import { lockedUntil } from './second-factor-limit.ts';

/**
 * The session rules that need no database, at their boundaries: what the mutation run
 * (docs/mutation-testing.md) found no test holding.
 */
describe('lockout: N failures within the window lock for lockoutMs from the newest', () => {
  const policy = { lockoutFailures: 3, lockoutWindowMs: 60_000, lockoutMs: 300_000 };
  const now = 1_000_000_000;
  // Newest first, as the repository reads them.
  const at = (...agoMs: number[]) => agoMs.map((ms) => new Date(now - ms));

  it('fewer failures than the limit never lock', () => {
    expect(lockedUntil([], now, policy)).toBeNull();
    expect(lockedUntil(at(0, 1_000), now, policy)).toBeNull();
  });

  it('the limit reached within the window locks until the newest failure plus lockoutMs', () => {
    expect(lockedUntil(at(0, 30_000, 60_000), now, policy)).toBe(now + 300_000);
    // One millisecond too spread out: no lock.
    expect(lockedUntil(at(0, 30_000, 60_001), now, policy)).toBeNull();
    const newest = 10_000;
    expect(lockedUntil(at(newest, 20_000, 30_000), now, policy)).toBe(now - newest + 300_000);
  });

  it('the lock ends lockoutMs after the newest failure, not a millisecond later', () => {
    const failures = at(0, 1, 2);
    expect(lockedUntil(failures, now + 299_999, policy)).toBe(now + 300_000);
    expect(lockedUntil(failures, now + 300_000, policy)).toBeNull();
  });

  it('any run of N consecutive failures counts, not only the newest ones', () => {
    // Neither the newest three (160 s) nor the next three (80 s) lie within a minute; then they do.
    expect(lockedUntil(at(0, 150_000, 160_000, 230_000), now, policy)).toBeNull();
    expect(lockedUntil(at(0, 150_000, 160_000, 170_000), now, policy)).toBe(now - 150_000 + 300_000);
  });
});

describe('the token of a call', () => {
  const req = (authorization?: string) => ({ headers: { authorization } }) as unknown as FastifyRequest;

  it('is the raw Authorization header, a Bearer prefix tolerated, of 16 to 256 characters', () => {
    expect(tokenOf(req())).toBeNull();
    expect(tokenOf(req(''))).toBeNull();
    expect(tokenOf(req('a'.repeat(16)))).toBe('a'.repeat(16));
    expect(tokenOf(req(`Bearer ${'b'.repeat(16)}`))).toBe('b'.repeat(16));
    expect(tokenOf(req('a'.repeat(15)))).toBeNull();
    expect(tokenOf(req(`Bearer ${'b'.repeat(15)}`))).toBeNull();
    expect(tokenOf(req('a'.repeat(256)))).toBe('a'.repeat(256));
    expect(tokenOf(req('a'.repeat(257)))).toBeNull();
    // Only "Bearer " with its space is a prefix.
    expect(tokenOf(req(`Bearer${'c'.repeat(16)}`))).toBe(`Bearer${'c'.repeat(16)}`);
  });
});

describe('member-only calls', () => {
  const session = (agentType: number): SessionContext => ({
    sessionId: 1,
    memberId: 2,
    agentType,
    username: 'u',
    lotterySeries: 1956,
  });

  it('refuse a trial account (agent type 4) and let every other type through', () => {
    let refused: unknown;
    try {
      requireRealAccount(session(AgentType.trial));
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errorCode).toBe(Errors.trialForbidden.code);
    for (const type of [0, 1, 2, 41, 42]) expect(requireRealAccount(session(type))).toEqual(session(type));
  });
});
