import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice, ChatErrors, Errors, FeatureSwitch } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, type TestMember } from '../wallet/wallet-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from '../backoffice/backoffice-test-kit.ts';

/**
 * The chat groups on the console (issue 32, decision 054's amendment): staff with chat.moderate
 * list the groups with who may enter and their messages, create one, change its name,
 * description and minimum rank, and close or reopen it, each audited with its reason; a closed
 * group refuses players' entry and posting with `chat.group.closed`. Bad input is a clear 4xx.
 */
const { BackofficeErrors: E } = backoffice;
type Row = backoffice.BoChatGroupRow;
let t: TestApp;
let admin: SignedIn;
let support: SignedIn;
let finance: SignedIn;
let content: SignedIn;
let readOnly: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true }, services: { jobs: { tickMs: 0 } } });
  [admin, support, finance, content, readOnly] = await Promise.all([
    createSignedIn(t, 'cgroup-admin', 'admin'),
    createSignedIn(t, 'cgroup-support', 'support'),
    createSignedIn(t, 'cgroup-finance', 'finance'),
    createSignedIn(t, 'cgroup-content', 'content'),
    createSignedIn(t, 'cgroup-readonly', 'read-only'),
  ]);
  await t.app.ctx.system.setSwitch(FeatureSwitch.chat, true);
}, 180_000);
afterAll(async () => t?.close());

async function player(rank = 1): Promise<TestMember> {
  const m = await memberWithMoney(t, 0, { prefix: 'cgrp' });
  await t.database.db.updateTable('member').set({ rank_level: rank }).where('id', '=', m.memberId).execute();
  return m;
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
function ok<T>(res: Awaited<ReturnType<typeof bo>>): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}
function refused(res: Awaited<ReturnType<typeof bo>>, err: { status: number; code: string }) {
  expect(res.statusCode, res.body).toBe(err.status);
  expect(res.json().errorCode).toBe(err.code);
}
const groups = async () => ok<{ list: Row[] }>(await bo(support, '/bo/api/chat/groups')).list;

describe(`chat groups on the console (${testDbKind})`, () => {
  it('is refused without a token, to a player and to roles without chat.moderate; nothing changes', async () => {
    const m = await player();
    const before = await groups();
    for (const [url, payload] of [
      ['/bo/api/chat/groups', undefined],
      ['/bo/api/chat/groups/save', { name: 'Sneaky', minRank: 0, reason: 'try' }],
      ['/bo/api/chat/groups/open', { id: before[0]!.id, open: false, reason: 'try' }],
      ['/bo/api/chat/groups/order', { ids: before.map((g) => g.id).reverse() }],
      ['/bo/api/chat/groups/delete', { id: before[0]!.id, reason: 'try' }],
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
    expect(await groups()).toEqual(before);
  });

  it('lists the groups with who may enter and their messages, creates and edits one, audited with the reason', async () => {
    const list = await groups();
    // The reference data's two: the Lobby (every rank) and the VIP lounge (rank 5 and up).
    expect(list.map((g) => g.minRank)).toEqual(expect.arrayContaining([0, 5]));
    expect(list.every((g) => g.enabled)).toBe(true);

    const created = ok<Row>(
      await bo(admin, '/bo/api/chat/groups/save', {
        name: '  High rollers ',
        description: 'Rank 7 and up',
        minRank: 7,
        reason: 'Asked by the VIP desk',
      }),
    );
    expect(created).toMatchObject({
      name: 'High rollers',
      description: 'Rank 7 and up',
      minRank: 7,
      enabled: true,
      messages: 0,
    });
    const [a] = await auditOf(t, 'chat.group.create');
    expect(a).toMatchObject({
      actor_name: admin.username,
      target_type: 'chat_group',
      target_id: String(created.id),
    });
    expect(a!.after).toMatchObject({ name: 'High rollers', minRank: 7, reason: 'Asked by the VIP desk' });
    expect((await groups()).at(-1)!.id).toBe(created.id);

    // Members who may enter: active real accounts whose rank reaches the group's.
    const high = await player(7);
    const low = await player(6);
    const counted = (await groups()).find((g) => g.id === created.id)!.members;
    expect(counted).toBeGreaterThanOrEqual(1);
    const launch = ok<{ groups: { groupId: number }[] }>(
      await t.call({ url: '/wps/relay/CBS_launchChat', token: high.token }),
    );
    expect(launch.groups.map((g) => g.groupId)).toContain(created.id);

    // Lowering the rank lets rank 6 in; the audit keeps before and after.
    const edited = ok<Row>(
      await bo(support, '/bo/api/chat/groups/save', {
        id: created.id,
        name: 'High rollers',
        description: 'Rank 6 and up',
        minRank: 6,
        reason: 'Rank 6 asked too',
      }),
    );
    expect(edited).toMatchObject({ minRank: 6, description: 'Rank 6 and up' });
    expect(edited.members).toBeGreaterThan(counted);
    const [u] = await auditOf(t, 'chat.group.update');
    expect(u).toMatchObject({ actor_name: support.username, target_id: String(created.id) });
    expect(u!.before).toEqual({ name: 'High rollers', description: 'Rank 7 and up', minRank: 7 });
    expect(u!.after).toMatchObject({ minRank: 6, reason: 'Rank 6 asked too' });
    const sent = await t.call({
      method: 'POST',
      url: '/wps/chat/messages',
      token: low.token,
      payload: { groupId: created.id, content: 'hello high rollers' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await groups()).find((g) => g.id === created.id)!.messages).toBe(1);

    // The same again changes nothing (409); another group's name is taken (409); an unknown id 404.
    refused(
      await bo(support, '/bo/api/chat/groups/save', {
        id: created.id,
        name: 'High rollers',
        description: 'Rank 6 and up',
        minRank: 6,
        reason: 'again',
      }),
      Errors.conflict,
    );
    const lobby = list.find((g) => g.minRank === 0)!;
    const clash = await bo(support, '/bo/api/chat/groups/save', {
      name: lobby.name.toUpperCase(),
      minRank: 0,
      reason: 'dup',
    });
    refused(clash, ChatErrors.chatGroupNameTaken);
    expect(clash.json().message).toContain('already called');
    refused(
      await bo(support, '/bo/api/chat/groups/save', { id: 999_999, name: 'Nobody', minRank: 0, reason: 'x' }),
      ChatErrors.chatGroupUnknown,
    );
    expect(await auditOf(t, 'chat.group.update')).toHaveLength(1);
  });

  it('HD-05 a closed group refuses entry and posting with chat.group.closed; reopened it lets them back; both audited', async () => {
    const created = ok<Row>(
      await bo(admin, '/bo/api/chat/groups/save', { name: 'Football', minRank: 0, reason: 'Season starts' }),
    );
    const m = await player(1);
    const say = (content: string) =>
      t.call({
        method: 'POST',
        url: '/wps/chat/messages',
        token: m.token,
        payload: { groupId: created.id, content },
      });
    expect((await say('before')).statusCode).toBe(200);

    const closed = ok<Row>(
      await bo(support, '/bo/api/chat/groups/open', { id: created.id, open: false, reason: 'Spam wave' }),
    );
    expect(closed.enabled).toBe(false);
    expect(closed.messages).toBe(1);
    const [c] = await auditOf(t, 'chat.group.close');
    expect(c).toMatchObject({ actor_name: support.username, target_id: String(created.id) });
    expect(c!.before).toEqual({ name: 'Football', enabled: true });
    expect(c!.after).toEqual({ enabled: false, reason: 'Spam wave' });

    // The player: not in the launch's groups, the flag false, entering, reading and posting refused.
    const launch = ok<{ groups: { groupId: number }[] }>(
      await t.call({ url: '/wps/relay/CBS_launchChat', token: m.token }),
    );
    expect(launch.groups.map((g) => g.groupId)).not.toContain(created.id);
    expect(
      ok<boolean>(
        await t.call({ url: `/wps/relay/CBS_groupPermission?groupId=${created.id}`, token: m.token }),
      ),
    ).toBe(false);
    refused(
      await t.call({ url: `/wps/relay/CBS_launchChat?groupId=${created.id}`, token: m.token }),
      ChatErrors.chatGroupClosed,
    );
    refused(
      await t.call({ url: `/wps/chat/messages?groupId=${created.id}`, token: m.token }),
      ChatErrors.chatGroupClosed,
    );
    const posted = await say('during');
    refused(posted, ChatErrors.chatGroupClosed);
    expect(posted.json().message).toBe('This chat group is closed at the moment');
    // Closing twice is 409.
    refused(
      await bo(support, '/bo/api/chat/groups/open', { id: created.id, open: false, reason: 'again' }),
      Errors.conflict,
    );

    const reopened = ok<Row>(
      await bo(admin, '/bo/api/chat/groups/open', { id: created.id, open: true, reason: 'Calm again' }),
    );
    expect(reopened.enabled).toBe(true);
    const [r] = await auditOf(t, 'chat.group.reopen');
    expect(r!.after).toEqual({ enabled: true, reason: 'Calm again' });
    expect((await say('after')).statusCode).toBe(200);
  });

  it('answers bad input with a clear 4xx naming the problem, never a 500', async () => {
    const [g] = await groups();
    const cases: [string, object, string][] = [
      ['/bo/api/chat/groups/save', { name: '', minRank: 0, reason: 'x' }, 'name'],
      ['/bo/api/chat/groups/save', { name: 'x'.repeat(61), minRank: 0, reason: 'x' }, '60'],
      [
        '/bo/api/chat/groups/save',
        { name: 'Ok', description: 'x'.repeat(201), minRank: 0, reason: 'x' },
        '200',
      ],
      ['/bo/api/chat/groups/save', { name: 'Ok', minRank: -1, reason: 'x' }, 'rank'],
      ['/bo/api/chat/groups/save', { name: 'Ok', minRank: 21, reason: 'x' }, 'rank'],
      ['/bo/api/chat/groups/save', { name: 'Ok', minRank: 1.5, reason: 'x' }, 'rank'],
      ['/bo/api/chat/groups/save', { name: 'Ok', minRank: 'high', reason: 'x' }, 'rank'],
      ['/bo/api/chat/groups/save', { name: 'Ok', minRank: 0 }, 'reason'],
      ['/bo/api/chat/groups/save', { name: 'Ok', minRank: 0, reason: '   ' }, 'reason'],
      ['/bo/api/chat/groups/save', { id: 2 ** 40, name: 'Ok', minRank: 0, reason: 'x' }, 'id'],
      ['/bo/api/chat/groups/save', { id: 'abc', name: 'Ok', minRank: 0, reason: 'x' }, 'id'],
      ['/bo/api/chat/groups/open', { id: g!.id, reason: 'x' }, 'open'],
      ['/bo/api/chat/groups/open', { id: g!.id, open: 'no', reason: 'x' }, 'open'],
      ['/bo/api/chat/groups/open', { id: 0, open: false, reason: 'x' }, 'id'],
      ['/bo/api/chat/groups/open', { id: g!.id, open: false, reason: 'x'.repeat(201) }, '200'],
      ['/bo/api/chat/groups/order', {}, 'ids'],
      ['/bo/api/chat/groups/order', { ids: [] }, 'ids'],
      ['/bo/api/chat/groups/order', { ids: [g!.id, g!.id] }, 'once'],
      ['/bo/api/chat/groups/order', { ids: ['x'] }, 'ids'],
      ['/bo/api/chat/groups/order', { ids: [0] }, 'ids'],
      ['/bo/api/chat/groups/order', { ids: g!.id }, 'ids'],
      ['/bo/api/chat/groups/delete', { id: g!.id }, 'reason'],
      ['/bo/api/chat/groups/delete', { id: g!.id, reason: ' ' }, 'reason'],
      ['/bo/api/chat/groups/delete', { id: -1, reason: 'x' }, 'id'],
      ['/bo/api/chat/groups/delete', { id: 2 ** 40, reason: 'x' }, 'id'],
    ];
    for (const [url, payload, names] of cases) {
      const res = await bo(admin, url, payload);
      const why = `${url} ${JSON.stringify(payload).slice(0, 80)}: ${res.body}`;
      expect(res.statusCode, why).toBe(Errors.invalidInput.status);
      expect(res.json().errorCode, why).toBe(Errors.invalidInput.code);
      expect(JSON.stringify(res.json()).toLowerCase(), why).toContain(names.toLowerCase());
    }
    // Not JSON at all: 400.
    const raw = await t.call({
      method: 'POST',
      url: '/bo/api/chat/groups/open',
      token: admin.token,
      headers: { ...callerIp(), 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(raw.statusCode, raw.body).toBe(400);
    // An id that fits the schema but names nothing: 404.
    refused(
      await bo(admin, '/bo/api/chat/groups/open', { id: 2_147_483_647, open: false, reason: 'x' }),
      ChatErrors.chatGroupUnknown,
    );
    expect(await auditOf(t, 'chat.group.close')).toHaveLength(1);
    expect(await auditOf(t, 'chat.group.reorder')).toHaveLength(0);
    expect(await auditOf(t, 'chat.group.delete')).toHaveLength(0);
    // Unknown groups: an order naming one is stale (409), deleting one is 404.
    refused(
      await bo(admin, '/bo/api/chat/groups/order', { ids: [2_147_483_647] }),
      ChatErrors.chatGroupOrderStale,
    );
    refused(
      await bo(admin, '/bo/api/chat/groups/delete', { id: 2_147_483_647, reason: 'x' }),
      ChatErrors.chatGroupUnknown,
    );
  });

  it('a group name is unique whatever its case, in the database: two creates at once give one group and one clear 409', async () => {
    const stamp = Date.now() % 1_000_000;
    const [a, b] = await Promise.all([
      bo(admin, '/bo/api/chat/groups/save', { name: `Darts ${stamp}`, minRank: 0, reason: 'one' }),
      bo(support, '/bo/api/chat/groups/save', { name: `DARTS ${stamp}`, minRank: 0, reason: 'two' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json().errorCode).toBe(ChatErrors.chatGroupNameTaken.code);
    expect(lost.json().message).toMatch(/^Another group is already called “darts \d+”$/i);
    const same = (await groups()).filter((g) => g.name.toLowerCase() === `darts ${stamp}`);
    expect(same).toHaveLength(1);
    // The database itself refuses another case of the name (the index of migration 071).
    await expect(
      t.database.db
        .insertInto('chat_group')
        .values({ name: `dArTs ${stamp}` })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
    // A rename onto another group's name, in another case, is the same 409.
    const other = ok<Row>(
      await bo(admin, '/bo/api/chat/groups/save', { name: `Pool ${stamp}`, minRank: 0, reason: 'three' }),
    );
    refused(
      await bo(admin, '/bo/api/chat/groups/save', {
        id: other.id,
        name: `darts ${stamp}`,
        minRank: 0,
        reason: 'clash',
      }),
      ChatErrors.chatGroupNameTaken,
    );
    // Renaming a group to its own name in another case is allowed.
    expect(
      ok<Row>(
        await bo(admin, '/bo/api/chat/groups/save', {
          id: other.id,
          name: `POOL ${stamp}`,
          minRank: 0,
          reason: 'caps',
        }),
      ).name,
    ).toBe(`POOL ${stamp}`);
  });

  it('staff reorder the groups; the players see that order; a stale or unchanged list is 409; audited', async () => {
    const before = await groups();
    const order = before.map((g) => g.id).reverse();
    const done = ok<{ list: Row[] }>(await bo(support, '/bo/api/chat/groups/order', { ids: order }));
    expect(done.list.map((g) => g.id)).toEqual(order);
    expect((await groups()).map((g) => g.id)).toEqual(order);
    const [a] = await auditOf(t, 'chat.group.reorder');
    expect(a).toMatchObject({ actor_name: support.username, target_type: 'chat_group' });
    expect(a!.before).toEqual({ order: before.map((g) => g.id) });
    expect(a!.after).toEqual({ order });

    // The player's room lists its open groups in that order.
    const m = await player(20);
    const launch = ok<{ groups: { groupId: number }[]; groupId: number }>(
      await t.call({ url: '/wps/relay/CBS_launchChat', token: m.token }),
    );
    const open = order.filter((id) => before.find((g) => g.id === id)!.enabled);
    expect(launch.groups.map((g) => g.groupId)).toEqual(open);
    expect(launch.groupId).toBe(open[0]);

    // The same order again changes nothing (409); a list missing a group is stale (409).
    refused(await bo(support, '/bo/api/chat/groups/order', { ids: order }), Errors.conflict);
    refused(
      await bo(support, '/bo/api/chat/groups/order', { ids: order.slice(1) }),
      ChatErrors.chatGroupOrderStale,
    );
    expect(await auditOf(t, 'chat.group.reorder')).toHaveLength(1);
    // Move the last to the top, as the console's "up" buttons do one step at a time.
    const next = [order.at(-1)!, ...order.slice(0, -1)];
    ok(await bo(admin, '/bo/api/chat/groups/order', { ids: next }));
    expect((await groups()).map((g) => g.id)).toEqual(next);
  });

  it('deletes a group that never held a message, audited with the whole group; one with messages (removed too) is closed instead: 409', async () => {
    const empty = ok<Row>(
      await bo(admin, '/bo/api/chat/groups/save', {
        name: `Typo ${Date.now() % 1_000_000}`,
        description: 'made by mistake',
        minRank: 3,
        reason: 'new',
      }),
    );
    const m = await player(5);
    const gone = ok<{ id: number; deleted: boolean }>(
      await bo(support, '/bo/api/chat/groups/delete', { id: empty.id, reason: 'Created by mistake' }),
    );
    expect(gone).toEqual({ id: empty.id, deleted: true });
    expect((await groups()).map((g) => g.id)).not.toContain(empty.id);
    const [d] = await auditOf(t, 'chat.group.delete');
    expect(d).toMatchObject({
      actor_name: support.username,
      target_type: 'chat_group',
      target_id: String(empty.id),
    });
    expect(d!.before).toEqual({
      name: empty.name,
      description: 'made by mistake',
      minRank: 3,
      enabled: true,
      sort: expect.any(Number),
      createdAt: empty.createdAt,
    });
    expect(d!.after).toEqual({ deleted: true, reason: 'Created by mistake' });
    // The player's room no longer has it; naming it is the unknown group's 404; deleting again 404.
    const launch = ok<{ groups: { groupId: number }[] }>(
      await t.call({ url: '/wps/relay/CBS_launchChat', token: m.token }),
    );
    expect(launch.groups.map((g) => g.groupId)).not.toContain(empty.id);
    refused(
      await t.call({ url: `/wps/chat/messages?groupId=${empty.id}`, token: m.token }),
      ChatErrors.chatGroupUnknown,
    );
    refused(
      await bo(support, '/bo/api/chat/groups/delete', { id: empty.id, reason: 'again' }),
      ChatErrors.chatGroupUnknown,
    );

    // A group with one message, removed by staff (so the room shows none): refused, kept whole.
    const held = ok<Row>(
      await bo(admin, '/bo/api/chat/groups/save', {
        name: `Kept ${Date.now() % 1_000_000}`,
        minRank: 0,
        reason: 'new',
      }),
    );
    const sent = await t.call({
      method: 'POST',
      url: '/wps/chat/messages',
      token: m.token,
      payload: { groupId: held.id, content: 'a word for the record' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    ok(await bo(support, '/bo/api/chat/messages/remove', { id: sent.json().value.id, reason: 'spam' }));
    expect((await groups()).find((g) => g.id === held.id)!.messages).toBe(0);
    const refusal = await bo(support, '/bo/api/chat/groups/delete', { id: held.id, reason: 'tidy' });
    refused(refusal, ChatErrors.chatGroupHasMessages);
    expect(refusal.json().message).toContain('close it instead');
    expect((await groups()).map((g) => g.id)).toContain(held.id);
    const kept = await t.database.db
      .selectFrom('chat_message')
      .select(['content', 'removed_by'])
      .where('group_id', '=', held.id)
      .execute();
    expect(kept).toEqual([{ content: 'a word for the record', removed_by: support.username }]);
    expect(await auditOf(t, 'chat.group.delete')).toHaveLength(1);
  });

  it('a message sent while its empty group is deleted: either the message is kept and the delete refused, or the group is gone and the message refused as unknown; never a 500', async () => {
    for (let round = 0; round < 4; round++) {
      const g = ok<Row>(
        await bo(admin, '/bo/api/chat/groups/save', {
          name: `Race ${round} ${Date.now() % 1_000_000}`,
          minRank: 0,
          reason: 'race',
        }),
      );
      const m = await player(1);
      const [sent, deleted] = await Promise.all([
        t.call({
          method: 'POST',
          url: '/wps/chat/messages',
          token: m.token,
          payload: { groupId: g.id, content: `race ${round}` },
        }),
        bo(support, '/bo/api/chat/groups/delete', { id: g.id, reason: 'race' }),
      ]);
      const messages = await t.database.db
        .selectFrom('chat_message')
        .select('id')
        .where('group_id', '=', g.id)
        .execute();
      if (deleted.statusCode === 200) {
        refused(sent, ChatErrors.chatGroupUnknown);
        expect(messages).toHaveLength(0);
      } else {
        refused(deleted, ChatErrors.chatGroupHasMessages);
        expect(sent.statusCode, sent.body).toBe(200);
        expect(messages).toHaveLength(1);
      }
    }
  });
});
