import { createHash } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { AgentType, Errors, MAX_AMOUNT_MINOR, betProducts, type BetProduct } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { poolQuery } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import type { BetRecordWriter } from '../records/records.service.ts';
import type { ResponsibleService } from '../responsible/responsible.service.ts';
import { SpinBatcher } from '../house-games/spin-batcher.ts';
import {
  HOUSE_SHARDS,
  WalletType,
  fingerprint,
  ledgerRefusal,
  movementTooLarge,
  type HouseCode,
  type WalletService,
} from '../wallet/wallet.service.ts';

/**
 * The seamless wallet (issue 8, GL-15, decision 019): the one port through which every game vendor
 * moves a player's money, the built-in sandbox vendor's house games as much as a remote vendor's
 * HTTP callbacks.
 *
 * How to call it (house games, adapters):
 *
 * ```ts
 * const { seamlessWallet } = app.ctx;            // built once in composition.ts
 * // the stake: refused with wallet.balance.insufficient (409) when the balance does not cover it
 * await seamlessWallet.debit({ vendor: 'SBX', memberId, transactionId: `${roundId}:bet`, roundId,
 *   amount: 100, product: 'RNG', gameCode, gameName });
 * // the win (0 for a loss): closes the round and writes its betting record, once
 * await seamlessWallet.credit({ vendor: 'SBX', memberId, transactionId: `${roundId}:win`, roundId, amount: 250 });
 * // or both in one database transaction (a slot spin): debit, then credit
 * await seamlessWallet.play(debit, creditAmount);
 * // a stake that will not be played (a crash before the outcome): refunded, the round cancelled
 * await seamlessWallet.rollback({ vendor: 'SBX', memberId, transactionId: `${roundId}:rb`, roundId,
 *   debitTransactionId: `${roundId}:bet` });
 * ```
 *
 * Rules every call keeps:
 * - Amounts are integer minor units; a debit's is > 0, a credit's >= 0.
 * - Idempotent per (vendor, transactionId): a replay answers the first result (same balance,
 *   `applied: false`) and moves nothing; the same id with a different request is refused with
 *   game.transaction.conflict (409). A refused call leaves no trace, so its retry is judged anew.
 * - A round (vendor, roundId) belongs to the member of its first debit: another member's debit,
 *   credit or rollback on it is refused with game.round.forbidden (403).
 * - A credit closes the round: a later debit or rollback is refused with game.round.settled (409);
 *   a credit of a round without a debit with game.round.unknown (404).
 * - A debit never takes a balance negative: the ledger's conditional debit (ledger_post) refuses
 *   it inside the same transaction.
 * - Every movement is one ledger transaction (BET_STAKE, BET_PAYOUT, BET_REFUND) with the
 *   idempotency key `game:<vendor>:<transactionId>` and the reference `<vendor>:<roundId>`.
 * - A credited round is written once to the betting record (BetRecordWriter), inside the same
 *   database transaction: the bet (its stakes, its time) and its settlement (the payout).
 * - A trial account (agent type 4, DESIGN.md D5) plays on the free-play money credited to it at
 *   free-play login; its stakes and wins move against the house's free-play games account, never
 *   the real games house, and its rounds are marked free play (the winners board leaves them out).
 * - The member's wallet is the main wallet (the platform's single game wallet).
 */

/** The house's side of real-money game rounds (sharded like every house account). */
export const GAMES_HOUSE = 'HOUSE_GAMES' as HouseCode;
/** The house's side of trial accounts' free-play rounds: no real money on either side. */
export const GAMES_FREE_PLAY_HOUSE = 'HOUSE_GAMES_FREE_PLAY' as HouseCode;

const idPattern = /^[A-Za-z0-9_.:-]{1,100}$/;
const vendorPattern = /^[A-Z0-9_]{1,32}$/;

export interface SeamlessDebit {
  /** The vendor's code (vassalage), e.g. SBX for the sandbox vendor. */
  vendor: string;
  memberId: number;
  /** The vendor's id of this movement (1-100 of A-Z a-z 0-9 _ . : -). */
  transactionId: string;
  /** The vendor's round (same characters). */
  roundId: string;
  /** Minor units, > 0. */
  amount: number;
  /** The catalogue category (RNG, LIVE, FISH, PVP, CARDS ...): the betting record's product; RNG unless given. */
  product?: string | undefined;
  gameCode?: string | undefined;
  gameName?: string | undefined;
}

export interface SeamlessCredit {
  vendor: string;
  memberId: number;
  transactionId: string;
  roundId: string;
  /** Minor units, >= 0 (0: the round was lost). */
  amount: number;
}

export interface SeamlessRollback {
  vendor: string;
  memberId: number;
  transactionId: string;
  roundId: string;
  /** The debit being refunded. */
  debitTransactionId: string;
}

export interface SeamlessAnswer {
  /** The member's main balance after this movement (the first one's, on a replay), minor units. */
  balance: number;
  currency: string;
  /** False on a replay: nothing moved. */
  applied: boolean;
  /** The ledger transaction of the movement (null for a credit of 0). */
  ledgerTransactionId: number | null;
  roundStatus: 'OPEN' | 'CREDITED' | 'ROLLED_BACK';
  /** Whether the round plays on free-play money (trial account). */
  freePlay: boolean;
}

type Kind = 'DEBIT' | 'CREDIT' | 'ROLLBACK';

interface TxRow {
  kind: Kind;
  member_id: number;
  round_id: string;
  amount: number;
  request_hash: Uint8Array;
  ledger_transaction_id: number | null;
  balance_after: number | null;
  rolled_back_by: string | null;
}

interface RoundRow {
  member_id: number;
  free_play: boolean;
  status: 'OPEN' | 'CREDITED' | 'ROLLED_BACK';
  stake: number;
  product: string;
  game_code: string;
  game_name: string;
  opened_at: Date;
}

/** The ledger accounts of one call, found before its transaction opens (see `accounts`). */
interface Accounts {
  member: number;
  freePlay: boolean;
  /** The house shard of the round, real money and free play. */
  house: { real: number; free: number };
}

/** A round as support sees it (`npm run ops -- games round`), a vendor's or the house's. */
interface RoundDetailRow {
  username: string;
  member_id: number;
  free_play: boolean;
  status: string;
  stake: number;
  payout: number;
  product: string;
  game_code: string;
  opened_at: Date;
  settled_at: Date | null;
}

/** The ledger's SQLSTATE for a debit below zero (ledger_post, migration 008; seamless_spin raises it too). */
const INSUFFICIENT_SQLSTATE = 'LD001';
/** SQLSTATEs seamless_spin raises (migration 017): not a new round; the house seed moved on. */
const NOT_FRESH_SQLSTATE = 'GW001';
/** seamless_spin's refusal of a member under a loss or wager limit or a block (migration 073). */
const WATCHED_SQLSTATE = 'RG001';
export const SEED_MOVED_SQLSTATE = 'HS001';

const SPIN_SQL = `select * from seamless_spin($1::text, $2::bigint, $3::text, $4::text, $5::text, $6::bigint,
  $7::bigint, $8::bytea, $9::bytea, $10::bigint, $11::bigint, $12::boolean, $13::text, $14::text, $15::text,
  $16::text, $17::text, $18::text, $19::text, $20::bytea, $21::bytea, $22::bigint, $23::bigint, $24::boolean,
  $25::text, $26::text, $27::text, $28::jsonb, $29::jsonb, $30::boolean)`;

interface SpinRow {
  o_balance: number;
  o_stake_tx: number;
  o_payout_tx: number | null;
  o_at: Date;
}

/**
 * A house game's round, kept (house_round) by the statement that moves its money: the seed row
 * and the nonce it was played with (the statement takes that nonce, or raises
 * SEED_MOVED_SQLSTATE when the seed is no longer at it or no longer active with that client
 * seed), the wager and outcome as JSON text.
 */
export interface HouseRoundRow {
  seedId: number;
  nonce: number;
  /** The nonce was claimed already (an increment of its own): only check the seed is still active. */
  claimed: boolean;
  clientSeed: string;
  serverSeedHash: string;
  kind: string;
  wager: string;
  outcome: string;
}

/** One round's debit and credit inside a transaction of the caller (SeamlessWallet.roundMover). */
export interface RoundMover {
  freePlay: boolean;
  /**
   * The round's ledger accounts: the member's main one and the house shard its money moves
   * against (the free-play house's for a trial account), for a statement that posts itself.
   */
  accounts: { member: number; house: number };
  /** The member's limit lock and check of a stake (decision 039) in the caller's transaction; nothing for free play. */
  guard(trx: Kysely<DB>, amount: number): Promise<void>;
  debit(trx: Kysely<DB>, d: SeamlessDebit): Promise<SeamlessAnswer>;
  credit(trx: Kysely<DB>, c: SeamlessCredit): Promise<SeamlessAnswer>;
}

/** Member entries kept (account id, free play); past it the map starts over. */
const MEMBER_CACHE = 100_000;

function shardOf(key: string): number {
  // FNV-1a, as the ledger's own house sharding.
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % HOUSE_SHARDS;
}

function hashOf(parts: unknown[]): Buffer {
  return createHash('sha256').update(JSON.stringify(parts)).digest();
}

function check(ok: boolean, message: string): void {
  if (!ok) throw fail(Errors.invalidInput, { message });
}

function validateIds(m: { vendor: string; memberId: number; transactionId: string; roundId: string }) {
  check(typeof m.vendor === 'string' && vendorPattern.test(m.vendor), 'vendor is a code such as SBX');
  check(Number.isSafeInteger(m.memberId) && m.memberId > 0, 'memberId is a member number');
  check(
    typeof m.transactionId === 'string' && idPattern.test(m.transactionId),
    'transactionId is 1-100 of A-Z a-z 0-9 _ . : -',
  );
  check(
    typeof m.roundId === 'string' && idPattern.test(m.roundId),
    'roundId is 1-100 of A-Z a-z 0-9 _ . : -',
  );
}

/** The betting record's product of a catalogue category (cards count as PvP there). */
function productOf(p: string | undefined): BetProduct {
  if (p === 'CARDS') return 'PVP';
  return (betProducts as readonly string[]).includes(p ?? '') ? (p as BetProduct) : 'RNG';
}

export class SeamlessWallet {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly records: BetRecordWriter;
  private readonly responsible: ResponsibleService | undefined;

  /** Account ids once read from committed rows (accounts are never deleted) and trial flags. */
  private readonly members = new Map<number, { account: number; freePlay: boolean }>();
  private readonly houses = new Map<string, number>();
  /** Rounds of several players in one statement and one commit (decision 062), on PostgreSQL only. */
  readonly batcher: SpinBatcher | undefined;

  constructor(deps: {
    database: Database;
    wallet: WalletService;
    records: BetRecordWriter;
    /** Loss and wager limits, time-outs and self-exclusion (decision 039), checked on every debit. */
    responsible?: ResponsibleService;
    /** Combine the rounds of several players on PostgreSQL (the configuration's spinBatch). */
    batch: boolean;
  }) {
    this.responsible = deps.responsible;
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.records = deps.records;
    // Off (SPIN_BATCH=0), every round goes alone (the benches' before; decision 062).
    const pool = (deps.database as Database & { pool?: pg.Pool }).pool;
    this.batcher =
      deps.database.kind === 'postgres' && pool && deps.batch ? new SpinBatcher(pool) : undefined;
  }

  /**
   * The member's main account and the round's house shard, outside any transaction (opened on
   * first use, remembered). A round's every movement uses one house row, chosen by the round:
   * the debit and the credit of a spin in one transaction then lock the same two rows, so two
   * spins never wait on each other's house row in opposite order (the ledger's own sharding picks
   * the row by idempotency key, which would differ between the two halves).
   */
  private async accounts(memberId: number, vendor: string, roundId: string): Promise<Accounts> {
    let member = this.members.get(memberId);
    if (!member) {
      const freePlay = await this.isFreePlay(memberId);
      const account = await this.wallet.memberAccount(memberId, WalletType.main);
      member = { account, freePlay };
      if (this.members.size >= MEMBER_CACHE) this.members.clear();
      this.members.set(memberId, member);
    }
    const shard = shardOf(`${vendor}:${roundId}`);
    return {
      member: member.account,
      freePlay: member.freePlay,
      house: {
        real: await this.houseShard(GAMES_HOUSE, shard),
        free: await this.houseShard(GAMES_FREE_PLAY_HOUSE, shard),
      },
    };
  }

  private async houseShard(code: HouseCode, shard: number): Promise<number> {
    // Shard 0 is the plain code (HOUSE_GAMES:<currency>); shard n is HOUSE_GAMES:n:<currency>,
    // so a report by the code's first part sums them.
    const name = (shard === 0 ? code : `${code}:${shard}`) as HouseCode;
    let id = this.houses.get(name);
    if (id === undefined) {
      id = await this.wallet.houseAccount(name);
      this.houses.set(name, id);
    }
    return id;
  }

  /** Whether the member plays on free-play money (a trial account); refused for an unknown member. */
  async isFreePlay(memberId: number, db: Kysely<DB> = this.database.db): Promise<boolean> {
    const row = await db
      .selectFrom('member')
      .select('agent_type')
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!row) throw fail(Errors.invalidInput, { message: 'No such member' });
    return row.agent_type === AgentType.trial;
  }

  /** The member's main balance in minor units (what a vendor's balance call answers). */
  async balance(memberId: number, db: Kysely<DB> = this.database.db): Promise<number> {
    const row = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('member_id', '=', memberId)
      .where('wallet_type', '=', WalletType.main)
      .where('currency', '=', this.wallet.currency().code)
      .executeTakeFirst();
    return row?.balance ?? 0;
  }

  /** A round and its wallet calls as support sees them (`npm run ops -- games round`); null when unknown. */
  async roundDetail(vendor: string, roundId: string) {
    const round = (
      await sql<RoundDetailRow>`
        select m.username, r.member_id, r.free_play, r.status, r.stake, r.payout, r.product, r.game_code,
               r.opened_at, r.settled_at
        from game_round r join member m on m.id = r.member_id
        where r.vendor = ${vendor} and r.round_id = ${roundId}`.execute(this.database.db)
    ).rows[0];
    if (!round) return this.houseRoundDetail(vendor, roundId);
    const calls = await sql<{
      tx_id: string;
      kind: string;
      amount: number;
      ledger_transaction_id: number | null;
      balance_after: number | null;
      rolled_back_by: string | null;
      created_at: Date;
    }>`
      select tx_id, kind, amount, ledger_transaction_id, balance_after, rolled_back_by, created_at
      from game_wallet_tx where vendor = ${vendor} and round_id = ${roundId}
      order by created_at, tx_id`.execute(this.database.db);
    return { ...round, calls: calls.rows };
  }

  /**
   * A house round (a single-call original) keeps no vendor-protocol rows (migration 073): support
   * reads it from its house_round and its ledger movements, shown as the calls a vendor would
   * have made, each under its ledger key.
   */
  private async houseRoundDetail(vendor: string, roundId: string) {
    const round = (
      await sql<RoundDetailRow & { balance_after: number }>`
        select m.username, h.member_id, h.free_play, 'CREDITED' as status, h.bet as stake, h.win as payout,
               coalesce(b.product, '') as product, h.game_code, h.played_at as opened_at,
               h.played_at as settled_at, h.balance_after
        from house_round h join member m on m.id = h.member_id
        left join bet_record b on b.vendor = h.vendor and b.bet_no = h.round_id
        where h.vendor = ${vendor} and h.round_id = ${roundId}`.execute(this.database.db)
    ).rows[0];
    if (!round) return null;
    const moves = await sql<{
      tx_id: string;
      kind: string;
      amount: number;
      ledger_transaction_id: number;
      created_at: Date;
    }>`
      select lt.idempotency_key as tx_id, case when lt.kind = 'BET_STAKE' then 'DEBIT' else 'CREDIT' end as kind,
             abs(p.amount) as amount, lt.id as ledger_transaction_id, lt.created_at
      from ledger_transaction lt
      join ledger_posting p on p.transaction_id = lt.id
      join ledger_account a on a.id = p.account_id and a.member_id = ${round.member_id}
      where lt.reference = ${`${vendor}:${roundId}`.slice(0, 100)}
      order by lt.id`.execute(this.database.db);
    const { balance_after, ...detail } = round;
    return {
      ...detail,
      calls: moves.rows.map((c, i) => ({
        ...c,
        // The balance after the round is known; after an earlier movement of it, not kept.
        balance_after: i === moves.rows.length - 1 ? balance_after : null,
        rolled_back_by: null,
      })),
    };
  }

  /** Takes a stake. */
  async debit(d: SeamlessDebit): Promise<SeamlessAnswer> {
    this.validateDebit(d);
    const acc = await this.accounts(d.memberId, d.vendor, d.roundId);
    return this.database.db.transaction().execute(async (trx) => {
      if (!acc.freePlay) await this.responsible?.stake(trx, d.memberId, d.amount);
      return this.debitIn(trx, d, acc);
    });
  }

  /** Pays a round's win (0 for a loss) and closes the round. */
  async credit(c: SeamlessCredit): Promise<SeamlessAnswer> {
    this.validateCredit(c);
    const acc = await this.accounts(c.memberId, c.vendor, c.roundId);
    return this.database.db.transaction().execute((trx) => this.creditIn(trx, c, acc));
  }

  /**
   * Debit and credit of one round inside the caller's transaction: a house round that keeps rows
   * of its own beside the money (a Mines round, decision 046) commits or rolls back with them. The
   * member's accounts are read first, outside that transaction (PGlite has one connection).
   */
  async roundMover(memberId: number, vendor: string, roundId: string): Promise<RoundMover> {
    const acc = await this.accounts(memberId, vendor, roundId);
    const guard: RoundMover['guard'] = async (trx, amount) => {
      if (!acc.freePlay) await this.responsible?.stake(trx, memberId, amount);
    };
    return {
      freePlay: acc.freePlay,
      accounts: { member: acc.member, house: acc.freePlay ? acc.house.free : acc.house.real },
      guard,
      debit: async (trx, d) => {
        this.validateDebit(d);
        await guard(trx, d.amount);
        return this.debitIn(trx, d, acc);
      },
      credit: async (trx, c) => {
        this.validateCredit(c);
        return this.creditIn(trx, c, acc);
      },
    };
  }

  /** Refunds a debit of a round not yet credited. */
  async rollback(r: SeamlessRollback): Promise<SeamlessAnswer> {
    validateIds(r);
    check(
      typeof r.debitTransactionId === 'string' && idPattern.test(r.debitTransactionId),
      'debitTransactionId is a transaction id',
    );
    const acc = await this.accounts(r.memberId, r.vendor, r.roundId);
    return this.database.db.transaction().execute((trx) => this.rollbackIn(trx, r, acc));
  }

  /**
   * A whole round in one database transaction (a slot spin): the debit, then the credit of
   * `winAmount` under `creditTransactionId`. Each half keeps its own idempotency, so a replay of
   * the pair answers the first result. The answer is the credit's.
   *
   * A new round under two new transaction ids (every house game spin) is one statement, the
   * database function `seamless_spin` (migration 017), which also takes the house round's nonce
   * and keeps its row when `house` is given. Anything else (a replay, a conflict, a round that
   * exists) takes the general path, half by half.
   */
  async play(
    d: SeamlessDebit,
    win: { transactionId: string; amount: number },
    house?: HouseRoundRow,
  ): Promise<SeamlessAnswer & { at?: Date }> {
    const c: SeamlessCredit = {
      vendor: d.vendor,
      memberId: d.memberId,
      transactionId: win.transactionId,
      roundId: d.roundId,
      amount: win.amount,
    };
    this.validateDebit(d);
    this.validateCredit(c);
    const acc = await this.accounts(d.memberId, d.vendor, d.roundId);
    // A member under a loss or wager limit (or a block) spins in a transaction holding the limit
    // lock, the check and the spin's statement in it (decision 039). Whether they are is asked by
    // the spin's own statement (RG001, leaving nothing), so everyone else's spin is one round trip.
    const rgCheck = !acc.freePlay && this.responsible !== undefined;
    const first = await this.spinOnce(d, c, acc, house, rgCheck ? 'ask' : 'no');
    const watched = first === 'watched';
    const spun = watched ? await this.spinOnce(d, c, acc, house, 'checked') : first;
    if (typeof spun === 'object') return spun;
    // The house games name every round anew (80 random bits): a used one is a bug, not a replay.
    if (house) throw new Error(`seamless wallet: house round ${d.vendor}:${d.roundId} is not new`);
    // The general path asks the limits itself: a replayed or conflicting spin is rare.
    const guarded = watched || (rgCheck && (await this.responsible!.watched(d.memberId)));
    return this.database.db.transaction().execute(async (trx) => {
      if (guarded) await this.responsible!.stake(trx, d.memberId, d.amount);
      await this.debitIn(trx, d, acc);
      return this.creditIn(trx, c, acc);
    });
  }

  /**
   * One try of the one-statement spin (freshSpin), the limits `ask`ed by the statement, left out
   * (`no`: free play, no limits service), or `checked` first in a transaction holding the member's
   * limit lock. Answers the spin, or what kept it from happening (the statement left nothing):
   * `watched` (RG001: the member is under a limit, asked only with `ask`) or `not new` (GW001:
   * an id, a ledger key or the round was there before). A refusal is thrown as the call's error.
   */
  private async spinOnce(
    d: SeamlessDebit,
    c: SeamlessCredit,
    acc: Accounts,
    house: HouseRoundRow | undefined,
    limits: 'ask' | 'no' | 'checked',
  ): Promise<(SeamlessAnswer & { at: Date }) | 'watched' | 'not new'> {
    try {
      if (limits !== 'checked') return await this.freshSpin(d, c, acc, house, limits === 'ask');
      return await this.database.db.transaction().execute(async (trx) => {
        await this.responsible!.stake(trx, d.memberId, d.amount);
        return this.freshSpin(d, c, acc, house, false, trx);
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === WATCHED_SQLSTATE) return 'watched';
      if (code === NOT_FRESH_SQLSTATE) return 'not new';
      if (code === INSUFFICIENT_SQLSTATE) throw fail(Errors.balanceInsufficient);
      throw ledgerRefusal(err, this.wallet.currency().precision) ?? err;
    }
  }

  /**
   * A spin of a new round under two new transaction ids in one statement (seamless_spin): the
   * round written settled at once, both ledger movements, the betting record, both ids claimed
   * with their results. Raises NOT_FRESH_SQLSTATE (leaving nothing) when an id, a ledger key or
   * the round was there before.
   */
  private async freshSpin(
    d: SeamlessDebit,
    c: SeamlessCredit,
    acc: Accounts,
    house: HouseRoundRow | undefined,
    rgCheck: boolean,
    trx?: Kysely<DB>,
  ): Promise<SeamlessAnswer & { at: Date }> {
    const houseAccount = acc.freePlay ? acc.house.free : acc.house.real;
    const reference = `${d.vendor}:${d.roundId}`.slice(0, 100);
    const product = productOf(d.product);
    // The same fingerprints WalletService.transfer would give these movements, so a later replay
    // of either key through the ledger API is judged against the right request.
    const stakeFp = fingerprint('BET_STAKE', reference, [
      { accountId: acc.member, amount: -d.amount },
      { accountId: houseAccount, amount: d.amount },
    ]);
    const payoutFp =
      c.amount > 0
        ? fingerprint('BET_PAYOUT', reference, [
            { accountId: houseAccount, amount: -c.amount },
            { accountId: acc.member, amount: c.amount },
          ])
        : null;
    const values = [
      d.vendor,
      d.memberId,
      d.roundId,
      d.transactionId,
      c.transactionId,
      d.amount,
      c.amount,
      hashOf(['DEBIT', d.vendor, d.memberId, d.roundId, d.amount]),
      hashOf(['CREDIT', c.vendor, c.memberId, c.roundId, c.amount]),
      acc.member,
      houseAccount,
      acc.freePlay,
      this.wallet.currency().code,
      product,
      d.gameCode ?? '',
      d.gameName ?? '',
      reference,
      `game:${d.vendor}:${d.transactionId}`,
      `game:${c.vendor}:${c.transactionId}`,
      stakeFp,
      payoutFp,
      house?.seedId ?? null,
      house?.nonce ?? null,
      house?.claimed ?? false,
      house?.clientSeed ?? null,
      house?.serverSeedHash ?? null,
      house?.kind ?? null,
      house?.wager ?? null,
      house?.outcome ?? null,
      rgCheck,
    ];
    const pool = (this.database as Database & { pool?: pg.Pool }).pool;
    const row = trx
      ? (await trx.executeQuery<SpinRow>(CompiledQuery.raw(SPIN_SQL, values))).rows[0]!
      : this.batcher
        ? await this.batcher.spin(values)
        : this.database.kind === 'postgres' && pool
          ? // Parsed once per pooled connection: a call only binds and executes.
            (await poolQuery<SpinRow>(pool, { name: 'seamless_spin', text: SPIN_SQL, values })).rows[0]!
          : (await this.database.db.executeQuery<SpinRow>(CompiledQuery.raw(SPIN_SQL, values))).rows[0]!;
    return {
      balance: Number(row.o_balance),
      currency: this.wallet.currency().code,
      applied: true,
      ledgerTransactionId: row.o_payout_tx === null ? null : Number(row.o_payout_tx),
      roundStatus: 'CREDITED',
      freePlay: acc.freePlay,
      at: new Date(row.o_at),
    };
  }

  private validateDebit(d: SeamlessDebit) {
    validateIds(d);
    check(
      Number.isSafeInteger(d.amount) && d.amount > 0,
      'A debit is a positive whole number of minor units',
    );
    check(
      (d.gameCode ?? '').length <= 100 && (d.gameName ?? '').length <= 200,
      'gameCode or gameName is too long',
    );
    this.withinCeiling(d.amount);
  }

  private validateCredit(c: SeamlessCredit) {
    validateIds(c);
    check(
      Number.isSafeInteger(c.amount) && c.amount >= 0,
      'A credit is a whole number of minor units, 0 or more',
    );
    this.withinCeiling(c.amount);
  }

  /** The ledger's ceiling of one movement, checked before any transaction opens (seamless_spin posts itself). */
  private withinCeiling(amount: number) {
    if (amount > MAX_AMOUNT_MINOR) throw movementTooLarge(this.wallet.currency().precision);
  }

  // ---- the movements, inside the caller's transaction -----------------------------------------

  /**
   * Claims (vendor, transactionId) for this request. Null: claimed now, go on. Otherwise the
   * earlier row of the id: the caller answers its first result (or the conflict). A concurrent
   * duplicate waits on the primary key until the first commits (or rolls back, and then claims).
   */
  private async claim(
    trx: Kysely<DB>,
    kind: Kind,
    m: { vendor: string; memberId: number; transactionId: string; roundId: string },
    amount: number,
    hash: Buffer,
  ): Promise<TxRow | null> {
    const inserted = await sql<{ tx_id: string }>`
      insert into game_wallet_tx (vendor, tx_id, kind, member_id, round_id, amount, request_hash)
      values (${m.vendor}, ${m.transactionId}, ${kind}, ${m.memberId}, ${m.roundId}, ${amount}, ${hash})
      on conflict (vendor, tx_id) do nothing
      returning tx_id`.execute(trx);
    if (inserted.rows.length > 0) return null;
    const prior = await sql<TxRow>`
      select kind, member_id, round_id, amount, request_hash, ledger_transaction_id, balance_after, rolled_back_by
      from game_wallet_tx where vendor = ${m.vendor} and tx_id = ${m.transactionId}`.execute(trx);
    const row = prior.rows[0]!;
    if (!Buffer.from(row.request_hash).equals(hash)) throw fail(Errors.gameTransactionConflict);
    return row;
  }

  private async replay(trx: Kysely<DB>, vendor: string, prior: TxRow): Promise<SeamlessAnswer> {
    const round = await this.round(trx, vendor, prior.round_id, false);
    return {
      balance: Number(prior.balance_after ?? 0),
      currency: this.wallet.currency().code,
      applied: false,
      ledgerTransactionId: prior.ledger_transaction_id === null ? null : Number(prior.ledger_transaction_id),
      roundStatus: round?.status ?? 'OPEN',
      freePlay: round?.free_play ?? false,
    };
  }

  private async round(
    trx: Kysely<DB>,
    vendor: string,
    roundId: string,
    lock: boolean,
  ): Promise<RoundRow | null> {
    const res = await sql<RoundRow>`
      select member_id, free_play, status, stake, product, game_code, game_name, opened_at
      from game_round where vendor = ${vendor} and round_id = ${roundId}
      ${lock ? sql`for update` : sql``}`.execute(trx);
    const r = res.rows[0];
    return r ? { ...r, member_id: Number(r.member_id), stake: Number(r.stake) } : null;
  }

  private async finish(
    trx: Kysely<DB>,
    m: { vendor: string; memberId: number; transactionId: string },
    account: number,
    ledgerId: number | null,
    round: { status: RoundRow['status']; free_play: boolean },
  ): Promise<SeamlessAnswer> {
    const balance = Number(
      (
        await trx
          .selectFrom('ledger_account')
          .select('balance')
          .where('id', '=', account)
          .executeTakeFirstOrThrow()
      ).balance,
    );
    await sql`
      update game_wallet_tx set ledger_transaction_id = ${ledgerId}, balance_after = ${balance}
      where vendor = ${m.vendor} and tx_id = ${m.transactionId}`.execute(trx);
    return {
      balance,
      currency: this.wallet.currency().code,
      applied: true,
      ledgerTransactionId: ledgerId,
      roundStatus: round.status,
      freePlay: round.free_play,
    };
  }

  private async debitIn(trx: Kysely<DB>, d: SeamlessDebit, acc: Accounts): Promise<SeamlessAnswer> {
    const hash = hashOf(['DEBIT', d.vendor, d.memberId, d.roundId, d.amount]);
    const prior = await this.claim(trx, 'DEBIT', d, d.amount, hash);
    if (prior) return this.replay(trx, d.vendor, prior);

    const freePlay = acc.freePlay;
    await sql`
      insert into game_round (vendor, round_id, member_id, free_play, product, game_code, game_name)
      values (${d.vendor}, ${d.roundId}, ${d.memberId}, ${freePlay}, ${productOf(d.product)},
              ${d.gameCode ?? ''}, ${d.gameName ?? ''})
      on conflict (vendor, round_id) do nothing`.execute(trx);
    const round = (await this.round(trx, d.vendor, d.roundId, true))!;
    if (round.member_id !== d.memberId) throw fail(Errors.gameRoundForbidden);
    if (round.status !== 'OPEN') throw fail(Errors.gameRoundSettled);

    const posted = await this.wallet.transfer(
      {
        from: acc.member,
        to: round.free_play ? acc.house.free : acc.house.real,
        amount: d.amount,
        kind: 'BET_STAKE',
        reference: `${d.vendor}:${d.roundId}`.slice(0, 100),
        idempotencyKey: `game:${d.vendor}:${d.transactionId}`,
        memo: round.free_play ? 'free play' : '',
      },
      trx,
    );
    await sql`
      update game_round set stake = stake + ${d.amount}
      where vendor = ${d.vendor} and round_id = ${d.roundId}`.execute(trx);
    return this.finish(trx, d, acc.member, posted.transactionId, round);
  }

  private async creditIn(trx: Kysely<DB>, c: SeamlessCredit, acc: Accounts): Promise<SeamlessAnswer> {
    const hash = hashOf(['CREDIT', c.vendor, c.memberId, c.roundId, c.amount]);
    const prior = await this.claim(trx, 'CREDIT', c, c.amount, hash);
    if (prior) return this.replay(trx, c.vendor, prior);

    const round = await this.round(trx, c.vendor, c.roundId, true);
    if (!round) throw fail(Errors.gameRoundUnknown);
    if (round.member_id !== c.memberId) throw fail(Errors.gameRoundForbidden);
    if (round.status !== 'OPEN') throw fail(Errors.gameRoundSettled);

    let ledgerId: number | null = null;
    if (c.amount > 0) {
      const posted = await this.wallet.transfer(
        {
          from: round.free_play ? acc.house.free : acc.house.real,
          to: acc.member,
          amount: c.amount,
          kind: 'BET_PAYOUT',
          reference: `${c.vendor}:${c.roundId}`.slice(0, 100),
          idempotencyKey: `game:${c.vendor}:${c.transactionId}`,
          memo: round.free_play ? 'free play' : '',
        },
        trx,
      );
      ledgerId = posted.transactionId;
    }
    const settledAt = new Date();
    await sql`
      update game_round set status = 'CREDITED', payout = ${c.amount}, settled_at = ${settledAt}
      where vendor = ${c.vendor} and round_id = ${c.roundId}`.execute(trx);
    // The round's one betting record: placed and settled together, in this transaction.
    await this.records.placeBet(
      {
        memberId: c.memberId,
        vendor: c.vendor,
        betNo: c.roundId,
        product: productOf(round.product),
        gameCode: round.game_code,
        gameName: round.game_name,
        betAmount: round.stake,
        betTime: new Date(round.opened_at),
        detail: { freePlay: round.free_play },
      },
      trx,
    );
    await this.records.settleBet(
      { vendor: c.vendor, betNo: c.roundId, payout: c.amount, validBet: round.stake, settledAt },
      trx,
    );
    return this.finish(trx, c, acc.member, ledgerId, { status: 'CREDITED', free_play: round.free_play });
  }

  private async rollbackIn(trx: Kysely<DB>, r: SeamlessRollback, acc: Accounts): Promise<SeamlessAnswer> {
    const hash = hashOf(['ROLLBACK', r.vendor, r.memberId, r.roundId, r.debitTransactionId]);
    const prior = await this.claim(trx, 'ROLLBACK', r, 0, hash);
    if (prior) return this.replay(trx, r.vendor, prior);

    const round = await this.round(trx, r.vendor, r.roundId, true);
    if (!round) throw fail(Errors.gameRoundUnknown);
    if (round.member_id !== r.memberId) throw fail(Errors.gameRoundForbidden);
    if (round.status === 'CREDITED') throw fail(Errors.gameRoundSettled);
    const debit = (
      await sql<TxRow>`
        select kind, member_id, round_id, amount, request_hash, ledger_transaction_id, balance_after, rolled_back_by
        from game_wallet_tx where vendor = ${r.vendor} and tx_id = ${r.debitTransactionId}`.execute(trx)
    ).rows[0];
    if (!debit || debit.kind !== 'DEBIT' || debit.round_id !== r.roundId)
      throw fail(Errors.gameTransactionUnknown);
    if (debit.rolled_back_by !== null) throw fail(Errors.gameDebitRolledBack);
    const amount = Number(debit.amount);

    const posted = await this.wallet.transfer(
      {
        from: round.free_play ? acc.house.free : acc.house.real,
        to: acc.member,
        amount,
        kind: 'BET_REFUND',
        reference: `${r.vendor}:${r.roundId}`.slice(0, 100),
        idempotencyKey: `game:${r.vendor}:${r.transactionId}`,
        memo: round.free_play ? 'free play' : '',
      },
      trx,
    );
    await sql`
      update game_wallet_tx set rolled_back_by = ${r.transactionId}
      where vendor = ${r.vendor} and tx_id = ${r.debitTransactionId}`.execute(trx);
    await sql`update game_wallet_tx set amount = ${amount} where vendor = ${r.vendor} and tx_id = ${r.transactionId}`.execute(
      trx,
    );
    const stake = round.stake - amount;
    const status = stake === 0 ? 'ROLLED_BACK' : 'OPEN';
    await sql`
      update game_round set stake = ${stake}, status = ${status},
        settled_at = ${status === 'ROLLED_BACK' ? new Date() : null}
      where vendor = ${r.vendor} and round_id = ${r.roundId}`.execute(trx);
    return this.finish(trx, r, acc.member, posted.transactionId, { status, free_play: round.free_play });
  }
}
