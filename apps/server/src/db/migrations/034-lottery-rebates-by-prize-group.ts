import { sql, type Kysely } from 'kysely';

/**
 * Issue 29: both lottery categories earn rebates by prize group. ELOTT bets are our lottery's
 * draws (every family but the Vietnamese, which are LOTT), whose player already takes its rebate
 * in the series it bets at; a member_rebate percentage for ELOTT beside its prize group paid the
 * same bet's rebate twice. The ELOTT rates go, and member_rebate takes only the other products.
 * What was accrued before stays accrued and is paid as it was earned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from member_rebate where product = 'ELOTT'`.execute(db);
  await sql`alter table member_rebate drop constraint member_rebate_product_check`.execute(db);
  await sql`
    alter table member_rebate add constraint member_rebate_product_check
      check (product in ('LIVE','RNG','SPORTS','FISH','PVP'))`.execute(db);
  // A link's settings are copied onto whoever registers through it: no ELOTT rate there either.
  await sql`update affiliate_link set rebates = rebates - 'ELOTT' where rebates ? 'ELOTT'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_rebate drop constraint member_rebate_product_check`.execute(db);
  await sql`
    alter table member_rebate add constraint member_rebate_product_check
      check (product in ('LIVE','RNG','SPORTS','FISH','PVP','ELOTT'))`.execute(db);
}
