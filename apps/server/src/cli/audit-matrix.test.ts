import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../test/test-app.ts';
import { memberWithMoney } from '../modules/wallet/wallet-test-kit.ts';
import { bindBank, newMember, submitWithdraw } from '../modules/withdraw/withdraw-test-kit.ts';
import { grantPoints } from '../modules/points/points-test-kit.ts';
import { runOpsCommand, USAGE } from './commands.ts';

/**
 * Every operator command that changes something leaves an audit entry as the OS user who ran it
 * (issue 31: "the CLI's actions are audited too, as the operator who ran them"; decision 031).
 *
 * One row per write command: the arguments (made by `argv`, which may set up what the command
 * acts on) and the audit action it must append. A command being moved onto its audited service
 * is a row with `todo` until it is; add a row with each new write command. The reads of the
 * groups listed in `READS` need no entry, and every command of those groups in the usage text
 * must be a row or a read.
 */
interface Row {
  /** The command as the usage text names it: group and action. */
  command: string;
  /** The audit action the command appends. */
  action: string;
  argv?: (t: TestApp) => Promise<string[]>;
  /** Not audited yet: what is missing. */
  todo?: string;
}

const OPERATOR = 'matrix-operator';

/** A pending bank-transfer deposit by a new member: its id. */
async function pendingDeposit(t: TestApp): Promise<string> {
  const m = await memberWithMoney(t, 0);
  const res = await t.call({
    method: 'POST',
    url: '/wps/deposit/orders',
    token: m.token,
    payload: { channelCode: 'BANK', amount: 200, payerReference: `ref ${m.username}` },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return (res.json().value as { orderNo: string }).orderNo;
}

/** A promotion (a PR notice) with reward-request rules: its id. */
async function requestPromotion(t: TestApp): Promise<string> {
  const out = await ops(t, [
    'notice',
    'add',
    '--type',
    'PR',
    '--title',
    'Matrix promo',
    '--html',
    '<p>promo</p>',
  ]);
  const id = /Notice (\d+)/.exec(out)![1]!;
  await ops(t, ['promo', 'rule', id, '--kind', 'REQUEST', '--fixed', '5']);
  return id;
}

/** A reward request waiting for staff (decision 041): its entry id. */
async function pendingRewardRequest(t: TestApp): Promise<string> {
  const promotionId = Number(await requestPromotion(t));
  const m = await memberWithMoney(t, 0);
  for (const url of ['/wps/relay/MCSFE_signUpPromotionJoin', '/wps/relay/MCSFE_signUpRequestReward']) {
    const res = await t.call({ method: 'POST', url, token: m.token, payload: { promotionId } });
    if (res.statusCode !== 200) throw new Error(res.body);
    if (url.endsWith('RequestReward')) return String(res.json().value.id as number);
  }
  throw new Error('unreachable');
}

/** A bonus being wagered (a reward request with wagering, approved): its grant id. */
async function activeBonus(t: TestApp): Promise<string> {
  const promotionId = await requestPromotion(t);
  await ops(t, ['promo', 'rule', promotionId, '--kind', 'REQUEST', '--fixed', '5', '--wagering', '10']);
  const m = await memberWithMoney(t, 0);
  let entry = 0;
  for (const url of ['/wps/relay/MCSFE_signUpPromotionJoin', '/wps/relay/MCSFE_signUpRequestReward']) {
    const res = await t.call({
      method: 'POST',
      url,
      token: m.token,
      payload: { promotionId: Number(promotionId) },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    entry = res.json().value.id as number;
  }
  await t.app.ctx.bonus.approve({ kind: 'cli', id: null, name: 'matrix-setup', ip: null }, entry);
  const g = await t.database.db
    .selectFrom('bonus_grant')
    .select('id')
    .where('entry_id', '=', entry)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  return String(g.id);
}

/** A pending withdrawal by a new member: its id. */
async function pendingWithdrawal(t: TestApp): Promise<string> {
  const m = await newMember(t, { money: 1_000 });
  const bankAccountId = await bindBank(t, m);
  const res = await submitWithdraw(t, m, { bankAccountId, amount: 100 });
  if (res.statusCode !== 200) throw new Error(res.body);
  return String(res.json().value.id as number);
}

/**
 * A payout the member says arrived short (a dispute the operator refunds or dismisses): a new
 * member's withdrawal approved and paid by the CLI, then reported partly received.
 */
async function disputedPayout(t: TestApp): Promise<string> {
  const m = await newMember(t, { money: 1_000 });
  const bankAccountId = await bindBank(t, m);
  const res = await submitWithdraw(t, m, { bankAccountId, amount: 100 });
  if (res.statusCode !== 200) throw new Error(res.body);
  const id = String(res.json().value.id as number);
  await ops(t, ['withdraw', 'approve', id]);
  await ops(t, ['withdraw', 'pay', id]);
  const relay = await t.call({
    method: 'POST',
    url: '/wps/relay/MCSFE_processC2CTransaction',
    token: m.token,
    payload: { id: Number(id), result: 'PARTLY_RECEIVED', receivedAmount: 60, remark: 'short' },
  });
  if (relay.statusCode !== 200) throw new Error(relay.body);
  return id;
}

/** A redeem of a new mall item, in process, by a new member holding the points: its id. */
async function pendingRedeem(t: TestApp): Promise<string> {
  const m = await memberWithMoney(t, 0, { paymentPassword: '135790', prefix: 'mtx' });
  await grantPoints(t, m.memberId, 10_000);
  const mall = t.app.ctx.mall;
  const goods = await mall.createGoods(
    { kind: 'cli', id: null, name: OPERATOR, ip: null },
    { name: `Matrix cup ${m.memberId}`, points: 100, quantity: 1, amount: 0, image: '/img/mall/test.png' },
  );
  const redeem = await mall.redeem(m.memberId, { goodsId: goods.id, quantity: 1, paymentPassword: '135790' });
  return String(redeem.id);
}

const ops = (t: TestApp, argv: string[]) => runOpsCommand(t.app.ctx, argv, OPERATOR);

export const WRITES: Row[] = [
  // Money (deposits, the wallet, withdrawals) and jobs.
  {
    command: 'deposit channel',
    action: 'deposit.channel.update',
    argv: async () => ['deposit', 'channel', 'BANK', '--name', 'Bank transfer (matrix)'],
  },
  {
    command: 'deposit approve',
    action: 'deposit.approve',
    argv: async (t) => ['deposit', 'approve', await pendingDeposit(t)],
  },
  {
    command: 'deposit reject',
    action: 'deposit.reject',
    argv: async (t) => ['deposit', 'reject', await pendingDeposit(t), '--reason', 'no transfer'],
  },
  { command: 'wallet mode', action: 'wallet.mode', argv: async () => ['wallet', 'mode', 'single'] },
  {
    command: 'withdraw approve',
    action: 'withdrawal.approve',
    argv: async (t) => ['withdraw', 'approve', await pendingWithdrawal(t)],
  },
  {
    command: 'withdraw reject',
    action: 'withdrawal.reject',
    argv: async (t) => ['withdraw', 'reject', await pendingWithdrawal(t), '--reason', 'matrix'],
  },
  {
    command: 'withdraw pay',
    action: 'withdrawal.pay',
    argv: async (t) => {
      const id = await pendingWithdrawal(t);
      await ops(t, ['withdraw', 'approve', id]);
      return ['withdraw', 'pay', id];
    },
  },
  {
    command: 'withdraw refund',
    action: 'withdrawal.refund',
    argv: async (t) => ['withdraw', 'refund', await disputedPayout(t), '--note', 'bank confirms'],
  },
  {
    command: 'withdraw dismiss',
    action: 'withdrawal.dismiss',
    argv: async (t) => [
      'withdraw',
      'dismiss',
      await disputedPayout(t),
      '--note',
      'bank shows it all arrived',
    ],
  },
  {
    command: 'jobs run',
    action: 'job.run',
    argv: async (t) => ['jobs', 'run', t.app.ctx.jobs.names()[0]!],
  },
  {
    command: 'message send',
    action: 'message.send',
    argv: async () => ['message', 'send', '--to', 'demo', '--subject', 'Matrix', '--body', '<p>hi</p>'],
  },
  // The back office's own.
  {
    command: 'staff create-admin',
    action: 'staff.create',
    argv: async () => ['staff', 'create-admin', 'matrix-admin'],
  },
  // The site (decision 035): each row leaves the site as the next row expects it.
  {
    command: 'status maintenance',
    action: 'site.maintenance.start',
    argv: async () => ['status', 'maintenance'],
  },
  {
    command: 'status region',
    action: 'site.regions',
    argv: async () => ['status', 'region', '--block', 'KP'],
  },
  { command: 'status normal', action: 'site.normal', argv: async () => ['status', 'normal'] },
  {
    command: 'switch',
    action: 'site.switch',
    argv: async (t) => {
      const [first] = await t.app.ctx.system.listSwitches();
      return ['switch', first!.mod_id, first!.enabled ? 'on' : 'off'];
    },
  },
  // Notices (decision 036).
  {
    command: 'notice add',
    action: 'content.notice.create',
    argv: async () => ['notice', 'add', '--title', 'Matrix', '--html', '<p>hi</p>'],
  },
  {
    command: 'notice remove',
    action: 'content.notice.delete',
    argv: async (t) => {
      const out = await ops(t, ['notice', 'add', '--title', 'Matrix gone', '--html', '<p>bye</p>']);
      return ['notice', 'remove', /Notice (\d+)/.exec(out)![1]!];
    },
  },
  // The points mall (decision 033).
  { command: 'points rate', action: 'points.rate.set', argv: async () => ['points', 'rate', 'DEPOSIT', '0'] },
  {
    command: 'points goods',
    action: 'points.goods.create',
    argv: async () => [
      'points',
      'goods',
      'add',
      '--name',
      'Matrix mug',
      '--points',
      '100',
      '--quantity',
      '1',
    ],
  },
  {
    command: 'points approve',
    action: 'points.redeem.approve',
    argv: async (t) => ['points', 'approve', await pendingRedeem(t)],
  },
  {
    command: 'points reject',
    action: 'points.redeem.reject',
    argv: async (t) => ['points', 'reject', await pendingRedeem(t), '--reason', 'matrix'],
  },
  // Promotions' bonus rules and reward requests (decision 041).
  {
    command: 'promo rule',
    action: 'promotion.rule.update',
    argv: async (t) => ['promo', 'rule', await requestPromotion(t), '--kind', 'FIXED', '--fixed', '3'],
  },
  {
    command: 'promo approve',
    action: 'promotion.request.approve',
    argv: async (t) => ['promo', 'approve', await pendingRewardRequest(t)],
  },
  {
    command: 'promo reject',
    action: 'promotion.request.reject',
    argv: async (t) => ['promo', 'reject', await pendingRewardRequest(t), '--reason', 'matrix'],
  },
  {
    command: 'promo forfeit',
    action: 'player.bonus.forfeit',
    argv: async (t) => ['promo', 'forfeit', await activeBonus(t), '--reason', 'matrix'],
  },
];

/** The commands of the groups above that change nothing. */
const READS = [
  'deposit list',
  'deposit channels',
  'ledger check',
  'withdraw list',
  'withdraw show',
  'jobs',
  'message list',
  'outbox',
  'staff list',
  'audit verify',
  'status',
  'notice list',
  'points redeems',
  'promo list',
  'promo requests',
];
/** The groups whose every usage line is a row or a read (the others' groups join as they move). */
const GROUPS = [
  'deposit',
  'ledger',
  'wallet',
  'withdraw',
  'jobs',
  'message',
  'outbox',
  'staff',
  'audit',
  'status',
  'switch',
  'notice',
  'points',
  'promo',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  if (t) await ops(t, ['wallet', 'mode', 'multi']).catch(() => undefined);
  await t?.close();
});

describe(`every CLI write is audited as its operator (${testDbKind})`, () => {
  it('every command of the covered groups in the usage text is a row or a read', () => {
    const commands = USAGE.split('\n')
      .map((l) => /^ {2}([a-z-]+)(?: ([a-z-]+))?/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null && GROUPS.includes(m[1]!))
      .map((m) => (m[2] ? `${m[1]} ${m[2]}` : m[1]!));
    expect(commands.length).toBeGreaterThan(15);
    const known = new Set([...WRITES.map((r) => r.command), ...READS]);
    for (const c of commands) expect(known.has(c) || known.has(c.split(' ')[0]!), c).toBe(true);
  });

  for (const row of WRITES) {
    if (row.todo) {
      it.todo(`${row.command} appends ${row.action} (${row.todo})`);
      continue;
    }
    it(`${row.command} appends ${row.action} as the OS user`, async () => {
      const argv = await row.argv!(t);
      const last = await t.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      await ops(t, argv);
      const entries = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', Number(last.id ?? 0))
        .where('action', '=', row.action)
        .execute();
      expect(entries, `${argv.join(' ')} left no ${row.action} entry`).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actor_kind: 'cli', actor_name: OPERATOR, actor_id: null, ip: null });
    });
  }

  it('the chain holds after every row', async () => {
    expect((await t.app.ctx.audit.verify()).ok).toBe(true);
  });
});
