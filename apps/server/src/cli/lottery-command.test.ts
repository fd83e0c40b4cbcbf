import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playsOf } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../test/test-app.ts';
import { memberWithMoney, walletMinor } from '../modules/wallet/wallet-test-kit.ts';
import { runOpsCommand } from './commands.ts';

/**
 * The operator's lottery commands: a game added as data, an official Vietnamese result entered
 * prize by prize (the South calls the 8th prize first) then corrected whole, a void draw.
 */
let t: TestApp;
// Monday 23 November 2026, 08:00 UTC (15:00 in Vietnam): the Monday South draws are at 16:15.
let clock = Date.UTC(2026, 10, 23, 8, 0, 0);
const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, ['lottery', ...argv]);
beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { tickMs: 0 } } });
  t.app.ctx.lottery.now = () => clock;
});
afterAll(async () => {
  await t?.close();
});

describe(`npm run ops -- lottery (${testDbKind})`, () => {
  it('adds a game with its schedule as data and lists it; refuses a bad schedule', async () => {
    const out = await ops(
      'game',
      'add',
      '--code',
      'OPS2',
      '--name',
      'Ops 2 minutes',
      '--family',
      'K3',
      '--interval',
      '120',
      '--lock',
      '10',
    );
    expect(out).toMatch(/^Game OPS2 added \(gameId \d+\); \d+ numeros created\.$/);
    expect(await ops('games')).toMatch(/OPS2\s+K3\s+on\s+rng\s+lock\s+10s\s+every 120s/);
    const near = (await t.call({ method: 'GET', url: '/lgw/numeros/near?gameCode=OPS2' })).json();
    expect(near.currentNumero).toMatchObject({ numero: '20261123-0451', lockTime: 10, isSale: true });
    await expect(
      ops(
        'game',
        'add',
        '--code',
        'OPS3',
        '--name',
        'x',
        '--family',
        'K3',
        '--interval',
        '60',
        '--lock',
        '60',
      ),
    ).rejects.toThrow(/--lock must be shorter/);
    await expect(
      ops(
        'game',
        'add',
        '--code',
        'OPS2',
        '--name',
        'x',
        '--family',
        'K3',
        '--interval',
        '60',
        '--lock',
        '5',
      ),
    ).rejects.toThrow(/exists already/);
    await expect(
      ops(
        'game',
        'add',
        '--code',
        'OPS4',
        '--name',
        'x',
        '--family',
        'NOPE',
        '--interval',
        '60',
        '--lock',
        '5',
      ),
    ).rejects.toThrow();
    expect(await ops('game', 'OPS2', 'off')).toBe('Game OPS2 is off.');
    expect((await t.call({ method: 'GET', url: '/lgw/numeros/near?gameCode=OPS2' })).statusCode).toBe(404);
  });

  it('enters an official South result prize by prize, settles it, then a whole correction moves only the difference', async () => {
    expect(await ops('game', 'XSHCM', 'sandbox', 'off')).toBe('Game XSHCM: sandbox off.');
    await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
    const lo = playsOf('VNSOUTH').find((p) => p.code === 'LO2')!;
    const near = (await t.call({ method: 'GET', url: '/lgw/numeros/near?gameCode=XSHCM' })).json();
    expect(near.currentNumero).toMatchObject({ numero: '20261123', isSale: true, lockTime: 900 });
    const m = await memberWithMoney(t, 100_000);
    const stake = Math.round(lo.singleBetPrice * 100);
    const bet = await t.call({
      method: 'POST',
      url: '/lgw/orders/betting',
      token: m.token,
      payload: {
        gameId: near.gameId,
        currentNumero: '20261123',
        prizeModeId: 4,
        bettingSlipString: `27~1~${lo.playId}~1~1960~1`,
        betCartAmountSum: lo.singleBetPrice,
      },
    });
    expect(bet.statusCode, bet.body).toBe(200);
    clock = Date.UTC(2026, 10, 23, 9, 20, 0);
    // The South calls from the 8th prize up to the special.
    expect(await ops('result', 'XSHCM', '20261123', 'G8', '27')).toMatch(
      /Still missing: DB, G1, G2, G3, G4, G5, G6, G7\./,
    );
    await expect(ops('result', 'XSHCM', '20261123', 'G6', '1234,5678')).rejects.toThrow(/G6 has 3 numbers/);
    await ops('result', 'XSHCM', '20261123', 'G7', '123');
    await ops('result', 'XSHCM', '20261123', 'G6', '1111,2222,3333');
    await ops('result', 'XSHCM', '20261123', 'G5', '4444');
    await ops('result', 'XSHCM', '20261123', 'G4', '10001,10002,10003,10004,10005,10006,10007');
    await ops('result', 'XSHCM', '20261123', 'G3', '20001,20002');
    await ops('result', 'XSHCM', '20261123', 'G2', '30001');
    await ops('result', 'XSHCM', '20261123', 'G1', '40001');
    // Before the special comes in nothing is drawn or paid.
    await t.app.ctx.lottery.engine.runDraws(new Date(clock));
    expect(await walletMinor(t, m.memberId)).toBe(100_000 - stake);
    // The last prize draws the numero and settles it at once (the back office's path, decision 034).
    expect(await ops('result', 'XSHCM', '20261123', 'DB', '999999')).toMatch(/revision 0\); settled/);
    expect(await ops('draw')).toMatch(/settled \d+/);
    const oneHit = await walletMinor(t, m.memberId);
    expect(oneHit).toBeGreaterThan(100_000 - stake);
    const winNo = (await t.call({ method: 'GET', url: '/lgw/draw?gameCode=XSHCM' })).json()[0]
      .winNo as string;
    expect(winNo.split(',')).toHaveLength(18);
    expect(winNo.split(',').at(-1)).toBe('27');
    // Corrected: the 7th prize was 127, a second 27: lô pays per occurrence, so one more hit.
    const corrected = winNo.split(',');
    corrected[16] = '127';
    expect(await ops('result', 'XSHCM', '20261123', '--win-no', corrected.join(','))).toMatch(
      /revision 1.*difference/,
    );
    await ops('draw');
    const twoHits = await walletMinor(t, m.memberId);
    expect(twoHits - oneHit).toBe(oneHit - (100_000 - stake));
    const adjust = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transaction where kind = 'ADJUSTMENT' and reference = 'XSHCM-20261123'`.execute(
      t.database.db,
    );
    expect(adjust.rows[0]!.n).toBe(1);
    expect((await t.app.ctx.wallet.check()).ok).toBe(true);
  });

  it('voids a draw from the command line, refunding its bets; unknown games and numeros are usage errors', async () => {
    await t.app.ctx.lottery.engine.ensureNumeros(new Date(clock));
    const near = (await t.call({ method: 'GET', url: '/lgw/numeros/near?gameCode=SSC5' })).json();
    const m = await memberWithMoney(t, 10_000);
    const bet = await t.call({
      method: 'POST',
      url: '/lgw/orders/betting',
      token: m.token,
      payload: {
        gameId: near.gameId,
        currentNumero: near.currentNumero.numero,
        prizeModeId: 4,
        bettingSlipString: '1____~1~1016~1~1960~1',
        betCartAmountSum: 2,
      },
    });
    expect(bet.statusCode, bet.body).toBe(200);
    expect(await ops('void', 'SSC5', near.currentNumero.numero, '--reason', 'power cut')).toBe(
      'Void: 1 bets refunded (2).',
    );
    expect(await walletMinor(t, m.memberId)).toBe(10_000);
    await expect(ops('void', 'NOPE', '20261123')).rejects.toThrow(/No such lottery game/);
    await expect(ops('game', 'NOPE', 'on')).rejects.toThrow(/No game NOPE/);
    await expect(ops('frobnicate')).rejects.toThrow(/Usage/);
  });
});
