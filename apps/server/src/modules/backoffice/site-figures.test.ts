import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { SITE_GAP_CAP } from './site-figures.ts';

/**
 * The site's day figures (issue 31, decision 038): the fold of migration 048's queue into site_day
 * and the active players, reconciled to the minor unit with the raw bets after bets settled every
 * way the platform settles them (inserted settled, pending then settled in bulk, corrected,
 * cancelled after settling), across report-day boundaries of the report time zone; exactly once
 * when two folds race, when a fold fails halfway and when a fold runs again; the Dashboard reads
 * the same figures.
 */

let t: TestApp;
const tag = `sf${randomBytes(3).toString('hex')}`;
let serial = 0;
const members: number[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 6; i++)
    members.push(await t.app.ctx.members.create({ username: `${tag}m${i}`, agentType: 0, password: null }));
  // Channels: a member who came through an agent's link on a forum, one an agent registered.
  const agent = await t.app.ctx.members.create({ username: `${tag}ag`, agentType: 1, password: null });
  const link = await t.database.db
    .insertInto('affiliate_link')
    .values({
      member_id: agent,
      code: `${tag}L`,
      account_type: 0,
      lottery_series: 1956,
      rebates: '{}',
      channel: 'FORUM',
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('member')
    .set({ register_method: 'AFFILIATE_URL', affiliate_link_id: link.id })
    .where('id', '=', members[1]!)
    .execute();
  await t.database.db
    .updateTable('member')
    .set({ register_method: 'AGENT' })
    .where('id', '=', members[2]!)
    .execute();
}, 120_000);
afterAll(async () => t?.close());

interface Bet {
  member: number;
  vendor: string;
  product: string;
  amount: number;
  payout: number;
  at: Date;
}

const VENDORS = ['PG', 'EVO', 'SABA'];
const PRODUCTS = ['RNG', 'LIVE', 'SPORTS', 'LOTT'];

/** Settled bets: even ones inserted pending and settled by one bulk update, odd ones inserted settled. */
async function settle(bets: Bet[]): Promise<string[]> {
  const db = t.database.db;
  const rows = bets.map((b, i) => ({ b, no: `${tag}-${++serial}`, pending: i % 2 === 0 }));
  const values = (pending: boolean) =>
    rows
      .filter((r) => r.pending === pending)
      .map(({ b, no }) => ({
        member_id: b.member,
        vendor: b.vendor,
        bet_no: no,
        product: b.product,
        currency: 'VND',
        bet_amount: b.amount,
        valid_bet: pending ? 0 : b.amount,
        payout: pending ? 0 : b.payout,
        status: pending ? ('PENDING' as const) : ('SETTLED' as const),
        bet_at: new Date(b.at.getTime() - 1_000),
        settled_at: pending ? null : b.at,
      }));
  const pending = values(true);
  if (pending.length) await db.insertInto('bet_record').values(pending).execute();
  const settled = values(false);
  if (settled.length) await db.insertInto('bet_record').values(settled).execute();
  const p = rows.filter((r) => r.pending);
  if (p.length)
    await sql`
      update bet_record r set status = 'SETTLED', valid_bet = r.bet_amount, payout = x.payout, settled_at = x.at
      from unnest(${p.map((r) => r.no)}::text[], ${p.map((r) => r.b.payout)}::bigint[],
                  ${p.map((r) => r.b.at.toISOString())}::timestamptz[]) as x(bet_no, payout, at)
      where r.bet_no = x.bet_no and r.vendor = any(${VENDORS}::text[])`.execute(db);
  return rows.map((r) => r.no);
}

/** Bets spread over `days` report days before now, members, vendors and products, some at midnight. */
function spread(n: number, days: number, seed: number): Bet[] {
  const out: Bet[] = [];
  // Midnight in Asia/Shanghai (the default report zone) is 16:00 UTC.
  const midnight = Date.UTC(2026, 10, 20, 16, 0, 0);
  for (let i = 0; i < n; i++) {
    const k = i * 7 + seed;
    const boundary = i % 5 === 0 ? (i % 10 === 0 ? -1 : 0) : null;
    const at =
      boundary !== null
        ? new Date(midnight - (k % days) * DAY + boundary)
        : new Date(Date.now() - ((k * 3_600_017) % (days * DAY)));
    out.push({
      member: members[k % members.length]!,
      vendor: VENDORS[k % VENDORS.length]!,
      product: PRODUCTS[(k >> 1) % PRODUCTS.length]!,
      amount: 1_000 * (1 + (k % 13)),
      payout: k % 3 === 0 ? 1_900 * (1 + (k % 13)) : 0,
      at,
    });
  }
  return out;
}

/** The raw bets' and the day table's sums per day, product, vendor and channel, as text to compare. */
async function both() {
  const zone = t.app.ctx.siteFigures.timeZone;
  const raw = await sql<Record<string, string>>`
    select (coalesce(b.settled_at, b.bet_at) at time zone ${zone})::date::text as day, b.product, b.vendor,
      m.register_method || coalesce(':' || nullif(split_part(l.channel, ':', 1), ''), '') as channel,
      count(*)::text as bets, sum(b.bet_amount)::text as bet_amount, sum(b.valid_bet)::text as valid_bet,
      sum(b.payout)::text as payout
    from bet_record b join member m on m.id = b.member_id left join affiliate_link l on l.id = m.affiliate_link_id
    where b.status = 'SETTLED'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(t.database.db);
  const folded = await sql<Record<string, string>>`
    select day::text as day, product, vendor, channel, bets::text as bets, bet_amount::text as bet_amount,
      valid_bet::text as valid_bet, payout::text as payout
    from site_day where bets <> 0 or bet_amount <> 0 or valid_bet <> 0 or payout <> 0
    order by 1, 2, 3, 4`.execute(t.database.db);
  const rawActive = await sql<{ day: string; n: string }>`
    select (coalesce(settled_at, bet_at) at time zone ${zone})::date::text as day, count(distinct member_id)::text as n
    from bet_record where status = 'SETTLED' group by 1 order by 1`.execute(t.database.db);
  const active = await sql<{ day: string; n: string }>`
    select day::text as day, sum(members)::text as n from site_active group by day having sum(members) <> 0
    order by 1`.execute(t.database.db);
  return { raw: raw.rows, folded: folded.rows, rawActive: rawActive.rows, active: active.rows };
}

async function expectReconciled() {
  const r = await both();
  expect(r.folded).toEqual(r.raw);
  expect(r.active).toEqual(r.rawActive);
  // Distinct players over every range of the last days (each member once), as the Dashboard reads.
  const zone = t.app.ctx.siteFigures.timeZone;
  const days = r.rawActive.map((x) => x.day);
  for (const [from, to] of [
    [days[0]!, days.at(-1)!],
    [days[1]!, days[3]!],
    [days.at(-2)!, days.at(-1)!],
  ] as const) {
    const raw = await sql<{ n: string }>`
      select count(distinct member_id)::text as n from bet_record
      where status = 'SETTLED' and (coalesce(settled_at, bet_at) at time zone ${zone})::date between ${from}::date and ${to}::date`.execute(
      t.database.db,
    );
    const read = await t.app.ctx.dashboard.read({ from, to });
    expect(read.rangeFigures.activePlayers, `${from}..${to}`).toBe(Number(raw.rows[0]!.n));
  }
}

describe(`site day figures (${testDbKind})`, () => {
  it('reconcile to the minor unit with the raw bets, by day, product, vendor and channel, and their players', async () => {
    // Folded in parts as they settle: the result does not depend on which bets fall into which fold.
    const bets = spread(120, 12, 1);
    const nos: string[] = [];
    let folded = 0;
    for (let i = 0; i < bets.length; i += 37) {
      nos.push(...(await settle(bets.slice(i, i + 37))));
      folded += await t.app.ctx.siteFigures.foldAll();
    }
    expect(folded).toBeGreaterThanOrEqual(120);
    // Corrections and cancellations after settling; a pending bet that never settles.
    await sql`update bet_record set payout = payout + 777 where bet_no = any(${nos.slice(0, 10)}::text[])`.execute(
      t.database.db,
    );
    await sql`update bet_record set status = 'CANCELLED' where bet_no = any(${nos.slice(10, 25)}::text[])`.execute(
      t.database.db,
    );
    await t.database.db
      .insertInto('bet_record')
      .values({
        member_id: members[0]!,
        vendor: 'PG',
        bet_no: `${tag}-open`,
        product: 'RNG',
        currency: 'VND',
        bet_amount: 55_000,
        status: 'PENDING',
        bet_at: new Date(),
      })
      .execute();
    // The corrections (each out and back in) and the cancellations (out), in one more fold.
    expect(await t.app.ctx.siteFigures.foldAll()).toBeGreaterThanOrEqual(10 * 2 + 15);
    await expectReconciled();

    // A member's only bet of a day cancelled takes the member off that day's players.
    const lone = await t.app.ctx.members.create({ username: `${tag}lone`, agentType: 0, password: null });
    const [no] = await settle([
      {
        member: lone,
        vendor: 'EVO',
        product: 'LIVE',
        amount: 5_000,
        payout: 0,
        at: new Date(Date.now() - 3 * DAY),
      },
    ]);
    await t.app.ctx.siteFigures.foldAll();
    await expectReconciled();
    await sql`update bet_record set status = 'CANCELLED' where bet_no = ${no!}`.execute(t.database.db);
    await t.app.ctx.siteFigures.foldAll();
    await expectReconciled();
    const dash = await t.app.ctx.dashboard.read({});
    const todayRaw = (await both()).rawActive.find((x) => x.day === dash.today);
    expect(dash.todayFigures.activePlayers).toBe(Number(todayRaw?.n ?? 0));
  });

  it('folds exactly once: a fold that fails leaves the queue, two folds racing and a fold run again count each bet once', async () => {
    await settle(spread(60, 5, 3));
    // Queued once each (migration 088) until a fold hands them on to the site figures' queue.
    const waiting = async () =>
      Number(
        (
          await sql<{ n: string }>`
            select (select count(*) from site_stat_queue) + (select count(*) from bet_queue) as n`.execute(
            t.database.db,
          )
        ).rows[0]!.n,
      );
    expect(await waiting()).toBe(60);
    await expect(t.app.ctx.siteFigures.foldNow({ failAfterDays: true })).rejects.toThrow(/stopped after/);
    expect(await waiting()).toBe(60);
    // Two folds at once (on PostgreSQL each on its own connection): one folds, the other finds it
    // busy or folds what is left; nothing is added twice.
    const results = await Promise.all([t.app.ctx.siteFigures.foldNow(), t.app.ctx.siteFigures.foldNow()]);
    expect(results.reduce((s, r) => s + r.folded, 0)).toBeLessThanOrEqual(60);
    await t.app.ctx.siteFigures.foldAll();
    expect(await t.app.ctx.siteFigures.foldAll()).toBe(0);
    await expectReconciled();
    expect(await t.app.ctx.siteFigures.lastFoldAt()).toBeInstanceOf(Date);
  });

  it(`counts a player once over a range of up to ${SITE_GAP_CAP - 1} days, however far apart its days`, async () => {
    const far = await t.app.ctx.members.create({ username: `${tag}far`, agentType: 0, password: null });
    const now = Date.now();
    await settle(
      [0, 1, 40, 80, 91].map((d) => ({
        member: far,
        vendor: 'SABA',
        product: 'SPORTS',
        amount: 2_000,
        payout: 0,
        at: new Date(now - d * DAY),
      })),
    );
    await t.app.ctx.siteFigures.foldAll();
    await expectReconciled();
    const today = (await t.app.ctx.dashboard.read({})).today;
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 91 * DAY).toISOString().slice(0, 10);
    const read = await t.app.ctx.dashboard.read({ from, to: today });
    const raw = await sql<{ n: string }>`
      select count(distinct member_id)::text as n from bet_record
      where status = 'SETTLED'
        and (coalesce(settled_at, bet_at) at time zone ${t.app.ctx.siteFigures.timeZone})::date between ${from}::date and ${today}::date`.execute(
      t.database.db,
    );
    expect(read.rangeFigures.activePlayers).toBe(Number(raw.rows[0]!.n));
    expect(read.series).toHaveLength(92);
  });
});
