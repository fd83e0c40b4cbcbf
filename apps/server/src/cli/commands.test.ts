import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../test/test-app.ts';
import { memberWithMoney } from '../modules/wallet/wallet-test-kit.ts';
import { runOpsCommand, USAGE, UsageError } from './commands.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterEach(async () => {
  await runOpsCommand(t.app.ctx, ['status', 'normal']);
});
afterAll(async () => t?.close());

/** The operator command, through the same services the running server uses. */
const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv);
const status = async (ip = '8.8.8.8') =>
  (await t.call({ url: '/wps/system/status', headers: { 'x-forwarded-for': ip } })).json().value;
const switchState = async (modId: string) => {
  const tree = (await t.call({ url: '/wps/system/whitelabel' })).json().value as {
    modId: string;
    enabled: string;
    childrenNodes: unknown[];
  };
  const flat = (nodes: (typeof tree)[]): (typeof tree)[] =>
    nodes.flatMap((n) => [n, ...flat(n.childrenNodes as (typeof tree)[])]);
  return flat([tree]).find((n) => n.modId === modId)?.enabled;
};

async function usageError(argv: string[], message: RegExp) {
  const err = await ops(...argv).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `ops ${argv.join(' ')} should fail`).toBeInstanceOf(UsageError);
  expect((err as Error).message).toMatch(message);
}

describe(`operator commands (${testDbKind})`, () => {
  it('SY-17 status maintenance --until puts the site in maintenance until that time; status normal opens it', async () => {
    const until = new Date(Date.now() + 2 * 3_600_000);
    until.setMilliseconds(0);
    const out = await ops('status', 'maintenance', '--until', until.toISOString());
    expect(out).toBe(`Status: maintenance until ${until.toISOString()}.`);
    const v = await status();
    expect(v).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: until.getTime() });
    expect(JSON.parse(await ops('status'))).toEqual({
      maintenance: true,
      maintenanceUntil: until.toISOString(),
      blockedCountries: [],
    });
    expect((await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements' })).statusCode).toBe(503);

    expect(await ops('status', 'normal')).toContain('normal');
    expect(await status()).toMatchObject({ status: 0, maintenance: false, maintenanceEnd: null });
    expect((await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements' })).statusCode).toBe(200);
  });

  it('SY-17 status maintenance without an end time, and with --until=<time>', async () => {
    expect(await ops('status', 'maintenance')).toContain('no end time');
    expect(await status()).toMatchObject({ status: 1, maintenanceEnd: null });
    const until = new Date(Date.now() + 600_000).toISOString();
    await ops('status', 'maintenance', `--until=${until}`);
    expect((await status()).maintenanceEnd).toBe(Date.parse(until));
  });

  it('SY-17 status region --block refuses callers from those countries only', async () => {
    expect(await ops('status', 'region', '--block', 'us, gb,US')).toBe(
      'Status: region restricted for US, GB.',
    );
    expect(await status('8.8.8.8')).toMatchObject({
      status: 2,
      regionRestriction: true,
      location: { ip: '8.8.8.8', country: 'US' },
    });
    expect((await status('110.54.1.1')).status).toBe(0);
    expect(JSON.parse(await ops('status')).blockedCountries).toEqual(['US', 'GB']);
    await ops('status', 'normal');
    expect((await status('8.8.8.8')).status).toBe(0);
  });

  it('SY-17 switch <modId> on|off turns a feature switch on and off, and switch list shows it', async () => {
    expect(await switchState('DIRECTREG3')).toBe('1');
    expect(await ops('switch', 'DIRECTREG3', 'off')).toBe('Switch DIRECTREG3 is off.');
    expect(await switchState('DIRECTREG3')).toBe('0');
    expect(await ops('switch', 'list')).toMatch(/DIRECTREG3\s+off/);
    expect(await ops('switch', 'directreg3', 'on')).toBe('Switch DIRECTREG3 is on.');
    expect(await switchState('DIRECTREG3')).toBe('1');
    expect(await ops('switch', 'list')).toMatch(/DIRECTREG3\s+on/);
  });

  it('notice add publishes an announcement, notice list shows it, notice remove withdraws it', async () => {
    const out = await ops(
      'notice',
      'add',
      '--title',
      'Server upgrade tonight',
      '--html',
      '<p>From <b>02:00</b> to 03:00</p>',
    );
    const id = Number(/^Notice (\d+) published\.$/.exec(out)?.[1]);
    expect(id).toBeGreaterThan(0);
    const list = await ops('notice', 'list');
    expect(list).toMatch(new RegExp(`^\\s*${id}\\s+PL\\s+\\S+\\s+Server upgrade tonight$`, 'm'));
    const announcements = (await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements' })).json().value;
    expect(announcements.player).toContainEqual(
      expect.objectContaining({
        id,
        type: 'PL',
        title: 'Server upgrade tonight',
        content: '<p>From <b>02:00</b> to 03:00</p>',
      }),
    );

    const popup = Number(
      /\d+/.exec(
        await ops(
          'notice',
          'add',
          '--title',
          'Welcome',
          '--html',
          '<p>Hi</p>',
          '--type',
          'pu',
          '--execution',
          'G',
        ),
      )![0],
    );
    const forGuests = (
      await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements?types=PU&execution=G' })
    ).json().value;
    expect(forGuests.popup.map((n: { id: number }) => n.id)).toContain(popup);
    const forPlayers = (
      await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements?types=PU&execution=L' })
    ).json().value;
    expect(forPlayers.popup.map((n: { id: number }) => n.id)).not.toContain(popup);

    expect(await ops('notice', 'remove', String(id))).toBe(`Notice ${id} removed.`);
    expect(await ops('notice', 'remove', String(popup))).toBe(`Notice ${popup} removed.`);
    expect(await ops('notice', 'list')).not.toContain('Server upgrade tonight');
    const after = (await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements' })).json().value;
    expect(after.player.map((n: { id: number }) => n.id)).not.toContain(id);
    await usageError(['notice', 'remove', String(id)], new RegExp(`No active notice ${id}`));
  });

  it('issue 29 notice add --audience agents publishes to the agent centre only: agents read it, the public call never answers it, notice list marks it, notice remove withdraws it', async () => {
    const agent = await memberWithMoney(t, 0, { agentType: 1 });
    const out = await ops(
      'notice',
      'add',
      '--title',
      'Agents: new commission table',
      '--html',
      '<p>From <b>Monday</b></p>',
      '--audience',
      'agents',
    );
    const id = Number(/^Notice (\d+) published for agents\.$/.exec(out)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(await ops('notice', 'list')).toMatch(
      new RegExp(`^\\s*${id}\\s+PL\\s+\\S+\\s+AGENTS\\s+Agents: new commission table$`, 'm'),
    );
    const agentList = async () =>
      (await t.call({ url: '/wps/agent/announcements', token: agent.token })).json().value.list as {
        id: number;
        title: string;
        content: string;
      }[];
    expect(await agentList()).toContainEqual(
      expect.objectContaining({
        id,
        title: 'Agents: new commission table',
        content: '<p>From <b>Monday</b></p>',
      }),
    );
    const everyone = (
      await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H', token: agent.token })
    ).json().value;
    const publicIds = [...everyone.player, ...everyone.popup, ...everyone.promotion, ...everyone.hot].map(
      (n: { id: number }) => n.id,
    );
    expect(publicIds).not.toContain(id);

    // --audience all is the default's: a notice for everyone, which the agents' page does not hold.
    const forAll = Number(
      /\d+/.exec(
        await ops('notice', 'add', '--title', 'For all', '--html', '<p>x</p>', '--audience', 'ALL'),
      )![0],
    );
    expect((await agentList()).map((n) => n.id)).not.toContain(forAll);

    expect(await ops('notice', 'remove', String(id))).toBe(`Notice ${id} removed.`);
    expect(await ops('notice', 'remove', String(forAll))).toBe(`Notice ${forAll} removed.`);
    expect((await agentList()).map((n) => n.id)).not.toContain(id);
  });

  it('help and no command print the usage with every command', async () => {
    for (const argv of [[], ['help'], ['--help']]) expect(await ops(...argv)).toBe(USAGE);
    for (const cmd of [
      'status normal',
      'status maintenance',
      'status region --block',
      'switch <modId> on|off',
      'notice add',
      'notice list',
      'notice remove',
    ]) {
      expect(USAGE).toContain(cmd);
    }
  });

  it('bad arguments are refused with a message that says what to type, and change nothing', async () => {
    const before = await ops('status');
    await usageError(['frobnicate'], /Unknown command "frobnicate"[\s\S]*Usage:/);
    await usageError(['status', 'closed'], /use normal, maintenance or region/);
    await usageError(['status', 'maintenance', '--until', 'tomorrow'], /ISO time/);
    await usageError(['status', 'maintenance', '--until', '2020-01-01T00:00:00Z'], /in the past/);
    await usageError(['status', 'maintenance', '--until'], /--until needs a value/);
    await usageError(['status', 'maintenance', '--for', '2h'], /Unknown option --for \(allowed: --until\)/);
    await usageError(['status', 'normal', '--until', '2099-01-01'], /Unknown option --until/);
    await usageError(['status', 'region'], /needs --block/);
    await usageError(['status', 'region', '--block', 'USA,G1'], /two letters.*USA, G1/);
    await usageError(['status', 'region', '--block', ','], /two letters/);
    await usageError(['switch', 'DIRECTREG3'], /switch <modId> on\|off/);
    await usageError(['switch', 'DIRECTREG3', 'maybe'], /switch <modId> on\|off/);
    await usageError(['switch', 'DIRECTREG3', 'on', 'extra'], /switch <modId> on\|off/);
    await usageError(['switch', 'NOPE3', 'on'], /Unknown switch "NOPE3".*switch list/);
    await usageError(['notice'], /notice add\|list\|remove/);
    await usageError(['notice', 'add', '--html', '<p>x</p>'], /needs --title/);
    await usageError(['notice', 'add', '--title', '   ', '--html', '<p>x</p>'], /needs --title/);
    await usageError(['notice', 'add', '--title', 'T'], /needs --html/);
    await usageError(['notice', 'add', '--title', 'x'.repeat(201), '--html', 'h'], /at most 200/);
    await usageError(
      ['notice', 'add', '--title', 'T', '--html', 'h', '--type', 'XX'],
      /--type must be one of B, PL, PU, PR, H/,
    );
    await usageError(
      ['notice', 'add', '--title', 'T', '--html', 'h', '--execution', 'Z'],
      /--execution must be B/,
    );
    await usageError(
      ['notice', 'add', '--title', 'T', '--html', 'h', '--audience', 'staff'],
      /--audience must be all \(everyone\) or agents/,
    );
    await usageError(
      ['notice', 'add', '--title', 'T', '--html', 'h', '--colour', 'red'],
      /Unknown option --colour/,
    );
    await usageError(['notice', 'remove'], /notice remove <id>/);
    await usageError(['notice', 'remove', 'abc'], /notice remove <id>/);
    await usageError(['notice', 'remove', '-3'], /notice remove <id>/);
    await usageError(['notice', 'remove', '999999'], /No active notice 999999/);
    expect(await ops('status')).toBe(before);
    expect(await ops('notice', 'list')).not.toMatch(/\bT$/m);
  });
});
