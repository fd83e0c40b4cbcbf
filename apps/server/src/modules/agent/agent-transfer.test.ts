import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { concurrently, memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { splitShares } from './agent-transfer.service.ts';
import { agentCall, setLuckyBagSwitch, teamOf } from './team-test-kit.ts';

/**
 * Transfers of the agent centre (issue 29, research §8) on PGlite and (server-postgres project)
 * PostgreSQL: to a direct downline (AG-26) and the lucky bag, through the ledger, idempotent, and
 * racing for one balance without losing or making a cent.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const RACE_TIMEOUT = 300_000;

function toDownline(token: string | undefined, body: Record<string, unknown>) {
  return agentCall(t, token, '/wps/agent/transfer/downline', { body, secure: true });
}

function luckyBag(token: string | undefined, body: Record<string, unknown>) {
  return agentCall(t, token, '/wps/agent/lucky-bag', { body, secure: true });
}

async function sumOf(ids: number[]): Promise<number> {
  let sum = 0;
  for (const id of ids) sum += await walletMinor(t, id);
  return sum;
}

async function postingsOf(transactionId: string) {
  return t.database.db
    .selectFrom('ledger_posting as p')
    .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transaction as x', 'x.id', 'p.transaction_id')
    .select(['a.member_id', 'a.wallet_type', 'p.amount', 'x.kind'])
    .where('p.transaction_id', '=', Number(transactionId))
    .orderBy('p.amount')
    .execute();
}

describe('lucky bag shares (splitShares)', () => {
  it('equal and random shares: every share at least one minor unit, the sum exactly the total, the same split for the same seed', () => {
    expect(splitShares(100, 3, 'EQUAL', 's')).toEqual([34, 33, 33]);
    expect(splitShares(5, 5, 'RANDOM', 's')).toEqual([1, 1, 1, 1, 1]);
    expect(splitShares(7, 1, 'RANDOM', 's')).toEqual([7]);
    let seed = 1;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 400; i++) {
      const count = 1 + next(60);
      const total = count + next(i % 4 === 0 ? 1_000_000_000_000 : 5_000);
      for (const mode of ['EQUAL', 'RANDOM'] as const) {
        const shares = splitShares(total, count, mode, `seed-${i}`);
        expect(shares).toHaveLength(count);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        for (const s of shares) expect(Number.isSafeInteger(s) && s >= 1).toBe(true);
        if (mode === 'EQUAL') expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        expect(splitShares(total, count, mode, `seed-${i}`)).toEqual(shares);
      }
    }
    // Random shares do differ from one another (a large total over a few recipients).
    expect(new Set(splitShares(1_000_000, 5, 'RANDOM', 'x')).size).toBeGreaterThan(1);
    expect(() => splitShares(2, 3, 'EQUAL', 's')).toThrow();
  });
});

describe(`agent transfers (${testDbKind})`, () => {
  it('AG-26 agents can transfer to a downline: main wallet to the direct downline’s main wallet, one DOWNLINE_TRANSFER movement, the key replayed moves money once', async () => {
    const team = await teamOf(t, { players: 1, agentMoney: 10_000 });
    const p = team.players[0]!;
    const info = await agentCall(t, team.agent.token, '/wps/agent/transfer');
    expect(info.json()).toEqual({
      success: true,
      value: { available: 100, hasPaymentPassword: false, luckyBag: false, luckyBagMaxRecipients: 500 },
    });
    const body = { userId: p.memberId, amount: '12.34', remark: 'top-up', idempotencyKey: 'to-down-0001' };
    const res = await toDownline(team.agent.token, body);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      kind: 'DOWNLINE_TRANSFER',
      amount: 12.34,
      replayed: false,
      userId: p.memberId,
      username: p.username,
    });
    expect(v.reference).toMatch(/^TD[0-9A-F]{14}$/);
    expect(await walletMinor(t, team.agent.memberId)).toBe(10_000 - 1_234);
    expect(await walletMinor(t, p.memberId)).toBe(1_234);
    expect(await postingsOf(v.transactionId)).toEqual([
      { member_id: team.agent.memberId, wallet_type: 'MAIN', amount: -1_234, kind: 'DOWNLINE_TRANSFER' },
      { member_id: p.memberId, wallet_type: 'MAIN', amount: 1_234, kind: 'DOWNLINE_TRANSFER' },
    ]);
    const memo = await t.database.db
      .selectFrom('ledger_transaction')
      .select('memo')
      .where('id', '=', Number(v.transactionId))
      .executeTakeFirstOrThrow();
    expect(memo.memo).toBe('top-up');
    // The same key again: the first answer, nothing moved.
    const again = await toDownline(team.agent.token, body);
    expect(again.json().value).toEqual({ ...v, replayed: true });
    expect(await walletMinor(t, team.agent.memberId)).toBe(10_000 - 1_234);
    expect(await walletMinor(t, p.memberId)).toBe(1_234);
    // The downline's account records show it as a transfer.
    const records = await t.call({ url: '/wps/relay/ODSFE2_getAccountRecords', token: p.token });
    expect(records.statusCode, records.body).toBe(200);
    expect(records.json().value.content).toEqual([
      expect.objectContaining({ kind: 'DOWNLINE_TRANSFER', type: 'TRANSFER', amount: 12.34, memo: 'top-up' }),
    ]);
    expect(await t.app.ctx.wallet.audit()).toEqual({ drifted: 0, unbalanced: 0, total: 0 });
  });

  it('asks the fund password when the agent has one: missing or wrong refused, nothing moved; right moves', async () => {
    const team = await teamOf(t, { players: 1, agentMoney: 5_000, paymentPassword: '246810' });
    const p = team.players[0]!;
    expect(
      (await agentCall(t, team.agent.token, '/wps/agent/transfer')).json().value.hasPaymentPassword,
    ).toBe(true);
    const missing = await toDownline(team.agent.token, { userId: p.memberId, amount: 10 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errorCode).toBe('payment.password.invalid');
    const wrong = await toDownline(team.agent.token, {
      userId: p.memberId,
      amount: 10,
      paymentPassword: '111111',
    });
    expect(wrong.json().errorCode).toBe('payment.password.invalid');
    expect(await walletMinor(t, p.memberId)).toBe(0);
    const right = await toDownline(team.agent.token, {
      userId: p.memberId,
      amount: 10,
      paymentPassword: '246810',
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(await walletMinor(t, p.memberId)).toBe(1_000);
    expect(await walletMinor(t, team.agent.memberId)).toBe(4_000);
  });

  it('refuses: more than the balance (409, nothing moved), bad amounts (422), a member that is not a direct downline (404)', async () => {
    const team = await teamOf(t, { players: 1, agents: 1, agentMoney: 500 });
    const p = team.players[0]!;
    const deep = await memberWithMoney(t, 0, { uplineId: team.agents[0]!.memberId });
    const other = await teamOf(t, { players: 1 });
    const stranger = await memberWithMoney(t, 0);
    const short = await toDownline(team.agent.token, { userId: p.memberId, amount: '5.01' });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ success: false, errorCode: 'wallet.balance.insufficient' });
    for (const amount of ['0', '-1', '1.234', 'abc', 0]) {
      const bad = await toDownline(team.agent.token, { userId: p.memberId, amount });
      expect(bad.statusCode, String(amount)).toBe(422);
      expect(bad.json().errorCode).toBe('amount.invalid');
    }
    for (const userId of [
      deep.memberId,
      other.players[0]!.memberId,
      other.agent.memberId,
      stranger.memberId,
      team.agent.memberId,
      999_999_999,
    ]) {
      const res = await toDownline(team.agent.token, { userId, amount: 1 });
      expect(res.statusCode, String(userId)).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'not.found' });
    }
    // A sub-agent cannot send to its upline this way either.
    const up = await toDownline(team.agents[0]!.token, { userId: team.agent.memberId, amount: 1 });
    expect(up.statusCode).toBe(404);
    expect(await walletMinor(t, team.agent.memberId)).toBe(500);
    for (const m of [p, deep, other.players[0]!, stranger]) expect(await walletMinor(t, m.memberId)).toBe(0);
  });

  it('ER-28 ER-29 a player, a trial account and a logged-out caller are refused every transfer call, and nothing moves', async () => {
    const team = await teamOf(t, { players: 1 });
    const p = team.players[0]!;
    const player = await memberWithMoney(t, 10_000, { uplineId: team.agent.memberId });
    const trial = await memberWithMoney(t, 10_000, { agentType: 4 });
    await setLuckyBagSwitch(t, true);
    try {
      const calls = [
        { url: '/wps/agent/transfer' },
        { url: '/wps/agent/lucky-bag', query: { page: 1 } },
        { url: '/wps/agent/lucky-bag/shares', query: { bagId: 1 } },
        { url: '/wps/agent/transfer/downline', body: { userId: p.memberId, amount: 1 }, secure: true },
        {
          url: '/wps/agent/lucky-bag',
          body: { recipients: [p.memberId], mode: 'EQUAL', total: 1 },
          secure: true,
        },
      ];
      for (const call of calls) {
        for (const who of [player, trial]) {
          const res = await agentCall(t, who.token, call.url, call);
          expect(res.statusCode, `${call.url}: ${res.body}`).toBe(403);
          expect(res.json()).toMatchObject({ success: false, errorCode: 'agent.only' });
          expect(res.json().message).toContain('Non-agents cannot log in');
          expect(res.json().message).toContain('Please contact your agent');
        }
        const anonymous = await agentCall(t, undefined, call.url, call);
        expect(anonymous.statusCode, call.url).toBe(401);
      }
      expect(await walletMinor(t, p.memberId)).toBe(0);
      expect(await walletMinor(t, player.memberId)).toBe(10_000);
      expect(await walletMinor(t, trial.memberId)).toBe(10_000);
    } finally {
      await setLuckyBagSwitch(t, false);
    }
  });

  it('lucky bag: only while AGENTRANSMULTDOWN3 is on; equal shares to the named downlines in one movement of one debit and N credits, replayed once', async () => {
    const team = await teamOf(t, { players: 3, agentMoney: 10_000 });
    const ids = team.players.map((p) => p.memberId);
    const body = {
      recipients: ids,
      mode: 'EQUAL',
      total: '1.00',
      remark: 'Happy day',
      idempotencyKey: 'bag-equal-01',
    };
    const off = await luckyBag(team.agent.token, body);
    expect(off.statusCode).toBe(403);
    expect(off.json().errorCode).toBe('function.disabled');
    expect(await walletMinor(t, team.agent.memberId)).toBe(10_000);
    await setLuckyBagSwitch(t, true);
    try {
      expect((await agentCall(t, team.agent.token, '/wps/agent/transfer')).json().value.luckyBag).toBe(true);
      const res = await luckyBag(team.agent.token, body);
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value;
      expect(v).toMatchObject({ kind: 'LUCKY_BAG', amount: 1, mode: 'EQUAL', replayed: false });
      expect(v.reference).toMatch(/^LB[0-9A-F]{14}$/);
      const byId = Object.fromEntries(
        v.shares.map((s: { userId: number; amount: number }) => [s.userId, s.amount]),
      );
      // 100 minor units over 3: 34, 33, 33, the extra unit to the first named.
      expect(byId).toEqual({ [ids[0]!]: 0.34, [ids[1]!]: 0.33, [ids[2]!]: 0.33 });
      expect(await walletMinor(t, team.agent.memberId)).toBe(9_900);
      expect([
        await walletMinor(t, ids[0]!),
        await walletMinor(t, ids[1]!),
        await walletMinor(t, ids[2]!),
      ]).toEqual([34, 33, 33]);
      const postings = await postingsOf(v.transactionId);
      expect(postings.filter((p) => p.amount < 0)).toEqual([
        { member_id: team.agent.memberId, wallet_type: 'MAIN', amount: -100, kind: 'LUCKY_BAG' },
      ]);
      expect(postings.filter((p) => p.amount > 0)).toHaveLength(3);
      const again = await luckyBag(team.agent.token, body);
      expect(again.json().value).toEqual({ ...v, replayed: true });
      expect(await walletMinor(t, team.agent.memberId)).toBe(9_900);

      const history = await agentCall(t, team.agent.token, '/wps/agent/lucky-bag');
      expect(history.json().value).toMatchObject({ total: 1, page: 1, size: 20 });
      expect(history.json().value.list[0]).toMatchObject({
        bagId: v.bagId,
        reference: v.reference,
        mode: 'EQUAL',
        total: 1,
        recipients: 3,
        remark: 'Happy day',
      });
      const shares = await agentCall(t, team.agent.token, '/wps/agent/lucky-bag/shares', {
        query: { bagId: v.bagId },
      });
      expect(shares.json().value.shares).toHaveLength(3);
      expect(
        shares.json().value.shares.reduce((s: number, x: { amount: number }) => s + x.amount, 0),
      ).toBeCloseTo(1, 10);
      expect(await t.app.ctx.wallet.audit()).toEqual({ drifted: 0, unbalanced: 0, total: 0 });
    } finally {
      await setLuckyBagSwitch(t, false);
    }
  });

  it('lucky bag: random shares to "all" direct downlines in normal status, each at least one minor unit, summing exactly to the total', async () => {
    const team = await teamOf(t, { players: 5, agents: 1, agentMoney: 100_000 });
    const forbidden = team.players[4]!;
    await t.database.db
      .updateTable('member')
      .set({ status: 'login_forbidden' })
      .where('id', '=', forbidden.memberId)
      .execute();
    await setLuckyBagSwitch(t, true);
    try {
      const res = await luckyBag(team.agent.token, { recipients: 'all', mode: 'RANDOM', total: '777.77' });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value;
      const expected = [...team.players.slice(0, 4), ...team.agents]
        .map((m) => m.memberId)
        .sort((a, b) => a - b);
      expect(v.shares.map((s: { userId: number }) => s.userId)).toEqual(expected);
      let sum = 0;
      for (const s of v.shares as { userId: number; amount: number }[]) {
        const minor = await walletMinor(t, s.userId);
        expect(minor).toBe(Math.round(s.amount * 100));
        expect(minor).toBeGreaterThanOrEqual(1);
        sum += minor;
      }
      expect(sum).toBe(77_777);
      expect(await walletMinor(t, forbidden.memberId)).toBe(0);
      expect(await walletMinor(t, team.agent.memberId)).toBe(100_000 - 77_777);
      // Fewer minor units than recipients cannot give everyone a share.
      const tooSmall = await luckyBag(team.agent.token, { recipients: 'all', mode: 'RANDOM', total: '0.04' });
      expect(tooSmall.statusCode).toBe(422);
      expect(tooSmall.json().errorCode).toBe('amount.invalid');
      const twice = await luckyBag(team.agent.token, {
        recipients: [team.players[0]!.memberId, team.players[0]!.memberId],
        mode: 'EQUAL',
        total: 1,
      });
      expect(twice.statusCode).toBe(422);
    } finally {
      await setLuckyBagSwitch(t, false);
    }
  });

  it('IDOR: a lucky bag naming any member outside the direct downlines, and another agent’s bag, answer 404 and nothing moves', async () => {
    const mine = await teamOf(t, { players: 1, agents: 1, agentMoney: 10_000, prefix: 'bagmine' });
    const other = await teamOf(t, { players: 1, agentMoney: 10_000, prefix: 'bagother' });
    const deep = await memberWithMoney(t, 0, { uplineId: mine.agents[0]!.memberId });
    await setLuckyBagSwitch(t, true);
    try {
      for (const outsider of [
        other.players[0]!.memberId,
        other.agent.memberId,
        deep.memberId,
        mine.agent.memberId,
        999_999_999,
      ]) {
        const res = await luckyBag(mine.agent.token, {
          recipients: [mine.players[0]!.memberId, outsider],
          mode: 'EQUAL',
          total: 10,
        });
        expect(res.statusCode, String(outsider)).toBe(404);
        expect(res.json().errorCode).toBe('not.found');
      }
      expect(await walletMinor(t, mine.agent.memberId)).toBe(10_000);
      expect(await walletMinor(t, mine.players[0]!.memberId)).toBe(0);
      expect(await walletMinor(t, other.players[0]!.memberId)).toBe(0);
      const theirs = await luckyBag(other.agent.token, { recipients: 'all', mode: 'EQUAL', total: 1 });
      expect(theirs.statusCode, theirs.body).toBe(200);
      const bagId = theirs.json().value.bagId;
      const peek = await agentCall(t, mine.agent.token, '/wps/agent/lucky-bag/shares', { query: { bagId } });
      expect(peek.statusCode).toBe(404);
      expect(peek.json().errorCode).toBe('not.found');
      expect((await agentCall(t, mine.agent.token, '/wps/agent/lucky-bag')).json().value.total).toBe(0);
    } finally {
      await setLuckyBagSwitch(t, false);
    }
  });

  it(
    'race: 20 concurrent transfers and lucky bags from one agent whose balance covers only some: never negative, every cent kept, the ledger exact',
    async () => {
      const team = await teamOf(t, { players: 4, agentMoney: 10_000, memberMoney: 100 });
      const ids = [team.agent.memberId, ...team.players.map((p) => p.memberId)];
      const before = await sumOf(ids);
      await setLuckyBagSwitch(t, true);
      try {
        // Each request moves 10.00: 20 of them ask for 200.00 of the agent's 100.00.
        const results = await concurrently(20, 1, (c) =>
          c % 2 === 0
            ? toDownline(team.agent.token, {
                userId: team.players[c % 4]!.memberId,
                amount: 10,
                idempotencyKey: `race-td-${c}`,
              })
            : luckyBag(team.agent.token, {
                recipients: 'all',
                mode: c % 4 === 1 ? 'RANDOM' : 'EQUAL',
                total: 10,
                idempotencyKey: `race-lb-${c}`,
              }),
        );
        let ok = 0;
        for (const r of results) {
          expect(r.status).toBe('fulfilled');
          const res = (r as PromiseFulfilledResult<Awaited<ReturnType<typeof toDownline>>>).value;
          if (res.statusCode === 200) ok++;
          else expect(res.json().errorCode, res.body).toBe('wallet.balance.insufficient');
        }
        expect(ok).toBe(10);
        expect(await walletMinor(t, team.agent.memberId)).toBe(0);
        expect(await sumOf(ids)).toBe(before);
        for (const id of ids) expect(await walletMinor(t, id)).toBeGreaterThanOrEqual(0);
        // Every request replayed at once: nothing more moves.
        const replays = await concurrently(20, 1, (c) =>
          c % 2 === 0
            ? toDownline(team.agent.token, {
                userId: team.players[c % 4]!.memberId,
                amount: 10,
                idempotencyKey: `race-td-${c}`,
              })
            : luckyBag(team.agent.token, {
                recipients: 'all',
                mode: c % 4 === 1 ? 'RANDOM' : 'EQUAL',
                total: 10,
                idempotencyKey: `race-lb-${c}`,
              }),
        );
        const replayed = replays.filter(
          (r) =>
            r.status === 'fulfilled' && r.value.statusCode === 200 && r.value.json().value.replayed === true,
        );
        expect(replayed).toHaveLength(10);
        expect(await sumOf(ids)).toBe(before);
        expect(await walletMinor(t, team.agent.memberId)).toBe(0);
        const check = await t.app.ctx.wallet.check();
        expect({
          ok: check.ok,
          drifted: check.drifted,
          unbalanced: check.unbalanced,
          total: check.total,
          negative: check.negative,
        }).toEqual({
          ok: true,
          drifted: [],
          unbalanced: [],
          total: 0,
          negative: [],
        });
      } finally {
        await setLuckyBagSwitch(t, false);
      }
    },
    RACE_TIMEOUT,
  );
});
