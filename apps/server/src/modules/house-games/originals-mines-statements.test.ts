import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { SANDBOX_VENDOR, minesMultiplier, payOf } from '@app/contract';
import { createTestApp, secondInstance, testDbKind, type TestApp } from '../../test/test-app.ts';
import { memberWithMoney, walletMinor } from '../wallet/wallet-test-kit.ts';
import { fingerprint } from '../wallet/wallet.service.ts';
import {
  expectCreditedOnce,
  housePost,
  openRows,
  roundMoney,
  type OriginalRound,
} from './originals-test-kit.ts';

/**
 * A Mines round's start and its end as one statement each (migration 078, decision 046): a warm
 * round (start, a safe tile, cash-out) is three statements; a refused start moves nothing and
 * leaves its nonce unused; a cash-out sent twice, or beside a tile, on two servers, pays once; the
 * movements carry the fingerprints WalletService.transfer gives them; a round opened on the old
 * path (with a vendor-protocol round) still ends there.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface MinesAnswer {
  open: { roundId: string; nonce: number; picks: number[] } | null;
  settled: OriginalRound | null;
  balance: number;
}

const layoutOf = async (memberId: number) => {
  const v = (await openRows(t, memberId))[0]!.layout as unknown;
  const mines = Array.isArray(v) ? v.map(Number) : String(v).replace(/[{}]/g, '').split(',').map(Number);
  return { mines, safe: [...Array(25).keys()].filter((x) => !mines.includes(x)) };
};

const nextNonce = async (memberId: number) =>
  Number(
    (
      await sql<{ n: string }>`
        select next_nonce as n from house_seed where member_id = ${memberId} and game_code = 'mines' and active`.execute(
        t.database.db,
      )
    ).rows[0]?.n ?? 0,
  );

/** The member's game movements (a settled bet may earn a rebate later, paid by a job of its own). */
const movementsOf = async (memberId: number) =>
  (
    await sql<{ n: string; sum: string | null }>`
        select count(*) as n, sum(p.amount) as sum from ledger_posting p join ledger_account a on a.id = p.account_id
        join ledger_transaction lt on lt.id = p.transaction_id
        where a.member_id = ${memberId} and lt.kind in ('BET_STAKE', 'BET_PAYOUT', 'BET_REFUND')`.execute(
      t.database.db,
    )
  ).rows.map((r) => `${r.n} movements, ${r.sum ?? 0}`)[0]!;

/**
 * Counts the statements sent to the database while `run` runs: the driver's query calls (on PGlite
 * also those of a transaction, with its begin and commit; on PostgreSQL `pg` sends those as queries).
 */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const spies: { mockRestore(): void }[] = [];
  if (t.database.kind === 'pglite') {
    const pglite = (t.database as unknown as { pglite: PGlite }).pglite;
    const query = pglite.query.bind(pglite);
    const transaction = pglite.transaction.bind(pglite);
    spies.push(
      vi.spyOn(pglite, 'query').mockImplementation((...args: Parameters<PGlite['query']>) => {
        count++;
        return query(...args);
      }) as { mockRestore(): void },
      vi.spyOn(pglite, 'transaction').mockImplementation(((cb: (tx: Transaction) => Promise<unknown>) => {
        count += 2;
        return transaction((tx) => {
          const txQuery = tx.query.bind(tx);
          tx.query = ((...args: Parameters<Transaction['query']>) => {
            count++;
            return txQuery(...args);
          }) as Transaction['query'];
          return cb(tx);
        });
      }) as PGlite['transaction']) as { mockRestore(): void },
    );
  } else {
    const query = pg.Client.prototype.query;
    spies.push(
      vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        count++;
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query) as { mockRestore(): void },
    );
  }
  try {
    await run();
    return count;
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

describe(`Mines in one statement per call (${testDbKind})`, () => {
  it('a warm round (start, a safe tile, cash-out) is three statements; a mine that ends it is one', async () => {
    const m = await memberWithMoney(t, 100_000);
    const player = { memberId: m.memberId, vendor: SANDBOX_VENDOR };
    const games = t.app.ctx.houseGames;
    // The first round of this member here reads the seed and the accounts once; the house's
    // shards (a round's by its id) are read once per instance: read them all first.
    for (let i = 0; i < 256; i++)
      await t.app.ctx.seamlessWallet.roundMover(m.memberId, SANDBOX_VENDOR, `warm${i}`);
    await games.minesStart(player, 'mines', 1, 3);
    const warm = await layoutOf(m.memberId);
    await games.minesReveal(player, 'mines', warm.safe[0]!);
    await games.minesCashOut(player, 'mines');

    let layout: Awaited<ReturnType<typeof layoutOf>> | null = null;
    const start = await statementsOf(() => games.minesStart(player, 'mines', 1, 3));
    layout = await layoutOf(m.memberId);
    const tile = await statementsOf(() => games.minesReveal(player, 'mines', layout.safe[0]!));
    let cashed: Awaited<ReturnType<typeof games.minesCashOut>> | null = null;
    const cashOut = await statementsOf(async () => {
      cashed = await games.minesCashOut(player, 'mines');
    });
    expect({ start, tile, cashOut }).toEqual({ start: 1, tile: 1, cashOut: 1 });
    expect(cashed!.settled!.win).toBe(payOf(100, minesMultiplier(3, 1)) / 100);
    await expectCreditedOnce(t, cashed!.settled! as unknown as OriginalRound, 100);

    await games.minesStart(player, 'mines', 1, 3);
    const boomLayout = await layoutOf(m.memberId);
    let boom: Awaited<ReturnType<typeof games.minesReveal>> | null = null;
    const mine = await statementsOf(async () => {
      boom = await games.minesReveal(player, 'mines', boomLayout.mines[0]!);
    });
    expect(mine).toBe(1);
    expect(boom!.settled!.win).toBe(0);
    expect((boom!.settled!.outcome as { hit: number }).hit).toBe(boomLayout.mines[0]);
    await expectCreditedOnce(t, boom!.settled! as unknown as OriginalRound, 100);
    // No vendor-protocol rows for a Mines round any more (as for a Dice round since 073).
    for (const table of ['game_round', 'game_wallet_tx'] as const)
      expect(
        await t.database.db
          .selectFrom(table)
          .select('round_id')
          .where('member_id', '=', m.memberId)
          .execute(),
      ).toEqual([]);
    // One settled betting record per round, at the stake and the win.
    const records = await t.database.db
      .selectFrom('bet_record')
      .select(['bet_no', 'bet_amount', 'payout', 'status'])
      .where('member_id', '=', m.memberId)
      .execute();
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.status === 'SETTLED' && Number(r.bet_amount) === 100)).toBe(true);
  });

  it('a refused start (the balance, a round open already, a wager limit) moves nothing and leaves its nonce unused', async () => {
    const poor = await memberWithMoney(t, 50);
    const first = await housePost<MinesAnswer>(t, poor.token, 'mines/start', {
      gameCode: 'mines',
      bet: 0.1,
      mines: 3,
    });
    expect(first.statusCode, first.message).toBe(200);
    await housePost(t, poor.token, 'mines/reveal', {
      gameCode: 'mines',
      tile: (await layoutOf(poor.memberId)).mines[0],
    });
    const nonce = await nextNonce(poor.memberId);
    const moved = await movementsOf(poor.memberId);
    const refused = await housePost<MinesAnswer>(t, poor.token, 'mines/start', {
      gameCode: 'mines',
      bet: 1,
      mines: 3,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.errorCode).toBe('wallet.balance.insufficient');
    expect(await nextNonce(poor.memberId)).toBe(nonce);
    expect(await movementsOf(poor.memberId)).toBe(moved);
    expect(await openRows(t, poor.memberId)).toEqual([]);

    const m = await memberWithMoney(t, 10_000);
    expect(
      (await housePost(t, m.token, 'mines/start', { gameCode: 'mines', bet: 1, mines: 3 })).statusCode,
    ).toBe(200);
    const busyNonce = await nextNonce(m.memberId);
    const busyMoved = await movementsOf(m.memberId);
    const busy = await housePost(t, m.token, 'mines/start', { gameCode: 'mines', bet: 1, mines: 3 });
    expect(busy.statusCode).toBe(409);
    expect(await nextNonce(m.memberId)).toBe(busyNonce);
    expect(await movementsOf(m.memberId)).toBe(busyMoved);
    expect(await walletMinor(t, m.memberId)).toBe(10_000 - 100);

    // Under a wager limit the start is turned back by its statement (RG001) and made in the
    // transaction holding the limit lock: within the limit it opens, past it nothing moves.
    const limited = await memberWithMoney(t, 10_000);
    await t.app.ctx.responsible.setMoneyLimit(limited.memberId, 'wager', 'day', 1.5);
    const guard = vi.spyOn(t.app.ctx.responsible, 'stake');
    try {
      const ok = await housePost<MinesAnswer>(t, limited.token, 'mines/start', {
        gameCode: 'mines',
        bet: 1,
        mines: 24,
      });
      expect(ok.statusCode, ok.message).toBe(200);
      expect(guard).toHaveBeenCalledTimes(1);
      await housePost(t, limited.token, 'mines/reveal', {
        gameCode: 'mines',
        tile: (await layoutOf(limited.memberId)).mines[0],
      });
      const limitNonce = await nextNonce(limited.memberId);
      const limitMoved = await movementsOf(limited.memberId);
      const past = await housePost(t, limited.token, 'mines/start', { gameCode: 'mines', bet: 1, mines: 24 });
      expect(past.statusCode).toBe(409);
      expect(past.errorCode).toBe('rg.wager.limit');
      expect(await nextNonce(limited.memberId)).toBe(limitNonce);
      expect(await movementsOf(limited.memberId)).toBe(limitMoved);
      expect(await openRows(t, limited.memberId)).toEqual([]);
    } finally {
      guard.mockRestore();
    }
  });

  it('two cash-outs at once on two servers pay once; a cash-out beside a tile pays once', async () => {
    const other = await secondInstance(t, {});
    try {
      const m = await memberWithMoney(t, 100_000);
      const on = (app: typeof other) => (url: string, payload: Record<string, unknown>) =>
        housePost<MinesAnswer>(t, m.token, `mines/${url}`, { gameCode: 'mines', ...payload }, app);
      const [here, there] = [on(t.app), on(other)];

      for (let round = 0; round < 4; round++) {
        const started = await (round % 2 ? there : here)('start', { bet: 1, mines: 3 });
        expect(started.statusCode, started.message).toBe(200);
        const { safe } = await layoutOf(m.memberId);
        expect((await there('reveal', { tile: safe[0] })).statusCode).toBe(200);
        const before = await walletMinor(t, m.memberId);
        const answers =
          round < 2
            ? await Promise.all([here('cashout', {}), there('cashout', {})])
            : await Promise.all([here('cashout', {}), there('reveal', { tile: safe[1] })]);
        const settled = answers.filter((a) => a.statusCode === 200 && a.value.settled);
        expect(settled, JSON.stringify(answers)).toHaveLength(1);
        for (const a of answers)
          if (!(a.statusCode === 200 && a.value.settled))
            // The other found the round gone (404/409) or, a tile first, kept it open for the cash-out.
            expect(a.statusCode === 404 || a.statusCode === 409 || a.value.open !== null).toBe(true);
        const round_ = settled[0]!.value.settled!;
        const picks = (round_.wager as { picks: number[] }).picks.length;
        expect(round_.win).toBe(payOf(100, minesMultiplier(3, picks)) / 100);
        await expectCreditedOnce(t, round_, 100);
        expect(await walletMinor(t, m.memberId)).toBe(before + round_.outcome.totalWin);
        expect(await openRows(t, m.memberId)).toEqual([]);
      }
    } finally {
      await other.close();
    }
  });

  it("the SQL's ledger_fingerprint (house_mines_step's payout) is the wallet's fingerprint() for the same movement", async () => {
    const movements: [string, string, { accountId: number; amount: number }[]][] = [
      [
        'BET_PAYOUT',
        'SBX:r1',
        [
          { accountId: 7, amount: 150 },
          { accountId: 3, amount: -150 },
        ],
      ],
      [
        'BET_PAYOUT',
        'SBX:r1',
        [
          { accountId: 3, amount: 150 },
          { accountId: 7, amount: -150 },
        ],
      ],
      [
        'BET_PAYOUT',
        'SBX:r2',
        [
          { accountId: 5, amount: 2 },
          { accountId: 5, amount: -3 },
        ],
      ],
      [
        'BET_STAKE',
        'SBX:Ümlaut · 骰子',
        [
          { accountId: 12, amount: -1 },
          { accountId: 9, amount: 1 },
        ],
      ],
      [
        'ADJUSTMENT',
        '',
        [
          { accountId: 5, amount: 2 },
          { accountId: 5, amount: -3 },
          { accountId: 1, amount: 1 },
        ],
      ],
      [
        'BET_PAYOUT',
        'x'.repeat(100),
        [
          { accountId: 9_007_199_254_740, amount: 10_000_000_000_000 },
          { accountId: 10, amount: -10_000_000_000_000 },
        ],
      ],
    ];
    for (const [kind, reference, postings] of movements) {
      const accounts = `{${postings.map((p) => p.accountId).join(',')}}`;
      const amounts = `{${postings.map((p) => p.amount).join(',')}}`;
      const row = (
        await sql<{ h: Uint8Array }>`
          select ledger_fingerprint(${kind}, ${reference}, ${accounts}::bigint[], ${amounts}::bigint[]) as h`.execute(
          t.database.db,
        )
      ).rows[0]!;
      expect(Buffer.from(row.h).toString('hex'), `${kind} ${reference}`).toBe(
        fingerprint(kind, reference, postings).toString('hex'),
      );
    }
  });

  it('the stake and the payout carry the fingerprints WalletService.transfer gives them; a round opened on the vendor path ends there, once', async () => {
    const m = await memberWithMoney(t, 100_000);
    const start = await housePost<MinesAnswer>(t, m.token, 'mines/start', {
      gameCode: 'mines',
      bet: 2,
      mines: 3,
    });
    expect(start.statusCode, start.message).toBe(200);
    const { safe } = await layoutOf(m.memberId);
    await housePost(t, m.token, 'mines/reveal', { gameCode: 'mines', tile: safe[0] });
    const cash = await housePost<MinesAnswer>(t, m.token, 'mines/cashout', { gameCode: 'mines' });
    expect(cash.statusCode, cash.message).toBe(200);
    const roundId = cash.value.settled!.roundId;
    const movements = (
      await sql<{
        id: string;
        kind: string;
        reference: string;
        request_hash: Uint8Array;
        idempotency_key: string;
      }>`
        select id, kind, reference, request_hash, idempotency_key from ledger_transaction
        where reference = ${`${SANDBOX_VENDOR}:${roundId}`} order by id`.execute(t.database.db)
    ).rows;
    expect(movements.map((r) => [r.kind, r.idempotency_key])).toEqual([
      ['BET_STAKE', `game:${SANDBOX_VENDOR}:${roundId}:bet`],
      ['BET_PAYOUT', `game:${SANDBOX_VENDOR}:${roundId}:win`],
    ]);
    for (const r of movements) {
      const postings = (
        await sql<{ account_id: string; amount: string }>`
          select account_id, amount from ledger_posting where transaction_id = ${r.id}`.execute(t.database.db)
      ).rows.map((p) => ({ accountId: Number(p.account_id), amount: Number(p.amount) }));
      expect(Buffer.from(r.request_hash).equals(fingerprint(r.kind, r.reference, postings))).toBe(true);
    }

    // A round opened before migration 078 has its vendor-protocol round: its end takes the old path.
    const legacy = await housePost<MinesAnswer>(t, m.token, 'mines/start', {
      gameCode: 'mines',
      bet: 1,
      mines: 3,
    });
    const legacyId = legacy.value.open!.roundId;
    await sql`
      insert into game_round (vendor, round_id, member_id, free_play, product, game_code, game_name, stake)
      values (${SANDBOX_VENDOR}, ${legacyId}, ${m.memberId}, false, 'RNG', 'mines', 'Mines', 100)`.execute(
      t.database.db,
    );
    const tiles = (await layoutOf(m.memberId)).safe;
    expect(
      (await housePost(t, m.token, 'mines/reveal', { gameCode: 'mines', tile: tiles[0] })).statusCode,
    ).toBe(200);
    const ended = await housePost<MinesAnswer>(t, m.token, 'mines/cashout', { gameCode: 'mines' });
    expect(ended.statusCode, ended.message).toBe(200);
    expect(ended.value.settled!.win).toBe(payOf(100, minesMultiplier(3, 1)) / 100);
    expect((await housePost(t, m.token, 'mines/cashout', { gameCode: 'mines' })).statusCode).toBe(404);
    const money = await roundMoney(t, legacyId);
    expect(money).toEqual({
      stakeMovements: 1,
      payoutMovements: 1,
      stake: 100,
      payout: payOf(100, minesMultiplier(3, 1)),
    });
    const status = await t.database.db
      .selectFrom('game_round')
      .select('status')
      .where('round_id', '=', legacyId)
      .executeTakeFirst();
    expect(status?.status).toBe('CREDITED');
  });
});
