import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { playHouseRound, withBlocks, type HouseGameKind, type HouseWager } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { concurrently, memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { GAMES_FREE_PLAY_HOUSE, GAMES_HOUSE } from '../games/seamless-wallet.ts';
import { HouseGamesService } from './house-games.service.ts';
import { houseTotal as houseTotalOf } from './originals-test-kit.ts';

/**
 * The house games through the HTTP stack, on PGlite and (server-postgres) PostgreSQL: seeds,
 * rounds, money through the seamless wallet, the verifier, concurrency and refusals.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const SLOT = 'lucky-lotus';
const TABLE = 'dragon-tiger';

async function json<T = Record<string, unknown>>(res: { statusCode: number; body: string }) {
  return JSON.parse(res.body) as { success: boolean; errorCode?: string; message?: string; value: T };
}

const houseTotal = (code: string) => houseTotalOf(t, code);

interface Round {
  roundId: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  serverSeed: string | null;
  bet: number;
  win: number;
  balance: number | null;
  freePlay: boolean;
  kind: HouseGameKind;
  wager: HouseWager;
  outcome: { totalWin: number };
}

const spin = (token: string, bet: unknown, gameCode = SLOT) =>
  t.call({ method: 'POST', url: '/wps/sandbox/house/spin', token, payload: { gameCode, bet } });
const state = (token: string, gameCode = SLOT) =>
  t.call({ method: 'GET', url: `/wps/sandbox/house/state?gameCode=${gameCode}`, token });

describe(`house games (${testDbKind})`, () => {
  it('the server seed hash is published before play, rounds carry it with the client seed and nonce, and rotating reveals the seed that hashes to it', async () => {
    const m = await memberWithMoney(t, 100_000);
    const before = (
      await json<{ seed: { serverSeedHash: string; clientSeed: string; nextNonce: number } }>(
        await state(m.token),
      )
    ).value;
    expect(before.seed.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.seed.nextNonce).toBe(0);

    const set = await t.call({
      method: 'POST',
      url: '/wps/sandbox/house/seed/client',
      token: m.token,
      payload: { gameCode: SLOT, clientSeed: 'my-own-seed_1' },
    });
    expect(set.statusCode).toBe(200);
    expect((await json<{ clientSeed: string }>(set)).value.clientSeed).toBe('my-own-seed_1');

    const rounds: Round[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await spin(m.token, 1);
      expect(res.statusCode).toBe(200);
      rounds.push((await json<Round>(res)).value);
    }
    expect(rounds.map((r) => r.nonce)).toEqual([0, 1, 2]);
    for (const r of rounds) {
      expect(r.serverSeedHash).toBe(before.seed.serverSeedHash);
      expect(r.clientSeed).toBe('my-own-seed_1');
      expect(r.serverSeed).toBeNull(); // not revealed while in use
    }
    // Not revealed to the verifier either, while the seed is in use.
    const early = await json<Round>(
      await t.call({ method: 'GET', url: `/wps/sandbox/house/verify?roundId=${rounds[0]!.roundId}` }),
    );
    expect(early.value.serverSeed).toBeNull();

    const rot = await t.call({
      method: 'POST',
      url: '/wps/sandbox/house/seed/rotate',
      token: m.token,
      payload: { gameCode: SLOT },
    });
    expect(rot.statusCode).toBe(200);
    const { revealed, current } = (
      await json<{
        revealed: { serverSeed: string; serverSeedHash: string; rounds: number };
        current: { serverSeedHash: string; nextNonce: number; clientSeed: string };
      }>(rot)
    ).value;
    expect(revealed.serverSeedHash).toBe(before.seed.serverSeedHash);
    expect(createHash('sha256').update(revealed.serverSeed).digest('hex')).toBe(before.seed.serverSeedHash);
    expect(revealed.rounds).toBe(3);
    expect(current.serverSeedHash).not.toBe(before.seed.serverSeedHash);
    expect(current.nextNonce).toBe(0);
    expect(current.clientSeed).toBe('my-own-seed_1');

    // After the rotation the verifier shows the seed, and the round recomputes from it.
    const after = (
      await json<Round>(
        await t.call({ method: 'GET', url: `/wps/sandbox/house/verify?roundId=${rounds[1]!.roundId}` }),
      )
    ).value;
    expect(after.serverSeed).toBe(revealed.serverSeed);
    expect(after.balance).toBeNull(); // asked without the player's token
    const replay = await withBlocks(
      { serverSeed: after.serverSeed!, clientSeed: after.clientSeed, nonce: after.nonce },
      (src) => playHouseRound(after.kind, src, after.wager),
    );
    expect(replay).toEqual(after.outcome);
  }, 120_000);

  it('a spin debits the stake and credits the win through the seamless wallet: ledger movements, one betting record and the round kept', async () => {
    const m = await memberWithMoney(t, 50_000);
    const houseBefore = await houseTotal(GAMES_HOUSE);
    const res = await spin(m.token, '2.00');
    expect(res.statusCode).toBe(200);
    const r = (await json<Round>(res)).value;
    expect(r.bet).toBe(2);
    expect(r.freePlay).toBe(false);
    const winMinor = r.outcome.totalWin;
    expect(Math.round(r.win * 100)).toBe(winMinor);
    expect(await walletMinor(t, m.memberId)).toBe(50_000 - 200 + winMinor);
    expect(Math.round(r.balance! * 100)).toBe(50_000 - 200 + winMinor);
    expect(await houseTotal(GAMES_HOUSE)).toBe(houseBefore + 200 - winMinor);

    const moves = await sql<{ kind: string; reference: string }>`
      select t.kind, t.reference from ledger_transaction t where t.reference = ${`SBX:${r.roundId}`} order by t.id`.execute(
      t.database.db,
    );
    expect(moves.rows.map((x) => x.kind)).toEqual(winMinor > 0 ? ['BET_STAKE', 'BET_PAYOUT'] : ['BET_STAKE']);
    const records = await t.database.db
      .selectFrom('bet_record')
      .selectAll()
      .where('bet_no', '=', r.roundId)
      .execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      vendor: 'SBX',
      status: 'SETTLED',
      member_id: m.memberId,
      game_code: SLOT,
    });
    expect(Number(records[0]!.bet_amount)).toBe(200);
    expect(Number(records[0]!.payout)).toBe(winMinor);
    // The member's betting record (the member centre's call) lists it.
    const list = await t.call({ method: 'GET', url: '/wps/relay/ODSFE2_getBetRecords', token: m.token });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(r.roundId);

    // History of the game, newest first.
    const hist = await json<{ content: Round[]; totalElements: number }>(
      await t.call({ method: 'GET', url: `/wps/sandbox/house/rounds?gameCode=${SLOT}`, token: m.token }),
    );
    expect(hist.value.totalElements).toBe(1);
    expect(hist.value.content[0]!.roundId).toBe(r.roundId);
  });

  it('a launched page redeems its launch token once for a play ticket; rounds are booked under the launched vendor', async () => {
    const m = await memberWithMoney(t, 20_000);
    const { sandboxVendor } = t.app.ctx;
    const launchOf = async (gameCode: string) => {
      const { gameUrl } = await sandboxVendor.launch({
        memberId: m.memberId,
        username: m.username,
        nodeId: '1',
        gameCode,
        gameType: 'RNG',
        vassalage: 'PG',
        language: 'EN',
        platform: 'html5-desktop',
        currency: 'USD',
        freePlay: false,
      });
      expect(gameUrl.startsWith(`/sandbox/games/${gameCode}?`)).toBe(true);
      return new URL(gameUrl, 'http://x').searchParams.get('launch')!;
    };
    const code = 'PG-00042';
    const token = await launchOf(code);
    const open = (launchToken: string, gameCode = code) =>
      t.call({ method: 'POST', url: '/wps/sandbox/house/ticket', payload: { gameCode, launchToken } });
    const opened = await open(token);
    expect(opened.statusCode, opened.body).toBe(200);
    const { ticket, freePlay } = (await json<{ ticket: string; freePlay: boolean }>(opened)).value;
    expect(freePlay).toBe(false);
    // Single use: the same launch token again is refused.
    expect((await json(await open(token))).errorCode).toBe('game.launch_token.invalid');
    // A token of one game does not open another.
    expect((await open(await launchOf(code), 'PG-00043')).statusCode).toBe(403);

    const headers = { 'x-house-ticket': ticket };
    const st = await t.call({ method: 'GET', url: `/wps/sandbox/house/state?gameCode=${code}`, headers });
    expect(st.statusCode).toBe(200);
    expect((await json<{ kind: string }>(st)).value.kind).toBe('slot');
    const res = await t.call({
      method: 'POST',
      url: '/wps/sandbox/house/spin',
      headers,
      payload: { gameCode: code, bet: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = (await json<Round>(res)).value;
    const rec = await t.database.db
      .selectFrom('bet_record')
      .selectAll()
      .where('bet_no', '=', r.roundId)
      .execute();
    expect(rec).toHaveLength(1);
    expect(rec[0]).toMatchObject({ vendor: 'PG', member_id: m.memberId, game_code: code });
    // The ticket plays only its own game.
    const other = await t.call({
      method: 'POST',
      url: '/wps/sandbox/house/spin',
      headers,
      payload: { gameCode: 'lucky-lotus', bet: 1 },
    });
    expect(other.statusCode).toBe(403);
  });

  it('a Dragon Tiger round settles bets per side through the wallet', async () => {
    const m = await memberWithMoney(t, 10_000);
    const res = await t.call({
      method: 'POST',
      url: '/wps/sandbox/house/round',
      token: m.token,
      payload: { gameCode: TABLE, bets: { DRAGON: 10, TIE: '1' } },
    });
    expect(res.statusCode).toBe(200);
    const r = (await json<Round & { outcome: { result: string; totalWin: number } }>(res)).value;
    expect(r.bet).toBe(11);
    const expected = { DRAGON: 2000, TIGER: 0, TIE: 500 + 1200 }[r.outcome.result]!;
    expect(r.outcome.totalWin).toBe(expected);
    expect(await walletMinor(t, m.memberId)).toBe(10_000 - 1100 + expected);
  });

  it('a trial account plays on free-play money: its rounds move against the free-play games house, never the real one', async () => {
    const trial = await memberWithMoney(t, 2_000, { agentType: 4 });
    const realBefore = await houseTotal(GAMES_HOUSE);
    const freeBefore = await houseTotal(GAMES_FREE_PLAY_HOUSE);
    const st = (await json<{ freePlay: boolean }>(await state(trial.token))).value;
    expect(st.freePlay).toBe(true);
    const r = (await json<Round>(await spin(trial.token, 1))).value;
    expect(r.freePlay).toBe(true);
    expect(await houseTotal(GAMES_HOUSE)).toBe(realBefore);
    expect(await houseTotal(GAMES_FREE_PLAY_HOUSE)).toBe(freeBefore + 100 - r.outcome.totalWin);
  });

  it('64 concurrent spins never take a balance below zero: the spins the balance cannot cover are refused', async () => {
    const m = await memberWithMoney(t, 1_000); // ten spins of 1.00
    const results = await concurrently(64, 1, () => spin(m.token, 1));
    const answers = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
    expect(answers.every((a) => a !== null)).toBe(true);
    const ok = answers.filter((a) => a!.statusCode === 200).map((a) => JSON.parse(a!.body).value as Round);
    const refused = answers.filter((a) => a!.statusCode !== 200);
    expect(ok.length).toBeGreaterThanOrEqual(10);
    // Wins pay back into the balance, so how many of the 64 it covers depends on the reels; the
    // refusals (if any) are all "not enough". The balance that covers none is checked below.
    for (const a of refused) {
      expect(a!.statusCode).toBe(409);
      expect(JSON.parse(a!.body).errorCode).toBe('wallet.balance.insufficient');
    }
    for (const r of ok) expect(r.balance).toBeGreaterThanOrEqual(0);
    const final = await walletMinor(t, m.memberId);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(final).toBe(1_000 - ok.length * 100 + ok.reduce((s, r) => s + r.outcome.totalWin, 0));
    // Every accepted spin has its own nonce of the seed.
    expect(new Set(ok.map((r) => r.nonce)).size).toBe(ok.length);
    const negative = await t.database.db
      .selectFrom('ledger_account')
      .select('id')
      .where('allow_negative', '=', false)
      .where('balance', '<', 0)
      .execute();
    expect(negative).toEqual([]);

    // A balance below one stake covers none of eight concurrent spins, and loses nothing.
    const poor = await memberWithMoney(t, 50);
    const none = await concurrently(8, 1, () => spin(poor.token, 1));
    for (const r of none) {
      expect(r.status).toBe('fulfilled');
      const a = (r as PromiseFulfilledResult<{ statusCode: number; body: string }>).value;
      expect(a.statusCode).toBe(409);
      expect(JSON.parse(a.body).errorCode).toBe('wallet.balance.insufficient');
    }
    expect(await walletMinor(t, poor.memberId)).toBe(50);
  });

  it('two server instances share a seed: each round takes its own nonce, and a client seed or rotation set on one is what the other plays next', async () => {
    const { wallet, seamlessWallet } = t.app.ctx;
    // A second server (its own seed memory) on the same database.
    const other = new HouseGamesService({ database: t.database, wallet, seamless: seamlessWallet });
    const m = await memberWithMoney(t, 1_000_000);
    const player = { memberId: m.memberId, vendor: 'SBX' };
    const here = async () => (await json<Round>(await spin(m.token, 1))).value;
    const there = async () => (await other.spin(player, SLOT, 1)) as unknown as Round;

    const played: Round[] = [await here(), await here(), await there(), await here(), await there()];
    expect(played.map((r) => r.nonce)).toEqual([0, 1, 2, 3, 4]);
    // Both at once, many times: still one nonce per round, every stake and win booked.
    const both = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? here() : there())));
    played.push(...both);
    const nonces = played.map((r) => r.nonce);
    expect(new Set(nonces).size).toBe(played.length);
    expect(await walletMinor(t, m.memberId)).toBe(
      1_000_000 - played.length * 100 + played.reduce((s, r) => s + r.outcome.totalWin, 0),
    );
    const kept = await sql<{ nonce: number }>`
      select nonce from house_round where member_id = ${m.memberId}`.execute(t.database.db);
    expect(kept.rows.map((r) => Number(r.nonce)).sort((a, b) => a - b)).toEqual(
      [...nonces].sort((a, b) => a - b),
    );

    // The other instance sets a client seed, then rotates: this one plays on what it set.
    await other.setClientSeed(player, SLOT, 'set-elsewhere');
    const afterSet = await here();
    expect(afterSet.clientSeed).toBe('set-elsewhere');
    const rotated = await other.rotate(player, SLOT);
    const afterRotate = await here();
    expect(afterRotate.serverSeedHash).toBe(rotated.current.serverSeedHash);
    expect(afterRotate.serverSeedHash).not.toBe(rotated.revealed.serverSeedHash);
    expect(afterRotate.nonce).toBe(0);
    expect(afterRotate.clientSeed).toBe('set-elsewhere');
  });

  it('a spin the balance does not cover leaves nothing: no movement, round, betting record or used nonce', async () => {
    const m = await memberWithMoney(t, 10_000);
    const count = async (table: string) =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from ${sql.table(table)} where member_id = ${m.memberId}`.execute(
            t.database.db,
          )
        ).rows[0]!.n,
      );
    const tables = ['house_round', 'game_round', 'bet_record', 'game_wallet_tx'];
    const first = (await json<Round>(await spin(m.token, 1))).value;
    const balance = await walletMinor(t, m.memberId);
    const before = await Promise.all(tables.map(count));
    // The smallest valid slot bet above the balance (a whole number of 20 line bets of 0.01).
    const tooMuch = (Math.floor(balance / 20) + 1) * 20;
    const refused = await spin(m.token, tooMuch / 100);
    expect(refused.statusCode).toBe(409);
    expect(JSON.parse(refused.body).errorCode).toBe('wallet.balance.insufficient');
    expect(await walletMinor(t, m.memberId)).toBe(balance);
    expect(await Promise.all(tables.map(count))).toEqual(before);
    const next = (await json<Round>(await spin(m.token, 1))).value;
    expect(next.nonce).toBe(first.nonce + 1);
    expect(await walletMinor(t, m.memberId)).toBe(balance - 100 + next.outcome.totalWin);
  });

  it('the verifier reproduces 1,000 random rounds from server seed, client seed and nonce', async () => {
    const m = await memberWithMoney(t, 10_000_000);
    const played: Round[] = [];
    const games = [SLOT, TABLE];
    for (let i = 0; i < 1000; i++) {
      const gameCode = games[i % 2]!;
      if (i % 97 === 0)
        await t.call({
          method: 'POST',
          url: '/wps/sandbox/house/seed/client',
          token: m.token,
          payload: { gameCode, clientSeed: randomBytes(6).toString('base64url') },
        });
      if (i % 250 === 249)
        await t.call({
          method: 'POST',
          url: '/wps/sandbox/house/seed/rotate',
          token: m.token,
          payload: { gameCode },
        });
      const res =
        gameCode === SLOT
          ? await spin(m.token, [0.2, 1, 4, 20][Math.floor(Math.random() * 4)])
          : await t.call({
              method: 'POST',
              url: '/wps/sandbox/house/round',
              token: m.token,
              payload: {
                gameCode,
                bets: { [['DRAGON', 'TIGER', 'TIE'][i % 3]!]: 2 * (1 + Math.floor(Math.random() * 5)) },
              },
            });
      expect(res.statusCode).toBe(200);
      played.push((await json<Round>(res)).value);
    }
    for (const gameCode of games)
      await t.call({
        method: 'POST',
        url: '/wps/sandbox/house/seed/rotate',
        token: m.token,
        payload: { gameCode },
      });

    let reproduced = 0;
    for (const p of played) {
      const rec = (
        await json<Round>(
          await t.call({ method: 'GET', url: `/wps/sandbox/house/verify?roundId=${p.roundId}` }),
        )
      ).value;
      expect(rec.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      expect(createHash('sha256').update(rec.serverSeed!).digest('hex')).toBe(p.serverSeedHash);
      const again = await withBlocks(
        { serverSeed: rec.serverSeed!, clientSeed: rec.clientSeed, nonce: rec.nonce },
        (src) => playHouseRound(rec.kind, src, rec.wager),
      );
      expect(again).toEqual(p.outcome);
      expect(again.totalWin).toBe(Math.round(p.win * 100));
      reproduced += 1;
    }
    expect(reproduced).toBe(1000);
  }, 300_000);

  it('bad input is refused with a clear 4xx, never a 500', async () => {
    const m = await memberWithMoney(t, 10_000);
    const cases: [string, Promise<{ statusCode: number; body: string }>, number, string][] = [
      [
        'no token',
        t.call({ method: 'POST', url: '/wps/sandbox/house/spin', payload: { gameCode: SLOT, bet: 1 } }),
        401,
        'user.or.token.invalid',
      ],
      [
        'bad ticket',
        t.call({
          method: 'GET',
          url: `/wps/sandbox/house/state?gameCode=${SLOT}`,
          headers: { 'x-house-ticket': 'nope' },
        }),
        401,
        'game.launch_token.invalid',
      ],
      ['bad game code', spin(m.token, 1, 'no such game!'), 422, 'invalid.input'],
      ['bet not a multiple of 20 line bets', spin(m.token, 0.3), 422, 'invalid.input'],
      ['negative bet', spin(m.token, -1), 422, 'amount.invalid'],
      ['bet as text', spin(m.token, 'lots'), 422, 'amount.invalid'],
      ['bet above the table limit', spin(m.token, 20_000), 422, 'amount.invalid'],
      [
        'a slot played as a table',
        t.call({
          method: 'POST',
          url: '/wps/sandbox/house/round',
          token: m.token,
          payload: { gameCode: SLOT, bets: { DRAGON: 2 } },
        }),
        422,
        'invalid.input',
      ],
      [
        'odd Dragon bet (minor units)',
        t.call({
          method: 'POST',
          url: '/wps/sandbox/house/round',
          token: m.token,
          payload: { gameCode: TABLE, bets: { DRAGON: 0.01 } },
        }),
        422,
        'invalid.input',
      ],
      [
        'empty table',
        t.call({
          method: 'POST',
          url: '/wps/sandbox/house/round',
          token: m.token,
          payload: { gameCode: TABLE, bets: {} },
        }),
        422,
        'invalid.input',
      ],
      [
        'unknown side',
        t.call({
          method: 'POST',
          url: '/wps/sandbox/house/round',
          token: m.token,
          payload: { gameCode: TABLE, bets: { PHOENIX: 2 } },
        }),
        422,
        'invalid.input',
      ],
      [
        'bad client seed',
        t.call({
          method: 'POST',
          url: '/wps/sandbox/house/seed/client',
          token: m.token,
          payload: { gameCode: SLOT, clientSeed: 'no spaces please' },
        }),
        422,
        'invalid.input',
      ],
      [
        'unknown round',
        t.call({ method: 'GET', url: '/wps/sandbox/house/verify?roundId=H0000000000000000000' }),
        404,
        'not.found',
      ],
      [
        'bad round id',
        t.call({ method: 'GET', url: '/wps/sandbox/house/verify?roundId=%27%20or%201=1' }),
        422,
        'invalid.input',
      ],
      [
        'extra field',
        t.call({
          method: 'POST',
          url: '/wps/sandbox/house/spin',
          token: m.token,
          payload: { gameCode: SLOT, bet: 1, win: 1000 },
        }),
        422,
        'invalid.input',
      ],
      [
        'launch token unknown',
        t.call({
          method: 'POST',
          url: '/wps/sandbox/house/ticket',
          payload: { gameCode: SLOT, launchToken: 'forged' },
        }),
        401,
        'game.launch_token.invalid',
      ],
    ];
    for (const [name, p, status, code] of cases) {
      const res = await p;
      expect(res.statusCode, name).toBe(status);
      const body = JSON.parse(res.body) as { success: boolean; errorCode: string; message: string };
      expect(body.success, name).toBe(false);
      if (code) expect(body.errorCode, name).toBe(code);
      expect(body.message, name).not.toMatch(/at .*\.ts:/);
    }
    // Nothing moved.
    expect(await walletMinor(t, m.memberId)).toBe(10_000);
  });
});
