import { sql } from 'kysely';
import { memberSeriesBand } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../test/test-app.ts';
import { WalletType } from '../modules/wallet/wallet.service.ts';
import { demoAccounts, demoAccountsText } from './demo-accounts.ts';
import { demoHistory, demoTree, demoTreeAccounts, HISTORY_DAYS, type HistoryEvent } from './demo-agents.ts';

let t: TestApp;
beforeAll(async () => {
  // Every test database is seeded as a demo start seeds an empty one (seedDemoData).
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const players = demoTree.filter((m) => m.games);
const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);
const ofType = <T extends HistoryEvent['type']>(events: HistoryEvent[], type: T) =>
  events.filter((e): e is Extract<HistoryEvent, { type: T }> => e.type === type);

async function idOf(username: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('member')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`the demo agent tree (issue 29; ${testDbKind})`, () => {
  it('agent1 tops a tree three sub-agent levels deep (agent2, subagent3, subagent4) with players on every level, prize groups falling down the chain, and the accounts printed at start', async () => {
    const team = await sql<{ username: string; depth: number; agent_type: number; lottery_series: number }>`
      select m.username, t.depth, m.agent_type, m.lottery_series
      from member_tree t join member m on m.id = t.descendant_id
      where t.ancestor_id = ${await idOf('agent1')} and t.depth > 0
      order by m.username`.execute(t.database.db);
    expect(Object.fromEntries(team.rows.map((r) => [r.username, r.depth]))).toEqual({
      // seed/accounts.ts
      agent2: 1,
      demo: 1,
      agentonly41: 1,
      agentonly42: 1,
      // demo-agents.ts
      subagent3: 2,
      subagent4: 3,
      demoplayer1: 1,
      demoplayer2: 2,
      demoplayer3: 3,
      demoplayer4: 4,
      demoplayer5: 4,
    });
    const byName = new Map(team.rows.map((r) => [r.username, r]));
    for (const name of ['subagent3', 'subagent4']) expect(byName.get(name)?.agent_type, name).toBe(2);
    for (const p of players) expect(byName.get(p.username)?.agent_type, p.username).toBe(0);

    // The chain's groups fall level by level; every member's group and rebates are the tree's.
    const chain = ['agent1', 'agent2', 'subagent3', 'subagent4'];
    const members = await t.database.db
      .selectFrom('member')
      .select(['id', 'username', 'lottery_series'])
      .where(
        'username',
        'in',
        demoTree.map((m) => m.username),
      )
      .execute();
    const series = new Map(members.map((m) => [m.username, m.lottery_series]));
    expect(chain.map((name) => series.get(name))).toEqual([1956, 1950, 1940, 1930]);
    for (const m of demoTree) expect(series.get(m.username), m.username).toBe(m.lotterySeries);
    const rebates = await t.database.db
      .selectFrom('member_rebate')
      .innerJoin('member', 'member.id', 'member_rebate.member_id')
      .select(['member.username', 'member_rebate.product', 'member_rebate.rate_bp'])
      .where(
        'member.username',
        'in',
        demoTree.map((m) => m.username),
      )
      .execute();
    for (const m of demoTree)
      expect(
        Object.fromEntries(
          rebates.filter((r) => r.username === m.username).map((r) => [r.product, r.rate_bp]),
        ),
        m.username,
      ).toEqual(m.rebates);

    // Printed beside the other demo accounts (demo-accounts.test.ts logs each one in).
    expect(demoTreeAccounts.map((a) => a.username)).toEqual([
      'subagent3',
      'subagent4',
      'demoplayer1',
      'demoplayer2',
      'demoplayer3',
      'demoplayer4',
      'demoplayer5',
    ]);
    for (const a of demoTreeAccounts) {
      expect(demoAccounts).toContainEqual(a);
      expect(demoAccountsText()).toContain(`${a.username.padEnd(14)} ${a.password.padEnd(12)} ${a.kind}`);
    }
  });

  it("decision 028's rules hold for every member: no downline's prize group or product rebate above its upline's, groups even and within 1700..1956", async () => {
    const groups = await sql<{ username: string }>`
      select m.username from member m join member u on u.id = m.upline_id
      where m.lottery_series > u.lottery_series`.execute(t.database.db);
    expect(groups.rows).toEqual([]);
    const outOfBand = await sql<{ username: string }>`
      select username from member where lottery_series % 2 <> 0 or lottery_series not between 1700 and 1956`.execute(
      t.database.db,
    );
    expect(outOfBand.rows).toEqual([]);
    // An upline without a row for the product has 0 there.
    const rates = await sql<{ username: string; product: string }>`
      select m.username, r.product from member_rebate r
      join member m on m.id = r.member_id
      left join member_rebate ur on ur.member_id = m.upline_id and ur.product = r.product
      where m.upline_id is not null and r.rate_bp > coalesce(ur.rate_bp, 0)`.execute(t.database.db);
    expect(rates.rows).toEqual([]);
    // The seeded rates are not all equal to the upline's: each level keeps a differential.
    const kept = await sql<{ n: number }>`
      select count(*)::int as n from member_rebate r
      join member m on m.id = r.member_id
      join member_rebate ur on ur.member_id = m.upline_id and ur.product = r.product
      where r.rate_bp < ur.rate_bp`.execute(t.database.db);
    expect(kept.rows[0]!.n).toBeGreaterThan(5);
  });

  it('the players have a history over the last days: bank deposits, settled bets on five products spread over at least 3 days, paid withdrawals, each through the ledger, and the ledger check is exact', async () => {
    const db = t.database.db;
    const now = Date.now();
    // Amounts do not depend on the moment of the seed; times do, and are checked against their bounds.
    const plan = demoHistory(now, t.app.ctx.wallet.currency().precision);
    const settledDays = new Set<string>();
    const products = new Set<string>();
    for (const h of plan) {
      const memberId = await idOf(h.username);
      const planned = {
        bets: ofType(h.events, 'bet'),
        deposits: ofType(h.events, 'deposit'),
        withdrawals: ofType(h.events, 'withdrawal'),
      };
      expect(planned.bets.length, h.username).toBeGreaterThanOrEqual(8);

      const bets = await db
        .selectFrom('bet_record')
        .select(['bet_no', 'vendor', 'product', 'game_code', 'bet_amount', 'valid_bet', 'payout', 'status'])
        .select(['bet_at', 'settled_at'])
        .where('member_id', '=', memberId)
        .orderBy('bet_no')
        .execute();
      expect(
        bets.map((b) => [
          b.bet_no,
          b.vendor,
          b.product,
          b.game_code,
          b.bet_amount,
          b.valid_bet,
          b.payout,
          b.status,
        ]),
        h.username,
      ).toEqual(
        [...planned.bets]
          .sort((a, b) => a.betNo.localeCompare(b.betNo))
          .map((b) => [
            b.betNo,
            b.game.vendor,
            b.game.product,
            b.game.gameCode,
            b.stake,
            b.stake,
            b.payout,
            'SETTLED',
          ]),
      );
      for (const b of bets) {
        const betAt = new Date(b.bet_at).getTime();
        const settledAt = new Date(b.settled_at!).getTime();
        expect(settledAt).toBeGreaterThanOrEqual(betAt);
        expect(settledAt).toBeLessThan(now);
        expect(betAt).toBeGreaterThan(now - (HISTORY_DAYS + 1) * DAY);
        settledDays.add(new Date(settledAt).toISOString().slice(0, 10));
        products.add(b.product);
      }

      // Each stake and payout is one movement of the ledger, referenced by the bet.
      const movements = await sql<{ kind: string; reference: string; amount: string }>`
        select t.kind, t.reference, p.amount from ledger_posting p
        join ledger_transaction t on t.id = p.transaction_id
        join ledger_account a on a.id = p.account_id
        where a.member_id = ${memberId} and a.wallet_type = ${WalletType.main}
        order by p.id`.execute(db);
      const moved = (kind: string) =>
        movements.rows.filter((m) => m.kind === kind).map((m) => [m.reference, Number(m.amount)]);
      expect(moved('BET_STAKE').sort()).toEqual(planned.bets.map((b) => [b.betNo, -b.stake]).sort());
      expect(moved('BET_PAYOUT').sort()).toEqual(
        planned.bets
          .filter((b) => b.payout > 0)
          .map((b) => [b.betNo, b.payout])
          .sort(),
      );

      // Deposits: bank-transfer orders, credited once each under the deposit service's key.
      const orders = await db
        .selectFrom('deposit_order')
        .innerJoin('ledger_transaction', 'ledger_transaction.id', 'deposit_order.ledger_transaction_id')
        .select([
          'order_no',
          'amount',
          'status',
          'channel_code',
          'deposit_order.created_at',
          'kind',
          'reference',
        ])
        .select('ledger_transaction.idempotency_key as ledger_key')
        .where('member_id', '=', memberId)
        .orderBy('deposit_order.id')
        .execute();
      expect(orders.map((o) => o.amount)).toEqual(planned.deposits.map((d) => d.amount));
      for (const o of orders) {
        expect(o).toMatchObject({
          status: 'SUCCESS',
          channel_code: 'BANK',
          kind: 'DEPOSIT',
          reference: o.order_no,
        });
        expect(o.ledger_key).toBe(`deposit:${o.order_no}`);
        expect(o.order_no).toMatch(/^D\d{6}[A-Z2-9]{10}$/);
        expect(new Date(o.created_at).getTime()).toBeLessThan(now - DAY);
      }
      expect(moved('DEPOSIT').map(([, a]) => a)).toEqual(planned.deposits.map((d) => d.amount));

      // Withdrawals: paid and confirmed, with the withdraw service's hold and payout and its timeline.
      const withdrawals = await db
        .selectFrom('withdrawal')
        .select(['id', 'amount', 'status', 'created_at', 'paid_at', 'confirmed_at', 'payee_name'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute();
      expect(withdrawals.map((w) => [w.amount, w.status])).toEqual(
        planned.withdrawals.map((w) => [w.amount, 'RECEIVED']),
      );
      for (const w of withdrawals) {
        const reference = `WD${String(w.id).padStart(8, '0')}`;
        expect(w.payee_name).toBe(demoTree.find((m) => m.username === h.username)!.payeeName);
        expect(new Date(w.created_at).getTime()).toBeLessThan(new Date(w.paid_at!).getTime());
        expect(new Date(w.paid_at!).getTime()).toBeLessThan(new Date(w.confirmed_at!).getTime());
        expect(new Date(w.confirmed_at!).getTime()).toBeLessThan(now);
        const events = await db
          .selectFrom('withdrawal_event')
          .select(['status', 'actor'])
          .where('withdrawal_id', '=', w.id)
          .orderBy('at')
          .execute();
        expect(events.map((e) => [e.status, e.actor])).toEqual([
          ['PENDING', 'member'],
          ['APPROVED', 'operator'],
          ['PAID', 'operator'],
          ['RECEIVED', 'member'],
        ]);
        const legs = await sql<{ kind: string; key: string; amount: string; wallet_type: string | null }>`
          select t.kind, t.idempotency_key as key, p.amount, a.wallet_type from ledger_transaction t
          join ledger_posting p on p.transaction_id = t.id
          join ledger_account a on a.id = p.account_id
          where t.reference = ${reference} and a.member_id = ${memberId}
          order by t.id, p.id`.execute(db);
        expect(legs.rows.map((l) => [l.kind, l.key, Number(l.amount), l.wallet_type])).toEqual([
          ['WITHDRAW_HOLD', `withdraw:${w.id}:hold`, -w.amount, WalletType.main],
          ['WITHDRAW_HOLD', `withdraw:${w.id}:hold`, w.amount, WalletType.pendingWithdrawal],
          ['WITHDRAW_PAYOUT', `withdraw:${w.id}:payout`, -w.amount, WalletType.pendingWithdrawal],
        ]);
      }

      // The wallet holds exactly what the history leaves: deposits − stakes + payouts − withdrawals.
      const balance = await t.app.ctx.wallet.accountBalance(
        await t.app.ctx.wallet.memberAccount(memberId, WalletType.main),
      );
      expect(balance, h.username).toBe(h.balance);
      expect(h.balance).toBe(
        sum(planned.deposits.map((d) => d.amount)) -
          sum(planned.bets.map((b) => b.stake - b.payout)) -
          sum(planned.withdrawals.map((w) => w.amount)),
      );
      expect(h.balance).toBeGreaterThan(0);
    }
    expect(settledDays.size).toBeGreaterThanOrEqual(3);
    expect([...products].sort()).toEqual(['ELOTT', 'LIVE', 'LOTT', 'RNG', 'SPORTS']);
    expect(sum(plan.map((h) => ofType(h.events, 'withdrawal').length))).toBeGreaterThanOrEqual(2);
    expect(plan.filter((h) => ofType(h.events, 'deposit').length > 1).length).toBeGreaterThanOrEqual(1);

    const check = await t.app.ctx.wallet.check();
    expect({ ...check, totals: undefined }).toEqual({
      ok: true,
      totals: undefined,
      drifted: [],
      unbalanced: [],
      total: 0,
      negative: [],
    });
  });

  it('the games the players play are the demo catalogue’s and the lotteries the migrations’, lottery tickets at the series the player’s group allows; the history is the same for the same moment and uses no Math.random', async () => {
    for (const g of new Set(players.flatMap((p) => p.games!))) {
      if (g.vendor === 'TCG_SEA') {
        const row = await t.database.db
          .selectFrom('lottery_game')
          .select(['remark', 'family'])
          .where('code', '=', g.gameCode)
          .executeTakeFirst();
        expect(row && [row.remark, row.family], g.gameCode).toEqual([g.gameName, g.family]);
      } else {
        const row = await t.database.db
          .selectFrom('game')
          .select(['vassalage', 'game_type', 'names'])
          .where('game_id', '=', g.gameCode)
          .executeTakeFirst();
        expect(row && [row.vassalage, row.game_type, row.names.EN], g.gameCode).toEqual([
          g.vendor,
          g.product,
          g.gameName,
        ]);
      }
    }
    // A lottery ticket is at the highest series the player's prize group allows (decision 028).
    for (const p of players) {
      const tickets = await t.database.db
        .selectFrom('bet_record')
        .select(['game_code', 'product', 'detail'])
        .where('member_id', '=', await idOf(p.username))
        .where('vendor', '=', 'TCG_SEA')
        .execute();
      for (const ticket of tickets) {
        const g = p.games!.find((x) => x.gameCode === ticket.game_code)!;
        const band = memberSeriesBand(g.family!, ticket.product as 'LOTT' | 'ELOTT', p.lotterySeries);
        expect(ticket.detail, p.username).toEqual({ series: band.maxBetSeries, freePlay: false });
        expect(band.maxBetSeries).toBeLessThan(band.maxSeries);
      }
    }
    const random = vi.spyOn(Math, 'random');
    try {
      const at = Date.UTC(2026, 10, 28, 12);
      expect(demoHistory(at, 2)).toEqual(demoHistory(at, 2));
      expect(random).not.toHaveBeenCalled();
    } finally {
      random.mockRestore();
    }
  });
});
