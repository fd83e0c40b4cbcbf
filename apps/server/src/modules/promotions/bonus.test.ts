import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { backoffice, BonusGrant, Promotion } from '@app/contract';
import { createTestApp, testDatabaseUrl, type TestApp } from '../../test/test-app.ts';
import { openPostgres, type Database } from '../../db/connection.ts';
import { JobRunner } from '../../platform/jobs/job-runner.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { settleBets } from '../agent/stats-test-kit.ts';
import {
  bindBank,
  newMember,
  submitWithdraw,
  tinyPng,
  type TestMember,
} from '../withdraw/withdraw-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from '../backoffice/backoffice-test-kit.ts';
import { BONUS_EXPIRE_JOB, BonusService, registerBonusJobs } from './bonus.service.ts';

/**
 * Promotions with real bonuses (issue 32, decision 041): a deposit match claimed after joining,
 * wagering from settled bets weighted per product (through the points fold), a withdrawal refused
 * while wagering is open and allowed after, forfeiture (by the member, by a withdrawal), expiry on
 * the job runner once across instances, two claims at once giving one bonus, the operator's
 * eligibility rules refusing with their reason, reward requests decided by staff (CLI and back
 * office, audited); the ledger checked exact after each.
 */
let t: TestApp;
let content: SignedIn;
let finance: SignedIn;
let support: SignedIn;
let precision: number;
const cli = { kind: 'cli' as const, id: null, name: 'bonus-test', ip: null };

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  await t.app.ctx.points.foldAll();
  precision = t.app.ctx.wallet.currency().precision;
  [content, finance, support] = await Promise.all([
    createSignedIn(t, 'bonus-con', 'content'),
    createSignedIn(t, 'bonus-fin', 'finance'),
    createSignedIn(t, 'bonus-sup', 'support'),
  ]);
}, 180_000);
afterAll(async () => t?.close());

const minor = (major: number) => Math.round(major * 10 ** precision);
const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv, 'op-bonus');

let serial = 0;
/** A PR notice with bonus rules; its id. */
async function promotion(
  rules: Omit<backoffice.PromotionRuleBody, 'id'>,
  title = 'Promotion',
): Promise<number> {
  const row = await t.database.db
    .insertInto('announcement')
    .values({
      type: 'PR',
      title: `${title} ${++serial}`,
      content: '<p>Rules <script>alert(1)</script><b>bold</b></p>',
      execution: 'B',
      published_at: new Date(Date.now() - 60_000),
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.app.ctx.bonus.saveRule(cli, { id: row.id, ...rules });
  return row.id;
}

function call(m: TestMember | null, url: string, payload?: object) {
  return t.call({
    method: payload ? 'POST' : 'GET',
    url,
    ...(m ? { token: m.token } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function ok<T>(p: ReturnType<typeof call>): Promise<T> {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}

async function refused(p: ReturnType<typeof call>, status: number, code: string): Promise<string> {
  const res = await p;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().errorCode).toBe(code);
  return res.json().message as string;
}

const join = (m: TestMember, promotionId: number) =>
  call(m, '/wps/relay/MCSFE_signUpPromotionJoin', { promotionId });
const claim = (m: TestMember, promotionId: number, path = 'MCSFE') =>
  call(m, `/wps/relay/${path}_claimRafflePromotion`, { promotionId, raffleScheduleId: 0 });
const wallet = (m: TestMember) =>
  ok<{ balance: number; active: BonusGrant | null; history: BonusGrant[] }>(call(m, '/wps/bonus'));

async function statusOf(m: TestMember, id: number): Promise<string | undefined> {
  const list = await ok<{ content: Promotion[] }>(call(m, '/wps/relay/MCSFE_getAvailablePromotions'));
  return list.content.find((p) => p.id === id)?.status;
}

/** A bank-transfer deposit (major units) approved by the operator. */
async function deposit(m: TestMember, amount: number): Promise<void> {
  const res = await call(m, '/wps/deposit/orders', {
    channelCode: 'BANK',
    amount,
    payerReference: `ref ${m.username}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  await ops('deposit', 'approve', (res.json().value as { orderNo: string }).orderNo);
}

async function balances(memberId: number): Promise<{ main: number; bonus: number }> {
  const rows = await t.database.db
    .selectFrom('ledger_account')
    .select(['wallet_type', 'balance'])
    .where('member_id', '=', memberId)
    .where('wallet_type', 'in', ['MAIN', 'BONUS'])
    .execute();
  const of = (w: string) => Number(rows.find((r) => r.wallet_type === w)?.balance ?? 0);
  return { main: of('MAIN'), bonus: of('BONUS') };
}

/** The ledger's own check, and every bonus wallet holding exactly its member's ACTIVE grant. */
async function expectLedgerExact(): Promise<void> {
  const report = await t.app.ctx.wallet.check();
  expect(report.ok, JSON.stringify(report)).toBe(true);
  const off = await sql<{ member_id: number }>`
    select a.member_id from ledger_account a
    left join bonus_grant g on g.member_id = a.member_id and g.status = 'ACTIVE'
    where a.wallet_type = 'BONUS' and a.member_id is not null
    group by a.member_id, a.balance
    having a.balance <> coalesce(sum(g.amount), 0)`.execute(t.database.db);
  expect(off.rows).toEqual([]);
}

/** Settled bets of the member (minor units of valid bet per product), folded. */
async function bets(memberId: number, valid: Record<string, number>): Promise<void> {
  const now = Date.now();
  await settleBets(
    t,
    Object.entries(valid).map(([product, v]) => ({
      memberId,
      product,
      amount: v,
      valid: v,
      payout: 0,
      betAt: new Date(now - 60_000),
      settledAt: new Date(now - 30_000),
    })),
  );
  await t.app.ctx.points.foldAll();
}

const MATCH = {
  kind: 'DEPOSIT_MATCH' as const,
  category: 'DEPOSIT' as const,
  matchPercent: 100,
  maxBonus: 200,
  minDeposit: 150,
  wageringMultiplier: 10,
  wageringBase: 'BONUS_DEPOSIT' as const,
  contributions: { RNG: 100, LIVE: 10, SPORTS: 50 },
};

describe('a deposit match and its wagering', () => {
  it('joins, deposits, claims 100 % up to the cap; bets count by product; a withdrawal is refused until the requirement is met, then allowed', async () => {
    const promo = await promotion(MATCH, 'Welcome match');
    const m = await newMember(t, { money: 0 });
    const bank = await bindBank(t, m);
    expect(await statusOf(m, promo)).toBe('join');
    const joined = await ok<{ status: string }>(join(m, promo));
    expect(joined.status).toBe('joined');
    await refused(join(m, promo), 409, 'promotion.already.joined');
    expect(await statusOf(m, promo)).toBe('joined');
    await refused(claim(m, promo), 409, 'promotion.no.deposit');
    // Below the minimum deposit: still nothing to claim.
    await deposit(m, 120);
    await refused(claim(m, promo), 409, 'promotion.no.deposit');
    await deposit(m, 300);
    expect(await statusOf(m, promo)).toBe('claim');
    const g = await ok<BonusGrant>(claim(m, promo));
    // 100 % of 300 capped at 200; requirement 10 × (200 + 300).
    expect(g).toMatchObject({
      amount: 200,
      deposit: 300,
      required: 5000,
      wagered: 0,
      progress: 0,
      status: 'ACTIVE',
    });
    expect(await balances(m.id)).toEqual({ main: minor(420), bonus: minor(200) });
    expect(await statusOf(m, promo)).toBe('process');
    await expectLedgerExact();

    // RNG counts 100 %, LIVE 10 %, SPORTS 50 %, a product without a contribution nothing.
    await bets(m.id, { RNG: minor(1000), LIVE: minor(5000), SPORTS: minor(2000), PVP: minor(9000) });
    let w = await wallet(m);
    expect(w.balance).toBe(200);
    expect(w.active).toMatchObject({ wagered: 2500, required: 5000, progress: 50 });
    await expectLedgerExact();

    const msg = await refused(
      submitWithdraw(t, m, { bankAccountId: bank, amount: 100 }),
      409,
      'bonus.wagering.open',
    );
    expect(msg).toContain('2500');
    expect(msg).toMatch(/forfeit/);

    await bets(m.id, { RNG: minor(2499) });
    expect((await wallet(m)).active).toMatchObject({ wagered: 4999, progress: 99 });
    await bets(m.id, { LIVE: minor(10) });
    w = await wallet(m);
    expect(w.active).toBeNull();
    expect(w.balance).toBe(0);
    expect(w.history[0]).toMatchObject({ status: 'COMPLETED', progress: 100, amount: 200 });
    expect(await balances(m.id)).toEqual({ main: minor(620), bonus: 0 });
    expect(await statusOf(m, promo)).toBe('join');
    await expectLedgerExact();

    const res = await submitWithdraw(t, m, { bankAccountId: bank, amount: 100 });
    expect(res.statusCode, res.body).toBe(200);
    await expectLedgerExact();
  });

  it('a corrected bet takes its wagering back, never below zero; free play and trial accounts count nothing', async () => {
    const promo = await promotion({ ...MATCH, maxBonus: 0 }, 'Uncapped');
    const m = await newMember(t, { money: 0 });
    await ok(join(m, promo));
    await deposit(m, 150);
    await ok(claim(m, promo));
    await bets(m.id, { RNG: minor(300) });
    expect((await wallet(m)).active).toMatchObject({ wagered: 300 });
    await sql`update bet_record set valid_bet = 0 where member_id = ${m.id}`.execute(t.database.db);
    await t.app.ctx.points.foldAll();
    expect((await wallet(m)).active).toMatchObject({ wagered: 0 });
    await t.database.db
      .insertInto('bet_record')
      .values({
        member_id: m.id,
        vendor: 'KIT',
        bet_no: `bonus-free-${m.id}`,
        product: 'RNG',
        currency: t.app.ctx.wallet.currency().code,
        bet_amount: minor(500),
        valid_bet: minor(500),
        status: 'SETTLED',
        bet_at: new Date(),
        settled_at: new Date(),
        detail: JSON.stringify({ freePlay: true }),
      })
      .execute();
    await t.app.ctx.points.foldAll();
    expect((await wallet(m)).active).toMatchObject({ wagered: 0 });
    await expectLedgerExact();
  });
});

describe('forfeiture and expiry', () => {
  it('a withdrawal that forfeits the bonus goes; the bonus returns to the house; the member forfeits another', async () => {
    const promo = await promotion({
      kind: 'FIXED',
      fixedBonus: 50,
      wageringMultiplier: 20,
      wageringBase: 'BONUS',
    });
    const m = await newMember(t, { money: 500 });
    const bank = await bindBank(t, m);
    await ok(join(m, promo));
    expect(await statusOf(m, promo)).toBe('claim');
    const g = await ok<BonusGrant>(claim(m, promo));
    expect(g).toMatchObject({ amount: 50, required: 1000 });
    await refused(submitWithdraw(t, m, { bankAccountId: bank, amount: 100 }), 409, 'bonus.wagering.open');
    const res = await submitWithdraw(t, m, { bankAccountId: bank, amount: 100, forfeitBonus: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await wallet(m)).history[0]).toMatchObject({ id: g.id, status: 'FORFEITED' });
    expect(await balances(m.id)).toEqual({ main: minor(400), bonus: 0 });
    await expectLedgerExact();

    // The member gives up a second one.
    await ok(join(m, promo));
    const g2 = await ok<BonusGrant>(claim(m, promo));
    const f = await ok<BonusGrant>(call(m, '/wps/bonus/forfeit', { id: g2.id }));
    expect(f.status).toBe('FORFEITED');
    await refused(call(m, '/wps/bonus/forfeit', { id: g2.id }), 404, 'bonus.not.found');
    expect(await balances(m.id)).toEqual({ main: minor(400), bonus: 0 });
    const kinds = await sql<{ kind: string; n: number }>`
      select t.kind, count(*)::int as n from ledger_transaction t
      where t.reference in (${sql.join([g.id, g2.id].map((id) => `BG${String(id).padStart(8, '0')}`))})
      group by t.kind order by t.kind`.execute(t.database.db);
    expect(kinds.rows).toEqual([
      { kind: 'BONUS_FORFEIT', n: 2 },
      { kind: 'BONUS_GRANT', n: 2 },
    ]);
    await expectLedgerExact();
  });

  it('an expired bonus returns to the house once, by the job on two instances', async () => {
    const promo = await promotion({ kind: 'FIXED', fixedBonus: 30, wageringMultiplier: 5, expiryHours: 1 });
    const members = await Promise.all([1, 2, 3].map(() => newMember(t, { money: 0 })));
    for (const m of members) {
      await ok(join(m, promo));
      await ok(claim(m, promo));
    }
    const ids = members.map((m) => m.id);
    // Two of three past their end; the third still running.
    await sql`update bonus_grant set expires_at = now() - interval '1 minute'
              where member_id in (${ids[0]!}, ${ids[1]!})`.execute(t.database.db);
    const other: Database | null =
      t.database.kind === 'postgres' ? await openPostgres({ url: testDatabaseUrl(t), poolSize: 2 }) : null;
    try {
      const runners = [t.database, other ?? t.database].map((database) => {
        const jobs = new JobRunner(database, { tickMs: 0, onError: () => undefined });
        registerBonusJobs(
          jobs,
          new BonusService({
            database,
            wallet: t.app.ctx.wallet,
            audit: t.app.ctx.audit,
            timeZone: () => 'UTC',
          }),
        );
        return jobs;
      });
      const window = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
      const outcomes = await Promise.all(runners.map((j) => j.runWindow(BONUS_EXPIRE_JOB, window)));
      expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
      // A later window finds nothing more to expire.
      await runners[1]!.runWindow(BONUS_EXPIRE_JOB, new Date(window.getTime() - 60_000));
    } finally {
      await other?.close();
    }
    const st = await t.database.db
      .selectFrom('bonus_grant')
      .select(['member_id', 'status', 'ended_by'])
      .where('member_id', 'in', ids)
      .orderBy('member_id')
      .execute();
    const statusOfMember = new Map(st.map((s) => [s.member_id, s]));
    expect(ids.map((id) => statusOfMember.get(id)?.status)).toEqual(['EXPIRED', 'EXPIRED', 'ACTIVE']);
    expect(statusOfMember.get(ids[0]!)?.ended_by).toBe('expiry');
    for (const m of members.slice(0, 2)) expect(await balances(m.id)).toEqual({ main: 0, bonus: 0 });
    expect(await balances(ids[2]!)).toEqual({ main: 0, bonus: minor(30) });
    const forfeits = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transaction where kind = 'BONUS_FORFEIT' and memo = 'Bonus expired'
        and reference in (select 'BG' || lpad(id::text, 8, '0') from bonus_grant where member_id in (${ids[0]!}, ${ids[1]!}))`.execute(
      t.database.db,
    );
    expect(forfeits.rows[0]!.n).toBe(2);
    await expectLedgerExact();
  });
});

describe('concurrency', () => {
  it('two claims at once give one bonus; claims of two promotions at once give one active bonus', async () => {
    const a = await promotion({ kind: 'FIXED', fixedBonus: 10, wageringMultiplier: 1 });
    const b = await promotion({ kind: 'FIXED', fixedBonus: 20, wageringMultiplier: 1 });
    const m = await newMember(t, { money: 0 });
    await ok(join(m, a));
    const same = await Promise.all([claim(m, a), claim(m, a, 'MCS2'), claim(m, a)]);
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      same.filter((r) => r.statusCode !== 200).every((r) => r.json().errorCode === 'promotion.not.joined'),
    ).toBe(true);
    expect(await balances(m.id)).toEqual({ main: 0, bonus: minor(10) });

    const n = await newMember(t, { money: 0 });
    await ok(join(n, a));
    await ok(join(n, b));
    const both = await Promise.all([claim(n, a), claim(n, b)]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(both.find((r) => r.statusCode !== 200)!.json().errorCode).toBe('bonus.active');
    const active = await t.database.db
      .selectFrom('bonus_grant')
      .select('amount')
      .where('member_id', '=', n.id)
      .where('status', '=', 'ACTIVE')
      .execute();
    expect(active).toHaveLength(1);
    expect((await balances(n.id)).bonus).toBe(Number(active[0]!.amount));
    await expectLedgerExact();
  });
});

describe('eligibility', () => {
  it('new members only, once per member, once a day, member level and excluded agents refuse with their reason', async () => {
    const fresh = await promotion({ ...MATCH, newMembersOnly: true });
    const old = await newMember(t, { money: 0 });
    await deposit(old, 150);
    expect(await refused(join(old, fresh), 409, 'promotion.not.eligible')).toMatch(/new members only/);
    const listed = (await ok<{ content: Promotion[] }>(call(old, '/wps/relay/MCSFE_getAvailablePromotions')))
      .content;
    expect(listed.find((p) => p.id === fresh)?.refusal).toMatch(/new members only/);
    // A new member's first deposit after joining is matched.
    const nu = await newMember(t, { money: 0 });
    await ok(join(nu, fresh));
    await deposit(nu, 150);
    await ok(claim(nu, fresh));

    const once = await promotion({ kind: 'FIXED', fixedBonus: 5, oncePerMember: true });
    const m = await newMember(t, { money: 0 });
    await ok(join(m, once));
    await ok(claim(m, once));
    expect(await statusOf(m, once)).toBe('claimed');
    expect(await refused(join(m, once), 409, 'promotion.not.eligible')).toMatch(/once per member/);

    const daily = await promotion({ kind: 'FIXED', fixedBonus: 5, oncePerDay: true });
    const d = await newMember(t, { money: 0 });
    await ok(join(d, daily));
    await ok(claim(d, daily));
    // No wagering asked: the bonus went to the main wallet at once.
    expect(await balances(d.id)).toEqual({ main: minor(5), bonus: 0 });
    expect(await refused(join(d, daily), 409, 'promotion.not.eligible')).toMatch(/once a day/);
    // Yesterday's bonus does not stop today's.
    await sql`update promotion_entry set decided_at = now() - interval '2 days', joined_at = now() - interval '2 days'
              where member_id = ${d.id}`.execute(t.database.db);
    expect(await statusOf(d, daily)).toBe('join');
    await ok(join(d, daily));

    const vip = await promotion({ kind: 'FIXED', fixedBonus: 5, minLevel: 3 });
    expect(await refused(join(m, vip), 409, 'promotion.not.eligible')).toMatch(/level 3/);

    const agent = await newMember(t, { money: 0 });
    await sql`update member set agent_type = 1 where id = ${agent.id}`.execute(t.database.db);
    const downId = await t.app.ctx.members.create({
      username: `bdown${Date.now() % 1e6}`,
      agentType: 0,
      password: null,
      uplineId: agent.id,
    });
    const excluded = await promotion({ kind: 'FIXED', fixedBonus: 5, excludedAgents: [agent.username] });
    await expect(t.app.ctx.bonus.join(downId, excluded)).rejects.toMatchObject({
      message: expect.stringMatching(/agent's team/),
    });
    await ok(join(m, excluded));

    const soon = await promotion({ kind: 'FIXED', fixedBonus: 5, startsAt: Date.now() + 86_400_000 });
    const ended = await promotion({ kind: 'FIXED', fixedBonus: 5, endsAt: Date.now() - 1000 });
    expect(await statusOf(m, soon)).toBe('coming soon');
    expect(await statusOf(m, ended)).toBe('close');
    expect(await refused(join(m, soon), 409, 'promotion.not.running')).toMatch(/not started/);
    expect(await refused(join(m, ended), 409, 'promotion.not.running')).toMatch(/ended/);
    await expectLedgerExact();
  });

  it('the guest list, the categories and the detail sanitised; the calls need their token', async () => {
    const id = await promotion({ ...MATCH, category: 'DAILY' });
    const guest = await ok<Promotion[]>(
      call(null, '/wps/relay/MCSFE_getMerchantAvailablePromotions?category=DAILY'),
    );
    const p = guest.find((x) => x.id === id)!;
    expect(p.status).toBe('join');
    expect(p.content).not.toContain('script');
    expect(p.content).toContain('<b>bold</b>');
    expect(p.bonus).toMatchObject({ matchPercent: 100, maxBonus: 200, wageringMultiplier: 10 });
    expect(guest.every((x) => x.category === 'DAILY')).toBe(true);
    const cats = await ok<{ categories: { code: string; count: number }[] }>(
      call(null, '/wps/relay/PROMOFE_getPromotionAnnouncementCategory'),
    );
    expect(cats.categories.find((c) => c.code === 'DAILY')!.count).toBeGreaterThan(0);
    for (const url of [
      '/wps/relay/MCSFE_getAvailablePromotions',
      '/wps/relay/MCS2_getPromotionClaimList',
      '/wps/bonus',
    ])
      expect((await call(null, url)).statusCode).toBe(401);
    expect((await call(null, '/wps/relay/MCSFE_signUpPromotionJoin', { promotionId: id })).statusCode).toBe(
      401,
    );
  });
});

describe('reward requests', () => {
  it('PR-12: a joined member asks with pictures and a remark of at most 140 characters (141 refused, 140 taken); staff approve (CLI) or reject (back office), audited', async () => {
    const promo = await promotion({
      kind: 'REQUEST',
      category: 'REWARD',
      fixedBonus: 25,
      wageringMultiplier: 2,
      wageringBase: 'BONUS',
    });
    const m = await newMember(t, { money: 0 });
    const png = (await tinyPng()).toString('base64');
    const request = (remarks: string, pictures = [png]) =>
      call(m, '/wps/relay/MCSFE_signUpRequestReward', { promotionId: promo, pictures, remarks });
    await refused(request('hi'), 409, 'promotion.not.joined');
    await ok(join(m, promo));
    expect(await statusOf(m, promo)).toBe('joined');
    await refused(claim(m, promo), 409, 'promotion.wrong.step');
    expect((await request('x'.repeat(141))).statusCode).toBe(422);
    await refused(
      request('fake', [Buffer.from('not an image at all').toString('base64')]),
      422,
      'promotion.picture.invalid',
    );
    const e = await ok<{ id: number; status: string }>(request('x'.repeat(140)));
    expect(e.status).toBe('applying');
    expect(await statusOf(m, promo)).toBe('applying');

    expect(await ops('promo', 'requests')).toContain(m.username);
    expect(await ops('promo', 'approve', String(e.id))).toContain('approved');
    expect(await statusOf(m, promo)).toBe('process');
    expect((await wallet(m)).active).toMatchObject({ amount: 25, required: 50 });
    const approved = await auditOf(t, 'promotion.request.approve');
    expect(approved.at(-1)).toMatchObject({
      actor_kind: 'cli',
      actor_name: 'op-bonus',
      target_id: String(e.id),
    });
    await expect(ops('promo', 'approve', String(e.id))).rejects.toMatchObject({
      error: { code: 'promotion.entry.decided' },
    });

    const n = await newMember(t, { money: 0 });
    await ok(join(n, promo));
    const e2 = await ok<{ id: number }>(
      call(n, '/wps/relay/MCSFE_signUpRequestReward', { promotionId: promo, pictures: [], remarks: '' }),
    );
    const bo = (who: SignedIn, url: string, payload?: object) =>
      t.call({
        method: payload ? 'POST' : 'GET',
        url,
        headers: callerIp(),
        token: who.token,
        ...(payload ? { payload } : {}),
      });
    expect((await bo(support, '/bo/api/promotions/requests')).statusCode).toBe(403);
    const q = await bo(finance, '/bo/api/promotions/requests');
    expect(q.json().value.list.some((r: { id: number }) => r.id === e2.id)).toBe(true);
    const rej = await bo(finance, '/bo/api/promotions/requests/reject', {
      id: e2.id,
      reason: 'Pictures missing',
    });
    expect(rej.statusCode, rej.body).toBe(200);
    expect(await statusOf(n, promo)).toBe('join');
    const claims = await ok<{ status: string; reason: string }[]>(
      call(n, '/wps/relay/MCS2_getPromotionClaimList'),
    );
    expect(claims[0]).toMatchObject({ status: 'rejected', reason: 'Pictures missing' });
    expect((await auditOf(t, 'promotion.request.reject')).at(-1)).toMatchObject({ actor_name: 'bonus-fin' });
    await expectLedgerExact();
  });

  it("staff write a promotion's rules in the back office and the CLI, audited; a wrong rule is refused", async () => {
    const row = await t.database.db
      .insertInto('announcement')
      .values({
        type: 'PR',
        title: 'BO promo',
        content: '<p>x</p>',
        execution: 'B',
        published_at: new Date(),
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bo = (who: SignedIn, payload: object) =>
      t.call({
        method: 'POST',
        url: '/bo/api/promotions/rules',
        headers: callerIp(),
        token: who.token,
        payload,
      });
    expect((await bo(finance, { id: row.id, kind: 'FIXED', fixedBonus: 5 })).statusCode).toBe(403);
    const bad = await bo(content, { id: row.id, kind: 'DEPOSIT_MATCH' });
    expect(bad.statusCode).toBe(422);
    const saved = await bo(content, {
      id: row.id,
      kind: 'RELOAD',
      matchPercent: 50,
      maxBonus: 100,
      minDeposit: 20,
      wageringMultiplier: 5,
      contributions: { RNG: 100 },
      oncePerDay: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({
      id: row.id,
      kind: 'RELOAD',
      matchPercent: 50,
      oncePerDay: true,
    });
    expect((await auditOf(t, 'promotion.rule.create')).at(-1)).toMatchObject({
      actor_name: 'bonus-con',
      target_id: String(row.id),
    });
    expect(
      await ops(
        'promo',
        'rule',
        String(row.id),
        '--kind',
        'RELOAD',
        '--match',
        '25',
        '--contrib',
        'LIVE=10,RNG=100',
        '--daily',
        'yes',
      ),
    ).toContain('saved');
    const list = await ops('promo', 'list');
    expect(list).toContain('25% up to no cap');
    expect((await auditOf(t, 'promotion.rule.update')).at(-1)).toMatchObject({
      actor_kind: 'cli',
      actor_name: 'op-bonus',
    });
    await expect(ops('promo', 'rule', String(row.id), '--kind', 'NOPE')).rejects.toThrow(
      /--kind must be one of/,
    );
  });
});

describe('the join, reward-request and raffle-claim calls', () => {
  it('PR-09, PR-10: signUpPromotionJoin and signUpRequestReward are POSTs taken with a token, refused without one (401), and a GET is not routed', async () => {
    const promo = await promotion({ kind: 'REQUEST', category: 'REWARD', fixedBonus: 5 });
    const m = await newMember(t, { money: 0 });
    const joinUrl = '/wps/relay/MCSFE_signUpPromotionJoin';
    const requestUrl = '/wps/relay/MCSFE_signUpRequestReward';
    const body = { promotionId: promo, pictures: [], remarks: 'PR-10' };
    // Without a token neither POST is taken, and nothing was joined.
    expect((await call(null, joinUrl, { promotionId: promo })).statusCode).toBe(401);
    expect((await call(null, requestUrl, body)).statusCode).toBe(401);
    expect(await statusOf(m, promo)).toBe('join');
    // A GET of either path is not a route (with a token or without).
    for (const url of [joinUrl, requestUrl]) {
      for (const who of [m, null]) {
        const res = await call(who, `${url}?promotionId=${promo}`);
        expect([404, 405], `${url} GET ${res.statusCode}`).toContain(res.statusCode);
      }
    }
    expect(await statusOf(m, promo)).toBe('join');
    // With the token both POSTs are taken, in that order.
    expect((await ok<{ status: string }>(call(m, joinUrl, { promotionId: promo }))).status).toBe('joined');
    expect((await ok<{ status: string }>(call(m, requestUrl, body))).status).toBe('applying');
    expect(await statusOf(m, promo)).toBe('applying');
  });

  it('PR-11: MCS2_claimRafflePromotion with a token claims the promotion (the bonus paid); without a token it is refused (401) and pays nothing', async () => {
    const promo = await promotion({ kind: 'FIXED', fixedBonus: 7, oncePerMember: true });
    const m = await newMember(t, { money: 0 });
    await ok(join(m, promo));
    expect(await statusOf(m, promo)).toBe('claim');
    const url = '/wps/relay/MCS2_claimRafflePromotion';
    expect((await call(null, url, { promotionId: promo, raffleScheduleId: 0 })).statusCode).toBe(401);
    expect(await balances(m.id)).toEqual({ main: 0, bonus: 0 });
    const g = await ok<BonusGrant>(claim(m, promo, 'MCS2'));
    expect(g).toMatchObject({ amount: 7 });
    expect(await balances(m.id)).toEqual({ main: minor(7), bonus: 0 });
    expect(await statusOf(m, promo)).toBe('claimed');
    await expectLedgerExact();
  });
});
