import type { FastifyInstance } from 'fastify';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backoffice, type Raffle, type RaffleList } from '@app/contract';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor, type TestMember } from '../wallet/wallet-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from '../backoffice/backoffice-test-kit.ts';
import { RAFFLE_DRAW_JOB } from './raffles.service.ts';

/**
 * Raffles (issue 32, decision 053): staff create, edit and cancel them on the console (content.edit,
 * audited); members enter once through the original's claim call while entries are open, however
 * many claims race; the draw job on two instances draws each raffle once and pays each prize once
 * through the ledger; the winners can be recomputed from the seed revealed after the draw and the
 * hash shown before; bad input is a 4xx with its reason, never a 500.
 */
const { BackofficeErrors: E } = backoffice;
let t: TestApp;
let second: FastifyInstance;
let content: SignedIn;
let finance: SignedIn;
let support: SignedIn;
let readOnly: SignedIn;
let visitorToken: TestMember;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true }, services: { jobs: { tickMs: 0 } } });
  second = await secondInstance(t, { jobs: { tickMs: 0 } });
  [content, finance, support, readOnly] = await Promise.all([
    createSignedIn(t, 'raf-content', 'content'),
    createSignedIn(t, 'raf-finance', 'finance'),
    createSignedIn(t, 'raf-support', 'support'),
    createSignedIn(t, 'raf-readonly', 'read-only'),
  ]);
  visitorToken = await memberWithMoney(t, 0, { prefix: 'raf-p' });
}, 400_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const minor = (major: number) => Math.round(major * 10 ** t.app.ctx.wallet.currency().precision);

function bo(who: SignedIn | string | null, url: string, payload?: object) {
  const token = typeof who === 'string' ? who : who?.token;
  return t.call({
    method: payload ? 'POST' : 'GET',
    url,
    headers: callerIp(),
    ...(token ? { token } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function ok<T>(res: Awaited<ReturnType<typeof bo>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}

function post(token: string | undefined, url: string, payload: object, app: FastifyInstance = t.app) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      merchant: 'SEA888',
      device: 'web',
      language: 'en',
      ...(token ? { authorization: token } : {}),
    },
  });
}

function enter(m: TestMember, id: number, app: FastifyInstance = t.app) {
  return post(
    m.token,
    '/wps/relay/MCSFE_claimRafflePromotion',
    { promotionId: id, raffleScheduleId: id },
    app,
  );
}

async function players(token?: string): Promise<RaffleList> {
  const res = await t.call({ method: 'GET', url: '/wps/raffles', ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

async function ledgerExact(): Promise<void> {
  const report = await t.app.ctx.wallet.check();
  expect(report.ok, JSON.stringify(report)).toBe(true);
}

async function prizesPaid(raffleId: number) {
  const r = await sql<{ member_id: string; amount: string }>`
    select a.member_id::text, p.amount::text
    from ledger_transaction x join ledger_posting p on p.transaction_id = x.id
    join ledger_account a on a.id = p.account_id
    where x.kind = 'RAFFLE_PRIZE' and x.reference like ${`RF${raffleId}-%`} and a.member_id is not null
    order by x.id`.execute(t.database.db);
  return r.rows.map((x) => ({ memberId: Number(x.member_id), amount: Number(x.amount) }));
}

/** Moves a raffle's times back, as if they had passed (the test's clock is the database's rows). */
async function passTime(id: number, closed: boolean, drawn: boolean) {
  const now = Date.now();
  await sql`update raffle set opens_at = ${new Date(now - 3_600_000)},
    closes_at = ${new Date(closed ? now - 120_000 : now + 3_600_000)},
    draw_at = ${new Date(drawn ? now - 60_000 : now + 7_200_000)} where id = ${id}`.execute(t.database.db);
}

const hour = 3_600_000;
function body(over: Partial<backoffice.RaffleBody> = {}): backoffice.RaffleBody {
  const now = Date.now();
  return {
    title: 'Weekend lucky draw',
    description: 'One free ticket per member.',
    opensAt: now - 60_000,
    closesAt: now + hour,
    drawAt: now + 2 * hour,
    prizes: [100, 50, 10],
    ...over,
  };
}

/** The draw as decision 053 describes it, written again here from its words (not the server's code). */
function redraw(seed: string, id: number, tickets: number[], places: number): number[] {
  const pool = [...tickets];
  const out: number[] = [];
  for (let place = 1; place <= places && pool.length; place++) {
    const limit = Math.floor(2 ** 48 / pool.length) * pool.length;
    for (let a = 0; ; a++) {
      const h = createHmac('sha256', Buffer.from(seed, 'hex')).update(`${id}:${place}:${a}`).digest();
      const r = h.readUIntBE(0, 6);
      if (r < limit) {
        out.push(pool.splice(r % pool.length, 1)[0]!);
        break;
      }
    }
  }
  return out;
}

describe(`raffles (${testDbKind})`, () => {
  it('the console creates, edits and cancels raffles: content.edit only, audited, bad input 422 with its reason, unknown 404, a drawn or cancelled raffle 409', async () => {
    for (const who of [null, visitorToken.token]) {
      const res = await bo(who, '/bo/api/raffles', body());
      expect(res.statusCode, res.body).toBe(401);
    }
    for (const who of [finance, support, readOnly]) {
      const res = await bo(who, '/bo/api/raffles', body());
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().errorCode).toBe(E.boPermissionDenied.code);
      expect((await bo(who, '/bo/api/raffles')).statusCode).toBe(403);
    }
    const created = await ok<backoffice.BoRaffle>(await bo(content, '/bo/api/raffles', body()));
    expect(created).toMatchObject({
      status: 'SCHEDULED',
      phase: 'OPEN',
      prizes: [100, 50, 10],
      prizePool: 160,
      entries: 0,
      seed: null,
      winners: [],
    });
    expect(created.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const made = (await auditOf(t, 'raffle.create')).at(-1);
    expect(made).toMatchObject({ actor_name: 'raf-content', target_id: String(created.id), before: null });
    expect(JSON.stringify(made?.after)).not.toContain('"seed"');

    const edited = await ok<backoffice.BoRaffle>(
      await bo(content, '/bo/api/raffles', { ...body({ prizes: [200] }), id: created.id, title: 'Big draw' }),
    );
    expect(edited).toMatchObject({
      id: created.id,
      title: 'Big draw',
      prizes: [200],
      seedHash: created.seedHash,
    });
    const upd = (await auditOf(t, 'raffle.update')).at(-1);
    expect(upd?.before).toMatchObject({ title: 'Weekend lucky draw', prizes: [100, 50, 10] });
    expect(upd?.after).toMatchObject({ title: 'Big draw', prizes: [200] });

    const listed = await ok<{ list: backoffice.BoRaffle[]; total: number }>(
      await bo(content, '/bo/api/raffles'),
    );
    expect(listed.list.some((r) => r.id === created.id)).toBe(true);

    // Bad input: each refused with a 422 naming what is wrong.
    const bad: [object, string][] = [
      [{ ...body(), title: '' }, 'title'],
      [{ ...body(), prizes: [] }, 'prize'],
      [{ ...body(), prizes: [-5] }, 'more than 0'],
      [{ ...body(), closesAt: body().opensAt - 1 }, 'close after'],
      [{ ...body(), drawAt: body().closesAt - 1 }, 'draw'],
      [{ ...body(), prizes: Array(51).fill(1) }, '50'],
      [{ ...body(), opensAt: 'tomorrow' }, ''],
    ];
    for (const [b, says] of bad) {
      const res = await bo(content, '/bo/api/raffles', b);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.body.toLowerCase()).toContain(says.toLowerCase());
    }
    const decimals = await bo(content, '/bo/api/raffles', body({ prizes: [1.005] }));
    expect(decimals.statusCode, decimals.body).toBe(422);
    expect((await bo(content, '/bo/api/raffles', { ...body(), id: 987_654 })).statusCode).toBe(404);
    expect((await bo(content, '/bo/api/raffles/cancel', { id: 987_654, reason: 'x' })).statusCode).toBe(404);
    expect((await bo(content, '/bo/api/raffles/cancel', { id: created.id, reason: '' })).statusCode).toBe(
      422,
    );

    // Entries closed: the words may change, the times and prizes the entrants saw may not.
    await passTime(created.id, true, false);
    const row = await ok<{ list: backoffice.BoRaffle[] }>(await bo(content, '/bo/api/raffles'));
    const now = row.list.find((r) => r.id === created.id)!;
    const same = {
      id: now.id,
      title: now.title,
      opensAt: now.opensAt,
      closesAt: now.closesAt,
      drawAt: now.drawAt,
    };
    const late = await bo(content, '/bo/api/raffles', { ...same, prizes: [500] });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().errorCode).toBe('raffle.started');
    await ok(await bo(content, '/bo/api/raffles', { ...same, prizes: [200], description: 'Drawn soon' }));

    const cancelled = await ok<backoffice.BoRaffle>(
      await bo(content, '/bo/api/raffles/cancel', { id: created.id, reason: 'Duplicate' }),
    );
    expect(cancelled).toMatchObject({ status: 'CANCELLED', phase: 'CANCELLED', cancelReason: 'Duplicate' });
    expect((await auditOf(t, 'raffle.cancel')).at(-1)).toMatchObject({ target_id: String(created.id) });
    const again = await bo(content, '/bo/api/raffles/cancel', { id: created.id, reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('raffle.locked');
    expect((await bo(content, '/bo/api/raffles', { ...same, prizes: [200] })).statusCode).toBe(409);
    // A cancelled raffle is never drawn.
    await passTime(created.id, true, true);
    await t.app.ctx.raffles.drawDueNow();
    expect(
      (
        await t.database.db
          .selectFrom('raffle')
          .select('status')
          .where('id', '=', created.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('CANCELLED');
  });

  it('members enter once while entries are open, 12 claims at once by 4 members give 4 tickets; before, after, twice, a trial account, an unknown raffle are refused with their reasons', async () => {
    const r = await ok<backoffice.BoRaffle>(
      await bo(
        content,
        '/bo/api/raffles',
        body({ opensAt: Date.now() + hour, closesAt: Date.now() + 2 * hour, drawAt: Date.now() + 3 * hour }),
      ),
    );
    const a = await memberWithMoney(t, 0, { prefix: 'raf-a' });
    const early = await enter(a, r.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().errorCode).toBe('raffle.not.open');
    let status = (
      await t.call({
        method: 'GET',
        url: `/wps/relay/MCSFE_getRafflePromotionStatus?rafflePromotionId=${r.id}&raffleScheduleId=${r.id}`,
        token: a.token,
      })
    ).json().value;
    expect(status).toMatchObject({ isClaimed: false, hasStarted: false, hasEnded: false, due: r.closesAt });

    await passTime(r.id, false, false);
    const members = [
      a,
      ...(await Promise.all([1, 2, 3].map(() => memberWithMoney(t, 0, { prefix: 'raf-m' })))),
    ];
    const results = await Promise.all(
      members.flatMap((m) => [enter(m, r.id), enter(m, r.id, second), enter(m, r.id)]),
    );
    const codes = results.map((x) => x.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.filter((c) => c === 409)).toHaveLength(8);
    for (const x of results.filter((x) => x.statusCode === 409))
      expect(x.json().errorCode).toBe('raffle.entered');
    const n = await sql<{
      n: string;
    }>`select count(*)::text as n from raffle_entry where raffle_id = ${r.id}`.execute(t.database.db);
    expect(Number(n.rows[0]!.n)).toBe(4);
    status = (
      await t.call({
        method: 'GET',
        url: `/wps/relay/MCSFE_getRafflePromotionStatus?rafflePromotionId=${r.id}&raffleScheduleId=${r.id}`,
        token: a.token,
      })
    ).json().value;
    expect(status).toMatchObject({ isClaimed: true, hasStarted: true, hasEnded: false });
    const mine = (await players(a.token)).list.find((x) => x.id === r.id)!;
    expect(mine).toMatchObject({ phase: 'OPEN', entries: 4, myWin: 0 });
    expect(mine.myTicket).toBeGreaterThan(0);
    expect((await players()).list.find((x) => x.id === r.id)?.myTicket).toBeNull();

    const trial = await memberWithMoney(t, 0, { prefix: 'raf-t', agentType: 4 });
    expect((await enter(trial, r.id)).statusCode).toBe(403);
    const unknown = await post(a.token, '/wps/relay/MCSFE_claimRafflePromotion', {
      promotionId: 987_654,
      raffleScheduleId: 987_654,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('raffle.not.found');
    const mismatch = await post(a.token, '/wps/relay/MCS2_claimRafflePromotion', {
      promotionId: 1,
      raffleScheduleId: r.id,
    });
    expect(mismatch.statusCode).toBe(404);
    expect(
      (
        await post(undefined, '/wps/relay/MCSFE_claimRafflePromotion', {
          promotionId: r.id,
          raffleScheduleId: r.id,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await post(a.token, '/wps/relay/MCSFE_claimRafflePromotion', {
          promotionId: 'x',
          raffleScheduleId: r.id,
        })
      ).statusCode,
    ).toBe(422);

    await passTime(r.id, true, false);
    const late = await enter(await memberWithMoney(t, 0, { prefix: 'raf-l' }), r.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('raffle.not.open');
    expect((await players()).list.find((x) => x.id === r.id)?.phase).toBe('CLOSED');
    // No proof before the draw.
    expect((await t.call({ method: 'GET', url: `/wps/raffles/draw?id=${r.id}` })).json().errorCode).toBe(
      'raffle.not.drawn',
    );
  });

  it('the draw job on two instances, racing on the same and the next window and by hand: each raffle drawn once, each prize paid once through the ledger, the winners recomputable from the revealed seed', async () => {
    const r = await ok<backoffice.BoRaffle>(
      await bo(content, '/bo/api/raffles', body({ prizes: [30, 20, 10, 5, 5, 5, 5, 5, 5, 5, 5] })),
    );
    // Six members enter (fewer than the eleven prizes: every ticket wins once, the rest is not paid).
    const ms = await Promise.all(Array.from({ length: 6 }, () => memberWithMoney(t, 0, { prefix: 'raf-d' })));
    const tickets = new Map<number, number>();
    for (const m of ms) tickets.set((await ok<{ ticket: number }>(await enter(m, r.id))).ticket, m.memberId);
    const small = await ok<backoffice.BoRaffle>(
      await bo(content, '/bo/api/raffles', body({ title: 'Small', prizes: [7, 3] })),
    );
    for (const m of ms.slice(0, 4)) await ok(await enter(m, small.id));
    const empty = await ok<backoffice.BoRaffle>(
      await bo(content, '/bo/api/raffles', body({ title: 'Nobody', prizes: [1] })),
    );
    const before = await Promise.all(ms.map((m) => walletMinor(t, m.memberId)));
    for (const id of [r.id, small.id, empty.id]) await passTime(id, true, true);

    const w = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
    const prev = new Date(w.getTime() - 60_000);
    const outcomes = await Promise.all([
      t.app.ctx.jobs.runWindow(RAFFLE_DRAW_JOB, w),
      second.ctx.jobs.runWindow(RAFFLE_DRAW_JOB, w),
      second.ctx.jobs.runWindow(RAFFLE_DRAW_JOB, prev),
      t.app.ctx.raffles.drawDueNow(),
      second.ctx.raffles.drawDueNow(),
    ]);
    expect(outcomes.slice(0, 3).filter((o) => o === 'ran').length).toBeGreaterThanOrEqual(1);
    // Whatever ran first, all three are drawn; run again: nothing more.
    await t.app.ctx.raffles.drawDueNow();
    await second.ctx.raffles.drawDueNow();
    expect(await t.app.ctx.jobs.runWindow(RAFFLE_DRAW_JOB, w)).not.toBe('ran');

    const list = await players(ms[0]!.token);
    const drawn = list.list.find((x) => x.id === r.id)! as Raffle;
    expect(drawn).toMatchObject({ phase: 'DRAWN', entries: 6 });
    expect(drawn.winners).toHaveLength(6);
    expect(new Set(drawn.winners.map((x) => x.ticket)).size).toBe(6);
    expect(drawn.winners.map((x) => x.amount)).toEqual([30, 20, 10, 5, 5, 5]);
    // Other members' accounts masked; the caller's own shown.
    for (const x of drawn.winners) {
      if (x.me) expect(x.account).toBe(ms[0]!.username);
      else expect(x.account).toContain('***');
    }

    // The proof: the seed's hash is the one shown before the draw; the draw redone from the seed
    // and the tickets gives the same winners in the same order.
    const proof = (await t.call({ method: 'GET', url: `/wps/raffles/draw?id=${r.id}` })).json().value;
    expect(proof.seedHash).toBe(r.seedHash);
    expect(createHash('sha256').update(Buffer.from(proof.seed, 'hex')).digest('hex')).toBe(r.seedHash);
    expect(proof.tickets).toEqual([...tickets.keys()].sort((x, y) => x - y));
    expect(createHash('sha256').update(proof.tickets.join(',')).digest('hex')).toBe(proof.entriesHash);
    expect(proof.winners.map((x: { ticket: number }) => x.ticket)).toEqual(
      redraw(proof.seed, r.id, proof.tickets, 11),
    );

    // Paid once each, through the ledger, to the tickets' owners.
    const paid = await prizesPaid(r.id);
    expect(paid).toHaveLength(6);
    expect(paid.map((p) => p.memberId).sort()).toEqual(
      drawn.winners.map((x) => tickets.get(x.ticket)!).sort(),
    );
    expect(paid.reduce((a, p) => a + p.amount, 0)).toBe(minor(75));
    const smallPaid = await prizesPaid(small.id);
    expect(smallPaid.map((p) => p.amount).sort((a, b) => b - a)).toEqual([minor(7), minor(3)]);
    expect(await prizesPaid(empty.id)).toEqual([]);
    expect(list.list.find((x) => x.id === empty.id)).toMatchObject({
      phase: 'DRAWN',
      entries: 0,
      winners: [],
    });
    const after = await Promise.all(ms.map((m) => walletMinor(t, m.memberId)));
    const gained = after.reduce((a, v, i) => a + v - before[i]!, 0);
    expect(gained).toBe(minor(75 + 10));
    // A member's own wins add up across raffles.
    const m0 = ms[0]!;
    const m0Won = [...paid, ...smallPaid]
      .filter((p) => p.memberId === m0.memberId)
      .reduce((a, p) => a + p.amount, 0);
    expect(minor(list.myWins)).toBe(m0Won);

    // The console shows the winners with their ledger movements; a drawn raffle never changes.
    const boList = await ok<{ list: backoffice.BoRaffle[] }>(
      await bo(content, '/bo/api/raffles?status=DRAWN'),
    );
    const boRow = boList.list.find((x) => x.id === r.id)!;
    expect(boRow.winners).toHaveLength(6);
    for (const x of boRow.winners) expect(x.transactionId).toBeGreaterThan(0);
    expect(boRow.seed).toBe(proof.seed);
    expect((await bo(content, '/bo/api/raffles/cancel', { id: r.id, reason: 'late' })).json().errorCode).toBe(
      'raffle.locked',
    );
    const entryAfter = await enter(await memberWithMoney(t, 0, { prefix: 'raf-z' }), r.id);
    expect(entryAfter.json().errorCode).toBe('raffle.not.open');
    await ledgerExact();
  });
});
