import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { backoffice, FeatureSwitch } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, type TestMember } from '../wallet/wallet-test-kit.ts';
import { tinyPng } from '../withdraw/withdraw-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The engagement desks of the back office (decision 051): promotions' rules switched on and off,
 * the reward requests' queue and what was decided with their pictures, the referral programme's
 * switch and terms, and the feedback inbox. Each call: refused without a token, with a player's
 * token and to a role without its permission; each write audited; bad input a 4xx, never a 500.
 */
const { BackofficeErrors: E } = backoffice;
let t: TestApp;
let admin: SignedIn;
let content: SignedIn;
let finance: SignedIn;
let support: SignedIn;
let readOnly: SignedIn;
let player: TestMember;
const cli = { kind: 'cli' as const, id: null, name: 'engagement-test', ip: null };

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true }, services: { jobs: { tickMs: 0 } } });
  [admin, content, finance, support, readOnly] = await Promise.all([
    createSignedIn(t, 'eng-admin', 'admin'),
    createSignedIn(t, 'eng-content', 'content'),
    createSignedIn(t, 'eng-finance', 'finance'),
    createSignedIn(t, 'eng-support', 'support'),
    createSignedIn(t, 'eng-readonly', 'read-only'),
  ]);
  player = await memberWithMoney(t, 0, { prefix: 'eng' });
}, 180_000);
afterAll(async () => t?.close());

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

async function value<T>(res: Awaited<ReturnType<typeof bo>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}

/** No token, a player's token and each listed role are refused, in that order of checks. */
async function refusedTo(url: string, payload: object | undefined, roles: SignedIn[]) {
  const none = await bo(null, url, payload);
  expect(none.statusCode, none.body).toBe(401);
  expect(none.json().errorCode).toBe(E.boNotSignedIn.code);
  const member = await bo(player.token, url, payload);
  expect(member.statusCode, member.body).toBe(401);
  for (const who of roles) {
    const res = await bo(who, url, payload);
    expect(res.statusCode, `${who.username} ${url}: ${res.body}`).toBe(403);
    expect(res.json().errorCode).toBe(E.boPermissionDenied.code);
  }
}

let serial = 0;
async function promotion(rules: Omit<backoffice.PromotionRuleBody, 'id'>): Promise<number> {
  const row = await t.database.db
    .insertInto('announcement')
    .values({
      type: 'PR',
      title: `Engagement promotion ${++serial}`,
      content: '<p>Rules</p>',
      execution: 'B',
      published_at: new Date(Date.now() - 60_000),
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.app.ctx.bonus.saveRule(cli, { id: row.id, ...rules });
  return row.id;
}

describe(`promotions in the console (${testDbKind})`, () => {
  it('switches a rule off and on: content.edit only, audited, an unknown promotion 404, a bad body 422', async () => {
    const id = await promotion({ kind: 'FIXED', fixedBonus: 10 });
    await refusedTo('/bo/api/promotions/rules/enable', { id, enabled: false }, [finance, support, readOnly]);
    const off = await value<backoffice.PromotionRule>(
      await bo(content, '/bo/api/promotions/rules/enable', { id, enabled: false }),
    );
    expect(off).toMatchObject({ id, enabled: false, kind: 'FIXED', fixedBonus: 10 });
    const list = await value<{ list: backoffice.PromotionRule[] }>(
      await bo(content, '/bo/api/promotions/rules'),
    );
    expect(list.list.find((r) => r.id === id)?.enabled).toBe(false);
    // The players' list shows it closed.
    const shown = await t.app.ctx.bonus.list(player.memberId);
    expect(shown.find((p) => p.id === id)?.status).toBe('close');
    const entry = (await auditOf(t, 'promotion.rule.enable')).at(-1);
    expect(entry).toMatchObject({ actor_name: 'eng-content', target_id: String(id) });
    expect(entry?.before).toEqual({ enabled: true });
    expect(entry?.after).toEqual({ enabled: false });
    expect(
      (
        await value<backoffice.PromotionRule>(
          await bo(admin, '/bo/api/promotions/rules/enable', { id, enabled: true }),
        )
      ).enabled,
    ).toBe(true);

    const unknown = await bo(content, '/bo/api/promotions/rules/enable', { id: 987_654_321, enabled: true });
    expect(unknown.statusCode).toBe(404);
    for (const body of [{ id, enabled: 'yes' }, { id: -1, enabled: true }, { enabled: true }]) {
      const res = await bo(content, '/bo/api/promotions/rules/enable', body);
      expect(res.statusCode, res.body).toBe(422);
    }
  });

  it('lists the queue and the decided requests with their count, serves their pictures, approves through the desk (audited)', async () => {
    const promo = await promotion({
      kind: 'REQUEST',
      fixedBonus: 20,
      wageringMultiplier: 1,
      wageringBase: 'BONUS',
    });
    const png = await tinyPng();
    const asker = await memberWithMoney(t, 0, { prefix: 'engreq' });
    const join = await t.call({
      method: 'POST',
      url: '/wps/relay/MCSFE_signUpPromotionJoin',
      token: asker.token,
      payload: { promotionId: promo },
    });
    expect(join.statusCode, join.body).toBe(200);
    const sent = await t.call({
      method: 'POST',
      url: '/wps/relay/MCSFE_signUpRequestReward',
      token: asker.token,
      payload: { promotionId: promo, pictures: [png.toString('base64')], remarks: 'My screenshot' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const requestId = sent.json().value.id as number;

    await refusedTo('/bo/api/promotions/requests', undefined, [content, support, readOnly]);
    await refusedTo(`/bo/api/promotions/requests/picture?id=${requestId}&n=0`, undefined, [content, support]);
    type Page = { list: backoffice.PromotionRequest[]; total: number };
    const queue = await value<Page>(
      await bo(finance, `/bo/api/promotions/requests?username=${asker.username.slice(0, 6).toUpperCase()}`),
    );
    const mine = queue.list.find((r) => r.id === requestId);
    expect(mine).toMatchObject({
      username: asker.username,
      pictures: 1,
      remark: 'My screenshot',
      status: 'applying',
    });
    expect(queue.total).toBeGreaterThanOrEqual(1);

    const picture = await value<backoffice.PromotionRequest & { dataUrl: string; mime: string }>(
      await bo(finance, `/bo/api/promotions/requests/picture?id=${requestId}&n=0`),
    );
    expect(picture.mime).toBe('image/png');
    expect(Buffer.from(picture.dataUrl.split(',')[1]!, 'base64').equals(png)).toBe(true);
    expect((await bo(finance, `/bo/api/promotions/requests/picture?id=${requestId}&n=1`)).statusCode).toBe(
      404,
    );
    expect((await bo(finance, `/bo/api/promotions/requests/picture?id=${requestId}&n=7`)).statusCode).toBe(
      422,
    );
    expect((await bo(finance, '/bo/api/promotions/requests?status=NOPE')).statusCode).toBe(422);
    expect((await bo(finance, '/bo/api/promotions/requests?size=0')).statusCode).toBe(422);

    const approved = await value<backoffice.PromotionRequest>(
      await bo(finance, '/bo/api/promotions/requests/approve', { id: requestId }),
    );
    expect(approved).toMatchObject({ id: requestId, decidedBy: 'eng-finance', bonus: 20 });
    expect((await auditOf(t, 'promotion.request.approve')).at(-1)).toMatchObject({
      actor_name: 'eng-finance',
      target_id: String(requestId),
    });
    const again = await bo(finance, '/bo/api/promotions/requests/approve', { id: requestId });
    expect(again.statusCode).toBe(409);
    const queueAfter = await value<Page>(await bo(finance, '/bo/api/promotions/requests'));
    expect(queueAfter.list.some((r) => r.id === requestId)).toBe(false);
    const decided = await value<Page>(await bo(finance, '/bo/api/promotions/requests?status=DECIDED&size=5'));
    expect(decided.list[0]).toMatchObject({ id: requestId, decidedBy: 'eng-finance' });
    const rejectedOnly = await value<Page>(await bo(finance, '/bo/api/promotions/requests?status=REJECTED'));
    expect(rejectedOnly.list.some((r) => r.id === requestId)).toBe(false);
    const badReject = await bo(finance, '/bo/api/promotions/requests/reject', { id: requestId, reason: '' });
    expect(badReject.statusCode).toBe(422);
  });
});

describe(`referral terms in the console (${testDbKind})`, () => {
  it('shows and changes the switch and terms together: content.edit only, audited before and after, bad amounts 422', async () => {
    await refusedTo('/bo/api/referral', undefined, [finance, support, readOnly]);
    const body = { enabled: false, reward: 12.5, minFirstDeposit: 200, minValidBet: 1000 };
    await refusedTo('/bo/api/referral', body, [finance, support, readOnly]);
    const before = await value<backoffice.ReferralProgramme>(await bo(content, '/bo/api/referral'));
    expect(before).toMatchObject({ reward: 50, minFirstDeposit: 100, minValidBet: 500 });
    const saved = await value<backoffice.ReferralProgramme>(await bo(content, '/bo/api/referral', body));
    expect(saved).toMatchObject(body);
    expect(await t.app.ctx.referral.terms()).toMatchObject({
      reward: 1250,
      minFirstDeposit: 20000,
      minValidBet: 100000,
    });
    expect(await t.app.ctx.system.isOn(FeatureSwitch.referral)).toBe(false);
    const entry = (await auditOf(t, 'referral.terms')).at(-1);
    expect(entry).toMatchObject({ actor_name: 'eng-content', target_type: 'referral' });
    expect(entry?.before).toMatchObject({ enabled: before.enabled, reward: 50 });
    expect(entry?.after).toEqual({ enabled: false, reward: 12.5, minFirstDeposit: 200, minValidBet: 1000 });
    // The players' page is closed while off.
    const summary = await t.call({ method: 'GET', url: '/wps/referral/summary', token: player.token });
    expect(summary.statusCode).not.toBe(200);
    const on = await value<backoffice.ReferralProgramme>(
      await bo(admin, '/bo/api/referral', { ...body, enabled: true }),
    );
    expect(on.enabled).toBe(true);
    expect(await t.app.ctx.system.isOn(FeatureSwitch.referral)).toBe(true);

    for (const bad of [
      { ...body, reward: -1 },
      { ...body, minValidBet: 'a lot' },
      { enabled: true },
      { ...body, enabled: 'on' },
    ]) {
      const res = await bo(content, '/bo/api/referral', bad);
      expect(res.statusCode, res.body).toBe(422);
    }
  });
});

describe(`the feedback inbox (${testDbKind})`, () => {
  it('lists feedback with its images, handled once with a reply: feedback.handle only, audited, bad input 4xx', async () => {
    const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const up = await t.call({
      method: 'POST',
      url: '/wps/feedback/image',
      token: player.token,
      headers: { ...callerIp(), 'content-type': 'image/png' },
      payload: image,
    });
    expect(up.statusCode, up.body).toBe(200);
    const imageId = up.json().value.id as string;
    const sent = await t.call({
      method: 'PUT',
      url: '/wps/feedback',
      token: player.token,
      headers: callerIp(),
      payload: {
        sender: 'Ann',
        content: 'The deposit page froze twice today.',
        type: 'BUG',
        images: [imageId],
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const feedbackId = sent.json().value.id as number;

    await refusedTo('/bo/api/feedback', undefined, [finance, content, readOnly]);
    await refusedTo('/bo/api/feedback/handle', { id: feedbackId, reply: 'ok' }, [finance, content, readOnly]);
    await refusedTo(`/bo/api/feedback/image?id=${imageId}`, undefined, [finance, content]);

    type Page = { list: backoffice.FeedbackItem[]; total: number };
    const open = await value<Page>(await bo(support, '/bo/api/feedback?type=BUG'));
    const item = open.list.find((f) => f.id === feedbackId);
    expect(item).toMatchObject({
      username: player.username,
      sender: 'Ann',
      type: 'BUG',
      images: [imageId],
      handledAt: null,
      reply: '',
    });
    expect(
      (await value<Page>(await bo(support, '/bo/api/feedback?type=PAYMENT'))).list.some(
        (f) => f.id === feedbackId,
      ),
    ).toBe(false);
    const img = await value<{ dataUrl: string }>(await bo(support, `/bo/api/feedback/image?id=${imageId}`));
    expect(img.dataUrl.startsWith('data:image/webp;base64,')).toBe(true);
    expect((await bo(support, `/bo/api/feedback/image?id=${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await bo(support, '/bo/api/feedback/image?id=../etc')).statusCode).toBe(422);

    for (const body of [
      { id: feedbackId, reply: '   ' },
      { id: feedbackId, reply: 'x'.repeat(501) },
      { id: 'abc', reply: 'ok' },
    ]) {
      const res = await bo(support, '/bo/api/feedback/handle', body);
      expect(res.statusCode, res.body).toBe(422);
    }
    expect((await bo(support, '/bo/api/feedback/handle', { id: 987_654_321, reply: 'ok' })).statusCode).toBe(
      404,
    );

    const handled = await value<backoffice.FeedbackItem>(
      await bo(support, '/bo/api/feedback/handle', {
        id: feedbackId,
        reply: 'Fixed in the next release, thank you.',
      }),
    );
    expect(handled).toMatchObject({
      id: feedbackId,
      handledBy: 'eng-support',
      reply: 'Fixed in the next release, thank you.',
    });
    expect(handled.handledAt).toBeGreaterThan(0);
    const entry = (await auditOf(t, 'feedback.handle')).at(-1);
    expect(entry).toMatchObject({
      actor_name: 'eng-support',
      target_type: 'feedback',
      target_id: String(feedbackId),
    });
    expect(entry?.after).toEqual({ handled: true, reply: 'Fixed in the next release, thank you.' });
    const twice = await bo(admin, '/bo/api/feedback/handle', { id: feedbackId, reply: 'again' });
    expect(twice.statusCode).toBe(409);

    expect(
      (await value<Page>(await bo(support, '/bo/api/feedback'))).list.some((f) => f.id === feedbackId),
    ).toBe(false);
    const done = await value<Page>(await bo(admin, '/bo/api/feedback?status=HANDLED'));
    expect(done.list[0]).toMatchObject({ id: feedbackId, handledBy: 'eng-support' });
    expect((await bo(support, '/bo/api/feedback?status=SOON')).statusCode).toBe(422);
  });
});
