import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { FeatureSwitch, REFERRAL_CODE_LENGTH } from '@app/contract';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { maskUsername } from './referral.service.ts';

/**
 * Invite friends (issue 32, decision 043): the member's code and link, self-referral and cycles
 * refused, an agent's link never read as a referral code, the reward paid exactly once through the
 * ledger by the job (two instances, runs repeated), and the ledger check exact after it.
 */
let t: TestApp;
/** Another instance on the same database, to race the reward job against (made by the last test). */
let other: FastifyInstance | undefined;

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  // Terms of the tests: a first deposit of 150.00, 500.00 of valid bets, a reward of 50.00.
  await t.app.ctx.referral.setTerms({ reward: 5000, minFirstDeposit: 15000, minValidBet: 50000 });
}, 180_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const member = () => memberWithMoney(t, 0, { prefix: 'ref' });

async function summary(m: TestMember) {
  const res = await t.call({ url: '/wps/referral/summary', token: m.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    code: string;
    link: string;
    invited: number;
    qualified: number;
    earned: number;
    canBind: boolean;
    terms: { reward: number; minFirstDeposit: number; minValidBet: number };
  };
}

const bind = (m: TestMember, code: string) =>
  t.call({ method: 'POST', url: '/wps/referral/bind', token: m.token, payload: { code } });

async function invitees(m: TestMember) {
  const res = await t.call({ url: '/wps/referral/invitees?page=1&size=10', token: m.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    totalElements: number;
    content: { username: string; status: string; firstDeposit: number; validBet: number; reward: number }[];
  };
}

/** A bank-transfer deposit of `amount` (major units), approved by the operator through the CLI. */
async function deposit(m: TestMember, amount: number) {
  const res = await t.call({
    method: 'POST',
    url: '/wps/deposit/orders',
    token: m.token,
    payload: { channelCode: 'BANK', amount, payerReference: `ref ${m.username}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  await runOpsCommand(
    t.app.ctx,
    ['deposit', 'approve', (res.json().value as { orderNo: string }).orderNo],
    'op',
  );
}

/** A settled bet with `validBet` minor units of valid bets, as a game writes it. */
let betSerial = 0;
async function settledBet(m: TestMember, validBet: number) {
  await t.database.db
    .insertInto('bet_record')
    .values({
      member_id: m.memberId,
      vendor: 'TEST',
      bet_no: `ref-${m.memberId}-${++betSerial}`,
      product: 'SLOTS',
      currency: 'USD',
      bet_amount: validBet,
      valid_bet: validBet,
      payout: 0,
      status: 'SETTLED',
      bet_at: new Date(),
      settled_at: new Date(),
    })
    .execute();
}

async function ledgerExact() {
  const check = await t.app.ctx.wallet.audit();
  expect(check.drifted).toBe(0);
  expect(check.unbalanced).toBe(0);
}

describe('referral code and link', () => {
  it('gives a member one code of 8 letters and digits, the link carrying it, and the terms', async () => {
    const m = await member();
    const a = await summary(m);
    const b = await summary(m);
    expect(a.code).toMatch(new RegExp(`^[a-z0-9]{${REFERRAL_CODE_LENGTH}}$`));
    expect(b.code).toBe(a.code);
    expect(a.link).toMatch(new RegExp(`^https?://[^/]+/\\?referralCode=${a.code}$`));
    expect(a.terms).toEqual({ reward: 50, minFirstDeposit: 150, minValidBet: 500 });
    expect({ invited: a.invited, qualified: a.qualified, earned: a.earned, canBind: a.canBind }).toEqual({
      invited: 0,
      qualified: 0,
      earned: 0,
      canBind: true,
    });
    // The registration's invitation check reads it as a referral, not an agent's code.
    const inv = await t.call({ url: `/wps/agent/affiliate?code=${a.code}` });
    expect(inv.statusCode, inv.body).toBe(200);
    expect(inv.json().value.kind).toBe('REFERRAL');
  });

  it('is refused while the referral switch is off', async () => {
    const m = await member();
    await t.app.ctx.system.setSwitch(FeatureSwitch.referral, false);
    try {
      const res = await t.call({ url: '/wps/referral/summary', token: m.token });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('referral.off');
      expect((await bind(m, 'abcdefgh')).json().errorCode).toBe('referral.off');
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.referral, true);
    }
  });

  it('masks a friend’s username', () => {
    expect(maskUsername('alexander')).toBe('al***er');
    expect(maskUsername('abcd')).toBe('a***d');
    expect(maskUsername('ab')).toBe('a***');
  });
});

describe('binding a friend’s code', () => {
  it('refuses the member’s own code (self-referral)', async () => {
    const m = await member();
    const { code } = await summary(m);
    for (const c of [code, code.toUpperCase()]) {
      const res = await bind(m, c);
      expect(res.statusCode).toBe(422);
      expect(res.json().errorCode).toBe('referral.self');
    }
    const row = await t.database.db
      .selectFrom('member')
      .select('referrer_id')
      .where('id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(row.referrer_id).toBeNull();
  });

  it('refuses a cycle, direct (A→B→A) and longer (A→B→C→A), and binds a straight line', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const codeA = (await summary(a)).code;
    const codeB = (await summary(b)).code;
    const codeC = (await summary(c)).code;
    // B was invited by A.
    expect((await bind(b, codeA)).statusCode).toBe(200);
    // A taking B's code would close the circle A→B→A.
    const direct = await bind(a, codeB);
    expect(direct.statusCode).toBe(422);
    expect(direct.json().errorCode).toBe('referral.cycle');
    // C invited by B; A taking C's code would close A→B→C→A.
    expect((await bind(c, codeB)).statusCode).toBe(200);
    const longer = await bind(a, codeC);
    expect(longer.json().errorCode).toBe('referral.cycle');
    // A second bind of a member who has a referrer is refused.
    expect((await bind(c, codeA)).json().errorCode).toBe('referral.already.bound');
    expect((await summary(c)).canBind).toBe(false);
    expect((await invitees(a)).content.map((f) => f.status)).toEqual(['PENDING']);
  });

  it('refuses two members binding each other’s codes at once: one of the two binds', async () => {
    const [a, b] = [await member(), await member()];
    const [codeA, codeB] = [(await summary(a)).code, (await summary(b)).code];
    const results = await Promise.all([bind(a, codeB), bind(b, codeA)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errorCode).toBe('referral.cycle');
  });

  it('refuses an agent’s registration link and an unknown code, and a bind after the window', async () => {
    const m = await member();
    const agentLink = await sql<{ code: string }>`select code from affiliate_link limit 1`.execute(
      t.database.db,
    );
    for (const code of [...agentLink.rows.map((r) => r.code), 'zzzz9999']) {
      const res = await bind(m, code);
      expect(res.json().errorCode).toBe('invitation.code.error');
    }
    const late = await member();
    const friend = await member();
    await t.database.db
      .updateTable('member')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('id', '=', late.memberId)
      .execute();
    expect((await bind(late, (await summary(friend)).code)).json().errorCode).toBe('referral.bind.closed');
  });
});

describe('the reward', () => {
  // The deposits of these tests come before any second instance exists (the last test makes one).
  it(
    'pays nothing while the switch is off, and the owed reward once it is on again',
    { timeout: 90_000 },
    async () => {
      const referrer = await member();
      const friend = await member();
      expect((await bind(friend, (await summary(referrer)).code)).statusCode).toBe(200);
      await deposit(friend, 150);
      await settledBet(friend, 50000);
      await t.app.ctx.system.setSwitch(FeatureSwitch.referral, false);
      try {
        expect(await t.app.ctx.referral.payNow()).toEqual({ paid: 0 });
      } finally {
        await t.app.ctx.system.setSwitch(FeatureSwitch.referral, true);
      }
      expect(await t.app.ctx.referral.payNow()).toEqual({ paid: 1 });
      expect(await walletMinor(t, referrer.memberId)).toBe(5000);
      await ledgerExact();
    },
  );

  it(
    'is paid once, when the friend meets both terms, by the job on two instances',
    { timeout: 150_000 },
    async () => {
      const referrer = await member();
      const friend = await member();
      expect((await bind(friend, (await summary(referrer)).code)).statusCode).toBe(200);
      const pay = () => t.app.ctx.referral.payNow();

      // A first deposit below the minimum never qualifies, even with a larger one after it.
      await deposit(friend, 100);
      await deposit(friend, 200);
      await settledBet(friend, 60000);
      expect(await pay()).toEqual({ paid: 0 });
      expect((await invitees(referrer)).content[0]).toMatchObject({
        status: 'PENDING',
        firstDeposit: 100,
        validBet: 600,
      });

      // Another friend: deposit enough, bets short of the terms, then enough.
      const friend2 = await member();
      expect((await bind(friend2, (await summary(referrer)).code)).statusCode).toBe(200);
      await deposit(friend2, 150);
      await settledBet(friend2, 30000);
      expect(await pay()).toEqual({ paid: 0 });
      await settledBet(friend2, 20000);
      expect((await invitees(referrer)).content[0]).toMatchObject({ status: 'QUALIFIED', reward: 0 });

      const before = await walletMinor(t, referrer.memberId);
      // The job's window, run on this instance and a second one at once, then both again.
      other = await secondInstance(t, { jobs: { tickMs: 0 } });
      await Promise.all([t.app.ctx.jobs.runDue(), other.ctx.jobs.runDue()]);
      await t.app.ctx.jobs.runDue();
      await pay();
      await other.ctx.referral.payNow();
      expect((await walletMinor(t, referrer.memberId)) - before).toBe(5000);
      const rows = await t.database.db
        .selectFrom('referral_reward')
        .selectAll()
        .where('referrer_id', '=', referrer.memberId)
        .execute();
      expect(rows.map((r) => [Number(r.invitee_id), Number(r.amount)])).toEqual([[friend2.memberId, 5000]]);
      const movements = await sql<{ n: string }>`
      select count(*) as n from ledger_transaction
      where kind = 'REFERRAL_REWARD' and reference = ${`REF${friend2.memberId}`}`.execute(t.database.db);
      expect(Number(movements.rows[0]!.n)).toBe(1);
      const s = await summary(referrer);
      expect({ invited: s.invited, qualified: s.qualified, earned: s.earned }).toEqual({
        invited: 2,
        qualified: 1,
        earned: 50,
      });
      expect((await invitees(referrer)).content.map((f) => [f.status, f.reward])).toEqual([
        ['REWARDED', 50],
        ['PENDING', 0],
      ]);
      await ledgerExact();
    },
  );
});
