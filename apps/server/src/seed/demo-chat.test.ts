import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatLaunch, ChatMessage } from '@app/contract';
import { loadConfig } from '../config.ts';
import { createSession } from '../platform/auth/session.ts';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../test/test-app.ts';
import { demoTree } from './demo-agents.ts';
import { demoChatMessages, seedDemoChat } from './demo-chat.ts';

/**
 * The chat room of a demo start (DEMO_CHAT=1, set by `npm start`; decision 054 amended): the room
 * open and the Lobby alive with the demo players' words, which the demo member (VIP 3) enters by
 * the room's own rules; a database seeded without it (every test's, e2e's) keeps the room closed.
 */
let t: TestApp;
let demoToken: string;

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  const demo = await t.database.db
    .selectFrom('member')
    .select('id')
    .where('username', '=', 'demo')
    .executeTakeFirstOrThrow();
  demoToken = await createSession(t.database, demo.id, '127.0.0.1');
}, 180_000);
afterAll(async () => t?.close());

const headers = { merchant: 'SEA888', device: 'web', language: 'en' };
async function value<T>(app: FastifyInstance, url: string, payload?: object): Promise<T> {
  const res = await app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { ...headers, authorization: demoToken },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}

describe(`the demo chat (DEMO_CHAT=1; ${testDbKind})`, () => {
  it('is asked for by `npm start` only: DEMO_CHAT=1 reads on, its absence off', () => {
    expect(loadConfig({ DEMO_CHAT: '1' }).demoChat).toBe(true);
    expect(loadConfig({}).demoChat).toBe(false);
  });

  it('a database seeded without it keeps the room closed and empty: the demo member may not enter', async () => {
    expect(await value<boolean>(t.app, '/wps/relay/CBS_groupPermission')).toBe(false);
    expect(await value<number>(t.app, '/wps/relay/CBS_unreadCount')).toBe(0);
    const n = await t.database.db
      .selectFrom('chat_message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('with it, the demo member enters the Lobby (rank 0; not the VIP lounge at VIP 3) and reads the demo players’ messages, unread, oldest to newest within the last hour', async () => {
    const now = Date.now();
    await t.database.db.transaction().execute((trx) => seedDemoChat(trx, now));
    // A server started on that database (the switches are read at start, as main.ts's is).
    const app = await secondInstance(t, { jobs: { tickMs: 0 } });
    try {
      expect(await value<boolean>(app, '/wps/relay/CBS_groupPermission')).toBe(true);
      const launch = await value<ChatLaunch>(app, '/wps/relay/CBS_launchChat');
      expect(launch.groups.map((g) => [g.name, g.minRank, g.unread])).toEqual([
        ['Lobby', 0, demoChatMessages.length],
      ]);
      expect(launch.nickname).toBe('Lucky Demo');
      expect(await value<number>(app, '/wps/relay/CBS_unreadCount')).toBe(demoChatMessages.length);

      const page = await value<{ list: ChatMessage[]; hasMore: boolean }>(
        app,
        `/wps/chat/messages?groupId=${launch.groupId}&size=20`,
      );
      expect(page.hasMore).toBe(false);
      const oldestFirst = [...page.list].reverse();
      const nickOf = new Map(demoTree.map((m) => [m.username, m.nickname]));
      expect(oldestFirst.map((m) => [m.nickname, m.content, m.own])).toEqual(
        demoChatMessages.map((m) => [nickOf.get(m.username), m.content, false]),
      );
      // Latin nicknames, and words with numbers and amounts, as the room shows them.
      expect(oldestFirst.every((m) => /^[A-Za-z ]+ Player$/.test(m.nickname))).toBe(true);
      expect(oldestFirst.some((m) => /\$\d+\.\d\d/.test(m.content))).toBe(true);
      const times = oldestFirst.map((m) => m.sentAt);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBeGreaterThan(now - 3_600_000);
      expect(times.at(-1)).toBeLessThan(now);

      // The demo member answers in the room, under the room's own rules, and has read it all.
      const sent = await value<ChatMessage>(app, '/wps/chat/messages', {
        groupId: launch.groupId,
        content: 'Good luck all, I am in for 3-7-9 too',
      });
      expect(sent).toMatchObject({ own: true, nickname: 'Lucky Demo' });
      expect(await value<number>(app, '/wps/relay/CBS_unreadCount')).toBe(0);
    } finally {
      await app.close();
    }
  });
});
