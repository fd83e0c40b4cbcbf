import { describe, expect, it, vi } from 'vitest';
import { Errors, WalletErrors } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { BrandConfigStore } from '../system/brand-config.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  BALANCE_CEILING_CONSTRAINT,
  fingerprint,
  ledgerRefusal,
  WalletService,
  type PostRequest,
} from './wallet.service.ts';
import { INSUFFICIENT_SQLSTATE } from './ledger.repo.ts';

/**
 * The ledger's rules on a request before it reaches the database, one boundary at a time: what the
 * mutation run (docs/mutation-testing.md) found no test holding. No database: a request that
 * passes every rule reaches it, and the stand-in says so.
 */
const REACHED = 'reached the database';
const database = new Proxy(
  {},
  {
    get() {
      throw new Error(REACHED);
    },
  },
) as Database;
const brand = {
  get: () => ({ currency: { code: 'USD', symbol: '$', precision: 2 } }),
} as unknown as BrandConfigStore;
const wallet = () => new WalletService(database, brand);

const request = (over: Partial<PostRequest> = {}): PostRequest => ({
  idempotencyKey: 'key-1',
  kind: 'DEPOSIT',
  reference: 'ref-1',
  postings: [
    { account: 1, amount: -500 },
    { account: 2, amount: 500 },
  ],
  ...over,
});

/** The refusal `post` gives the request, or REACHED when every rule let it through. */
async function outcome(req: PostRequest): Promise<string> {
  try {
    await wallet().post(req);
    return 'posted';
  } catch (e) {
    if (e instanceof AppError) return e.errorCode;
    return (e as Error).message;
  }
}

describe('ledger rules before the database', () => {
  it('an idempotency key of 1 to 200 characters', async () => {
    expect(await outcome(request({ idempotencyKey: '' }))).toMatch(/idempotency key of 1\.\.200/);
    expect(await outcome(request({ idempotencyKey: 'k' }))).toBe(REACHED);
    expect(await outcome(request({ idempotencyKey: 'k'.repeat(200) }))).toBe(REACHED);
    expect(await outcome(request({ idempotencyKey: 'k'.repeat(201) }))).toMatch(
      /idempotency key of 1\.\.200/,
    );
  });

  it('a kind from the closed set, a reference of at most 100 characters', async () => {
    expect(await outcome(request({ kind: 'GIFT' as never }))).toBe('ledger: unknown kind "GIFT"');
    expect(await outcome(request({ reference: 'r'.repeat(100) }))).toBe(REACHED);
    expect(await outcome(request({ reference: 'r'.repeat(101) }))).toMatch(/at most 100 characters/);
  });

  it('at least two postings, each a non-zero safe integer of minor units, summing to zero', async () => {
    expect(await outcome(request({ postings: [{ account: 1, amount: 0 }] }))).toMatch(
      /at least two postings/,
    );
    for (const bad of [0, 0.5, Number.NaN, 2 ** 53])
      expect(
        await outcome(
          request({
            postings: [
              { account: 1, amount: -1 },
              { account: 2, amount: bad },
            ],
          }),
        ),
      ).toMatch(/not a non-zero integer of minor units/);
    expect(
      await outcome(
        request({
          postings: [
            { account: 1, amount: -500 },
            { account: 2, amount: 499 },
          ],
        }),
      ),
    ).toBe('ledger: postings sum to -1, not zero');
    // Three postings balance too: one debit split between two credits.
    expect(
      await outcome(
        request({
          postings: [
            { account: 1, amount: -500 },
            { account: 2, amount: 200 },
            { account: 3, amount: 300 },
          ],
        }),
      ),
    ).toBe(REACHED);
  });

  it('a transfer moves a positive integer from one account to the other: debit on from, credit on to', async () => {
    const w = wallet();
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() =>
        w.transfer({ idempotencyKey: 'k', kind: 'DEPOSIT', reference: 'r', from: 1, to: 2, amount: bad }),
      ).toThrow(/positive integer of minor units/);
    const post = vi.spyOn(w, 'post').mockResolvedValue(undefined as never);
    await w.transfer({ idempotencyKey: 'k', kind: 'DEPOSIT', reference: 'r', from: 7, to: 9, amount: 1 });
    expect(post.mock.calls[0]![0]).toEqual({
      idempotencyKey: 'k',
      kind: 'DEPOSIT',
      reference: 'r',
      postings: [
        { account: 7, amount: -1 },
        { account: 9, amount: 1 },
      ],
    });
    await w.transfer({
      idempotencyKey: 'k2',
      kind: 'DEPOSIT',
      reference: 'r',
      memo: 'm',
      from: 7,
      to: 9,
      amount: 3,
    });
    expect(post.mock.calls[1]![0]).toMatchObject({ memo: 'm' });
  });

  it('a database refusal maps to its catalogue error: LD001 insufficient, the ceiling constraint, nothing else', () => {
    expect(ledgerRefusal({ code: INSUFFICIENT_SQLSTATE }, 2)?.errorCode).toBe(
      Errors.balanceInsufficient.code,
    );
    expect(ledgerRefusal({ code: '23514', constraint: BALANCE_CEILING_CONSTRAINT }, 2)?.errorCode).toBe(
      WalletErrors.balanceCeiling.code,
    );
    const byMessage = ledgerRefusal(
      { code: '23514', message: `violates "${BALANCE_CEILING_CONSTRAINT}"` },
      2,
    );
    expect(byMessage?.errorCode).toBe(WalletErrors.balanceCeiling.code);
    expect(byMessage?.message).toBe(
      'This movement would take a balance above 1,000,000,000,000.00, the most an account may hold',
    );
    expect(ledgerRefusal({ code: '23514', constraint: 'other_check' }, 2)).toBeNull();
    expect(ledgerRefusal({ code: '23505', constraint: BALANCE_CEILING_CONSTRAINT }, 2)).toBeNull();
    expect(ledgerRefusal(null, 2)).toBeNull();
  });

  it("a request's fingerprint ignores the postings' order and changes with kind, reference, account or amount", () => {
    const a = [
      { accountId: 1, amount: -5 },
      { accountId: 1, amount: 5 },
      { accountId: 2, amount: 3 },
    ];
    const base = fingerprint('DEPOSIT', 'r', a);
    expect(fingerprint('DEPOSIT', 'r', [...a].reverse()).equals(base)).toBe(true);
    expect(fingerprint('DEPOSIT', 'r', [a[1]!, a[2]!, a[0]!]).equals(base)).toBe(true);
    expect(fingerprint('WITHDRAW_HOLD', 'r', a).equals(base)).toBe(false);
    expect(fingerprint('DEPOSIT', 'r2', a).equals(base)).toBe(false);
    expect(fingerprint('DEPOSIT', 'r', [{ accountId: 3, amount: -5 }, ...a.slice(1)]).equals(base)).toBe(
      false,
    );
    expect(fingerprint('DEPOSIT', 'r', [{ accountId: 1, amount: -6 }, ...a.slice(1)]).equals(base)).toBe(
      false,
    );
  });
});
