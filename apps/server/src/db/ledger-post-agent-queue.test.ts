import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import * as m077 from './migrations/077-agent-money-queue-in-ledger-post.ts';
import * as m086 from './migrations/086-ledger-rules-kept-by-its-writer.ts';
import * as m090 from './migrations/090-house-balances-once-a-batch.ts';

/**
 * Migration 077 moved the agent figures' money queue from a statement trigger on ledger_posting
 * (migration 029's `ledger_posting_stat`) into ledger_post. The same movements must leave the same
 * queue rows under both (077's `down` and its `up`), on this run's database kind, and a refused or
 * replayed movement none.
 */
type Movement = { key: string; kind: string; accounts: number[]; amounts: number[] };

async function post(db: Kysely<unknown>, m: Movement): Promise<void> {
  await sql`select * from ledger_post(${m.key}, ${m.kind}, ${'ref-' + m.key}, '', null,
    ${sql.lit(`{${m.accounts.join(',')}}`)}::bigint[], ${sql.lit(`{${m.amounts.join(',')}}`)}::bigint[])`.execute(
    db,
  );
}

/** What was queued for the two members, by movement and member (the order of one statement's rows is the plan's). */
async function queued(db: Kysely<unknown>, members: number[]) {
  const r = await sql<{ member_id: string; event: string; kind: string; reference: string; amount: string }>`
    select member_id, event, kind, reference, amount, at = (
        select t.created_at from ledger_transaction t where t.reference = q.reference
          and t.idempotency_key like 'lq-%' order by t.id desc limit 1) as at_posting
    from agent_stat_queue q where member_id in (${sql.join(members)}) and event = 'MONEY'
    order by q.reference collate "C", q.member_id`.execute(db);
  return r.rows;
}

async function triggersOnPostings(db: Kysely<unknown>): Promise<string[]> {
  const r = await sql<{ tgname: string }>`
    select tgname from pg_trigger where tgrelid = 'ledger_posting'::regclass and not tgisinternal order by tgname`.execute(
    db,
  );
  return r.rows.map((t) => t.tgname);
}

describe('ledger_post queues the agent figures’ money movements itself (migration 077)', () => {
  let t: TestDatabase;
  let db: Kysely<unknown>;
  let players: number[];
  let accounts: { a: number; aGame: number; b: number; house: number };
  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.database.db as unknown as Kysely<unknown>;
    players = [];
    for (const name of ['queue_a', 'queue_b']) {
      const m = await sql<{ id: number }>`
        insert into member (username, agent_type, language) values (${name}, 0, 'en') returning id`.execute(
        db,
      );
      players.push(Number(m.rows[0]!.id));
    }
    const account = async (member: number | null, wallet: string, code: string | null) =>
      Number(
        (
          await sql<{ id: number }>`
            insert into ledger_account (member_id, code, wallet_type, currency, allow_negative)
            values (${member}, ${code}, ${wallet}, 'USD', ${member === null}) returning id`.execute(db)
        ).rows[0]!.id,
      );
    accounts = {
      a: await account(players[0]!, 'MAIN', null),
      aGame: await account(players[0]!, 'QUEUE_GAME', null),
      b: await account(players[1]!, 'MAIN', null),
      house: await account(null, 'HOUSE', 'queue-test-house'),
    };
  });
  afterAll(async () => {
    await t?.drop();
  });

  /** Every kind the figures tell apart: counted, left out, a member's own transfer, two members. */
  const movements = (round: string): Movement[] => {
    const { a, aGame, b, house } = accounts;
    const m = (n: string, kind: string, accts: number[], amounts: number[]) => ({
      key: `lq-${round}-${n}`,
      kind,
      accounts: accts,
      amounts,
    });
    return [
      m('deposit', 'DEPOSIT', [a, house], [10_000, -10_000]),
      m('deposit-b', 'DEPOSIT', [house, b], [-5_000, 5_000]),
      m('stake', 'BET_STAKE', [a, house], [-300, 300]),
      m('payout', 'BET_PAYOUT', [house, a], [-700, 700]),
      m('own', 'WALLET_TRANSFER', [a, aGame], [-1_000, 1_000]),
      m('down', 'DOWNLINE_TRANSFER', [a, b], [-2_000, 2_000]),
      m('up', 'UPLINE_TRANSFER', [b, a], [-500, 500]),
      m('bonus', 'BONUS_GRANT', [house, b], [-100, 100]),
      m('rebate', 'REBATE', [house, a], [-40, 40]),
      m('agent-rebate', 'AGENT_REBATE', [house, a], [-60, 60]),
      m('bag', 'LUCKY_BAG', [a, b], [-90, 90]),
      m('withdraw', 'WITHDRAW_PAYOUT', [b, house], [-1_000, 1_000]),
    ];
  };

  const play = async (round: string) => {
    for (const m of movements(round)) await post(db, m);
    // A replay of a used key and a debit refused for want of money move nothing and queue nothing.
    await post(db, movements(round)[0]!);
    await expect(
      post(db, {
        key: `lq-${round}-short`,
        kind: 'DEPOSIT',
        accounts: [accounts.b, accounts.house],
        amounts: [-10_000_000, 10_000_000],
      }),
    ).rejects.toThrow(/insufficient balance/);
    return queued(db, players);
  };

  it('queues the same rows as the trigger it replaced, for the same kinds, and none for a refused or replayed movement', async () => {
    expect(await triggersOnPostings(db)).not.toContain('ledger_posting_stat');
    const after = await play('new');
    await sql`delete from agent_stat_queue where member_id in (${sql.join(players)})`.execute(db);

    // 077's ledger_post writes its postings without 086's mark: 086 is taken out around it, and
    // 090 (ledger_post's eighth argument) before it.
    await m090.down(db);
    await m086.down(db);
    await m077.down(db);
    expect(await triggersOnPostings(db)).toContain('ledger_posting_stat');
    const before = await play('old');
    await sql`delete from agent_stat_queue where member_id in (${sql.join(players)})`.execute(db);
    await m077.up(db);
    await m086.up(db);
    await m090.up(db);
    expect(await triggersOnPostings(db)).not.toContain('ledger_posting_stat');

    const strip = (rows: typeof after) =>
      rows.map((r) => ({ ...r, reference: r.reference.replace(/^ref-lq-\w+-/, '') }));
    expect(strip(after)).toEqual(strip(before));
    // Each member's posting of a counted kind, with the movement's time; bets, payouts and the
    // member's own transfer queue nothing.
    expect(
      strip(after).map(
        (r) => `${String(r.member_id) === String(players[0]) ? 'a' : 'b'} ${r.kind} ${r.amount}`,
      ),
    ).toEqual([
      'a AGENT_REBATE 60',
      'a LUCKY_BAG -90',
      'b LUCKY_BAG 90',
      'b BONUS_GRANT 100',
      'a DEPOSIT 10000',
      'b DEPOSIT 5000',
      'a DOWNLINE_TRANSFER -2000',
      'b DOWNLINE_TRANSFER 2000',
      'a REBATE 40',
      'a UPLINE_TRANSFER 500',
      'b UPLINE_TRANSFER -500',
      'b WITHDRAW_PAYOUT -1000',
    ]);
    expect(after.every((r) => (r as unknown as { at_posting: boolean }).at_posting)).toBe(true);
  });
});
