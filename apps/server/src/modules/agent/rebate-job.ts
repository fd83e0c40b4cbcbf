import { sql, type Kysely } from 'kysely';
import { AgentType, MAX_BALANCE_MINOR, type LedgerKind } from '@app/contract';
import type { DB } from '../../db/schema.ts';
import { WalletType, type HouseCode, type Posting, type WalletService } from '../wallet/wallet.service.ts';

/**
 * Rebates on settled bets (issue 29, decision 028), credited by the fold job (stats.ts) in the
 * transaction that takes the bets off the queue, so each bet's rebates are credited exactly once.
 *
 * - Lottery: every agent keeps `(own prize group − the direct downline's group) ÷ 2000` of the
 *   valid bet of the bets under that downline (member.lottery_series). The player's own lottery
 *   rebate is the lottery engine's, paid as the draw settles (decision 021): not paid here.
 * - Other products: the player earns its own `member_rebate` rate on its valid bet (REBATE), each
 *   agent its rate minus its direct downline's (AGENT_REBATE). Rates are basis points.
 * - A difference below zero (a downline set above its upline against the rules) pays nothing.
 * - Trial accounts (free play) earn nobody anything.
 * - The house pays (its HOUSE_REBATE account), never an upline's wallet (decision 028).
 *
 * What each bet earns is exact in 1/20000 of a minor unit (a lottery group step of 1/2000 and a
 * basis point of 1/10000 both are whole multiples of it) and accrues per member, product and kind;
 * each fold pays the whole minor units owed beyond what was paid, so the sum paid is the floor of
 * the exact sum, whichever bets fell into which fold. A correction that lowers a valid bet lowers
 * what is owed: later rebates are held back until it is made up, and nothing is taken back.
 */

/** Units of what is owed per minor unit. */
export const REBATE_UNITS_PER_MINOR = 20_000n;

/** Members credited by one ledger movement at most. */
const POSTINGS_PER_MOVEMENT = 200;

/** The house account that pays rebates (the wallet's house accounts: `<code>:<currency>[:<shard>]`). */
export const HOUSE_REBATE = 'HOUSE_REBATE' as HouseCode;

export interface RebateJobDeps {
  wallet: WalletService;
  /** The fold's number: the ledger keys of its credits are `agent-rebate:<fold>:<kind>:<product>:<part>`. */
  foldNo: number;
}

interface AccrualRow {
  member_id: number;
  product: string;
  kind: 'REBATE' | 'AGENT_REBATE';
  owed: string;
  paid: number;
}

/**
 * Accrues the rebates of the bets in `agent_fold_batch` and credits what is due; the minor units
 * credited. Runs inside the fold's transaction.
 */
export async function accrueAndPayRebates(trx: Kysely<DB>, deps: RebateJobDeps): Promise<number> {
  const accrued = await sql<AccrualRow>`
    with base as (
      select b.member_id, b.product, sum(b.valid_bet) as valid
      from agent_fold_batch b
      join member m on m.id = b.member_id
      where b.event = 'BET' and m.agent_type <> ${AgentType.trial}
      group by b.member_id, b.product
      having sum(b.valid_bet) <> 0
    ),
    earned as (
      -- The player's own rate, other products only.
      select r.member_id, r.product, 'REBATE' as kind, r.valid * mr.rate_bp * 2 as owed
      from base r
      join member_rebate mr on mr.member_id = r.member_id and mr.product = r.product
      where r.product <> 'LOTT' and mr.rate_bp > 0
      union all
      -- Each upline (a) keeps its difference with the downline (c) the bet came through.
      select ta.ancestor_id, r.product, 'AGENT_REBATE',
        r.valid * case
          when r.product = 'LOTT' then greatest(ma.lottery_series - mc.lottery_series, 0) * 10
          else greatest(coalesce(ra.rate_bp, 0) - coalesce(rc.rate_bp, 0), 0) * 2
        end
      from base r
      join member_tree ta on ta.descendant_id = r.member_id and ta.depth >= 1
      join member_tree tc on tc.descendant_id = r.member_id and tc.depth = ta.depth - 1
      join member ma on ma.id = ta.ancestor_id
      join member mc on mc.id = tc.ancestor_id
      left join member_rebate ra on ra.member_id = ta.ancestor_id and ra.product = r.product
      left join member_rebate rc on rc.member_id = tc.ancestor_id and rc.product = r.product
      where ma.agent_type <> ${AgentType.trial}
    )
    insert into agent_rebate_accrual as a (member_id, product, kind, owed)
      select member_id, product, kind, sum(owed) from earned
      group by member_id, product, kind
      having sum(owed) <> 0
    on conflict (member_id, product, kind) do update set owed = a.owed + excluded.owed
    returning a.member_id, a.product, a.kind, a.owed::text as owed, a.paid`.execute(trx);

  const due = accrued.rows
    .map((r) => {
      const owed = BigInt(r.owed);
      const whole = owed > 0n ? owed / REBATE_UNITS_PER_MINOR : 0n;
      return { ...r, due: Number(whole) - Number(r.paid) };
    })
    .filter((r) => r.due > 0);
  if (due.length === 0) return 0;

  const { wallet } = deps;
  const currency = wallet.currency().code;
  const memberIds = [...new Set(due.map((r) => Number(r.member_id)))].sort((a, b) => a - b);
  await sql`
    insert into ledger_account (member_id, wallet_type, currency)
      select x, ${WalletType.main}, ${currency} from unnest(${memberIds}::bigint[]) as x
    on conflict (member_id, wallet_type, currency) do nothing`.execute(trx);
  // Locked in the ledger's order (member accounts by id), so the room under the balance ceiling
  // read here is still there when the credit lands. A member at the ceiling is paid later, once a
  // fold finds room: what it is owed stays accrued.
  const accounts = await sql<{ id: number; member_id: number; balance: number }>`
    select id, member_id, balance from ledger_account
    where member_id = any(${memberIds}::bigint[]) and wallet_type = ${WalletType.main} and currency = ${currency}
    order by id for update`.execute(trx);
  const account = new Map(accounts.rows.map((a) => [Number(a.member_id), a]));
  const dueOf = new Map<number, number>();
  for (const r of due) dueOf.set(Number(r.member_id), (dueOf.get(Number(r.member_id)) ?? 0) + r.due);
  const payable = due.filter((r) => {
    const a = account.get(Number(r.member_id));
    return a !== undefined && Number(a.balance) + dueOf.get(Number(r.member_id))! <= MAX_BALANCE_MINOR;
  });
  if (payable.length === 0) return 0;

  // One movement per kind and product, of at most POSTINGS_PER_MOVEMENT members: the database
  // checks at commit that each posting's movement balances by summing the movement's postings, so a
  // movement's cost grows with the square of its size.
  const groups = new Map<string, typeof payable>();
  for (const r of [...payable].sort((x, y) => Number(x.member_id) - Number(y.member_id))) {
    const key = `${r.kind}:${r.product}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  let credited = 0;
  for (const [group, members] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    for (let part = 0; part * POSTINGS_PER_MOVEMENT < members.length; part++) {
      const rows = members.slice(part * POSTINGS_PER_MOVEMENT, (part + 1) * POSTINGS_PER_MOVEMENT);
      const kind = rows[0]!.kind as LedgerKind;
      const total = rows.reduce((sum, r) => sum + r.due, 0);
      const postings: Posting[] = rows.map((r) => ({
        account: account.get(Number(r.member_id))!.id,
        amount: r.due,
      }));
      postings.push({ account: { house: HOUSE_REBATE }, amount: -total });
      const key = `agent-rebate:${deps.foldNo}:${group}:${part}`;
      const posted = await wallet.post(
        {
          idempotencyKey: key,
          kind,
          reference: rows[0]!.product,
          memo:
            kind === 'AGENT_REBATE'
              ? 'Agent rebate on the team\u2019s settled bets'
              : 'Rebate on settled bets',
          postings,
        },
        trx,
      );
      // The fold's number is taken with its queue rows, so a used key means a fold committed twice.
      if (posted.replayed) throw new Error(`agent rebate: ledger key ${key} was used`);
      credited += total;
    }
  }
  await sql`
    update agent_rebate_accrual a set paid = a.paid + x.due
    from unnest(${payable.map((r) => Number(r.member_id))}::bigint[], ${payable.map((r) => r.product)}::text[],
                ${payable.map((r) => r.kind)}::text[], ${payable.map((r) => r.due)}::bigint[])
      as x(member_id, product, kind, due)
    where a.member_id = x.member_id and a.product = x.product and a.kind = x.kind`.execute(trx);
  return credited;
}
