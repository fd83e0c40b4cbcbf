import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonusGrant, Promotion } from '@app/contract';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { runOpsCommand } from '../cli/commands.ts';
import { newMember, type TestMember } from '../modules/withdraw/withdraw-test-kit.ts';
import { isEmpty } from './seed.ts';
import { demoAnnouncements } from './demo-content.ts';
import { seedDemoPromotionRules } from './demo-promotions.ts';

/**
 * The two constants of spec B §9 the original's players know as promotions (issue 32, decision
 * 041): the Zalo follow reward "up to 131K" (PR-13) and the sign-up bonus whose text shows
 * 1000 VND, a display value (PR-14). Both are seeded content (demo-content.ts, their rules in
 * demo-promotions.ts, their Burmese, Chinese, Thai and Vietnamese versions in
 * demo-content-versions.ts), answered by the calls /promotions makes: the member's list
 * (MCSFE_getAvailablePromotions) and the guest's (MCSFE_getMerchantAvailablePromotions).
 */
const ZALO = 'Follow us on Zalo: a reward of up to 131K';
const SIGN_UP = 'Sign-up bonus: 1000 VND for new members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => t?.close());

const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv, 'op-demo-promo');

async function idOf(title: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('announcement')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function list(m: TestMember | null, language: string): Promise<Promotion[]> {
  const res = await t.call({
    url: m ? '/wps/relay/MCSFE_getAvailablePromotions' : '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    headers: { language },
    ...(m ? { token: m.token } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const value = res.json().value as Promotion[] | { content: Promotion[] };
  return Array.isArray(value) ? value : value.content;
}

async function post<T>(m: TestMember, path: string, payload: object): Promise<T> {
  const res = await t.call({ method: 'POST', url: `/wps/relay/${path}`, token: m.token, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}

async function bonus(m: TestMember) {
  const res = await t.call({ url: '/wps/bonus', token: m.token });
  return res.json().value as { balance: number; active: BonusGrant | null };
}

describe('the demo promotions of B §9 (issue 32)', () => {
  it('PR-13 PR-14 the seeded promotions list carries the Zalo reward of up to 131K and the sign-up bonus text showing 1000 VND (a display value), in English, Burmese, Chinese, Thai and Vietnamese, to a member and to a guest', async () => {
    const [zaloId, signUpId] = [await idOf(ZALO), await idOf(SIGN_UP)];
    const member = await newMember(t, { money: 0 });
    for (const language of ['en', 'my', 'zh-CN', 'th', 'vi'])
      for (const who of [member, null]) {
        const promotions = await list(who, language);
        const zalo = promotions.find((p) => p.id === zaloId)!;
        const signUp = promotions.find((p) => p.id === signUpId)!;
        // PR-13: the Zalo reward, up to 131K in the title and the text, 131,000 the rule's maximum.
        expect(zalo.title, language).toContain('Zalo');
        expect(zalo.title, language).toContain('131K');
        expect(zalo.content, language).toContain('131K');
        expect(zalo.bonus).toMatchObject({ kind: 'REQUEST', category: 'REWARD', maxBonus: 131_000 });
        // PR-14: the sign-up bonus's text shows 1000 VND; what a claim pays is the rule's (1,000).
        expect(signUp.title, language).toContain('1000 VND');
        expect(signUp.content, language).toContain('1000 VND');
        expect(signUp.bonus).toMatchObject({
          kind: 'FIXED',
          category: 'NEW_MEMBER',
          fixedBonus: 1_000,
          newMembersOnly: true,
          oncePerMember: true,
        });
        expect([zalo.status, signUp.status]).toEqual(['join', 'join']);
        if (language !== 'en') expect(zalo.title).not.toBe(ZALO);
      }
    // In Vietnamese, as the original's players read it.
    const vi = await list(member, 'vi');
    expect(vi.find((p) => p.id === zaloId)!.title).toBe('Theo dõi Zalo nhận thưởng lên đến 131K');
    expect(vi.find((p) => p.id === signUpId)!.title).toBe('Thưởng đăng ký: tặng 1000 VND cho thành viên mới');
  });

  it('PR-13 the Zalo reward is up to 131K: a member joins and asks with a remark, staff cannot give more than 131,000, and 131,000 reaches the bonus wallet', async () => {
    const zaloId = await idOf(ZALO);
    const m = await newMember(t, { money: 0 });
    const entry = await post<{ id: number; status: string }>(m, 'MCSFE_signUpPromotionJoin', {
      promotionId: zaloId,
    }).then(() =>
      post<{ id: number; status: string }>(m, 'MCSFE_signUpRequestReward', {
        promotionId: zaloId,
        pictures: [],
        remarks: 'Zalo: Nguyen Van An',
      }),
    );
    expect(entry.status).toBe('applying');
    const over = ops('promo', 'approve', String(entry.id), '--amount', '131000.01');
    await expect(over).rejects.toMatchObject({ error: { code: 'invalid.input' } });
    await expect(over).rejects.toThrow('The reward of this promotion is at most 131000');
    expect(await ops('promo', 'approve', String(entry.id), '--amount', '131000')).toContain('approved');
    const wallet = await bonus(m);
    expect(wallet.balance).toBe(131_000);
    expect(wallet.active).toMatchObject({ amount: 131_000, title: ZALO });
    expect((await list(m, 'en')).find((p) => p.id === zaloId)!.status).toBe('process');
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('PR-14 the sign-up bonus: a new member joins and claims 1,000; a member who has deposited is told it is for new members', async () => {
    const signUpId = await idOf(SIGN_UP);
    const m = await newMember(t, { money: 0 });
    await post(m, 'MCSFE_signUpPromotionJoin', { promotionId: signUpId });
    expect((await list(m, 'en')).find((p) => p.id === signUpId)!.status).toBe('claim');
    const grant = await post<BonusGrant>(m, 'MCSFE_claimRafflePromotion', { promotionId: signUpId });
    expect(grant).toMatchObject({ amount: 1_000, required: 1_000, status: 'ACTIVE' });
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);

    // A member who has deposited is no new member: the list says so ahead, and a join is refused.
    const old = await newMember(t, { money: 0 });
    const order = await t.call({
      method: 'POST',
      url: '/wps/deposit/orders',
      token: old.token,
      payload: { channelCode: 'BANK', amount: 100, payerReference: `ref ${old.username}` },
    });
    expect(order.statusCode, order.body).toBe(200);
    await ops('deposit', 'approve', (order.json().value as { orderNo: string }).orderNo);
    const seen = (await list(old, 'en')).find((p) => p.id === signUpId)!;
    expect(seen.refusal).toBe('This promotion is for new members only: you have deposited before');
    const res = await t.call({
      method: 'POST',
      url: '/wps/relay/MCSFE_signUpPromotionJoin',
      token: old.token,
      payload: { promotionId: signUpId },
    });
    expect(res.json().errorCode).toBe('promotion.not.eligible');
  });

  it('the seed is not repeated: a seeded database is not empty (a start seeds only an empty one), each demo promotion is there once, and the rules seeded again stay one each', async () => {
    expect(await isEmpty(t.database)).toBe(false);
    const titles = demoAnnouncements.filter((a) => a.type === 'PR' || a.type === 'PU').map((a) => a.title);
    expect(titles).toEqual(expect.arrayContaining([ZALO, SIGN_UP]));
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('promotion_rule')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await seedDemoPromotionRules(t.database.db);
    expect(await count()).toBe(before);
    for (const title of titles) {
      const rows = await t.database.db
        .selectFrom('announcement')
        .select('id')
        .where('title', '=', title)
        .execute();
      expect(rows, title).toHaveLength(1);
      const rules = await t.database.db
        .selectFrom('promotion_rule')
        .select('announcement_id')
        .where('announcement_id', '=', rows[0]!.id)
        .execute();
      expect(rules, title).toHaveLength(1);
    }
  });
});
