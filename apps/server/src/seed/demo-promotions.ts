import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Bonus rules of the demo promotions (decision 041), beside the announcements demo-content.ts
 * publishes, amounts in minor units of a 2-decimal currency: the welcome match of a new member's
 * first deposit, the daily reload, the Zalo follow reward staff give on request (up to 131K) and
 * the sign-up bonus a new member claims. Demo data: an operator writes real rules in the back office
 * or with `npm run ops -- promo rule`.
 */
const contributions = {
  RNG: 100,
  FISH: 100,
  LIVE: 10,
  SPORTS: 50,
  ESPORTS: 50,
  PVP: 20,
  LOTT: 20,
  ELOTT: 20,
  BINGO: 20,
};

const rules = [
  {
    title: 'Welcome bonus: 100% on your first deposit',
    category: 'NEW_MEMBER',
    kind: 'DEPOSIT_MATCH' as const,
    match_percent: 100,
    max_bonus: 500_00,
    min_deposit: 100_00,
    wagering_multiplier: 10,
    wagering_base: 'BONUS_DEPOSIT' as const,
    new_members_only: true,
    once_per_member: true,
    once_per_day: false,
  },
  {
    title: 'Daily reload bonus 10%',
    category: 'DAILY',
    kind: 'RELOAD' as const,
    match_percent: 10,
    max_bonus: 100_00,
    min_deposit: 100_00,
    wagering_multiplier: 5,
    wagering_base: 'BONUS' as const,
    new_members_only: false,
    once_per_member: false,
    once_per_day: true,
  },
  {
    // PR-13: a reward staff decide on the member's request, up to 131K (131,000 in the brand's currency).
    title: 'Follow us on Zalo: a reward of up to 131K',
    category: 'REWARD',
    kind: 'REQUEST' as const,
    match_percent: 0,
    max_bonus: 131_000_00,
    min_deposit: 0,
    wagering_multiplier: 1,
    wagering_base: 'BONUS' as const,
    new_members_only: false,
    once_per_member: true,
    once_per_day: false,
  },
  {
    // PR-14: the sign-up bonus, its text showing 1000 VND (a display value); the claim pays 1,000.
    title: 'Sign-up bonus: 1000 VND for new members',
    category: 'NEW_MEMBER',
    kind: 'FIXED' as const,
    match_percent: 0,
    fixed_bonus: 1_000_00,
    min_deposit: 0,
    wagering_multiplier: 1,
    wagering_base: 'BONUS' as const,
    new_members_only: true,
    once_per_member: true,
    once_per_day: false,
  },
];

export async function seedDemoPromotionRules(trx: Kysely<DB>): Promise<void> {
  for (const { title, ...rule } of rules) {
    const notice = await trx
      .selectFrom('announcement')
      .select('id')
      .where('title', '=', title)
      .where('type', 'in', ['PR', 'PU'])
      .executeTakeFirst();
    if (!notice) continue;
    await trx
      .insertInto('promotion_rule')
      .values({ announcement_id: notice.id, ...rule, contributions: JSON.stringify(contributions) })
      // Run again, the rules stay as they are: one per promotion.
      .onConflict((oc) => oc.column('announcement_id').doNothing())
      .execute();
  }
}
