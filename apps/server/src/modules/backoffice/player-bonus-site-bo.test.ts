import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice, Errors } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { newMember, type TestMember } from '../withdraw/withdraw-test-kit.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The player's bonuses in the back office (decision 041) and the site's registration fields and
 * customer-service links (decision 052), on PGlite and PostgreSQL: what staff read, a forfeit with
 * its reason through the bonus service's one end of a grant (the ledger's BONUS_FORFEIT, audited,
 * once), and the two site settings changed with a reason, audited, refused when they do not fit,
 * and met by the player's calls at once. The permission matrix is permissions.test.ts.
 */
const { SiteBoErrors: E, BackofficeErrors: BE } = backoffice;

let t: TestApp;
let admin: SignedIn;
let finance: SignedIn;
let support: SignedIn;
let content: SignedIn;
const cli = { kind: 'cli' as const, id: null, name: 'bo-bonus-test', ip: null };

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true }, services: { jobs: { tickMs: 0 } } });
  [admin, finance, support, content] = await Promise.all([
    createSignedIn(t, 'pbs-admin', 'admin'),
    createSignedIn(t, 'pbs-fin', 'finance'),
    createSignedIn(t, 'pbs-sup', 'support'),
    createSignedIn(t, 'pbs-con', 'content'),
  ]);
}, 180_000);
afterAll(async () => t?.close());

function bo(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.call({
    method,
    url,
    headers: callerIp(),
    token: who.token,
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
}
async function ok<T = Record<string, unknown>>(res: Awaited<ReturnType<typeof bo>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}
function refused(res: Awaited<ReturnType<typeof bo>>, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().errorCode).toBe(code);
  return res.json().message as string;
}

let serial = 0;
/** A FIXED bonus promotion (a PR notice with rules): 50.00 at 4x, slots 100 %, live 10 %. */
async function fixedPromotion(): Promise<number> {
  const row = await t.database.db
    .insertInto('announcement')
    .values({
      type: 'PR',
      title: `Staff test bonus ${++serial}`,
      content: '<p>Rules</p>',
      execution: 'B',
      published_at: new Date(Date.now() - 60_000),
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.app.ctx.bonus.saveRule(cli, {
    id: row.id,
    kind: 'FIXED',
    fixedBonus: 50,
    wageringMultiplier: 4,
    wageringBase: 'BONUS',
    contributions: { SLOT: 100, LIVE: 10 },
    expiryHours: 24,
  });
  return row.id;
}

/** A member holding a claimed fixed bonus being wagered. */
async function memberWithBonus(): Promise<{ m: TestMember; promotionId: number; grantId: number }> {
  const m = await newMember(t, { money: 100 });
  const promotionId = await fixedPromotion();
  for (const path of ['MCSFE_signUpPromotionJoin', 'MCSFE_claimRafflePromotion']) {
    const res = await t.call({
      method: 'POST',
      url: `/wps/relay/${path}`,
      token: m.token,
      payload: { promotionId, raffleScheduleId: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const grant = await t.database.db
    .selectFrom('bonus_grant')
    .select('id')
    .where('member_id', '=', m.id)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  return { m, promotionId, grantId: grant.id };
}

async function wallets(memberId: number) {
  const rows = await t.database.db
    .selectFrom('ledger_account')
    .select(['wallet_type', 'balance'])
    .where('member_id', '=', memberId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.wallet_type, Number(r.balance)]));
}

describe(`back-office player bonuses (${testDbKind})`, () => {
  it("staff read a player's bonus wallet (promotion, amount, wagering, contributions, expiry), VIP level and points", async () => {
    const { m, promotionId, grantId } = await memberWithBonus();
    const b = await ok<backoffice.PlayerBonuses>(
      await bo(support, 'GET', `/bo/api/players/bonuses?id=${m.id}`),
    );
    expect(b.balance).toBe(50);
    expect(b.active).toMatchObject({
      id: grantId,
      promotionId,
      title: expect.stringMatching(/^Staff test bonus/),
      amount: 50,
      required: 200,
      wagered: 0,
      progress: 0,
      contributions: { SLOT: 100, LIVE: 10 },
      status: 'ACTIVE',
      endedAt: null,
      endedBy: null,
    });
    expect(Math.abs(b.active!.expiresAt - b.active!.createdAt - 24 * 3_600_000)).toBeLessThan(5_000);
    expect(b.history).toEqual([]);
    expect(b.vip).toEqual({ rankLevel: 1, label: expect.any(String) });
    expect(b.points).toBe(0);
    refused(await bo(support, 'GET', '/bo/api/players/bonuses?id=999999999'), 404, BE.boPlayerNotFound.code);
    refused(await bo(support, 'GET', '/bo/api/players/bonuses?id=x'), 422, Errors.invalidInput.code);
  });

  it('a forfeit with a reason returns the bonus to the house through the ledger once, audited; the player sees it forfeited', async () => {
    const { m, grantId } = await memberWithBonus();
    const before = await wallets(m.id);
    expect(before.BONUS).toBe(5_000);

    // Bad input: no reason, no grant; and a role without player.adjust.
    refused(
      await bo(finance, 'POST', '/bo/api/players/bonuses/forfeit', { id: m.id, grantId, reason: ' ' }),
      422,
      Errors.invalidInput.code,
    );
    refused(
      await bo(finance, 'POST', '/bo/api/players/bonuses/forfeit', { id: m.id, reason: 'x' }),
      422,
      Errors.invalidInput.code,
    );
    refused(
      await bo(support, 'POST', '/bo/api/players/bonuses/forfeit', { id: m.id, grantId, reason: 'abuse' }),
      403,
      BE.boPermissionDenied.code,
    );
    // Another player's grant is not this player's.
    const other = await newMember(t, { money: 0 });
    refused(
      await bo(finance, 'POST', '/bo/api/players/bonuses/forfeit', {
        id: other.id,
        grantId,
        reason: 'wrong player',
      }),
      404,
      Errors.bonusNotFound.code,
    );

    const after = await ok<backoffice.PlayerBonuses>(
      await bo(finance, 'POST', '/bo/api/players/bonuses/forfeit', {
        id: m.id,
        grantId,
        reason: 'Bonus abuse: same device as another account',
      }),
    );
    expect(after.active).toBeNull();
    expect(after.balance).toBe(0);
    expect(after.history[0]).toMatchObject({ id: grantId, status: 'FORFEITED', endedBy: 'staff:pbs-fin' });
    expect(await wallets(m.id)).toMatchObject({ BONUS: 0, MAIN: before.MAIN });
    const moves = await t.database.db
      .selectFrom('ledger_transaction')
      .select(['kind', 'memo'])
      .where('idempotency_key', '=', `bonus-end:${grantId}`)
      .execute();
    expect(moves).toEqual([{ kind: 'BONUS_FORFEIT', memo: 'Bonus forfeited' }]);
    const [entry] = (await auditOf(t, 'player.bonus.forfeit')).filter((e) => e.target_id === String(m.id));
    expect(entry).toMatchObject({
      actor_kind: 'staff',
      actor_name: 'pbs-fin',
      target_type: 'member',
      before: { grant: grantId, status: 'ACTIVE', amount: 50, required: 200, wagered: 0 },
      after: {
        grant: grantId,
        status: 'FORFEITED',
        endedBy: 'staff:pbs-fin',
        reason: 'Bonus abuse: same device as another account',
      },
    });

    // Twice: the grant has ended, nothing moves and nothing more is audited.
    refused(
      await bo(admin, 'POST', '/bo/api/players/bonuses/forfeit', { id: m.id, grantId, reason: 'again' }),
      404,
      Errors.bonusNotFound.code,
    );
    expect(
      (await auditOf(t, 'player.bonus.forfeit')).filter((e) => e.target_id === String(m.id)),
    ).toHaveLength(1);
    // The operator CLI forfeits through the same path, audited as the operator.
    const second = await memberWithBonus();
    await expect(
      runOpsCommand(t.app.ctx, ['promo', 'forfeit', String(second.grantId)], 'op-pbs'),
    ).rejects.toThrow(/--reason/);
    expect(
      await runOpsCommand(
        t.app.ctx,
        ['promo', 'forfeit', String(second.grantId), '--reason', 'Duplicate account'],
        'op-pbs',
      ),
    ).toContain('forfeited');
    const [byCli] = (await auditOf(t, 'player.bonus.forfeit')).filter(
      (e) => e.target_id === String(second.m.id),
    );
    expect(byCli).toMatchObject({
      actor_kind: 'cli',
      actor_name: 'op-pbs',
      after: { status: 'FORFEITED', endedBy: 'operator:op-pbs', reason: 'Duplicate account' },
    });
    expect(await wallets(second.m.id)).toMatchObject({ BONUS: 0 });

    const mine = await t.call({ url: '/wps/bonus', token: m.token });
    expect(mine.json().value).toMatchObject({
      active: null,
      history: [{ id: grantId, status: 'FORFEITED' }],
    });
  });
});

type Fields = backoffice.SiteRegisterFields['list'];
const playerRules = async () => (await t.call({ url: '/wps/system/setting/register' })).json().value;

describe(`back-office registration fields and customer-service links (${testDbKind})`, () => {
  it('registration fields: shown and required with a reason, audited, and the players’ register rules carry them at once', async () => {
    const read = await ok<{ list: Fields }>(await bo(admin, 'GET', '/bo/api/site/register-fields'));
    const qq = read.list.find((f) => f.field === 'qqNum')!;
    expect(qq).toMatchObject({ enabled: false, required: false, editable: true });
    expect(read.list.find((f) => f.field === 'username')).toMatchObject({ editable: false });

    const set = await ok<{ list: Fields }>(
      await bo(admin, 'POST', '/bo/api/site/register-fields/set', {
        fields: [
          { field: 'qqNum', enabled: true, required: true },
          { field: 'email', enabled: true, required: false },
        ],
        reason: 'QQ is how our support reaches new players',
      }),
    );
    expect(set.list.find((f) => f.field === 'qqNum')).toMatchObject({ enabled: true, required: true });
    const rules = await playerRules();
    expect(rules.qqNum).toMatchObject({ enabled: true, required: true });
    const entries = await auditOf(t, 'site.register-fields');
    expect(entries).toHaveLength(1);
    // Only what changed (email was already shown and optional).
    expect(entries[0]).toMatchObject({
      actor_name: 'pbs-admin',
      target_type: 'site',
      before: { qqNum: { enabled: false, required: false } },
      after: {
        qqNum: { enabled: true, required: true },
        reason: 'QQ is how our support reaches new players',
      },
    });
    expect(entries[0]!.before).not.toHaveProperty('email');

    // The same again writes nothing.
    await ok(
      await bo(admin, 'POST', '/bo/api/site/register-fields/set', {
        fields: [{ field: 'qqNum', enabled: true, required: true }],
        reason: 'again',
      }),
    );
    expect(await auditOf(t, 'site.register-fields')).toHaveLength(1);

    // Refusals: required while hidden, twice, a field staff do not set, no reason; a role without brand.edit.
    const msg = refused(
      await bo(admin, 'POST', '/bo/api/site/register-fields/set', {
        fields: [{ field: 'line', enabled: false, required: true }],
        reason: 'r',
      }),
      422,
      E.boRegisterFieldsInvalid.code,
    );
    expect(msg).toMatch(/line cannot be required/);
    refused(
      await bo(admin, 'POST', '/bo/api/site/register-fields/set', {
        fields: [
          { field: 'line', enabled: true, required: false },
          { field: 'line', enabled: false, required: false },
        ],
        reason: 'r',
      }),
      422,
      E.boRegisterFieldsInvalid.code,
    );
    for (const body of [
      { fields: [{ field: 'username', enabled: false, required: false }], reason: 'r' },
      { fields: [{ field: 'line', enabled: true, required: false }], reason: '' },
      { fields: [], reason: 'r' },
      { fields: [{ field: 'line', enabled: 'yes', required: false }], reason: 'r' },
    ])
      refused(
        await bo(admin, 'POST', '/bo/api/site/register-fields/set', body),
        422,
        Errors.invalidInput.code,
      );
    refused(
      await bo(content, 'POST', '/bo/api/site/register-fields/set', {
        fields: [{ field: 'line', enabled: true, required: false }],
        reason: 'r',
      }),
      403,
      BE.boPermissionDenied.code,
    );
    expect((await playerRules()).line).toMatchObject({ enabled: false });

    await ok(
      await bo(admin, 'POST', '/bo/api/site/register-fields/set', {
        fields: [{ field: 'qqNum', enabled: false, required: false }],
        reason: 'back as it was',
      }),
    );
    expect((await playerRules()).qqNum).toMatchObject({ enabled: false, required: false });
  });

  it('customer-service links: replaced with a reason, audited, served to players at once; the VIP service stays; unsafe addresses refused', async () => {
    await t.app.ctx.vip.setService(cli, { name: 'VIP host', path: 'https://vip.example/chat' });
    const read = await ok<backoffice.SiteServiceLinks>(await bo(admin, 'GET', '/bo/api/site/service-links'));
    expect(read.list.some((l) => l.csType === 4)).toBe(true);
    const before = read.list.filter((l) => l.csType !== 4);

    const links = [
      { csType: 3, name: 'Online service', path: 'https://chat.example/widget?site=lotus' },
      { csType: 2, name: 'Telegram', path: 'https://t.me/lotus_help' },
      { csType: 1, name: 'Help centre', path: '/help?topic=contact' },
    ];
    const set = await ok<backoffice.SiteServiceLinks>(
      await bo(admin, 'POST', '/bo/api/site/service-links/set', { links, reason: 'New chat vendor' }),
    );
    expect(set.list.filter((l) => l.csType !== 4)).toEqual(links);
    expect(set.list).toContainEqual({ csType: 4, name: 'VIP host', path: 'https://vip.example/chat' });
    const status = (await t.call({ url: '/wps/system/status', headers: callerIp() })).json().value;
    expect(status.info.customerService).toEqual(
      expect.arrayContaining(links.map((l) => ({ csType: l.csType, name: l.name, path: l.path }))),
    );
    expect(status.info.customerService).toHaveLength(4);
    const [entry] = await auditOf(t, 'site.service-links');
    expect(entry).toMatchObject({
      actor_name: 'pbs-admin',
      target_id: 'customer-service',
      before: { links: before },
      after: { links, reason: 'New chat vendor' },
    });

    for (const path of ['javascript:alert(1)', 'http://plain.example', '//evil.example/x', 'https://', 'a b'])
      refused(
        await bo(admin, 'POST', '/bo/api/site/service-links/set', {
          links: [{ csType: 3, name: 'x', path }],
          reason: 'r',
        }),
        422,
        Errors.invalidInput.code,
      );
    refused(
      await bo(admin, 'POST', '/bo/api/site/service-links/set', {
        links: [{ csType: 4, name: 'VIP', path: '/vip' }],
        reason: 'r',
      }),
      422,
      Errors.invalidInput.code,
    );
    refused(await bo(support, 'GET', '/bo/api/site/service-links'), 403, BE.boPermissionDenied.code);
    expect(await auditOf(t, 'site.service-links')).toHaveLength(1);
  });
});
