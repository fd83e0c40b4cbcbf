import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backoffice, ChatErrors, Errors, FeatureSwitch } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, type TestMember } from '../wallet/wallet-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from '../backoffice/backoffice-test-kit.ts';

/**
 * The chat room (issue 32, decision 054): the original's CBS relay calls in their shapes, the
 * permission flag that gates the room (HD-05), the per-record checks of every read and write, the
 * plain text, the rate limits, and staff's moderation (removal, mute) with its audit and its
 * permission.
 */
const { BackofficeErrors: E } = backoffice;
let t: TestApp;
let admin: SignedIn;
let support: SignedIn;
let finance: SignedIn;
let content: SignedIn;
let readOnly: SignedIn;
let lobby: number;
let lounge: number;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true }, services: { jobs: { tickMs: 0 } } });
  [admin, support, finance, content, readOnly] = await Promise.all([
    createSignedIn(t, 'chat-admin', 'admin'),
    createSignedIn(t, 'chat-support', 'support'),
    createSignedIn(t, 'chat-finance', 'finance'),
    createSignedIn(t, 'chat-content', 'content'),
    createSignedIn(t, 'chat-readonly', 'read-only'),
  ]);
  const groups = await t.database.db
    .selectFrom('chat_group')
    .select(['id', 'min_rank'])
    .orderBy('sort')
    .execute();
  lobby = groups.find((g) => g.min_rank === 0)!.id;
  lounge = groups.find((g) => g.min_rank === 5)!.id;
  await t.app.ctx.system.setSwitch(FeatureSwitch.chat, true);
}, 180_000);
afterAll(async () => t?.close());

async function player(rank = 0, agentType = 0): Promise<TestMember> {
  const m = await memberWithMoney(t, 0, { prefix: 'chat', agentType });
  if (rank)
    await t.database.db
      .updateTable('member')
      .set({ rank_level: rank })
      .where('id', '=', m.memberId)
      .execute();
  return m;
}

function get(token: string | undefined, url: string) {
  return t.call({ url, ...(token ? { token } : {}) });
}
function post(token: string | undefined, url: string, payload: object) {
  return t.call({ method: 'POST', url, payload, ...(token ? { token } : {}) });
}
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
function ok<T>(res: Awaited<ReturnType<typeof get>>): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}
function refused(res: Awaited<ReturnType<typeof get>>, err: { status: number; code: string }) {
  expect(res.statusCode, res.body).toBe(err.status);
  expect(res.json().errorCode).toBe(err.code);
}
const flag = async (m: TestMember, groupId?: number) =>
  ok<boolean>(await get(m.token, `/wps/relay/CBS_groupPermission${groupId ? `?groupId=${groupId}` : ''}`));
const send = (m: TestMember, groupId: number, content: string) =>
  post(m.token, '/wps/chat/messages', { groupId, content });

describe(`chat room (${testDbKind})`, () => {
  it('HD-05 the chat room opens only when its permission check flag allows it: CBS_groupPermission true opens CBS_launchChat, false refuses it (room closed, free play, rank below the group)', async () => {
    const member = await player(0);
    const vip = await player(5);
    const trial = await player(0, 4);

    // The room closed (CBS3 off): the flag is false for everyone and the launch refused.
    await t.app.ctx.system.setSwitch(FeatureSwitch.chat, false);
    try {
      expect(await flag(member)).toBe(false);
      expect(await flag(vip)).toBe(false);
      refused(await get(member.token, '/wps/relay/CBS_launchChat'), ChatErrors.chatClosed);
      refused(await get(vip.token, `/wps/relay/CBS_launchChat?groupId=${lounge}`), ChatErrors.chatClosed);
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.chat, true);
    }

    // Open: a member's flag is true and the room opens, on the lobby only.
    expect(await flag(member)).toBe(true);
    expect(await flag(member, lobby)).toBe(true);
    const launched = ok<{ groups: { groupId: number }[]; groupId: number; mutedUntil: number | null }>(
      await get(member.token, '/wps/relay/CBS_launchChat'),
    );
    expect(launched.groups.map((g) => g.groupId)).toEqual([lobby]);
    expect(launched.groupId).toBe(lobby);
    expect(launched.mutedUntil).toBeNull();
    // The VIP lounge's flag is false for rank 0, and the room does not open on it.
    expect(await flag(member, lounge)).toBe(false);
    refused(
      await get(member.token, `/wps/relay/CBS_launchChat?groupId=${lounge}`),
      ChatErrors.chatPermission,
    );
    // Rank 5: both flags true, the lounge opens.
    expect(await flag(vip, lounge)).toBe(true);
    const vipLaunch = ok<{ groups: { groupId: number }[]; groupId: number }>(
      await get(vip.token, `/wps/relay/CBS_launchChat?groupId=${lounge}`),
    );
    expect(vipLaunch.groups.map((g) => g.groupId)).toEqual([lobby, lounge]);
    expect(vipLaunch.groupId).toBe(lounge);
    // Free play: the flag false, the room refused.
    expect(await flag(trial)).toBe(false);
    refused(await get(trial.token, '/wps/relay/CBS_launchChat'), Errors.trialForbidden);
    // A locked member: the flag false.
    const locked = await player(0);
    await t.database.db
      .updateTable('member')
      .set({ status: 'locked' })
      .where('id', '=', locked.memberId)
      .execute();
    expect(await flag(locked).catch(() => false)).toBe(false);
    // Without a token: no flag at all.
    expect((await get(undefined, '/wps/relay/CBS_groupPermission')).statusCode).toBe(401);
  });

  it("answers the original's relay calls in its shapes: a flag, the launch object, a number", async () => {
    const m = await player(0);
    expect((await get(m.token, '/wps/relay/CBS_groupPermission')).json()).toMatchObject({
      success: true,
      value: true,
    });
    const unread = (await get(m.token, '/wps/relay/CBS_unreadCount')).json();
    expect(unread).toMatchObject({ success: true });
    expect(typeof unread.value).toBe('number');
    const launch = (await get(m.token, '/wps/relay/CBS_launchChat')).json().value;
    expect(launch).toEqual({
      groups: [
        {
          groupId: lobby,
          name: 'Lobby',
          description: expect.any(String),
          minRank: 0,
          unread: expect.any(Number),
        },
      ],
      groupId: lobby,
      nickname: expect.any(String),
      mutedUntil: null,
    });
    for (const url of [
      '/wps/relay/CBS_unreadCount',
      '/wps/relay/CBS_launchChat',
      '/wps/chat/messages?groupId=1',
    ])
      expect((await get(undefined, url)).statusCode, url).toBe(401);
  });

  it('stores plain text, counts unread per member, moves the read mark and announces each message', async () => {
    const a = await player(0);
    const b = await player(0);
    // Read everything so far, so the counts below start at 0.
    const before = ok<{ list: { id: number }[] }>(
      await get(b.token, `/wps/chat/messages?groupId=${lobby}&size=1`),
    );
    if (before.list[0])
      ok(await post(b.token, '/wps/chat/read', { groupId: lobby, messageId: before.list[0].id }));
    expect(ok<number>(await get(b.token, '/wps/relay/CBS_unreadCount'))).toBe(0);

    const heard: string[] = [];
    const stop = t.app.ctx.memberEvents.subscribe(b.memberId, (n) => heard.push(n));
    const html = '<img src=x onerror=alert(1)> <b>hi</b>\u0007\u202E';
    const sent = ok<{ id: number; content: string; own: boolean }>(await send(a, lobby, `  ${html}  `));
    // Kept as the text it is (control and direction characters dropped), never turned into markup.
    expect(sent.content).toBe('<img src=x onerror=alert(1)> <b>hi</b>');
    expect(sent.own).toBe(true);
    await expect.poll(() => heard.includes('chat'), { timeout: 5000 }).toBe(true);
    stop();

    expect(ok<number>(await get(b.token, '/wps/relay/CBS_unreadCount'))).toBe(1);
    // The sender's own message is not unread for them.
    expect(ok<number>(await get(a.token, '/wps/relay/CBS_unreadCount'))).toBe(0);
    const page = ok<{ list: { id: number; content: string; own: boolean }[] }>(
      await get(b.token, `/wps/chat/messages?groupId=${lobby}&size=5`),
    );
    expect(page.list[0]).toMatchObject({ id: sent.id, content: sent.content, own: false });
    expect(
      ok<{ unread: number }>(await post(b.token, '/wps/chat/read', { groupId: lobby, messageId: sent.id })),
    ).toEqual({
      unread: 0,
    });
    expect(ok<number>(await get(b.token, '/wps/relay/CBS_unreadCount'))).toBe(0);
    // The mark never moves back.
    const older = page.list[1];
    if (older) ok(await post(b.token, '/wps/chat/read', { groupId: lobby, messageId: older.id }));
    expect(ok<number>(await get(b.token, '/wps/relay/CBS_unreadCount'))).toBe(0);
  });

  it('checks every record against its group: a lounge message is neither read, sent, nor marked by rank 0', async () => {
    const vip = await player(5);
    const member = await player(0);
    const inLounge = ok<{ id: number }>(await send(vip, lounge, 'lounge only'));
    refused(await get(member.token, `/wps/chat/messages?groupId=${lounge}`), ChatErrors.chatPermission);
    refused(await send(member, lounge, 'let me in'), ChatErrors.chatPermission);
    refused(
      await post(member.token, '/wps/chat/read', { groupId: lounge, messageId: inLounge.id }),
      ChatErrors.chatPermission,
    );
    // A lounge message named under the lobby is not the lobby's.
    refused(
      await post(member.token, '/wps/chat/read', { groupId: lobby, messageId: inLounge.id }),
      ChatErrors.chatMessageUnknown,
    );
    // It never shows in the lobby's page.
    const lobbyPage = ok<{ list: { id: number }[] }>(
      await get(member.token, `/wps/chat/messages?groupId=${lobby}&size=50`),
    );
    expect(lobbyPage.list.some((m) => m.id === inLounge.id)).toBe(false);
    refused(await get(member.token, '/wps/chat/messages?groupId=999999'), ChatErrors.chatGroupUnknown);
  });

  it('answers bad input with a clear 4xx', async () => {
    const m = await player(0);
    for (const [content, why] of [
      ['', 'empty'],
      ['   \u0007  ', 'only control characters'],
      ['x'.repeat(301), 'too long'],
    ] as const) {
      const res = await send(m, lobby, content);
      expect(res.statusCode, why).toBe(422);
    }
    expect((await post(m.token, '/wps/chat/messages', { groupId: 'abc', content: 'hi' })).statusCode).toBe(
      422,
    );
    expect((await post(m.token, '/wps/chat/messages', { content: 'hi' })).statusCode).toBe(422);
    expect((await get(m.token, '/wps/chat/messages')).statusCode).toBe(422);
    expect((await get(m.token, `/wps/chat/messages?groupId=${lobby}&size=500`)).statusCode).toBe(422);
    expect((await post(m.token, '/wps/chat/read', { groupId: lobby, messageId: -1 })).statusCode).toBe(422);
    refused(
      await post(m.token, '/wps/chat/read', { groupId: lobby, messageId: 987654321 }),
      ChatErrors.chatMessageUnknown,
    );
  });

  it('limits a member to 5 messages in 10 seconds', async () => {
    const m = await player(0);
    for (let i = 0; i < 5; i++) ok(await send(m, lobby, `message ${i}`));
    refused(await send(m, lobby, 'one too many'), ChatErrors.chatTooFast);
    // Another member is not slowed by it.
    ok(await send(await player(0), lobby, 'still fine'));
  });

  it('counts the limits over the last 10 seconds and the last minute, wherever the clock stands', async () => {
    const m = await player(0);
    // Sent messages dated `secondsAgo` back (the database's clock, the one the limit reads).
    const sentBefore = async (count: number, secondsAgo: number) => {
      await t.database.db
        .insertInto('chat_message')
        .values(
          Array.from({ length: count }, (_, i) => ({
            group_id: lobby,
            member_id: m.memberId,
            content: `earlier ${i}`,
            created_at: sql<Date>`now() - make_interval(secs => ${secondsAgo})`,
          })),
        )
        .execute();
    };
    // Five sent 9 seconds ago: a sixth now is one too many in 10 seconds, whatever 10-second
    // stretch of the clock the two fall in.
    await sentBefore(5, 9);
    refused(await send(m, lobby, 'too soon'), ChatErrors.chatTooFast);
    // Those five 11 seconds back (outside the 10 seconds): sending is open again.
    await t.database.db
      .updateTable('chat_message')
      .set({ created_at: sql<Date>`now() - interval '11 seconds'` })
      .where('member_id', '=', m.memberId)
      .execute();
    ok(await send(m, lobby, 'after the pause'));
    // 20 in the last minute (those six and fourteen more 30 seconds back): the minute's limit.
    await sentBefore(14, 30);
    refused(await send(m, lobby, 'twenty-first'), ChatErrors.chatTooFast);
  });
});

describe(`chat moderation in the console (${testDbKind})`, () => {
  it('is refused without a token, to a player and to roles without chat.moderate', async () => {
    const m = await player(0);
    for (const [url, payload] of [
      ['/bo/api/chat/messages', undefined],
      ['/bo/api/chat/mutes', undefined],
      ['/bo/api/chat/messages/remove', { id: 1, reason: 'spam' }],
      ['/bo/api/chat/mute', { memberId: m.memberId, minutes: 5, reason: 'spam' }],
      ['/bo/api/chat/unmute', { memberId: m.memberId }],
    ] as const) {
      const none = await bo(null, url, payload);
      expect(none.statusCode, none.body).toBe(401);
      expect(none.json().errorCode).toBe(E.boNotSignedIn.code);
      expect((await bo(m.token, url, payload)).statusCode).toBe(401);
      for (const who of [finance, content, readOnly]) {
        const res = await bo(who, url, payload);
        expect(res.statusCode, `${who.username} ${url}`).toBe(403);
        expect(res.json().errorCode).toBe(E.boPermissionDenied.code);
      }
    }
  });

  it("removes a message from the players' room, audited, once", async () => {
    const a = await player(0);
    const b = await player(0);
    const msg = ok<{ id: number }>(await send(a, lobby, 'buy my account cheap'));
    const list = ok<{ list: backoffice.BoChatMessage[]; total: number }>(
      await bo(support, `/bo/api/chat/messages?username=${a.username}`),
    );
    expect(list.list.map((m) => m.id)).toEqual([msg.id]);
    expect(list.list[0]).toMatchObject({
      username: a.username,
      content: 'buy my account cheap',
      removedAt: null,
    });

    const removed = ok<backoffice.BoChatMessage>(
      await bo(support, '/bo/api/chat/messages/remove', { id: msg.id, reason: 'spam' }),
    );
    expect(removed).toMatchObject({ id: msg.id, removedBy: support.username, removeReason: 'spam' });
    expect(removed.removedAt).toEqual(expect.any(Number));
    const audit = (await auditOf(t, 'chat.message.remove')).find((r) => r.target_id === String(msg.id))!;
    expect(audit.before).toMatchObject({
      removed: false,
      content: 'buy my account cheap',
      memberId: a.memberId,
    });
    expect(audit.after).toEqual({ removed: true, reason: 'spam' });
    expect(audit.actor_name).toBe(support.username);

    // Gone for the players, kept under REMOVED for staff.
    const page = ok<{ list: { id: number }[] }>(
      await get(b.token, `/wps/chat/messages?groupId=${lobby}&size=50`),
    );
    expect(page.list.some((m) => m.id === msg.id)).toBe(false);
    const kept = ok<{ list: { id: number }[] }>(
      await bo(admin, `/bo/api/chat/messages?view=REMOVED&username=${a.username}`),
    );
    expect(kept.list.map((m) => m.id)).toEqual([msg.id]);

    const again = await bo(admin, '/bo/api/chat/messages/remove', { id: msg.id, reason: 'spam' });
    expect(again.statusCode, again.body).toBe(409);
    expect((await bo(admin, '/bo/api/chat/messages/remove', { id: 987654321, reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await bo(admin, '/bo/api/chat/messages/remove', { id: msg.id, reason: '  ' })).statusCode).toBe(
      422,
    );
    expect((await bo(admin, '/bo/api/chat/messages?view=NONE')).statusCode).toBe(422);
  });

  it('mutes a player (reads, cannot send) and lifts the mute, both audited', async () => {
    const m = await player(0);
    const mute = ok<backoffice.BoChatMute>(
      await bo(support, '/bo/api/chat/mute', { memberId: m.memberId, minutes: 30, reason: 'insults' }),
    );
    expect(mute).toMatchObject({
      memberId: m.memberId,
      username: m.username,
      reason: 'insults',
      mutedBy: support.username,
    });
    expect(mute.until).toBeGreaterThan(Date.now() + 25 * 60_000);
    refused(await send(m, lobby, 'hello?'), ChatErrors.chatMuted);
    // Still reads the room, and the launch says until when.
    ok(await get(m.token, `/wps/chat/messages?groupId=${lobby}`));
    const launch = ok<{ mutedUntil: number | null }>(await get(m.token, '/wps/relay/CBS_launchChat'));
    expect(launch.mutedUntil).toBe(mute.until);
    const mutes = ok<{ list: backoffice.BoChatMute[] }>(await bo(support, '/bo/api/chat/mutes'));
    expect(mutes.list.map((x) => x.memberId)).toContain(m.memberId);
    const muteAudit = (await auditOf(t, 'chat.mute')).find((r) => r.target_id === String(m.memberId))!;
    expect(muteAudit.before).toEqual({ mutedUntil: null });
    expect(muteAudit.after).toMatchObject({ minutes: 30, reason: 'insults', mutedUntil: mute.until });

    ok(await bo(admin, '/bo/api/chat/unmute', { memberId: m.memberId }));
    ok(await send(m, lobby, 'sorry'));
    const unmuteAudit = (await auditOf(t, 'chat.unmute')).find((r) => r.target_id === String(m.memberId))!;
    expect(unmuteAudit.after).toEqual({ mutedUntil: null });
    expect((await bo(admin, '/bo/api/chat/unmute', { memberId: m.memberId })).statusCode).toBe(409);

    expect(
      (await bo(admin, '/bo/api/chat/mute', { memberId: m.memberId, minutes: 0, reason: 'x' })).statusCode,
    ).toBe(422);
    expect(
      (await bo(admin, '/bo/api/chat/mute', { memberId: m.memberId, minutes: 60 * 24 * 31, reason: 'x' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await bo(admin, '/bo/api/chat/mute', { memberId: 987654321, minutes: 5, reason: 'x' })).statusCode,
    ).toBe(404);
  });
});
