import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { deposit, kitMember, settleBets, type KitMember } from '../agent/stats-test-kit.ts';
import { callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';
import { dayIn } from './dashboard.service.ts';

/**
 * The back office's Reports (issue 31, decision 038) on PGlite and PostgreSQL: by product, vendor,
 * channel and agent over a range of report days, reconciled to the minor unit with the raw bets,
 * registrations and movements; the page, the sort, the totals and the chart's points; bad input
 * refused with a clear error. Who may call it is the permission matrix's (permissions.test.ts).
 */
const { BackofficeErrors: E } = backoffice;
const DAY = 86_400_000;

let t: TestApp;
let reader: SignedIn;
let top: KitMember;
let sub: KitMember;
let p1: KitMember;
let p2: KitMember;
let today: string;
let yesterday: string;
const tag = `rp${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
  reader = await createSignedIn(t, `ro-${tag}`, 'read-only');
  top = await kitMember(t, { prefix: `${tag}t`, agent: true });
  sub = await kitMember(t, { prefix: `${tag}s`, agent: true, uplineId: top.memberId });
  p1 = await kitMember(t, { prefix: `${tag}a`, uplineId: sub.memberId });
  p2 = await kitMember(t, { prefix: `${tag}b`, uplineId: top.memberId });
  await t.database.db
    .updateTable('member')
    .set({ register_method: 'AGENT' })
    .where('id', 'in', [p1.memberId, p2.memberId])
    .execute();
  const now = Date.now();
  const bet = (m: KitMember, product: string, amount: number, payout: number, ago: number) => ({
    memberId: m.memberId,
    product,
    amount,
    valid: amount,
    payout,
    betAt: new Date(now - ago - 1_000),
    settledAt: new Date(now - ago),
  });
  await settleBets(t, [
    bet(p1, 'RNG', 10_000, 4_000, 0),
    bet(p1, 'LIVE', 20_000, 30_000, 0),
    bet(p2, 'RNG', 5_000, 0, 0),
    bet(sub, 'SPORTS', 7_000, 0, DAY),
    bet(p2, 'LIVE', 3_000, 9_000, DAY),
    bet(top, 'RNG', 1_000, 0, 0),
  ]);
  await deposit(t, p1.memberId, 50_000);
  await deposit(t, p2.memberId, 20_000);
  await t.app.ctx.agentStats.foldAll();
  await t.app.ctx.siteFigures.foldAll();
  today = dayIn(t.app.ctx.siteFigures.timeZone);
  yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
}, 180_000);
afterAll(async () => t?.close());

function report(q: string, who: SignedIn = reader) {
  return t.call({ method: 'GET', url: `/bo/api/reports?${q}`, headers: callerIp(), token: who.token });
}

async function ok(q: string): Promise<backoffice.Report> {
  const res = await report(q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as backoffice.Report;
}

const major = (minor: number | string) => Number(minor) / 10 ** t.app.ctx.wallet.currency().precision;

/** The raw settled bets of the range per key: count, stake, valid, payout (minor units, as numbers). */
async function rawBets(key: 'product' | 'vendor', from: string, to: string) {
  const zone = t.app.ctx.siteFigures.timeZone;
  const r = await sql<{ k: string; n: string; bet: string; valid: string; payout: string }>`
    select ${sql.ref(key)} as k, count(*) as n, sum(bet_amount) as bet, sum(valid_bet) as valid, sum(payout) as payout
    from bet_record where status = 'SETTLED'
      and (coalesce(settled_at, bet_at) at time zone ${zone})::date between ${from}::date and ${to}::date
    group by 1`.execute(t.database.db);
  return new Map(r.rows.map((x) => [x.k, x]));
}

describe(`back-office reports (${testDbKind})`, () => {
  it('by product and by vendor over a range: every row, the totals and the points reconcile with the raw bets', async () => {
    for (const kind of ['product', 'vendor'] as const) {
      const r = await ok(`kind=${kind}&from=${yesterday}&to=${today}&daily=false&size=500`);
      const raw = await rawBets(kind, yesterday, today);
      expect(r.list.map((x) => x.key).sort()).toEqual([...raw.keys()].sort());
      for (const row of r.list) {
        const x = raw.get(row.key)!;
        expect(row.day).toBeNull();
        expect(row.bets).toBe(Number(x.n));
        expect(row.betAmount).toBeCloseTo(major(x.bet), 9);
        expect(row.validBet).toBeCloseTo(major(x.valid), 9);
        expect(row.payout).toBeCloseTo(major(x.payout), 9);
        expect(row.ggr).toBeCloseTo(major(Number(x.bet) - Number(x.payout)), 9);
        expect(row.registrations).toBeNull();
      }
      const sum = [...raw.values()].reduce((s, x) => s + Number(x.bet), 0);
      expect(r.totals.betAmount).toBeCloseTo(major(sum), 9);
      expect(r.series.map((d) => d.day)).toEqual([yesterday, today]);
      expect(r.series[0]!.betAmount + r.series[1]!.betAmount).toBeCloseTo(r.totals.betAmount, 9);
      expect(r.total).toBe(raw.size);
    }
    // The KIT vendor's bets of today only, daily: one row, to the minor unit.
    const kit = await ok(`kind=vendor&key=KIT&from=${today}&to=${today}`);
    expect(kit.list).toHaveLength(1);
    expect(kit.list[0]).toMatchObject({ day: today, key: 'KIT', bets: 4 });
    expect(kit.list[0]!.betAmount).toBeCloseTo(major(36_000), 9);
    expect(kit.list[0]!.ggr).toBeCloseTo(major(36_000 - 34_000), 9);
  });

  it('pages and sorts on the server: pages of one follow the sort, the count is every row', async () => {
    const all = await ok(`kind=product&from=${yesterday}&to=${today}&sort=betAmount&order=asc&size=500`);
    expect(all.total).toBeGreaterThanOrEqual(4);
    const amounts = all.list.map((x) => x.betAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const paged: string[] = [];
    for (let page = 1; page <= all.total; page++) {
      const r = await ok(
        `kind=product&from=${yesterday}&to=${today}&sort=betAmount&order=asc&size=1&page=${page}`,
      );
      expect(r.total).toBe(all.total);
      expect(r.list).toHaveLength(1);
      paged.push(`${r.list[0]!.day}/${r.list[0]!.key}`);
    }
    expect(paged).toEqual(all.list.map((x) => `${x.day}/${x.key}`));
    const byGgr = await ok(`kind=product&from=${yesterday}&to=${today}&sort=ggr&order=desc&daily=false`);
    const ggr = byGgr.list.map((x) => x.ggr);
    expect(ggr).toEqual([...ggr].sort((a, b) => b - a));
  });

  it('by channel: the bets of each registration channel and its registrations reconcile', async () => {
    const r = await ok(`kind=channel&from=${yesterday}&to=${today}&daily=false&size=500`);
    const zone = t.app.ctx.siteFigures.timeZone;
    const raw = await sql<{ k: string; n: string; bet: string; regs: string }>`
      with c as (
        select m.id, m.created_at, m.register_method || coalesce(':' || nullif(split_part(l.channel, ':', 1), ''), '') as k
        from member m left join affiliate_link l on l.id = m.affiliate_link_id
      ), b as (
        select c.k, count(*) as n, sum(b.bet_amount) as bet from bet_record b join c on c.id = b.member_id
        where b.status = 'SETTLED'
          and (coalesce(b.settled_at, b.bet_at) at time zone ${zone})::date between ${yesterday}::date and ${today}::date
        group by c.k
      ), g as (
        select k, count(*) as regs from c
        where (created_at at time zone ${zone})::date between ${yesterday}::date and ${today}::date group by k
      )
      select coalesce(b.k, g.k) as k, coalesce(b.n, 0) as n, coalesce(b.bet, 0) as bet, coalesce(g.regs, 0) as regs
      from b full join g on g.k = b.k`.execute(t.database.db);
    expect(r.list.map((x) => x.key).sort()).toEqual(raw.rows.map((x) => x.k).sort());
    for (const x of raw.rows) {
      const row = r.list.find((y) => y.key === x.k)!;
      expect(row.bets, x.k).toBe(Number(x.n));
      expect(row.betAmount).toBeCloseTo(major(x.bet), 9);
      expect(row.registrations, x.k).toBe(Number(x.regs));
    }
    const agentChannel = r.list.find((x) => x.key === 'AGENT')!;
    expect(agentChannel.bets).toBeGreaterThanOrEqual(4);
  });

  it("by agent: the top-level agents, and an agent's direct downlines, each its own and its team's figures", async () => {
    const tops = await ok(`kind=agent&from=${yesterday}&to=${today}&daily=false&size=500`);
    const row = tops.list.find((x) => x.key === String(top.memberId))!;
    expect(row.label).toBe(top.username);
    // Everything under the top agent and its own: 46,000 staked, 43,000 paid out, 70,000 deposited.
    expect(row.bets).toBe(6);
    expect(row.betAmount).toBeCloseTo(major(46_000), 9);
    expect(row.payout).toBeCloseTo(major(43_000), 9);
    expect(row.deposit).toBeCloseTo(major(70_000), 9);
    expect(row.firstDeposits).toBe(2);
    expect(row.registrations).toBe(4);
    // Its team, one level down: the sub-agent with its player, and its own player.
    const team = await ok(
      `kind=agent&agentId=${top.memberId}&from=${yesterday}&to=${today}&sort=key&order=asc`,
    );
    expect(team.agent).toEqual({ id: top.memberId, username: top.username });
    const subRows = team.list.filter((x) => x.key === String(sub.memberId));
    expect(subRows.reduce((s, x) => s + x.bets, 0)).toBe(3);
    expect(subRows.find((x) => x.day === yesterday)?.betAmount).toBeCloseTo(major(7_000), 9);
    const p2Rows = team.list.filter((x) => x.key === String(p2.memberId));
    expect(p2Rows.map((x) => x.day).sort()).toEqual([yesterday, today].sort());
    expect(team.totals.betAmount).toBeCloseTo(major(45_000), 9);
  });

  it('refuses bad input with a clear error', async () => {
    for (const q of [
      `kind=product&from=${today}&to=${yesterday}`,
      'kind=product&from=2026-01-01&to=2026-06-01',
      'kind=product&from=2026-02-31',
    ]) {
      const res = await report(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(422);
      expect(res.json().errorCode).toBe(E.boReportRange.code);
    }
    for (const q of [
      '',
      'kind=bank',
      'kind=product&from=yesterday',
      'kind=product&size=0',
      'kind=product&sort=rand',
      'kind=agent&agentId=-1',
    ]) {
      const res = await report(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(422);
    }
    for (const id of [p1.memberId, 2 ** 40]) {
      const res = await report(`kind=agent&agentId=${id}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().errorCode).toBe(E.boReportAgentNotFound.code);
    }
  });
});
