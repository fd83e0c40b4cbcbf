import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../test/test-app.ts';
import { runOpsCommand, USAGE, UsageError } from './commands.ts';
import { memberWithMoney } from '../modules/wallet/wallet-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The operator command, through the same services the running server uses. */
const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv);
const value = async (path: string, query: Record<string, string> = {}) => {
  const res = await t.call({ url: `/wps/relay/${path}?${new URLSearchParams(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
type Card = {
  vassalage: string;
  status: string;
  maintenanceFrom: number | null;
  maintenanceUntil: number | null;
};
const cards = async (): Promise<Card[]> =>
  (await value('GCSGAME_gameVendor')).flatMap((s: { vendors: Card[] }) => s.vendors);

async function usageError(argv: string[], message: RegExp) {
  const err = await ops(...argv).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `ops ${argv.join(' ')} should fail`).toBeInstanceOf(UsageError);
  expect((err as Error).message).toMatch(message);
}

describe(`operator games commands (${testDbKind})`, () => {
  it('games vendor <code> off hides the vendor in every category and its games; on shows them again', async () => {
    expect(USAGE).toContain('games vendor <code> on|off');
    const before = await value('GCSGAME_gameList', { vassalage: 'JILI', pageSize: '1' });
    expect(before.totalCount).toBeGreaterThan(0);
    expect(await ops('games', 'vendor', 'jili', 'off')).toBe('Vendor JILI is off.');
    expect((await cards()).some((c) => c.vassalage === 'JILI')).toBe(false);
    expect((await value('GCSGAME_gameList', { vassalage: 'JILI' })).totalCount).toBe(0);
    expect(await ops('games', 'vendor', 'list')).toMatch(/JILI\s+FISH\s+off/);
    expect(await ops('games', 'vendor', 'JILI', 'on')).toBe('Vendor JILI is on.');
    expect((await cards()).filter((c) => c.vassalage === 'JILI')).toHaveLength(4);
    expect((await value('GCSGAME_gameList', { vassalage: 'JILI', pageSize: '1' })).totalCount).toBe(
      before.totalCount,
    );
  });

  it('games vendor <code> maintenance --from --until shows the window on the vendor cards; clear ends it', async () => {
    const from = new Date(Date.now() - 60_000);
    const until = new Date(Date.now() + 3_600_000);
    from.setMilliseconds(0);
    until.setMilliseconds(0);
    const out = await ops(
      'games',
      'vendor',
      'PG',
      'maintenance',
      '--from',
      from.toISOString(),
      '--until',
      until.toISOString(),
    );
    expect(out).toBe(`Vendor PG: maintenance from ${from.toISOString()} until ${until.toISOString()}.`);
    const pg = (await cards()).find((c) => c.vassalage === 'PG')!;
    expect(pg).toMatchObject({
      status: 'MAINTENANCE',
      maintenanceFrom: from.getTime(),
      maintenanceUntil: until.getTime(),
    });
    // A window that has not begun is shown but the vendor is still open.
    const later = new Date(Date.now() + 86_400_000);
    later.setMilliseconds(0);
    await ops('games', 'vendor', 'PG', 'maintenance', '--from', later.toISOString());
    expect((await cards()).find((c) => c.vassalage === 'PG')).toMatchObject({
      status: 'ACTIVE',
      maintenanceFrom: later.getTime(),
      maintenanceUntil: null,
    });
    expect(await ops('games', 'vendor', 'PG', 'maintenance', 'clear')).toBe(
      'Vendor PG: maintenance window cleared.',
    );
    expect((await cards()).find((c) => c.vassalage === 'PG')).toMatchObject({
      status: 'ACTIVE',
      maintenanceFrom: null,
      maintenanceUntil: null,
    });
  });

  it('games hot <nodeId> on|off puts a game in the hot list and takes it out', async () => {
    const page = await value('GCSGAME_gameList', { gameType: 'RNG', pageSize: '200' });
    const cold = page.games.find((g: { isHot: number }) => g.isHot === 0);
    const hotList = async () =>
      (await value('GCSGAME_hotGamesV2', { vassalage: '' })).list.map((g: { nodeId: string }) => g.nodeId);
    expect(await hotList()).not.toContain(cold.nodeId);
    expect(await ops('games', 'hot', cold.nodeId, 'on')).toBe(
      `Game ${cold.nodeId} (${cold.gameName}) is hot.`,
    );
    expect(await hotList()).toContain(cold.nodeId);
    expect(await ops('games', 'hot', cold.nodeId, 'off')).toMatch(/no longer hot/);
    expect(await hotList()).not.toContain(cold.nodeId);
  });

  it('games commands refuse unknown vendors, games and malformed arguments with their usage', async () => {
    await usageError(['games', 'vendor', 'NOPE', 'off'], /Unknown vendor "NOPE"/);
    await usageError(['games', 'vendor', 'PG', 'sideways'], /Usage: games vendor/);
    await usageError(['games', 'vendor', 'PG', 'maintenance'], /needs --from/);
    await usageError(['games', 'vendor', 'PG', 'maintenance', '--from', 'tomorrow'], /ISO time/);
    await usageError(
      [
        'games',
        'vendor',
        'PG',
        'maintenance',
        '--from',
        '2030-01-02T00:00:00Z',
        '--until',
        '2030-01-01T00:00:00Z',
      ],
      /after --from/,
    );
    await usageError(['games', 'vendor', 'PG', 'on', '--force', 'x'], /Unknown option --force/);
    await usageError(['games', 'hot', '999999999', 'on'], /Unknown game/);
    await usageError(['games', 'hot', 'abc', 'on'], /Usage: games hot/);
    await usageError(['games', 'spin'], /Usage: games vendor/);
  });

  it('games room <roomId> off closes a PvP room (gone from GLS2_roomList, its launch refused); on opens it again', async () => {
    const m = await memberWithMoney(t, 1_000_000, { prefix: 'roomops' });
    const rooms = async () =>
      (await t.call({ url: '/wps/relay/GLS2_roomList', token: m.token })).json().value as Array<{
        roomId: string;
      }>;
    const room = (await rooms())[0]!.roomId;
    expect(await ops('games', 'room', room, 'off')).toBe(`Room ${room} is closed.`);
    expect((await rooms()).map((r) => r.roomId)).not.toContain(room);
    const refused = await t.call({ url: `/wps/game/launchGame?roomId=${room}`, token: m.token });
    expect(refused.statusCode).toBe(404);
    expect(await ops('games', 'room', room, 'on')).toBe(`Room ${room} is open.`);
    expect((await rooms()).map((r) => r.roomId)).toContain(room);
    await usageError(['games', 'room', 'NO-SUCH', 'off'], /Unknown room/);
    await usageError(['games', 'room', room, 'sideways'], /Usage: games room/);
  });

  it('games round <vendor> <roundId> shows a round and each of its seamless-wallet calls, and a house round from its ledger movements', async () => {
    const m = await memberWithMoney(t, 10_000, { prefix: 'roundops' });
    const sw = t.app.ctx.seamlessWallet;
    await sw.debit({
      vendor: 'PG',
      memberId: m.memberId,
      transactionId: 'ops-d1',
      roundId: 'ops-r1',
      amount: 500,
      gameCode: 'PG-1',
    });
    await sw.credit({
      vendor: 'PG',
      memberId: m.memberId,
      transactionId: 'ops-c1',
      roundId: 'ops-r1',
      amount: 1_200,
    });
    const out = await ops('games', 'round', 'pg', 'ops-r1');
    expect(out).toContain(`Round PG:ops-r1  CREDITED  member ${m.username}`);
    expect(out).toContain('stake 500  payout 1200');
    expect(out).toMatch(/DEBIT +ops-d1 +500 .*balance after 9500/);
    expect(out).toMatch(/CREDIT +ops-c1 +1200 .*balance after 10700/);
    // A house round keeps no vendor rows (migration 073): shown from its house round and its
    // ledger movements, each under its ledger key.
    const dice = await t.app.ctx.houseGames.original({ memberId: m.memberId, vendor: 'SBX' }, 'dice', {
      bet: 1,
      target: 9800,
      over: false,
    });
    const win = (dice.outcome as { totalWin: number }).totalWin;
    const house = await ops('games', 'round', 'sbx', dice.roundId);
    expect(house).toContain(`Round SBX:${dice.roundId}  CREDITED  member ${m.username}`);
    expect(house).toContain(`stake 100  payout ${win}`);
    expect(house).toMatch(/DEBIT +game:SBX:\S+ +100 +ledger \d+/);
    if (win > 0) expect(house).toMatch(new RegExp(`CREDIT +game:SBX:\\S+ +${win} .*balance after \\d+`));
    await usageError(['games', 'round', 'PG', 'nope'], /No round "nope" of vendor PG/);
    await usageError(['games', 'round', 'PG'], /Usage: games round/);
  });
});
