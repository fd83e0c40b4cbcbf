import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithSession } from '../../modules/records/test-members.ts';
import { HouseAccount } from '../../modules/wallet/wallet.service.ts';

/** A server-sent events client over fetch: the events in arrival order, awaited one by one. */
class EventReader {
  readonly events: { event: string; data: unknown; id?: string }[] = [];
  private waiters: (() => void)[] = [];
  private readonly controller = new AbortController();
  done = false;

  static async open(url: string): Promise<{ status: number; reader: EventReader | null; body?: string }> {
    const r = new EventReader();
    const res = await fetch(url, { signal: r.controller.signal });
    if (res.status !== 200) return { status: res.status, reader: null, body: await res.text() };
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    void r.pump(res.body!);
    return { status: 200, reader: r };
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((l) => l && !l.startsWith(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
          );
          if (fields.event)
            this.events.push({ event: fields.event, data: JSON.parse(fields.data!), id: fields.id });
          this.wake();
        }
      }
    } catch {
      // Aborted by close().
    }
    this.done = true;
    this.wake();
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  private cursor = 0;
  /** The next event not read yet (fails after `ms`). */
  async next(ms = 5_000): Promise<{ event: string; data: unknown }> {
    const deadline = Date.now() + ms;
    while (this.cursor >= this.events.length) {
      if (this.done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${ms} ms (got ${JSON.stringify(this.events)})`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
    return this.events[this.cursor++]!;
  }

  /** The snapshot every connection starts with: balance and unread, in either order. */
  async snapshot(): Promise<{ balance: { sumBalance: number }; unread: { count: number } }> {
    const got = [await this.next(), await this.next()];
    const balance = got.find((e) => e.event === 'balance');
    const unread = got.find((e) => e.event === 'unread');
    expect(balance && unread, JSON.stringify(got)).toBeTruthy();
    return { balance: balance!.data as { sumBalance: number }, unread: unread!.data as { count: number } };
  }

  get unreadEvents() {
    return this.events.length - this.cursor;
  }

  close() {
    this.controller.abort();
  }
}

let t: TestApp;
let other: FastifyInstance;
let base1: string;
let base2: string;

beforeAll(async () => {
  t = await createTestApp({
    services: { streams: { sessionCheckMs: 150, heartbeatMs: 100, balancePollMs: 100 } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base1 = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // A second instance on the same database: what a load balancer would put the stream on.
  other = await buildApp({
    config: t.config,
    database: t.database,
    services: { streams: { sessionCheckMs: 150, balancePollMs: 100 } },
  });
  await other.listen({ port: 0, host: '127.0.0.1' });
  base2 = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

async function ticket(token: string): Promise<string> {
  const res = await t.call({ url: '/wps/events/ticket', method: 'POST', token });
  expect(res.statusCode, res.body).toBe(200);
  const v = res.json().value as { ticket: string; expiresInSeconds: number };
  expect(v.expiresInSeconds).toBe(30);
  return v.ticket;
}

async function stream(base: string, token: string): Promise<EventReader> {
  const { status, reader } = await EventReader.open(`${base}/wps/events?ticket=${await ticket(token)}`);
  expect(status).toBe(200);
  return reader!;
}

let seq = 0;
const credit = (memberId: number, minor: number) =>
  t.app.ctx.wallet.creditFromHouse(memberId, HouseAccount.cash, minor, `test:live:${++seq}`, 'ADJUSTMENT');

describe(`live event stream (${testDbKind})`, () => {
  it("MB-14 balance and unread count update live through the session's stream, across instances, and one member never receives another's events", async () => {
    const a = await memberWithSession(t, 'livea01');
    const b = await memberWithSession(t, 'liveb01');
    // A's stream on the other instance, B's on this one.
    const sa = await stream(base2, a.token);
    const sb = await stream(base1, b.token);
    expect(await sa.snapshot()).toMatchObject({ balance: { sumBalance: 0 }, unread: { count: 0 } });
    expect(await sb.snapshot()).toMatchObject({ balance: { sumBalance: 0 }, unread: { count: 0 } });

    // Money moves for B (through this instance's ledger): B hears its balance, A hears nothing.
    await credit(b.memberId, 12_345);
    expect(await sb.next()).toMatchObject({ event: 'balance', data: { sumBalance: 123.45 } });
    // A message to A: A's next event is its unread count, with no balance of B's before it.
    await t.app.ctx.messages.send({ to: 'livea01', subject: 'Hi A', body: '<p>A</p>' });
    expect(await sa.next()).toEqual({ event: 'unread', data: { count: 1 }, id: expect.any(String) });

    // A movement of A's money made on this instance reaches A's stream on the other one.
    await credit(a.memberId, 500);
    expect(await sa.next()).toMatchObject({ event: 'balance', data: { sumBalance: 5 } });

    // A rolled-back movement announces nothing.
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.ctx.wallet.creditFromHouse(
          a.memberId,
          HouseAccount.cash,
          999,
          `test:live:rollback`,
          'ADJUSTMENT',
          trx,
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    // A message to all: each stream hears its own member's count.
    await t.app.ctx.messages.send({ to: 'all', subject: 'To all', body: '<p>all</p>' });
    expect(await sa.next()).toMatchObject({ event: 'unread', data: { count: 2 } });
    expect(await sb.next()).toMatchObject({ event: 'unread', data: { count: 1 } });

    // Reading on the web (HTTP) updates the stream.
    await t.call({ url: '/wps/relay/CSP_readAllMessage', method: 'POST', token: a.token });
    expect(await sa.next()).toMatchObject({ event: 'unread', data: { count: 0 } });

    // Nothing of one member ever reached the other: every event each stream got is its own value.
    await new Promise((r) => setTimeout(r, 300));
    const balances = (r: EventReader) =>
      r.events.filter((e) => e.event === 'balance').map((e) => (e.data as { sumBalance: number }).sumBalance);
    expect(balances(sa)).toEqual([0, 5]);
    expect(balances(sb)).toEqual([0, 123.45]);
    expect(sa.unreadEvents + sb.unreadEvents).toBe(0);
    sa.close();
    sb.close();
  });

  it('MB-14 a reconnect opens with a fresh snapshot: a change made while disconnected is not lost', async () => {
    const m = await memberWithSession(t, 'livere01');
    const s1 = await stream(base1, m.token);
    expect((await s1.snapshot()).balance.sumBalance).toBe(0);
    s1.close();
    await credit(m.memberId, 4_200);
    await t.app.ctx.messages.send({ to: 'livere01', subject: 'While away', body: 'x' });
    const s2 = await stream(base2, m.token);
    expect(await s2.snapshot()).toMatchObject({ balance: { sumBalance: 42 }, unread: { count: 1 } });
    s2.close();
  });

  it('a stream ticket is single use, short lived and bound to a live session; a bad one is a clean 401', async () => {
    const m = await memberWithSession(t, 'liveticket01');
    expect((await t.call({ url: '/wps/events/ticket', method: 'POST' })).statusCode).toBe(401);
    const tk = await ticket(m.token);
    const first = await EventReader.open(`${base1}/wps/events?ticket=${tk}`);
    expect(first.status).toBe(200);
    first.reader!.close();
    const reused = await EventReader.open(`${base1}/wps/events?ticket=${tk}`);
    expect(reused.status).toBe(401);
    expect(JSON.parse(reused.body!)).toMatchObject({ success: false, errorCode: 'stream.ticket.invalid' });
    for (const bad of ['x'.repeat(43), 'short', '']) {
      const res = await EventReader.open(`${base1}/wps/events?ticket=${bad}`);
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
    }
    // An expired ticket.
    const old = await ticket(m.token);
    await t.database.db
      .updateTable('stream_ticket')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    expect((await EventReader.open(`${base1}/wps/events?ticket=${old}`)).status).toBe(401);
    // Only its hash is stored.
    const stored = await t.database.db.selectFrom('stream_ticket').select('ticket_hash').execute();
    expect(stored.every((r) => !r.ticket_hash.toString('utf8').includes(old))).toBe(true);
  });

  it('when the session ends (logout) the stream says so and closes; a ticket of an ended session opens nothing', async () => {
    const m = await memberWithSession(t, 'liveend01');
    const s = await stream(base2, m.token);
    await s.snapshot();
    const spare = await ticket(m.token);
    const out = await t.call({ url: '/wps/session/logout', method: 'POST', token: m.token });
    expect(out.statusCode).toBe(200);
    expect(await s.next(3_000)).toMatchObject({ event: 'session-ended' });
    await expect(s.next(2_000)).rejects.toThrow('the stream ended');
    expect((await EventReader.open(`${base1}/wps/events?ticket=${spare}`)).status).toBe(401);
  });
});
