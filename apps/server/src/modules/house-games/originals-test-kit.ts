import { createHash, createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  SANDBOX_VENDOR,
  blockMessage,
  playOriginal,
  type BlockSource,
  type OriginalWager,
} from '@app/contract';
import type { TestApp } from '../../test/test-app.ts';

/**
 * The house originals' server tests' shared set-up (decisions 046, 056, 057): the calls as the web
 * client makes them (on the test app or a second instance), the rows a test reads to check the
 * money (what the ledger moved for a round, open rounds, the houses' balances), the cards of an open round as only a test
 * may read them (from the server seed), and the revealed seed recomputing a played round.
 */

/** A played round as the originals' calls answer it; `O` is the game's outcome. */
export interface OriginalRound<O = { totalWin: number } & Record<string, unknown>> {
  roundId: string;
  gameCode: string;
  kind: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  serverSeed?: string | null;
  bet: number;
  win: number;
  balance?: number | null;
  freePlay: boolean;
  wager: OriginalWager;
  outcome: O;
}

/** An answer of a call with its HTTP status. */
export type HouseReply<T> = {
  statusCode: number;
  success: boolean;
  errorCode?: string;
  message?: string;
  value: T;
};

const clientHeaders = (token: string) => ({
  merchant: 'SEA888',
  device: 'web',
  language: 'en',
  authorization: token,
});

/** POST /wps/sandbox/house/<url> with the web client's headers, on `app` (a second server) or the test app. */
export async function housePost<T>(
  t: TestApp,
  token: string,
  url: string,
  payload: unknown,
  app: FastifyInstance = t.app,
): Promise<HouseReply<T>> {
  const res = await app.inject({
    method: 'POST',
    url: `/wps/sandbox/house/${url}`,
    headers: clientHeaders(token),
    payload: payload as object,
  });
  return { statusCode: res.statusCode, ...(JSON.parse(res.body) as Omit<HouseReply<T>, 'statusCode'>) };
}

/** The house state of a game as the player's page reads it, on `app` or the test app. */
export async function houseState<T = Record<string, unknown>>(
  t: TestApp,
  token: string,
  gameCode: string,
  app: FastifyInstance = t.app,
): Promise<T> {
  const res = await app.inject({
    method: 'GET',
    url: `/wps/sandbox/house/state?gameCode=${gameCode}`,
    headers: clientHeaders(token),
  });
  return JSON.parse(res.body).value as T;
}

/** What a house holds: the sum of its ledger accounts (GAMES_HOUSE, GAMES_FREE_PLAY_HOUSE). */
export async function houseTotal(t: TestApp, code: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('code', 'like', `${code}:%`)
    .execute();
  return rows.reduce((s, r) => s + Number(r.balance), 0);
}

/**
 * What the ledger moved for a round, on the member's side: the stake and payout movements (by the
 * round's reference, exactly `vendor:roundId` as the seamless wallet writes it; the vendor is the
 * sandbox's, SBX, for a signed-in player) and their totals in minor units. A house round keeps no
 * vendor-protocol rows (migration 073), so its money is read where it is, in the ledger.
 */
export async function roundMoney(t: TestApp, roundId: string, vendor: string = SANDBOX_VENDOR) {
  const rows = (
    await sql<{ kind: string; amount: string }>`
      select lt.kind, p.amount from ledger_transaction lt
      join ledger_posting p on p.transaction_id = lt.id
      join ledger_account a on a.id = p.account_id
      where lt.reference = ${`${vendor}:${roundId}`.slice(0, 100)} and a.member_id is not null`.execute(
      t.database.db,
    )
  ).rows;
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => Number(r.amount));
  const stakes = of('BET_STAKE');
  const payouts = of('BET_PAYOUT');
  return {
    stakeMovements: stakes.length,
    payoutMovements: payouts.length,
    stake: -stakes.reduce((s, a) => s + a, 0),
    payout: payouts.reduce((s, a) => s + a, 0),
  };
}

/** A round's house_round rows (one once it is settled). */
export const houseRounds = (t: TestApp, roundId: string) =>
  t.database.db.selectFrom('house_round').selectAll().where('round_id', '=', roundId).execute();

export const openRows = (t: TestApp, memberId: number) =>
  t.database.db.selectFrom('house_open_round').selectAll().where('member_id', '=', memberId).execute();

/**
 * The round went through the ledger once: one settled house round, its stake moved (in one
 * movement, or more for a blackjack double or split) and its win paid in at most one movement,
 * equal to the outcome's win (and staking `stake` minor units when given).
 */
export async function expectCreditedOnce(
  t: TestApp,
  round: { roundId: string; outcome: { totalWin: number } },
  stake?: number,
) {
  const rows = await houseRounds(t, round.roundId);
  expect(rows).toHaveLength(1);
  const money = await roundMoney(t, round.roundId, rows[0]!.vendor);
  expect(money.stakeMovements).toBeGreaterThanOrEqual(1);
  expect(money.stake).toBe(Number(rows[0]!.bet));
  if (stake !== undefined) expect(money.stake).toBe(stake);
  expect(money.payoutMovements).toBe(round.outcome.totalWin > 0 ? 1 : 0);
  expect(money.payout).toBe(round.outcome.totalWin);
  expect(Number(rows[0]!.win)).toBe(round.outcome.totalWin);
}

/** Decision 020's blocks of a round, from its seeds with node:crypto (no project code in between). */
export function seedSource(serverSeed: string, clientSeed: string, nonce: number): BlockSource {
  return (c: number) =>
    new Uint8Array(
      createHmac('sha256', serverSeed)
        .update(blockMessage(clientSeed, nonce, c))
        .digest(),
    );
}

/** The active seed of a member's game as only a test may read it: the server seed and the next nonce. */
export async function activeSeed(t: TestApp, memberId: number, gameCode: string) {
  const [row] = await t.database.db
    .selectFrom('house_seed')
    .select(['server_seed', 'next_nonce'])
    .where('member_id', '=', memberId)
    .where('game_code', '=', gameCode)
    .where('active', '=', true)
    .execute();
  return { serverSeed: row!.server_seed, nextNonce: Number(row!.next_nonce) };
}

/**
 * The open round of a member's game as only a test may read it: its blocks (from the active server
 * seed, so the cards still to come) and the moves kept so far.
 */
export async function openRoundSource(t: TestApp, memberId: number, gameCode: string) {
  const res = await sql<{ server_seed: string; client_seed: string; nonce: string; moves: unknown }>`
    select s.server_seed, o.client_seed, o.nonce, o.moves from house_open_round o join house_seed s on s.id = o.seed_id
    where o.member_id = ${memberId} and o.game_code = ${gameCode}`.execute(t.database.db);
  const row = res.rows[0]!;
  const moves = (typeof row.moves === 'string' ? JSON.parse(row.moves) : row.moves) as unknown[];
  return { source: seedSource(row.server_seed, row.client_seed, Number(row.nonce)), moves };
}

/**
 * Rotates the game's seed and holds that the revealed seed is the one each round committed to, that
 * it recomputes each round's outcome from its wager, and that the verifier call now shows it.
 */
export async function expectRevealedSeedRecomputes(
  t: TestApp,
  token: string,
  gameCode: string,
  rounds: readonly OriginalRound<unknown>[],
): Promise<string> {
  const rot = await housePost<{ revealed: { serverSeed: string } }>(t, token, 'seed/rotate', { gameCode });
  expect(rot.statusCode).toBe(200);
  const seed = rot.value.revealed.serverSeed;
  for (const round of rounds) {
    expect(createHash('sha256').update(seed).digest('hex')).toBe(round.serverSeedHash);
    expect(playOriginal(seedSource(seed, round.clientSeed, round.nonce), round.wager)).toEqual(round.outcome);
    const verify = await t.call({ method: 'GET', url: `/wps/sandbox/house/verify?roundId=${round.roundId}` });
    expect(JSON.parse(verify.body).value.serverSeed).toBe(seed);
  }
  return seed;
}
