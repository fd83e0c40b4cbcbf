import { sql } from 'kysely';
import type { TestApp } from '../../test/test-app.ts';
import { HOUSE_POINTS } from './points.service.ts';

/**
 * Gives a member `points` (hundredths) as if earned on live bets: one POINTS_EARN movement from
 * the house's points account through the ledger, opening the member's points account if needed.
 */
export async function grantPoints(t: TestApp, memberId: number, points: number): Promise<void> {
  await sql`
    with a as (
      insert into ledger_account (member_id, wallet_type, currency) values (${memberId}, 'POINTS', 'PTS')
      on conflict (member_id, wallet_type, currency) do update set currency = excluded.currency
      returning id)
    select o_id from ledger_post(${`test-points-${memberId}`}, 'POINTS_EARN', 'LIVE', '', null,
      array[(select id from a), (select id from ledger_account where code = ${HOUSE_POINTS})]::bigint[],
      array[${points}, ${-points}]::bigint[])`.execute(t.database.db);
}
