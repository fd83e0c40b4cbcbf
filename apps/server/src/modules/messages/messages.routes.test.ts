import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithSession } from '../records/test-members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const send = (to: string, subject: string, body = `<p>${subject}</p>`) =>
  t.app.ctx.messages.send({ to, subject, body });

async function inbox(token: string, query = '') {
  const res = await t.call({ url: `/wps/relay/CSP_getInbox${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    content: { id: number; subject: string; content: string; read: boolean; sendTime: number }[];
    totalElements: number;
    totalPages: number;
    unread: number;
  };
}

const unread = async (token: string) =>
  (await t.call({ url: '/wps/relay/CSP_unreadCount', token })).json().value as number;

describe(`platform messages (${testDbKind})`, () => {
  it('RM-06 GET /wps/relay/CSP_unreadCount (token) returns the unread message count as a number', async () => {
    const { token } = await memberWithSession(t, 'msgcount01');
    expect((await t.call({ url: '/wps/relay/CSP_unreadCount', token })).json()).toEqual({
      success: true,
      value: 0,
    });
    await send('msgcount01', 'One');
    await send('msgcount01', 'Two');
    expect((await t.call({ url: '/wps/relay/CSP_unreadCount', token })).json()).toEqual({
      success: true,
      value: 2,
    });
    const anonymous = await t.call({ url: '/wps/relay/CSP_unreadCount' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, errorCode: 'user.or.token.invalid' });
  });

  it('CSP_getInbox answers the original shape: value.content[] with subject and read, newest first, paged and filtered', async () => {
    const { token } = await memberWithSession(t, 'msginbox01');
    for (let i = 1; i <= 5; i++) await send('msginbox01', `Message ${i}`);
    const first = await inbox(token, '?page=1&size=2&sort=sendTime:desc');
    expect(first.totalElements).toBe(5);
    expect(first.totalPages).toBe(3);
    expect(first.unread).toBe(5);
    expect(first.content.map((m) => m.subject)).toEqual(['Message 5', 'Message 4']);
    expect(first.content[0]).toMatchObject({ read: false, content: '<p>Message 5</p>' });
    expect(first.content[0]!.sendTime).toBeGreaterThan(Date.now() - 60_000);
    const last = await inbox(token, '?page=3&size=2');
    expect(last.content.map((m) => m.subject)).toEqual(['Message 1']);
    const oldest = await inbox(token, '?size=1&sort=sendTime:asc');
    expect(oldest.content[0]!.subject).toBe('Message 1');

    // The original's own query: unread only, within the last 7 days.
    const now = Date.now();
    const unreadOnly = await inbox(
      token,
      `?page=1&size=1&sort=sendTime:desc&read=false&startTime=${now - 7 * 86_400_000}&endTime=${now + 60_000}`,
    );
    expect(unreadOnly.totalElements).toBe(5);
    // The same range as date-time text (ISO, or "yyyy-MM-dd HH:mm:ss" in UTC).
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(
      (await inbox(token, `?read=false&startTime=${iso(now - 86_400_000)}&endTime=${iso(now + 60_000)}`))
        .totalElements,
    ).toBe(5);
    const plain = (ms: number) => iso(ms).slice(0, 19).replace('T', ' ');
    expect((await inbox(token, `?startTime=${encodeURIComponent(plain(now + 60_000))}`)).totalElements).toBe(
      0,
    );
    const future = await inbox(token, `?startTime=${now + 60_000}&endTime=${now + 120_000}`);
    expect(future.content).toEqual([]);
    expect((await inbox(token, '?read=true')).content).toEqual([]);
  });

  it('reading one, deleting one and marking all read change the list and the unread count', async () => {
    const { token } = await memberWithSession(t, 'msgacts01');
    for (let i = 1; i <= 3; i++) await send('msgacts01', `Act ${i}`);
    const [m3, m2, m1] = (await inbox(token)).content;

    const read = await t.call({
      url: '/wps/relay/CSP_readMessage',
      method: 'POST',
      token,
      payload: { ids: [m3!.id] },
    });
    expect(read.json()).toEqual({ success: true, value: { changed: 1, unread: 2 } });
    // Reading it again changes nothing.
    const again = await t.call({
      url: '/wps/relay/CSP_readMessage',
      method: 'POST',
      token,
      payload: { ids: [m3!.id] },
    });
    expect(again.json().value).toEqual({ changed: 0, unread: 2 });
    expect((await inbox(token, '?read=true')).content.map((m) => m.id)).toEqual([m3!.id]);

    const del = await t.call({
      url: '/wps/relay/CSP_deleteMessage',
      method: 'DELETE',
      token,
      payload: { ids: [m2!.id] },
    });
    expect(del.json()).toEqual({ success: true, value: { changed: 1, unread: 1 } });
    expect((await inbox(token)).content.map((m) => m.id)).toEqual([m3!.id, m1!.id]);
    // A deleted message is gone for every call.
    const delAgain = await t.call({
      url: '/wps/relay/CSP_deleteMessage',
      method: 'DELETE',
      token,
      payload: { ids: [m2!.id] },
    });
    expect(delAgain.statusCode).toBe(404);

    const all = await t.call({ url: '/wps/relay/CSP_readAllMessage', method: 'POST', token });
    expect(all.json()).toEqual({ success: true, value: { changed: 1, unread: 0 } });
    expect(await unread(token)).toBe(0);
    expect((await inbox(token)).content.every((m) => m.read)).toBe(true);
  });

  it("a member cannot read or delete another member's messages: every call with the other's ids is 404 and changes nothing", async () => {
    const a = await memberWithSession(t, 'msgowner01');
    const b = await memberWithSession(t, 'msgother01');
    await send('msgowner01', 'Private to A');
    await send('msgother01', 'Private to B');
    const [aMsg] = (await inbox(a.token)).content;
    const [bMsg] = (await inbox(b.token)).content;
    // B's inbox never lists A's message.
    expect((await inbox(b.token)).content.map((m) => m.subject)).toEqual(['Private to B']);

    for (const ids of [[aMsg!.id], [bMsg!.id, aMsg!.id]]) {
      const read = await t.call({
        url: '/wps/relay/CSP_readMessage',
        method: 'POST',
        token: b.token,
        payload: { ids },
      });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ success: false, errorCode: 'message.not.found' });
      const del = await t.call({
        url: '/wps/relay/CSP_deleteMessage',
        method: 'DELETE',
        token: b.token,
        payload: { ids },
      });
      expect(del.statusCode).toBe(404);
      expect(del.json()).toMatchObject({ success: false, errorCode: 'message.not.found' });
    }
    // Not even B's own message changed in the mixed calls, and A's is untouched.
    expect((await inbox(b.token)).content[0]).toMatchObject({ id: bMsg!.id, read: false });
    expect((await inbox(a.token)).content[0]).toMatchObject({ id: aMsg!.id, read: false });
    // Marking all read acts on the caller's messages only.
    await t.call({ url: '/wps/relay/CSP_readAllMessage', method: 'POST', token: b.token });
    expect(await unread(a.token)).toBe(1);
    expect(await unread(b.token)).toBe(0);
  });

  it('an operator message to all reaches every active member but trial accounts; to one member only that member', async () => {
    const one = await memberWithSession(t, 'msgall01');
    const trial = await memberWithSession(t, 'msgtrial01', 4);
    const before = await unread(one.token);
    const sent = await send('all', 'Maintenance tonight', '<p>From <b>02:00</b></p>');
    expect(sent.recipients).toBeGreaterThan(5);
    expect(await unread(one.token)).toBe(before + 1);
    expect(await unread(trial.token)).toBe(0);
    await expect(send('nobody-such', 'x')).rejects.toMatchObject({ statusCode: 404 });
    await expect(send('msgall01', '  ')).rejects.toMatchObject({ statusCode: 422 });
    const sends = await t.app.ctx.messages.recentSends(5);
    expect(sends[0]).toMatchObject({
      audience: 'all',
      subject: 'Maintenance tonight',
      recipients: sent.recipients,
    });
  });

  it('bad inbox and id input is a clean 4xx envelope', async () => {
    const { token } = await memberWithSession(t, 'msgbad01');
    for (const q of [
      '?size=0',
      '?size=51',
      '?page=0',
      '?sort=subject',
      '?read=maybe',
      '?startTime=5&endTime=4',
      '?startTime=abc',
      '?endTime=2026-13-45',
    ]) {
      const res = await t.call({ url: `/wps/relay/CSP_getInbox${q}`, token });
      expect(res.statusCode, q).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, q).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['1'] },
      { ids: [0] },
      { ids: [1.5] },
      { ids: Array(101).fill(1) },
    ]) {
      const res = await t.call({ url: '/wps/relay/CSP_readMessage', method: 'POST', token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
