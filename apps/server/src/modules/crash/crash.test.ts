import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { crashMultiplierAt, crashPoint, crashReachMs, type BlockSource } from '@app/contract';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import type { CrashService } from './crash.service.ts';

/**
 * Crash on the server (decision 055), on PGlite and (server-postgres) PostgreSQL: the round's
 * schedule on a clock of the test's, bets and cash-outs through the HTTP stack, settlement
 * exactly once with two instances racing the round's work and the players' cash-outs, a round
 * no server watched refunded, and the public feed.
 */
const policy = { autostart: false, chainLength: 400, bettingMs: 5_000, pauseMs: 2_000, settleGraceMs: 1_000 };
let t: TestApp;
let other: FastifyInstance;
let crash: CrashService;
let crash2: CrashService;
let clock = 1_900_000_000_000;

beforeAll(async () => {
  t = await createTestApp({ services: { crash: policy } });
  other = await secondInstance(t, { crash: policy });
  crash = t.app.ctx.crash;
  crash2 = other.ctx.crash;
  for (const c of [crash, crash2]) {
    await c.stop();
    c.setClock(() => clock);
  }
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

interface Round {
  id: number;
  round_no: number;
  chain_id: number;
  hash: string;
  crash_point: number;
  betting_ends_at: number;
  crashes_at: number;
  state: string;
  refunded: boolean;
}

async function openRound(): Promise<Round | null> {
  const res = await sql<Round>`select * from crash_round where state = 'open'`.execute(t.database.db);
  const r = res.rows[0];
  return r
    ? {
        ...r,
        id: Number(r.id),
        crash_point: Number(r.crash_point),
        betting_ends_at: Number(r.betting_ends_at),
        crashes_at: Number(r.crashes_at),
      }
    : null;
}

/** A server looks after the round just before its crash (else the round counts as unwatched, refunded). */
async function beatBeforeCrash(r: Round): Promise<void> {
  clock = Math.max(clock, r.betting_ends_at, r.crashes_at - 300);
  await crash.advance();
}

/** Settles the open round (if any) and opens the next one whose point is at least `min`. */
async function nextRound(min = 100): Promise<Round> {
  for (let i = 0; i < 200; i++) {
    const r = await openRound();
    if (r && clock < r.betting_ends_at && r.crash_point >= min) return r;
    if (r) clock = Math.max(clock, r.crashes_at + policy.pauseMs + policy.settleGraceMs);
    else clock += policy.pauseMs;
    await crash.advance();
    if (!(await openRound())) await crash.advance();
  }
  throw new Error('no round reached the point asked');
}

const json = async <T>(res: { body: string }) =>
  JSON.parse(res.body) as { success: boolean; message?: string; value: T };
const bet = (m: TestMember, amount: number, autoCashOut?: number, app?: FastifyInstance) =>
  (app ? injector(app) : t.call)({
    method: 'POST',
    url: '/wps/sandbox/house/crash/bet',
    token: m.token,
    payload: { bet: amount, ...(autoCashOut ? { autoCashOut } : {}) },
  });
const cashOut = (m: TestMember, app?: FastifyInstance) =>
  (app ? injector(app) : t.call)({
    method: 'POST',
    url: '/wps/sandbox/house/crash/cashout',
    token: m.token,
    payload: {},
  });
const injector =
  (app: FastifyInstance) =>
  ({ token, ...opts }: { method: 'POST' | 'GET'; url: string; token?: string; payload?: object }) =>
    app.inject({
      ...opts,
      headers: {
        merchant: 'SEA888',
        device: 'web',
        language: 'en',
        ...(token ? { authorization: token } : {}),
      },
    });

const hmac =
  (key: string, salt: string, n: number): BlockSource =>
  (c) =>
    createHmac('sha256', key).update(`${salt}:${n}:${c}`).digest() as Uint8Array;

describe(`Crash (${testDbKind})`, () => {
  it('a bet, a cash-out at the multiplier of the server clock, paid once; the crash reveals a hash that recomputes the point and leads to the commitment', async () => {
    const r = await nextRound(130);
    const m = await memberWithMoney(t, 100_000);
    const placed = await bet(m, 10);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await walletMinor(t, m.memberId)).toBe(99_000);
    // Public state: the round takes bets, its point and hash hidden.
    const st = (
      await json<{
        round: { phase: string; crashPoint: number | null; hash: string | null };
        bets: unknown[];
      }>(await t.call({ method: 'GET', url: '/wps/sandbox/house/crash/state' }))
    ).value;
    expect(st.round).toMatchObject({ phase: 'betting', crashPoint: null, hash: null });
    expect(st.bets).toHaveLength(1);
    // Too early, then at 1.25x.
    expect((await cashOut(m)).statusCode).toBe(409);
    clock = r.betting_ends_at + crashReachMs(125);
    const out = await cashOut(m);
    expect(out.statusCode, out.body).toBe(200);
    const m125 = crashMultiplierAt(clock - r.betting_ends_at);
    expect((await json<{ bet: { cashedAt: number; win: number } }>(out)).value.bet).toMatchObject({
      cashedAt: m125,
      win: Math.floor(1000 * m125) / 10_000,
    });
    const paid = 99_000 + Math.floor((1000 * m125) / 100);
    expect(await walletMinor(t, m.memberId)).toBe(paid);
    // Again: the same answer, no second credit.
    expect((await cashOut(m)).statusCode).toBe(200);
    expect(await walletMinor(t, m.memberId)).toBe(paid);
    // Crash and settle.
    await beatBeforeCrash(r);
    clock = r.crashes_at + policy.settleGraceMs;
    await crash.advance();
    expect(await walletMinor(t, m.memberId)).toBe(paid);
    const hist = (
      await json<{ content: { roundId: number; roundNo: number; crashPoint: number; hash: string }[] }>(
        await t.call({ method: 'GET', url: '/wps/sandbox/house/crash/history' }),
      )
    ).value.content;
    const row = hist.find((h) => h.roundId === r.id)!;
    expect(row.crashPoint).toBe(r.crash_point);
    const chain = (
      await sql<{
        salt: string;
        commitment: string;
      }>`select salt, commitment from crash_chain where id = ${r.chain_id}`.execute(t.database.db)
    ).rows[0]!;
    expect(crashPoint(hmac(row.hash, chain.salt, row.roundNo))).toBe(r.crash_point);
    let h = row.hash;
    for (let i = 0; i < row.roundNo; i++) h = createHash('sha256').update(h, 'utf8').digest('hex');
    expect(h).toBe(chain.commitment);
  });

  it('a cash-out once the curve has passed the crash point is refused, and the bet is lost at settlement; bets after betting closes are refused', async () => {
    const r = await nextRound(101);
    const m = await memberWithMoney(t, 50_000);
    expect((await bet(m, 5)).statusCode).toBe(200);
    clock = r.betting_ends_at;
    const late = await memberWithMoney(t, 50_000);
    expect((await bet(late, 5)).statusCode).toBe(409);
    await beatBeforeCrash(r);
    clock = r.crashes_at;
    const refused = await cashOut(m);
    expect(refused.statusCode).toBe(409);
    expect((await json(refused)).message).toMatch(/Too late/);
    clock = r.crashes_at + policy.settleGraceMs;
    await crash.advance();
    expect(await walletMinor(t, m.memberId)).toBe(49_500);
    const b = await sql<{ state: string; win: string }>`
      select state, win from crash_bet where round_id = ${r.id} and member_id = ${m.memberId}`.execute(
      t.database.db,
    );
    expect(b.rows[0]).toMatchObject({ state: 'lost' });
    expect(Number(b.rows[0]!.win)).toBe(0);
  });

  it('auto cash-outs pay their target when the curve reaches it, one above the point loses; the max win makes a bet cash out by itself', async () => {
    const r = await nextRound(150);
    const a = await memberWithMoney(t, 10_000);
    const b = await memberWithMoney(t, 10_000);
    expect((await bet(a, 1, 120)).statusCode).toBe(200);
    expect((await bet(b, 1, r.crash_point + 1)).statusCode).toBe(200);
    clock = r.betting_ends_at + crashReachMs(120);
    await crash.advance();
    expect(await walletMinor(t, a.memberId)).toBe(10_000 - 100 + 120);
    // A cash-out by hand after the auto paid answers the auto's win.
    const again = await json<{ bet: { cashedAt: number } }>(await cashOut(a));
    expect(again.value.bet.cashedAt).toBe(120);
    await beatBeforeCrash(r);
    clock = r.crashes_at + policy.settleGraceMs;
    await crash.advance();
    expect(await walletMinor(t, a.memberId)).toBe(10_020);
    expect(await walletMinor(t, b.memberId)).toBe(9_900);
    // Refused targets.
    const r2 = await nextRound();
    expect(r2.id).toBeGreaterThan(r.id);
    const c = await memberWithMoney(t, 10_000);
    expect([400, 422]).toContain((await bet(c, 1, 100)).statusCode);
    expect([400, 422]).toContain((await bet(c, 0.01)).statusCode);
    // 1,000 at most 100,000: the bet cashes out by itself at 100x.
    const rich = await memberWithMoney(t, 200_000);
    expect((await bet(rich, 1_000)).statusCode).toBe(200);
    const target = await sql<{ auto_target: number }>`
      select auto_target from crash_bet where member_id = ${rich.memberId}`.execute(t.database.db);
    expect(Number(target.rows[0]!.auto_target)).toBe(10_000);
  });

  it('two instances: one round opens whoever races; 24 players cash out on both at once while both run the round; every bet settles exactly once', async () => {
    // Leave no open round, then race the opening.
    const prev = await openRound();
    if (prev) {
      clock = prev.crashes_at + policy.pauseMs + policy.settleGraceMs;
      await crash.advance();
    }
    clock += policy.pauseMs;
    await Promise.all([crash.advance(), crash2.advance(), crash.advance(), crash2.advance()]);
    const opened = await sql<{
      n: string;
    }>`select count(*) as n from crash_round where state = 'open'`.execute(t.database.db);
    expect(Number(opened.rows[0]!.n)).toBe(1);
    const r = await nextRound(140);
    const players = await Promise.all(Array.from({ length: 24 }, () => memberWithMoney(t, 10_000)));
    const placed = await Promise.all(
      players.map((p, i) => bet(p, 1, i % 3 === 0 ? 130 : undefined, i % 2 ? other : undefined)),
    );
    expect(placed.map((p) => p.statusCode)).toEqual(players.map(() => 200));
    clock = r.betting_ends_at + crashReachMs(135);
    const m = crashMultiplierAt(clock - r.betting_ends_at);
    const outs = await Promise.all([
      ...players.flatMap((p, i) => [
        cashOut(p, i % 2 ? other : undefined),
        cashOut(p, i % 2 ? undefined : other),
      ]),
      crash.advance(),
      crash2.advance(),
    ]);
    for (const o of outs.slice(0, 48) as { statusCode: number }[]) expect(o.statusCode).toBe(200);
    clock = r.crashes_at + policy.settleGraceMs;
    await Promise.all([crash.advance(), crash2.advance(), crash.advance()]);
    for (const [i, p] of players.entries()) {
      const won = i % 3 === 0 ? 130 : m;
      expect(await walletMinor(t, p.memberId), `player ${i}`).toBe(10_000 - 100 + won);
    }
    const states = await sql<{ state: string; n: string }>`
      select state, count(*) as n from crash_bet where round_id = ${r.id} group by state`.execute(
      t.database.db,
    );
    expect(states.rows.map((s) => [s.state, Number(s.n)])).toEqual([['won', 24]]);
  });

  it('a round no server watched through its flight (a restart) refunds the open bets once and pays the autos it reached', async () => {
    const r = await nextRound(130);
    const hand = await memberWithMoney(t, 10_000);
    const auto = await memberWithMoney(t, 10_000);
    expect((await bet(hand, 2)).statusCode).toBe(200);
    expect((await bet(auto, 2, 110)).statusCode).toBe(200);
    // Every server down from the bets until well after the crash.
    clock = r.crashes_at + 60_000;
    await Promise.all([crash.advance(), crash2.advance()]);
    await crash.advance();
    expect(await walletMinor(t, hand.memberId)).toBe(10_000);
    expect(await walletMinor(t, auto.memberId)).toBe(10_000 - 200 + 220);
    const row = await sql<{
      refunded: boolean;
      state: string;
    }>`select refunded, state from crash_round where id = ${r.id}`.execute(t.database.db);
    expect(row.rows[0]).toMatchObject({ refunded: true, state: 'settled' });
  });

  it('the feed: a watcher without an account gets the state, then the ticks of the flight and the crash', async () => {
    const r = await nextRound(120);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${address.port}/wps/sandbox/house/crash/feed`, {
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await until('event: state');
    clock = r.betting_ends_at + 500;
    await crash.step();
    await until('event: tick');
    expect(text).toMatch(/"r":\d+,"m":10[0-9]/);
    clock = r.crashes_at;
    await crash.step();
    await until('event: crash');
    expect(text).toContain(`"crashPoint":${r.crash_point}`);
    controller.abort();
  });
});
