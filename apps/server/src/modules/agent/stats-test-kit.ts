import { sql } from 'kysely';
import type { TestApp } from '../../test/test-app.ts';
import { HouseAccount, WalletType } from '../wallet/wallet.service.ts';
import { memberWithMoney, type TestMember } from '../wallet/wallet-test-kit.ts';

/**
 * Data for the team figures' tests (issue 29): members under uplines with their prize groups and
 * rates, settled bets written the ways the platform writes them (a pending record settled one by
 * one or in bulk, a record inserted settled, a correction, a cancellation after settling), and
 * money movements of the kinds the reports count, each through the ledger.
 */

export interface KitMember extends TestMember {
  uplineId: number | null;
}

let serial = 0;

/** A member under `uplineId` (type 1 agent or 0 player) with its prize group and product rates. */
export async function kitMember(
  t: TestApp,
  o: {
    prefix: string;
    uplineId?: number | null;
    agent?: boolean;
    series?: number;
    rates?: Record<string, number>;
    money?: number;
  },
): Promise<KitMember> {
  const m = await memberWithMoney(t, o.money ?? 0, {
    agentType: o.agent ? 1 : 0,
    prefix: o.prefix,
    ...(o.uplineId ? { uplineId: o.uplineId } : {}),
  });
  const db = t.database.db;
  if (o.series)
    await db.updateTable('member').set({ lottery_series: o.series }).where('id', '=', m.memberId).execute();
  for (const [product, bp] of Object.entries(o.rates ?? {}))
    await db
      .insertInto('member_rebate')
      .values({ member_id: m.memberId, product: product as 'LIVE', rate_bp: bp })
      .execute();
  return { ...m, uplineId: o.uplineId ?? null };
}

export interface KitBet {
  memberId: number;
  product: string;
  amount: number;
  valid: number;
  payout: number;
  betAt: Date;
  settledAt: Date;
}

/**
 * Settled bets: even ones placed pending and settled in one bulk update (the lottery's way), odd
 * ones inserted settled (a spin's way). Bet numbers are unique per call.
 */
export async function settleBets(t: TestApp, bets: KitBet[]): Promise<string[]> {
  const db = t.database.db;
  const betNos = bets.map(() => `kit-${process.pid}-${++serial}`);
  const currency = t.app.ctx.wallet.currency().code;
  const pending = bets.map((b, i) => ({ b, no: betNos[i]! })).filter((_, i) => i % 2 === 0);
  const direct = bets.map((b, i) => ({ b, no: betNos[i]! })).filter((_, i) => i % 2 === 1);
  if (pending.length) {
    await db
      .insertInto('bet_record')
      .values(
        pending.map(({ b, no }) => ({
          member_id: b.memberId,
          vendor: 'KIT',
          bet_no: no,
          product: b.product,
          currency,
          bet_amount: b.amount,
          status: 'PENDING' as const,
          bet_at: b.betAt,
        })),
      )
      .execute();
    await sql`
      update bet_record r set status = 'SETTLED', valid_bet = x.valid, payout = x.payout, settled_at = x.settled_at
      from unnest(${pending.map((p) => p.no)}::text[], ${pending.map((p) => p.b.valid)}::bigint[],
                  ${pending.map((p) => p.b.payout)}::bigint[], ${pending.map((p) => p.b.settledAt.toISOString())}::timestamptz[])
        as x(bet_no, valid, payout, settled_at)
      where r.vendor = 'KIT' and r.bet_no = x.bet_no`.execute(db);
  }
  if (direct.length)
    await db
      .insertInto('bet_record')
      .values(
        direct.map(({ b, no }) => ({
          member_id: b.memberId,
          vendor: 'KIT',
          bet_no: no,
          product: b.product,
          currency,
          bet_amount: b.amount,
          valid_bet: b.valid,
          payout: b.payout,
          status: 'SETTLED' as const,
          bet_at: b.betAt,
          settled_at: b.settledAt,
        })),
      )
      .execute();
  return betNos;
}

/** A pending bet that stays pending (team betting lists it; no figure counts it). */
export async function pendingBet(t: TestApp, memberId: number, product: string, amount: number, betAt: Date) {
  await t.database.db
    .insertInto('bet_record')
    .values({
      member_id: memberId,
      vendor: 'KIT',
      bet_no: `kit-${process.pid}-${++serial}`,
      product,
      currency: t.app.ctx.wallet.currency().code,
      bet_amount: amount,
      status: 'PENDING',
      bet_at: betAt,
    })
    .execute();
}

/** A settled bet's outcome corrected (payout), or the bet cancelled after settling. */
export async function correctBet(t: TestApp, betNo: string, change: { payout?: number; cancel?: boolean }) {
  await sql`
    update bet_record set
      payout = coalesce(${change.payout ?? null}::bigint, payout),
      status = case when ${change.cancel ?? false} then 'CANCELLED' else status end
    where vendor = 'KIT' and bet_no = ${betNo}`.execute(t.database.db);
}

const key = (what: string) => `kit:${what}:${process.pid}:${++serial}`;

export async function deposit(t: TestApp, memberId: number, amount: number) {
  await t.app.ctx.wallet.transfer({
    from: { house: HouseAccount.bankDeposits },
    to: { memberId },
    amount,
    kind: 'DEPOSIT',
    reference: key('dep'),
    idempotencyKey: key('dep'),
  });
}

/** A withdrawal held then paid, as the withdraw module moves it. */
export async function withdraw(t: TestApp, memberId: number, amount: number) {
  const w = t.app.ctx.wallet;
  await w.transfer({
    from: { memberId },
    to: { memberId, wallet: WalletType.pendingWithdrawal },
    amount,
    kind: 'WITHDRAW_HOLD',
    reference: key('wd'),
    idempotencyKey: key('wdh'),
  });
  await w.transfer({
    from: { memberId, wallet: WalletType.pendingWithdrawal },
    to: { house: HouseAccount.withdrawalPayouts },
    amount,
    kind: 'WITHDRAW_PAYOUT',
    reference: key('wd'),
    idempotencyKey: key('wdp'),
  });
}

export async function promotion(t: TestApp, memberId: number, amount: number) {
  await t.app.ctx.wallet.transfer({
    from: { house: HouseAccount.bonus },
    to: { memberId },
    amount,
    kind: 'BONUS_GRANT',
    reference: key('promo'),
    idempotencyKey: key('promo'),
  });
}

export async function toUpline(t: TestApp, memberId: number, uplineId: number, amount: number) {
  await t.app.ctx.wallet.transfer({
    from: { memberId },
    to: { memberId: uplineId },
    amount,
    kind: 'UPLINE_TRANSFER',
    reference: key('up'),
    idempotencyKey: key('up'),
  });
}

/** The lottery's own series rebate of a draw, as the engine credits it (kind REBATE, the draw as reference). */
export async function lotteryOwnRebate(t: TestApp, memberId: number, amount: number) {
  await t.app.ctx.wallet.transfer({
    from: { house: HouseAccount.cash },
    to: { memberId },
    amount,
    kind: 'REBATE',
    reference: `CQSSC-${++serial}`,
    idempotencyKey: key('lotrebate'),
  });
}

/** A login at `at` (member.last_login_at, as the session service records it). */
export async function login(t: TestApp, memberId: number, at: Date) {
  await t.database.db.updateTable('member').set({ last_login_at: at }).where('id', '=', memberId).execute();
}

/** Deterministic pseudo-random numbers (a test's data is the same on every run). */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    s = Math.imul(s ^ (s >>> 12), 0x297a2d39) >>> 0;
    return ((s ^ (s >>> 15)) >>> 0) / 4294967296;
  };
}
