import type { Kysely } from 'kysely';
import {
  Errors,
  PRIZE_GROUP,
  REBATE_PRODUCTS,
  type RebateProduct,
  type RebateRates,
  type RebatesInput,
} from '@app/contract';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';

/**
 * The rebate rules of the agent tree (decision 028), for every module that gives, changes or pays
 * rebates: a member's prize group (member.lottery_series) and product rates (member_rebate).
 *
 * - A downline's group and rates are never above its upline's, and never below the platform's
 *   floor (group 1700 in steps of 2; rate 0).
 * - Once set they are never lowered ("series rebate can not be lowered"): lowering would take away
 *   what the downline was promised, and it keeps every downline's settings at or below its own.
 * - Whoever changes a member's settings holds that member's row lock (`rebateSettingOf(…, 'update')`)
 *   from the check to the write, so two racing edits are checked one after the other.
 */

/** A member's lottery prize group and every product's rebate in basis points. */
export interface RebateSetting {
  lotterySeries: number;
  rates: RebateRates;
}

export function zeroRates(): RebateRates {
  return { LIVE: 0, RNG: 0, SPORTS: 0, FISH: 0, PVP: 0 };
}

/** Every product's rate from member_rebate rows (or a link's JSON): missing products are 0. */
export function ratesOf(
  source: readonly { product: string; rate_bp: number }[] | Record<string, number> | null | undefined,
): RebateRates {
  const rates = zeroRates();
  if (!source) return rates;
  const entries: [string, number][] = Array.isArray(source)
    ? source.map((r: { product: string; rate_bp: number }) => [r.product, r.rate_bp])
    : Object.entries(source);
  for (const [product, bp] of entries)
    if ((REBATE_PRODUCTS as readonly string[]).includes(product))
      rates[product as RebateProduct] = Number(bp);
  return rates;
}

/** A proposed edit on top of current settings: what the request leaves out stays as it is. */
export function merged(
  current: RebateSetting,
  change: { lotterySeries?: number | undefined; rebates?: RebatesInput | undefined },
): RebateSetting {
  const rates = { ...current.rates };
  for (const product of REBATE_PRODUCTS) {
    const bp = change.rebates?.[product];
    if (bp !== undefined) rates[product] = bp;
  }
  return { lotterySeries: change.lotterySeries ?? current.lotterySeries, rates };
}

/**
 * A member's settings; with `lock` its member row is locked in the caller's transaction first
 * ('update' for the member whose settings change, 'share' for an upline whose settings bound them).
 * Undefined when there is no such member.
 */
export async function rebateSettingOf(
  db: Kysely<DB>,
  memberId: number,
  lock?: 'update' | 'share',
): Promise<RebateSetting | undefined> {
  let query = db.selectFrom('member').select('lottery_series').where('id', '=', memberId);
  // No key update: the row's key is not touched, so inserts of downlines pointing at it go on.
  if (lock === 'update') query = query.forNoKeyUpdate();
  else if (lock === 'share') query = query.forShare();
  const member = await query.executeTakeFirst();
  if (!member) return undefined;
  const rows = await db
    .selectFrom('member_rebate')
    .select(['product', 'rate_bp'])
    .where('member_id', '=', memberId)
    .execute();
  return { lotterySeries: member.lottery_series, rates: ratesOf(rows) };
}

/** Refuses settings outside the bounds a downline of `upline` must keep (Errors.rebateInvalid, saying which). */
export function checkWithinUpline(upline: RebateSetting, proposed: RebateSetting): void {
  const s = proposed.lotterySeries;
  const top = Math.min(upline.lotterySeries, PRIZE_GROUP.max);
  if (
    !Number.isSafeInteger(s) ||
    s < PRIZE_GROUP.min ||
    s > top ||
    (s - PRIZE_GROUP.min) % PRIZE_GROUP.step !== 0
  )
    throw fail(Errors.rebateInvalid, {
      message: `${Errors.rebateInvalid.message}: the lottery prize group must be ${PRIZE_GROUP.min}–${top} in steps of ${PRIZE_GROUP.step}`,
    });
  for (const product of REBATE_PRODUCTS) {
    const bp = proposed.rates[product];
    if (!Number.isSafeInteger(bp) || bp < 0 || bp > upline.rates[product])
      throw fail(Errors.rebateInvalid, {
        message: `${Errors.rebateInvalid.message}: the ${product} rebate must be 0–${upline.rates[product]} bp`,
      });
  }
}

/** Refuses an edit that lowers the group or any rate (Errors.rebateLowered). */
export function checkNotLowered(current: RebateSetting, proposed: RebateSetting): void {
  if (proposed.lotterySeries < current.lotterySeries) throw fail(Errors.rebateLowered);
  for (const product of REBATE_PRODUCTS)
    if (proposed.rates[product] < current.rates[product]) throw fail(Errors.rebateLowered);
}

/** Writes a member's settings: the group, and the product rates (rows of 0 are not kept). */
export async function writeRebateSetting(
  db: Kysely<DB>,
  memberId: number,
  setting: RebateSetting,
): Promise<void> {
  await db
    .updateTable('member')
    .set({ lottery_series: setting.lotterySeries })
    .where('id', '=', memberId)
    .execute();
  const kept = REBATE_PRODUCTS.filter((p) => setting.rates[p] > 0);
  const gone = REBATE_PRODUCTS.filter((p) => setting.rates[p] === 0);
  if (kept.length)
    await db
      .insertInto('member_rebate')
      .values(kept.map((product) => ({ member_id: memberId, product, rate_bp: setting.rates[product] })))
      .onConflict((oc) =>
        oc.columns(['member_id', 'product']).doUpdateSet((eb) => ({ rate_bp: eb.ref('excluded.rate_bp') })),
      )
      .execute();
  if (gone.length)
    await db
      .deleteFrom('member_rebate')
      .where('member_id', '=', memberId)
      .where('product', 'in', gone)
      .execute();
}

/**
 * What an upline keeps of a downline's lottery stake: (upline group − downline group) ÷ 2000, as an
 * exact fraction (decision 028). Summed up a chain it is the top's group less the player's.
 */
export function lotteryDifferential(
  uplineGroup: number,
  downlineGroup: number,
): { num: number; den: number } {
  return { num: Math.max(0, uplineGroup - downlineGroup), den: PRIZE_GROUP.base };
}

/** What an upline keeps of a downline's valid bet on a product, in basis points: its rate less the downline's. */
export function productDifferentialBp(uplineBp: number, downlineBp: number): number {
  return Math.max(0, uplineBp - downlineBp);
}
