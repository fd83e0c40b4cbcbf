import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice, Errors, FeatureSwitch, WalletErrors } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginCall } from '../session/accounts-test-kit.ts';
import { walletMinor } from '../wallet/wallet-test-kit.ts';
import { HouseAccount } from '../wallet/wallet.service.ts';
import { newMember, PASSWORD } from '../withdraw/withdraw-test-kit.ts';
import { auditOf, callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The back office's Players section and Dashboard figures (issue 31, decision 031), on PGlite and
 * on PostgreSQL (where the races are real: each call "at once" holds its own connection). The
 * permission matrix over these calls is permissions.test.ts (they are in `backofficeCalls`).
 */
const { BackofficeErrors: E } = backoffice;

let t: TestApp;
let admin: SignedIn;
let finance: SignedIn;
let finance2: SignedIn;
let support: SignedIn;
/** A text no other row of the database starts with. */
const tag = `pq${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
  admin = await createSignedIn(t, `adm-${tag}`, 'admin');
  finance = await createSignedIn(t, `fin-${tag}`, 'finance');
  finance2 = await createSignedIn(t, `fin2-${tag}`, 'finance');
  support = await createSignedIn(t, `sup-${tag}`, 'support');
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

const search = (key: string, q: string, extra = '') =>
  bo(support, 'GET', `/bo/api/players?key=${key}&q=${encodeURIComponent(q)}${extra}`);

async function ledgerAndChainHold() {
  const report = await t.app.ctx.wallet.check();
  expect(report.ok, JSON.stringify(report)).toBe(true);
  const chain = await t.app.ctx.audit.verify();
  expect(chain.ok, JSON.stringify(chain)).toBe(true);
}

async function plainMember(username: string) {
  return t.app.ctx.members.create({ username, agentType: 0, password: null });
}

describe(`back-office players (${testDbKind})`, () => {
  it('searches by each key prefix, any case, in the key order, paged on the server', async () => {
    const db = t.database.db;
    const a1 = await plainMember(`${tag}alpha1`);
    const a2 = await plainMember(`${tag}alpha2`);
    const b = await plainMember(`${tag}beta`);
    const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const octet = 1 + Math.floor(Math.random() * 250);
    const ipPrefix = `10.${octet}.${digits.slice(0, 2)}.`;
    await db
      .updateTable('member')
      .set({ email: `${tag}.Mail@Example.com`, mobile_dialing_code: '84', mobile_number: `98${digits}1` })
      .where('id', '=', a1)
      .execute();
    await db
      .updateTable('member')
      .set({ register_ip: `${ipPrefix}7` })
      .where('id', '=', a2)
      .execute();
    await db
      .updateTable('member')
      .set({ last_login_ip: `${ipPrefix}8` })
      .where('id', '=', b)
      .execute();
    await db
      .insertInto('member_known_ip')
      .values({ member_id: a1, ip: `${ipPrefix}9` })
      .execute();
    await db
      .insertInto('bank_account')
      .values({ member_id: b, bank_code: 'VCB', payee_name: 'Tran Thi B', account_number: `77${digits}123` })
      .execute();

    const names = await search('username', `${tag.toUpperCase()}ALPHA`);
    expect(names.statusCode, names.body).toBe(200);
    const v = names.json().value;
    expect(v.list.map((p: { id: number }) => p.id)).toEqual([a1, a2]);
    expect(v).toMatchObject({ total: 2, capped: false, page: 1 });
    expect(v.list[0]).toMatchObject({ username: `${tag}alpha1`, matched: `${tag}alpha1`, status: 'active' });
    // Paged: the second page of one holds the second match.
    const p2 = (await search('username', tag, '&size=1&page=2')).json().value;
    expect(p2.list.map((p: { id: number }) => p.id)).toEqual([a2]);
    expect(p2.total).toBe(3);

    const mail = (await search('email', `${tag}.MAIL@`)).json().value;
    expect(mail.list.map((p: { id: number }) => p.id)).toEqual([a1]);
    expect(mail.list[0].email).toBe(`${tag}.Mail@Example.com`);

    const phone = (await search('phone', `98${digits}`)).json().value;
    expect(phone.list.map((p: { id: number }) => p.id)).toEqual([a1]);
    expect(phone.list[0].phone).toBe(`+84 98${digits}1`);

    const bank = (await search('bank', `77${digits}`)).json().value;
    expect(bank.list.map((p: { id: number; matched: string }) => [p.id, p.matched])).toEqual([
      [b, `77${digits}123`],
    ]);

    // The registration IP, the last login IP and a login IP, in IP order.
    const ips = (await search('ip', ipPrefix)).json().value;
    expect(ips.list.map((p: { id: number; matched: string }) => [p.id, p.matched])).toEqual([
      [a2, `${ipPrefix}7`],
      [b, `${ipPrefix}8`],
      [a1, `${ipPrefix}9`],
    ]);

    // A LIKE wildcard typed in the box is matched as itself.
    expect((await search('username', `${tag}%`)).json().value.total).toBe(0);
    expect((await search('username', `${tag}_lpha`)).json().value.total).toBe(0);
  });

  it('refuses a search it cannot run with a 4xx', async () => {
    for (const url of [
      '/bo/api/players',
      '/bo/api/players?key=username',
      '/bo/api/players?key=nickname&q=abc',
      '/bo/api/players?key=phone&q=abc',
      '/bo/api/players?key=ip&q=x',
      '/bo/api/players?key=bank&q=12%2034',
      '/bo/api/players?key=username&q=a&size=1000',
    ]) {
      const res = await bo(support, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
    }
    const missing = await bo(support, 'GET', '/bo/api/players/profile?id=999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe(E.boPlayerNotFound.code);
    for (const path of ['balances', 'ledger', 'bets', 'sessions', 'logins', 'notes']) {
      const res = await bo(support, 'GET', `/bo/api/players/${path}?id=999999999`);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
    }
    const badCursor = await bo(support, 'GET', '/bo/api/players/bets?id=1&before=yesterday');
    expect(badCursor.statusCode).toBe(422);
  });

  it("reads a player's page: profile, balances, ledger and bets by cursor, sessions, logins", async () => {
    const m = await newMember(t, { money: 250 });
    const db = t.database.db;
    const now = Date.now();
    for (let i = 0; i < 3; i++)
      await db
        .insertInto('bet_record')
        .values({
          member_id: m.id,
          vendor: 'TESTV',
          bet_no: `${tag}-page-${i}`,
          product: i === 2 ? 'LOTT' : 'SLOT',
          currency: 'VND',
          bet_amount: 1000 * (i + 1),
          valid_bet: 1000 * (i + 1),
          payout: 0,
          status: 'SETTLED',
          bet_at: new Date(now - (3 - i) * 60_000),
          settled_at: new Date(now - (3 - i) * 60_000),
        })
        .execute();

    const profile = (await bo(support, 'GET', `/bo/api/players/profile?id=${m.id}`)).json().value;
    expect(profile).toMatchObject({
      id: m.id,
      username: m.username,
      status: 'active',
      mustChangePassword: false,
    });
    const balances = (await bo(support, 'GET', `/bo/api/players/balances?id=${m.id}`)).json().value;
    expect(balances.wallets).toContainEqual({ wallet: 'MAIN', balance: 250 });
    expect(balances.total).toBe(250);

    const ledger = (await bo(support, 'GET', `/bo/api/players/ledger?id=${m.id}&size=1`)).json().value;
    expect(ledger.list).toHaveLength(1);
    expect(ledger.list[0]).toMatchObject({ kind: 'DEMO_CREDIT', amount: 250, wallet: 'MAIN' });
    expect(ledger.next).toBeNull();

    const first = (await bo(support, 'GET', `/bo/api/players/bets?id=${m.id}&size=2`)).json().value;
    expect(first.list.map((b: { betNo: string }) => b.betNo)).toEqual([`${tag}-page-2`, `${tag}-page-1`]);
    expect(first.next).toMatch(/^\d+:\d+$/);
    const second = (
      await bo(support, 'GET', `/bo/api/players/bets?id=${m.id}&size=2&before=${first.next}`)
    ).json().value;
    expect(second.list.map((b: { betNo: string }) => b.betNo)).toEqual([`${tag}-page-0`]);
    expect(second.next).toBeNull();
    const lott = (await bo(support, 'GET', `/bo/api/players/bets?id=${m.id}&product=LOTT`)).json().value;
    expect(lott.list).toHaveLength(1);

    const sessions = (await bo(support, 'GET', `/bo/api/players/sessions?id=${m.id}`)).json().value;
    expect(sessions.sessions.filter((s: { live: boolean }) => s.live)).toHaveLength(1);
    const logins = (await bo(support, 'GET', `/bo/api/players/logins?id=${m.id}`)).json().value;
    expect(logins.ips.length).toBeGreaterThanOrEqual(1);
  });

  it('notes by staff: added (audited), listed newest first; an empty note is refused', async () => {
    const id = await plainMember(`${tag}note`);
    for (const body of ['called about a deposit', 'second call'])
      expect((await bo(support, 'POST', '/bo/api/players/notes', { id, body })).statusCode).toBe(200);
    const notes = (await bo(finance, 'GET', `/bo/api/players/notes?id=${id}`)).json().value;
    expect(notes.list.map((n: { body: string }) => n.body)).toEqual([
      'second call',
      'called about a deposit',
    ]);
    expect(notes.list[0]).toMatchObject({ staffId: support.id, staffName: support.username });
    const empty = await bo(support, 'POST', '/bo/api/players/notes', { id, body: '   ' });
    expect(empty.statusCode).toBe(422);
    const audit = (await auditOf(t, 'player.note')).filter((e) => e.target_id === String(id));
    expect(audit).toHaveLength(2);
    expect(audit[0]!.actor_name).toBe(support.username);
  });

  it("lock ends the player's sessions (the token is refused) and login; unlock lets the player in again; audited", async () => {
    const m = await newMember(t, { money: 0 });
    const balance = () => t.call({ method: 'GET', url: '/wps/v2/wallets/balance', token: m.token });
    expect((await balance()).statusCode).toBe(200);

    const lock = await bo(support, 'POST', '/bo/api/players/lock', { id: m.id, reason: 'chargeback fraud' });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json().value).toMatchObject({ sessionsEnded: 1, profile: { status: 'locked' } });
    expect((await balance()).statusCode).toBe(401);
    const live = await t.database.db
      .selectFrom('session')
      .select('id')
      .where('member_id', '=', m.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
    const login = await loginCall(t, { username: m.username, password: PASSWORD }, callerIp());
    expect(login.json().errorCode, login.body).toBe(Errors.accountDisabled.code);

    const again = await bo(support, 'POST', '/bo/api/players/lock', { id: m.id, reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe(E.boPlayerState.code);
    expect((await bo(support, 'POST', '/bo/api/players/lock', { id: m.id })).statusCode).toBe(422);

    const unlock = await bo(support, 'POST', '/bo/api/players/unlock', { id: m.id, reason: 'cleared' });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect(unlock.json().value.profile.status).toBe('active');
    const back = await loginCall(t, { username: m.username, password: PASSWORD }, callerIp());
    expect(back.statusCode, back.body).toBe(200);
    // The old token stays ended.
    expect((await balance()).statusCode).toBe(401);

    const [locked] = (await auditOf(t, 'player.lock')).filter((e) => e.target_id === String(m.id));
    expect(locked).toMatchObject({
      actor_name: support.username,
      actor_kind: 'staff',
      target_type: 'member',
    });
    expect(locked!.before).toMatchObject({ status: 'active', liveSessions: 1 });
    expect(locked!.after).toMatchObject({ status: 'locked', liveSessions: 0, reason: 'chargeback fraud' });
    const [unlocked] = (await auditOf(t, 'player.unlock')).filter((e) => e.target_id === String(m.id));
    expect(unlocked!.before).toMatchObject({ status: 'locked' });
    expect(unlocked!.after).toMatchObject({ status: 'active', reason: 'cleared' });
    await ledgerAndChainHold();
  });

  it('force password change: the next login must change the password (whatever the expiry switch), until a new one is set; end sessions ends the token', async () => {
    const m = await newMember(t, { money: 0 });
    const res = await bo(support, 'POST', '/bo/api/players/force-password-change', {
      id: m.id,
      reason: 'leaked',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ sessionsEnded: 1, profile: { mustChangePassword: true } });
    expect((await t.call({ method: 'GET', url: '/wps/v2/wallets/balance', token: m.token })).statusCode).toBe(
      401,
    );
    // The aged-password switch off: a forced change is required all the same.
    await t.app.ctx.system.setSwitch(FeatureSwitch.passwordExpiryChange, false);
    const login = await loginCall(t, { username: m.username, password: PASSWORD }, callerIp()).finally(() =>
      t.app.ctx.system.setSwitch(FeatureSwitch.passwordExpiryChange, true),
    );
    expect(login.statusCode, login.body).toBe(200);
    // Required whatever the aged-password switch (passwordExpiryChange) says, until a new password.
    expect(login.json().value).toMatchObject({
      passwordExpired: true,
      forceChangePassword: true,
      changePasswordReason: 'expired',
    });

    const token = login.json().value.token as string;
    const end = await bo(support, 'POST', '/bo/api/players/end-sessions', {
      id: m.id,
      reason: 'asked by phone',
    });
    expect(end.json().value.sessionsEnded).toBe(1);
    expect((await t.call({ method: 'GET', url: '/wps/v2/wallets/balance', token })).statusCode).toBe(401);
    // A new password lifts the requirement.
    await t.app.ctx.members.setPassword(m.id, 'Fresh5678');
    const after = await loginCall(t, { username: m.username, password: 'Fresh5678' }, callerIp());
    expect(after.json().value).toMatchObject({ passwordExpired: false, forceChangePassword: false });
    expect((await auditOf(t, 'player.force-password-change')).some((e) => e.target_id === String(m.id))).toBe(
      true,
    );
    expect((await auditOf(t, 'player.end-sessions')).some((e) => e.target_id === String(m.id))).toBe(true);
  });

  it('adjusts a balance: an ADJUSTMENT movement from the house adjustment account, exact in the ledger, audited', async () => {
    const m = await newMember(t, { money: 0 });
    const adjust = (who: SignedIn, body: object) => bo(who, 'POST', '/bo/api/players/adjust', body);
    const key = `k${randomBytes(8).toString('hex')}`;
    const credit = await adjust(finance, {
      id: m.id,
      direction: 'credit',
      amount: 150.5,
      reason: 'goodwill',
      requestKey: key,
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().value).toMatchObject({ replayed: false, balances: { total: 150.5 } });
    const txId = credit.json().value.transactionId as number;
    const precision = t.app.ctx.wallet.currency().precision;
    const minor = Math.round(150.5 * 10 ** precision);
    expect(await walletMinor(t, m.id)).toBe(minor);

    // The movement: its own kind, the player's wallet credited, the house adjustment account debited.
    const tx = await t.database.db
      .selectFrom('ledger_transaction')
      .select(['kind', 'memo'])
      .where('id', '=', txId)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'ADJUSTMENT', memo: 'goodwill' });
    const postings = await t.database.db
      .selectFrom('ledger_posting as p')
      .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
      .select(['p.amount', 'a.member_id', 'a.code'])
      .where('p.transaction_id', '=', txId)
      .orderBy('p.amount')
      .execute();
    expect(postings.map((p) => Number(p.amount))).toEqual([-minor, minor]);
    expect(postings[0]!.code).toMatch(new RegExp(`^${HouseAccount.adjustment}`));
    expect(Number(postings[1]!.member_id)).toBe(m.id);

    // A replay of the key moves nothing and is not audited again; another amount under it is refused.
    const replay = await adjust(finance2, {
      id: m.id,
      direction: 'credit',
      amount: 150.5,
      reason: 'goodwill',
      requestKey: key,
    });
    expect(replay.json().value).toMatchObject({ transactionId: txId, replayed: true });
    expect(await walletMinor(t, m.id)).toBe(minor);
    const reused = await adjust(finance, {
      id: m.id,
      direction: 'credit',
      amount: 99,
      reason: 'x',
      requestKey: key,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errorCode).toBe(WalletErrors.idempotencyKeyReused.code);
    const entries = (await auditOf(t, 'player.adjust')).filter((e) => e.target_id === String(m.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toEqual({ main: 0 });
    expect(entries[0]!.after).toMatchObject({
      main: 150.5,
      amount: 150.5,
      direction: 'credit',
      reason: 'goodwill',
    });

    // Never below zero.
    const over = await adjust(finance, {
      id: m.id,
      direction: 'debit',
      amount: 150.51,
      reason: 'too much',
      requestKey: `k${randomBytes(8).toString('hex')}`,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe(Errors.balanceInsufficient.code);
    expect(await walletMinor(t, m.id)).toBe(minor);

    // Bad input: no reason, a zero, more decimals than the currency has, no key, an unknown player.
    for (const body of [
      { id: m.id, direction: 'credit', amount: 1, reason: '', requestKey: 'abcdefgh1' },
      { id: m.id, direction: 'credit', amount: 0, reason: 'r', requestKey: 'abcdefgh2' },
      { id: m.id, direction: 'credit', amount: 1.0001, reason: 'r', requestKey: 'abcdefgh3' },
      { id: m.id, direction: 'credit', amount: 1, reason: 'r' },
      { id: m.id, direction: 'up', amount: 1, reason: 'r', requestKey: 'abcdefgh4' },
    ]) {
      const res = await adjust(finance, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
    }
    const nobody = await adjust(finance, {
      id: 999_999_999,
      direction: 'credit',
      amount: 1,
      reason: 'r',
      requestKey: 'abcdefgh5',
    });
    expect(nobody.statusCode).toBe(404);
    expect(
      (
        await adjust(support, {
          id: m.id,
          direction: 'credit',
          amount: 1,
          reason: 'r',
          requestKey: 'abcdefgh6',
        })
      ).statusCode,
    ).toBe(403);
    await ledgerAndChainHold();
  });

  it('two staff racing: one request key credits once; two debits that together overdraw give one debit', async () => {
    const m = await newMember(t, { money: 0 });
    const key = `race${randomBytes(8).toString('hex')}`;
    const body = { id: m.id, direction: 'credit', amount: 100, reason: 'race', requestKey: key };
    const same = await Promise.all([
      bo(finance, 'POST', '/bo/api/players/adjust', body),
      bo(finance2, 'POST', '/bo/api/players/adjust', body),
      bo(admin, 'POST', '/bo/api/players/adjust', body),
    ]);
    for (const r of same) expect(r.statusCode, r.body).toBe(200);
    expect(same.filter((r) => !r.json().value.replayed)).toHaveLength(1);
    expect(new Set(same.map((r) => r.json().value.transactionId)).size).toBe(1);
    const precision = t.app.ctx.wallet.currency().precision;
    expect(await walletMinor(t, m.id)).toBe(100 * 10 ** precision);
    expect((await auditOf(t, 'player.adjust')).filter((e) => e.target_id === String(m.id))).toHaveLength(1);

    const debits = await Promise.all(
      [finance, finance2].map((who, i) =>
        bo(who, 'POST', '/bo/api/players/adjust', {
          id: m.id,
          direction: 'debit',
          amount: 70,
          reason: 'race debit',
          requestKey: `deb${i}${randomBytes(8).toString('hex')}`,
        }),
      ),
    );
    expect(debits.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await walletMinor(t, m.id)).toBe(30 * 10 ** precision);
    await ledgerAndChainHold();
  });
});

describe(`back-office dashboard figures (${testDbKind})`, () => {
  const get = (q = '') => bo(support, 'GET', `/bo/api/dashboard${q}`);

  it("counts today's bets, GGR by product and vendor, active players, deposits and pending queues", async () => {
    // The bet figures are the site fold's (decision 038): folded before each read here.
    await t.app.ctx.siteFigures.foldAll();
    const before = (await get()).json().value;
    expect(before.from).toBe(before.today);
    const vendor = `V${tag}`.toUpperCase();
    const a = await newMember(t, { money: 0 });
    const b = await newMember(t, { money: 0 });
    const now = new Date();
    const bets = [
      { m: a.id, product: 'SLOT', bet: 10_000, payout: 4_000 },
      { m: a.id, product: 'LIVE', bet: 20_000, payout: 30_000 },
      { m: b.id, product: 'SLOT', bet: 5_000, payout: 0 },
    ];
    let i = 0;
    for (const x of bets)
      await t.database.db
        .insertInto('bet_record')
        .values({
          member_id: x.m,
          vendor,
          bet_no: `${tag}-dash-${i++}`,
          product: x.product,
          currency: 'VND',
          bet_amount: x.bet,
          valid_bet: x.bet,
          payout: x.payout,
          status: 'SETTLED',
          bet_at: now,
          settled_at: now,
        })
        .execute();
    // A pending bet is no figure yet.
    await t.database.db
      .insertInto('bet_record')
      .values({
        member_id: b.id,
        vendor,
        bet_no: `${tag}-dash-pending`,
        product: 'SLOT',
        currency: 'VND',
        bet_amount: 99_000,
        status: 'PENDING',
        bet_at: now,
      })
      .execute();

    // Two credited deposits of one member today: two deposits, one first deposit.
    for (const [n, amount] of [
      [1, 50_000],
      [2, 70_000],
    ] as const) {
      // The credit the order records: a real movement (an order marked SUCCESS names its credit).
      const posted = await t.app.ctx.wallet.transfer({
        from: { house: HouseAccount.bankDeposits },
        to: { memberId: a.id },
        amount,
        kind: 'DEPOSIT',
        reference: `${tag}D${n}`,
        idempotencyKey: `${tag}-dep-${n}`,
      });
      await t.database.db
        .insertInto('deposit_order')
        .values({
          ledger_transaction_id: posted.transactionId,
          order_no: `${tag}D${n}`,
          member_id: a.id,
          channel_code: 'BANK',
          channel_type: 'BANK_TRANSFER',
          amount,
          currency: 'VND',
          status: 'SUCCESS',
          idempotency_key: `${tag}-dep-${n}`,
          bank_account: null,
          completed_at: new Date(now.getTime() + n),
        })
        .execute();
    }

    await t.app.ctx.siteFigures.foldAll();
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().value;
    const p = t.app.ctx.wallet.currency().precision;
    const major = (minor: number) => minor / 10 ** p;
    const f = after.todayFigures;
    expect(f.bets.count - before.todayFigures.bets.count).toBe(3);
    expect(f.bets.betAmount - before.todayFigures.bets.betAmount).toBeCloseTo(major(35_000), 6);
    expect(f.activePlayers - before.todayFigures.activePlayers).toBe(2);
    // Two new members registered today (newMember).
    expect(f.registrations - before.todayFigures.registrations).toBe(2);
    expect(f.firstDeposits - before.todayFigures.firstDeposits).toBe(1);
    expect(f.deposits.count - before.todayFigures.deposits.count).toBe(2);
    expect(f.deposits.amount - before.todayFigures.deposits.amount).toBeCloseTo(major(120_000), 6);
    const v = f.byVendor.find((x: { vendor: string }) => x.vendor === vendor);
    expect(v).toEqual({
      vendor,
      count: 3,
      betAmount: major(35_000),
      validBet: major(35_000),
      payout: major(34_000),
      ggr: major(1_000),
    });
    expect(after.rangeFigures).toEqual(f);
    expect(after.series).toHaveLength(1);
    expect(after.series[0].day).toBe(after.today);
    expect(after.pending).toEqual({
      deposits: expect.any(Number),
      withdrawals: expect.any(Number),
    });
  });

  it('a range: one point per day; a range backwards, too long or of no real day is refused', async () => {
    const res = await get('?from=2026-01-01&to=2026-01-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.series).toHaveLength(31);
    // Yesterday and today: today's point is today's figures; the range's players are distinct.
    const { today } = (await get()).json().value;
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const two = (await get(`?from=${yesterday}&to=${today}`)).json().value;
    expect(two.series.map((d: { day: string }) => d.day)).toEqual([yesterday, today]);
    expect(two.series[1].activePlayers).toBe(two.todayFigures.activePlayers);
    expect(two.series[1].betAmount).toBe(two.todayFigures.bets.betAmount);
    expect(two.rangeFigures.activePlayers).toBeGreaterThanOrEqual(two.todayFigures.activePlayers);
    expect(two.rangeFigures.activePlayers).toBeLessThanOrEqual(
      two.series[0].activePlayers + two.series[1].activePlayers,
    );
    for (const q of [
      '?from=2026-02-10&to=2026-02-01',
      '?from=2026-01-01&to=2026-06-01',
      '?from=2026-02-31',
    ]) {
      const bad = await get(q);
      expect(bad.statusCode, `${q}: ${bad.body}`).toBe(422);
    }
    expect((await get('?from=yesterday')).statusCode).toBe(422);
  });
});
