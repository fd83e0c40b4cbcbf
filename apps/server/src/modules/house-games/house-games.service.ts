import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import type pg from 'pg';
import {
  blockMessage,
  Errors,
  houseGameOf,
  isValidSlotBet,
  LUCKY_LOTUS,
  playHouseRound,
  type BlockSource,
  type DtBets,
  type HouseGame,
  type HouseOutcome,
  type HouseRound,
  type HouseSeed,
  type HouseState,
  type HouseWager,
  dtBetProblem,
  diceProblem,
  limboProblem,
  minesLayout,
  minesMultiplier,
  minesProblem,
  multiplierText,
  originalTopMultiplier,
  payOf,
  plinkoProblem,
  MINES_TILES,
  type MinesRound,
  type OriginalLimits,
  type OriginalWager,
  type PlinkoRisk,
  kenoProblem,
  wheelProblem,
  rouletteProblem,
  sicBoProblem,
  type KenoRisk,
  type WheelRisk,
  cardRank,
  baccaratProblem,
  hiloActionProblem,
  hiloCards,
  hiloMultiplier,
  hiloWinningRanks,
  hiloWins,
  HILO_GUESSES,
  HILO_MAX_GUESSES,
  HILO_MAX_SKIPS,
  type HiLoAction,
  type HiLoGuess,
  type HiLoRound,
  BLACKJACK_ACTIONS,
  blackjackActionProblem,
  blackjackLegal,
  blackjackStakes,
  blackjackStatus,
  blackjackTableOf,
  blackjackTotal,
  type BlackjackAction,
  type BlackjackRound,
  betProducts,
} from '@app/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Database } from '../../db/connection.ts';
import { poolQuery } from '../../db/connection.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import { SEED_MOVED_SQLSTATE, type HouseRoundRow, type RoundMover } from '../games/seamless-wallet.ts';
import { WalletType, fingerprint, ledgerRefusal, type WalletService } from '../wallet/wallet.service.ts';
import {
  MINES_BATCH,
  minesStartCall,
  minesStepCall,
  type MinesStepRow,
  type SpinBatcher,
} from './spin-batcher.ts';

/**
 * The sandbox vendor's house games (issue 8, GL-16, decision 020): provably fair rounds of the
 * contract's pure engines, money through the seamless wallet, every round kept with what
 * reproduces it.
 *
 * A round: take the next nonce of the member's active seed (known to this instance, see
 * `seeds`), compute the outcome from HMAC-SHA256 blocks (node:crypto), then one statement
 * (seamless_spin, migration 017, through SeamlessWallet.play) takes that nonce, moves the stake
 * and the win (ledger, game round, betting record) and keeps the round. The statement takes the
 * nonce only if the seed is still active, with the same client seed, at that nonce; otherwise
 * (rotated or changed by another instance) it leaves nothing and the round is played again from
 * the seed read anew. A stake the balance does not cover is refused by the ledger and leaves no
 * round and no used nonce (nonces of a seed are unique, not necessarily consecutive).
 */

/** The seamless-wallet port the house games need (SeamlessWallet of the games module). */
export interface HouseWalletPort {
  play(
    debit: {
      vendor: string;
      memberId: number;
      transactionId: string;
      roundId: string;
      amount: number;
      product?: 'RNG' | 'LIVE' | 'FISH' | 'PVP' | 'CARDS';
      gameCode?: string;
      gameName?: string;
    },
    win: { transactionId: string; amount: number },
    round?: HouseRoundRow,
  ): Promise<{ balance: number; freePlay: boolean; at?: Date }>;
  balance(memberId: number): Promise<number>;
  isFreePlay(memberId: number): Promise<boolean>;
  /** Debit and credit inside a transaction of ours (a Mines round kept with its money). */
  roundMover(memberId: number, vendor: string, roundId: string): Promise<RoundMover>;
  /** Calls of several players in one statement and one commit (decision 062); absent: each alone. */
  readonly batcher?: SpinBatcher;
}

/** The originals' limits per round (decision 046), major units; the composition may set others. */
export const DEFAULT_ORIGINAL_LIMITS: OriginalLimits = {
  minBet: 0.1,
  maxBet: 1_000,
  maxWin: 100_000,
  autoBetMaxRounds: 100,
};
/** Chips the originals' pages offer (major units). */
const ORIGINAL_CHIPS = [0.1, 1, 5, 10, 50, 100];

/** What an original's call sets (the wire's body, amounts still unparsed). */
export interface OriginalInput {
  bet?: unknown;
  target?: number;
  over?: boolean;
  rows?: number;
  risk?: string;
  picks?: number[];
  segments?: number;
  /** Roulette and Sic Bo: spot → amount (major units); the stake is their sum. */
  bets?: Record<string, unknown>;
}

/** Opens the single-use launch token of a sandbox game URL (SandboxVendor of the games module). */
export interface LaunchTokenPort {
  redeemLaunchToken(
    token: string,
  ): Promise<{ memberId: number; vassalage: string; gameCode: string; freePlay: boolean }>;
}

export interface HousePlayer {
  memberId: number;
  /** The vendor code rounds are booked under: the launch's vassalage, or the sandbox's own. */
  vendor: string;
}

/** Slot total bets offered (major units); each a whole number of line bets at precision 2. */
const SLOT_LEVELS = [0.2, 0.4, 1, 2, 4, 10, 20, 50, 100];
/** Table chips (major units). */
const TABLE_CHIPS = [1, 5, 10, 50, 100, 500];
/** The largest stake of one round, major units. */
const MAX_ROUND_STAKE = 10_000;
const TICKET_HOURS = 4;
/** Active seeds kept per instance; past it the map starts over (a spin then reads its seed again). */
const SEED_CACHE = 100_000;
/** Rounds played again after the seed moved on under this instance before giving up. */
const SEED_RETRIES = 3;
/** Open rounds kept per instance; past it the map starts over (a step then reads its round first). */
const OPEN_CACHE = 100_000;

interface SeedRow {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
}

interface RoundRow {
  round_id: string;
  member_id: number;
  game_code: string;
  kind: HouseGame['kind'];
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  bet: number;
  win: number;
  free_play: boolean;
  balance_after: number;
  wager: HouseWager;
  outcome: HouseOutcome;
  played_at: Date;
  revealed_seed: string | null;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The round's HMAC blocks with node:crypto (the browser's verifier uses Web Crypto). */
export function hmacSource(serverSeed: string, clientSeed: string, nonce: number): BlockSource {
  return (cursor) =>
    createHmac('sha256', serverSeed)
      .update(blockMessage(clientSeed, nonce, cursor))
      .digest() as Uint8Array;
}

const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');
const newRoundId = () => `H${randomBytes(10).toString('hex')}`;

export class HouseGamesService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly seamless: HouseWalletPort;
  private readonly launches: LaunchTokenPort | null;
  private readonly limitsMajor: OriginalLimits;
  /** Tickets seen by this instance (immutable until they expire). */
  private readonly tickets = new Map<
    string,
    { memberId: number; vendor: string; gameCode: string; expiresAt: number }
  >();

  /**
   * The active seed of (member, game) as this instance last knew it, next_nonce being the nonce
   * its next round takes. The database stays the judge (seamless_spin checks the seed is still
   * at that nonce), so a stale entry costs a retry, never a wrong round.
   */
  private readonly seeds = new Map<string, SeedRow>();
  /** The round being played per (member, game): rounds of one seed run one after another here. */
  private readonly playing = new Map<string, Promise<unknown>>();
  /**
   * The open round (Mines, HiLo, Blackjack) of (member, game) as this instance last knew it: what
   * never changes while it is open. A step goes to that round without reading it first; the
   * database stays the judge (a round that ended or moved to another is found gone, then read
   * anew), so a stale entry costs a read, never a wrong step.
   */
  private readonly opened = new Map<string, KnownOpen>();
  /**
   * house_mines_step's pay arguments per (bet, mines, end): the win and the multiplier for each
   * number of safe tiles, as array texts. The same for every step of every round of that setting,
   * so they are worked out once (exact rationals), not at each step.
   */
  private readonly minesPays = new Map<string, [pays: string, nums: string, dens: string]>();
  /** minesEndsAt per (bet, mines): it depends on them and the limits only (exact rationals, worked out once). */
  private readonly minesEnds = new Map<string, number>();

  constructor(deps: {
    database: Database;
    wallet: WalletService;
    seamless: HouseWalletPort;
    launches?: LaunchTokenPort | null;
    originalLimits?: Partial<OriginalLimits>;
  }) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.seamless = deps.seamless;
    this.launches = deps.launches ?? null;
    this.limitsMajor = { ...DEFAULT_ORIGINAL_LIMITS, ...deps.originalLimits };
  }

  game(code: string): HouseGame {
    const game = houseGameOf(code);
    if (!game) throw fail(Errors.notFound, { message: 'No such house game' });
    return game;
  }

  private major(minor: number): number {
    return this.wallet.toMajor(minor);
  }

  private minorOf(major: number): number {
    return Math.round(major * 10 ** this.wallet.currency().precision);
  }

  // ---- play tickets --------------------------------------------------------------------------

  /** Redeems a launch token for a play ticket bound to the member and the game it was issued for. */
  async openTicket(launchToken: string, gameCode: string) {
    if (!this.launches) throw fail(Errors.gameLaunchTokenInvalid);
    const redeemed = await this.launches.redeemLaunchToken(launchToken);
    if (redeemed.gameCode !== gameCode)
      throw fail(Errors.forbidden, { message: 'This launch token opens another game' });
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = Date.now() + TICKET_HOURS * 3_600_000;
    await sql`
      insert into house_ticket (ticket_hash, member_id, vendor, game_code, free_play, expires_at)
      values (${createHash('sha256').update(ticket).digest()}, ${redeemed.memberId}, ${redeemed.vassalage}, ${gameCode},
              ${redeemed.freePlay}, ${new Date(expiresAt)})`.execute(this.database.db);
    return { ticket, gameCode, expiresAt, freePlay: redeemed.freePlay };
  }

  /** The player a ticket stands for, for this game; 401 when unknown, expired or for another game. */
  async ticketPlayer(ticket: string, gameCode: string): Promise<HousePlayer> {
    const hash = createHash('sha256').update(ticket).digest('hex');
    let known = this.tickets.get(hash);
    if (!known) {
      const res = await sql<{ member_id: number; vendor: string; game_code: string; expires_at: Date }>`
        select member_id, vendor, game_code, expires_at from house_ticket
        where ticket_hash = ${Buffer.from(hash, 'hex')}`.execute(this.database.db);
      const row = res.rows[0];
      if (row) {
        known = {
          memberId: Number(row.member_id),
          vendor: row.vendor,
          gameCode: row.game_code,
          expiresAt: new Date(row.expires_at).getTime(),
        };
        if (this.tickets.size > 10_000) this.tickets.clear();
        this.tickets.set(hash, known);
      }
    }
    if (!known || known.expiresAt <= Date.now())
      throw fail(Errors.gameLaunchTokenInvalid, {
        message: 'This game session has ended: open the game again from the lobby',
      });
    if (known.gameCode !== gameCode)
      throw fail(Errors.forbidden, { message: 'This game session is for another game' });
    return { memberId: known.memberId, vendor: known.vendor };
  }

  // ---- seeds ---------------------------------------------------------------------------------

  private async activeSeed(memberId: number, gameCode: string): Promise<SeedRow> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await sql<SeedRow>`
        select id, server_seed, server_seed_hash, client_seed, next_nonce from house_seed
        where member_id = ${memberId} and game_code = ${gameCode} and active`.execute(this.database.db);
      if (res.rows[0]) return normaliseSeed(res.rows[0]);
      await this.insertSeed(memberId, gameCode, newClientSeed());
    }
    throw new Error('house seed: no active seed after creating one');
  }

  private async insertSeed(memberId: number, gameCode: string, clientSeed: string, db = this.database.db) {
    const serverSeed = newServerSeed();
    await sql`
      insert into house_seed (member_id, game_code, server_seed, server_seed_hash, client_seed)
      values (${memberId}, ${gameCode}, ${serverSeed}, ${sha256Hex(serverSeed)}, ${clientSeed})
      on conflict (member_id, game_code) where active do nothing`.execute(db);
  }

  /**
   * Claims the next nonce of the active seed with one atomic increment (concurrent rounds each
   * get their own): the first round of a seed in this instance, and the way after a miss.
   */
  private async claimNonce(
    memberId: number,
    gameCode: string,
    db: Kysely<DB> = this.database.db,
  ): Promise<SeedRow & { nonce: number }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await sql<SeedRow & { nonce: number }>`
        update house_seed set next_nonce = next_nonce + 1
        where member_id = ${memberId} and game_code = ${gameCode} and active
        returning id, server_seed, server_seed_hash, client_seed, next_nonce, next_nonce - 1 as nonce`.execute(
        db,
      );
      const row = res.rows[0];
      if (row) return { ...normaliseSeed(row), nonce: Number(row.nonce) };
      await this.insertSeed(memberId, gameCode, newClientSeed(), db);
    }
    throw new Error('house seed: could not claim a nonce');
  }

  private seedView(row: SeedRow): HouseSeed {
    return { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nextNonce: row.next_nonce };
  }

  async seed(player: HousePlayer, gameCode: string): Promise<HouseSeed> {
    this.game(gameCode);
    return this.seedView(await this.activeSeed(player.memberId, gameCode));
  }

  async setClientSeed(player: HousePlayer, gameCode: string, clientSeed: string): Promise<HouseSeed> {
    this.game(gameCode);
    await this.activeSeed(player.memberId, gameCode);
    const res = await sql<SeedRow>`
      update house_seed set client_seed = ${clientSeed}
      where member_id = ${player.memberId} and game_code = ${gameCode} and active
      returning id, server_seed, server_seed_hash, client_seed, next_nonce`.execute(this.database.db);
    this.seeds.delete(seedKey(player.memberId, gameCode));
    return this.seedView(normaliseSeed(res.rows[0]!));
  }

  /** Reveals the active server seed and commits a new one (the client seed carries over). */
  async rotate(player: HousePlayer, gameCode: string) {
    this.game(gameCode);
    await this.activeSeed(player.memberId, gameCode);
    this.seeds.delete(seedKey(player.memberId, gameCode));
    const rotated = await this.database.db.transaction().execute(async (trx) => {
      const res = await sql<SeedRow>`
        update house_seed set active = false, revealed_at = now()
        where member_id = ${player.memberId} and game_code = ${gameCode} and active
        returning id, server_seed, server_seed_hash, client_seed, next_nonce`.execute(trx);
      const old = res.rows[0];
      if (!old) throw fail(Errors.conflict, { message: 'The seed changed at the same time, try again' });
      // An open Mines round's mines come from this seed: revealing it would show them.
      const open = await sql`
        select 1 from house_open_round where seed_id = ${old.id} limit 1`.execute(trx);
      if (open.rows.length)
        throw fail(Errors.conflict, { message: 'Finish the open round before changing the seed' });
      await this.insertSeed(player.memberId, gameCode, old.client_seed, trx);
      const current = await sql<SeedRow>`
        select id, server_seed, server_seed_hash, client_seed, next_nonce from house_seed
        where member_id = ${player.memberId} and game_code = ${gameCode} and active`.execute(trx);
      return {
        revealed: {
          serverSeed: old.server_seed,
          serverSeedHash: old.server_seed_hash,
          clientSeed: old.client_seed,
          rounds: Number(old.next_nonce),
        },
        current: this.seedView(normaliseSeed(current.rows[0]!)),
      };
    });
    // A round of this instance may have read the old seed meanwhile: forget it once more.
    this.seeds.delete(seedKey(player.memberId, gameCode));
    return rotated;
  }

  // ---- state ---------------------------------------------------------------------------------

  async state(player: HousePlayer, gameCode: string): Promise<HouseState> {
    const game = this.game(gameCode);
    const [seed, balance, freePlay] = await Promise.all([
      this.activeSeed(player.memberId, gameCode),
      this.seamless.balance(player.memberId),
      this.seamless.isFreePlay(player.memberId),
    ]);
    const cur = this.wallet.currency();
    const levels =
      game.kind === 'slot'
        ? SLOT_LEVELS.filter((m) => isValidSlotBet(LUCKY_LOTUS, this.minorOf(m)))
        : game.kind === 'table'
          ? TABLE_CHIPS.filter((m) => this.minorOf(m) % 2 === 0)
          : ORIGINAL_CHIPS.filter((m) => m >= this.limitsMajor.minBet && m <= this.limitsMajor.maxBet);
    const originals = game.original
      ? {
          limits: this.limitsMajor,
          openMines: game.kind === 'mines' ? await this.openMines(player.memberId, gameCode) : null,
          ...(game.kind === 'hilo' ? { openHiLo: await this.openHiLo(player.memberId, gameCode) } : {}),
          ...(game.kind === 'blackjack'
            ? { openBlackjack: await this.openBlackjack(player.memberId, gameCode) }
            : {}),
        }
      : {};
    return {
      gameCode,
      kind: game.kind,
      name: game.name,
      category: game.category,
      balance: this.major(balance),
      currency: cur.code,
      currencySymbol: cur.symbol,
      precision: cur.precision,
      freePlay,
      seed: this.seedView(seed),
      betLevels: levels,
      ...originals,
    };
  }

  // ---- rounds --------------------------------------------------------------------------------

  private stakeOf(input: unknown, field: string, allowZero: boolean): number {
    if (allowZero && (input === undefined || input === 0 || input === '0')) return 0;
    try {
      return this.wallet.parseAmount(input, { maxMinor: this.minorOf(MAX_ROUND_STAKE) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw fail(err.error, { message: `${field}: ${err.message}` });
    }
  }

  async spin(player: HousePlayer, gameCode: string, betInput: unknown): Promise<HouseRound> {
    const game = this.game(gameCode);
    if (game.kind !== 'slot')
      throw fail(Errors.invalidInput, { message: `${gameCode} is not a slot: play it by round` });
    const bet = this.stakeOf(betInput, 'bet', false);
    if (!isValidSlotBet(LUCKY_LOTUS, bet))
      throw fail(Errors.invalidInput, {
        message: `A slot bet is a whole number of line bets: a multiple of ${this.major(LUCKY_LOTUS.paylines.length)}`,
      });
    return this.play(player, game, { kind: 'slot', bet }, bet);
  }

  async table(
    player: HousePlayer,
    gameCode: string,
    input: Partial<Record<keyof DtBets, unknown>>,
  ): Promise<HouseRound> {
    const game = this.game(gameCode);
    if (game.kind !== 'table') throw fail(Errors.invalidInput, { message: `${gameCode} is a slot: spin it` });
    const bets: DtBets = {
      DRAGON: this.stakeOf(input.DRAGON, 'DRAGON', true),
      TIGER: this.stakeOf(input.TIGER, 'TIGER', true),
      TIE: this.stakeOf(input.TIE, 'TIE', true),
    };
    const problem = dtBetProblem(bets);
    if (problem) throw fail(Errors.invalidInput, { message: problem });
    const stake = bets.DRAGON + bets.TIGER + bets.TIE;
    if (stake > this.minorOf(MAX_ROUND_STAKE))
      throw fail(Errors.invalidInput, { message: `A round takes at most ${MAX_ROUND_STAKE} in bets` });
    return this.play(player, game, { kind: 'table', bets }, stake);
  }

  private async play(
    player: HousePlayer,
    game: HouseGame,
    wager: HouseWager,
    stake: number,
  ): Promise<HouseRound> {
    const key = seedKey(player.memberId, game.code);
    // One round of a seed at a time in this instance, so each takes the nonce after the last:
    // they would wait on the member's ledger row one after another anyway.
    const prior = this.playing.get(key) ?? Promise.resolve();
    const round = prior.then(
      () => this.playOnce(player, game, wager, stake, key),
      () => this.playOnce(player, game, wager, stake, key),
    );
    const settled = round.catch(() => undefined);
    this.playing.set(key, settled);
    try {
      return await round;
    } finally {
      if (this.playing.get(key) === settled) this.playing.delete(key);
    }
  }

  private async playOnce(
    player: HousePlayer,
    game: HouseGame,
    wager: HouseWager,
    stake: number,
    key: string,
  ): Promise<HouseRound> {
    const wagerJson = JSON.stringify(wager);
    for (let attempt = 0; ; attempt++) {
      // The seed as this instance knows it, playing its next nonce; else (first round here, or
      // the seed moved on) a nonce claimed outright.
      const known = attempt === 0 ? this.seeds.get(key) : undefined;
      let seed: SeedRow;
      let nonce: number;
      if (known) {
        seed = known;
        nonce = known.next_nonce;
      } else {
        const claimed = await this.claimNonce(player.memberId, game.code);
        seed = claimed;
        nonce = claimed.nonce;
      }
      const outcome = playHouseRound(game.kind, hmacSource(seed.server_seed, seed.client_seed, nonce), wager);
      const roundId = newRoundId();
      let answer: { balance: number; freePlay: boolean; at?: Date };
      try {
        answer = await this.seamless.play(
          {
            vendor: player.vendor,
            memberId: player.memberId,
            transactionId: `${roundId}:bet`,
            roundId,
            amount: stake,
            product: game.category,
            gameCode: game.code,
            gameName: game.name,
          },
          { transactionId: `${roundId}:win`, amount: outcome.totalWin },
          {
            seedId: seed.id,
            nonce,
            claimed: !known,
            clientSeed: seed.client_seed,
            serverSeedHash: seed.server_seed_hash,
            kind: game.kind,
            wager: wagerJson,
            outcome: JSON.stringify(outcome),
          },
        );
      } catch (err) {
        if ((err as { code?: string }).code !== SEED_MOVED_SQLSTATE) throw err;
        // Rotated, client seed changed, or a round of another instance took the nonce.
        if (this.seeds.get(key) === seed) this.seeds.delete(key);
        if (attempt + 1 >= SEED_RETRIES)
          throw fail(Errors.conflict, { message: 'The seed changed at the same time, try again' });
        continue;
      }
      if (known) {
        if (this.seeds.get(key) === known) known.next_nonce = nonce + 1;
      } else {
        if (this.seeds.size >= SEED_CACHE) this.seeds.clear();
        this.seeds.set(key, { ...seed, next_nonce: nonce + 1 });
      }
      return {
        roundId,
        gameCode: game.code,
        kind: game.kind,
        serverSeedHash: seed.server_seed_hash,
        clientSeed: seed.client_seed,
        nonce,
        serverSeed: null,
        bet: this.major(stake),
        win: this.major(outcome.totalWin),
        balance: this.major(answer.balance),
        freePlay: answer.freePlay,
        wager: wager as unknown as Record<string, unknown>,
        outcome: outcome as unknown as Record<string, unknown>,
        playedAt: (answer.at ?? new Date()).getTime(),
      };
    }
  }

  // ---- the originals (decision 046) ---------------------------------------------------------

  /** The stake of an original: within the configured min and max bet, minor units. */
  private originalStake(input: unknown): number {
    const { minBet, maxBet } = this.limitsMajor;
    const bet = this.stakeOf(input, 'bet', false);
    if (bet < this.minorOf(minBet) || bet > this.minorOf(maxBet))
      throw fail(Errors.invalidInput, { message: `A bet is between ${minBet} and ${maxBet}` });
    return bet;
  }

  /** A win above the max win is never cut short: the bet that could pay it is refused. */
  private checkMaxWin(wager: OriginalWager) {
    const top = originalTopMultiplier(wager);
    if (BigInt(wager.bet) * top.num > BigInt(this.minorOf(this.limitsMajor.maxWin)) * top.den)
      throw fail(Errors.invalidInput, {
        message: `This bet could win more than the ${this.limitsMajor.maxWin} a round may pay: lower the bet or the multiplier`,
      });
  }

  /**
   * Roulette, Sic Bo and Baccarat: each spot's amount parsed (at least the min bet), the spots checked by the
   * engine, their sum the round's stake, within the max bet.
   */
  private spotsWager(game: HouseGame, input: OriginalInput): OriginalWager {
    const raw = input.bets;
    const { minBet, maxBet } = this.limitsMajor;
    const bets: Record<string, number> = {};
    if (raw && typeof raw === 'object' && !Array.isArray(raw))
      for (const [key, v] of Object.entries(raw)) {
        const minor = this.stakeOf(v, `bets.${key.slice(0, 40)}`, false);
        if (minor < this.minorOf(minBet))
          throw fail(Errors.invalidInput, { message: `A bet on a spot is at least ${minBet}` });
        bets[key] = minor;
      }
    const problemOf =
      game.kind === 'roulette' ? rouletteProblem : game.kind === 'baccarat' ? baccaratProblem : sicBoProblem;
    const problem = problemOf(raw ? bets : raw);
    if (problem) throw fail(Errors.invalidInput, { message: problem });
    const bet = Object.values(bets).reduce((a, b) => a + b, 0);
    if (bet > this.minorOf(maxBet))
      throw fail(Errors.invalidInput, { message: `The bets of a round total at most ${maxBet}` });
    const wager: OriginalWager =
      game.kind === 'roulette'
        ? { kind: 'roulette', bet, bets }
        : game.kind === 'baccarat'
          ? { kind: 'baccarat', bet, bets }
          : { kind: 'sicbo', bet, bets };
    this.checkMaxWin(wager);
    return wager;
  }

  private originalWager(game: HouseGame, input: OriginalInput): OriginalWager {
    if (game.kind === 'roulette' || game.kind === 'sicbo' || game.kind === 'baccarat')
      return this.spotsWager(game, input);
    const bet = this.originalStake(input.bet);
    let wager: OriginalWager;
    let problem: string | null;
    if (game.kind === 'dice') {
      problem = diceProblem(input.target, input.over);
      wager = { kind: 'dice', bet, target: input.target!, over: input.over! };
    } else if (game.kind === 'limbo') {
      problem = limboProblem(input.target);
      wager = { kind: 'limbo', bet, target: input.target! };
    } else if (game.kind === 'plinko') {
      problem = plinkoProblem(input.rows, input.risk);
      wager = { kind: 'plinko', bet, rows: input.rows!, risk: input.risk as PlinkoRisk };
    } else if (game.kind === 'keno') {
      problem = kenoProblem(input.picks, input.risk);
      wager = { kind: 'keno', bet, picks: input.picks!, risk: input.risk as KenoRisk };
    } else if (game.kind === 'wheel') {
      problem = wheelProblem(input.segments, input.risk);
      wager = { kind: 'wheel', bet, segments: input.segments!, risk: input.risk as WheelRisk };
    } else throw fail(Errors.invalidInput, { message: `${game.code} is not played by single rounds` });
    if (problem) throw fail(Errors.invalidInput, { message: problem });
    this.checkMaxWin(wager);
    return wager;
  }

  /** One round of Dice, Limbo, Plinko, Keno, Wheel, Roulette or Sic Bo, through the same one-statement path as a slot spin. */
  async original(player: HousePlayer, gameCode: string, input: OriginalInput): Promise<HouseRound> {
    const game = this.game(gameCode);
    const wager = this.originalWager(game, input);
    return this.play(player, game, wager, wager.bet);
  }

  /**
   * Auto-bet, held to its limits by the server: at most autoBetMaxRounds rounds, stopped as soon
   * as the net result reaches the profit or loss limit, after the first won round (it paid more
   * than its stake) or lost round (less) when asked, or when a stake is refused (the balance, a
   * responsible-gambling limit). The rounds are ordinary rounds, one after another.
   */
  async autoBet(
    player: HousePlayer,
    gameCode: string,
    input: OriginalInput & {
      rounds: number;
      stopOnProfit?: unknown;
      stopOnLoss?: unknown;
      stopOnWin?: boolean;
      stopOnLose?: boolean;
    },
  ) {
    const game = this.game(gameCode);
    const max = this.limitsMajor.autoBetMaxRounds;
    if (!Number.isInteger(input.rounds) || input.rounds < 1 || input.rounds > max)
      throw fail(Errors.invalidInput, { message: `An auto-bet plays 1 to ${max} rounds` });
    const wager = this.originalWager(game, input);
    const limit = (v: unknown, field: string) =>
      v === undefined || v === null || v === '' || v === 0 ? null : this.stakeOf(v, field, false);
    const stopProfit = limit(input.stopOnProfit, 'stopOnProfit');
    const stopLoss = limit(input.stopOnLoss, 'stopOnLoss');
    const rounds: HouseRound[] = [];
    let net = 0;
    let stoppedBy: 'rounds' | 'profit' | 'loss' | 'win' | 'lose' | 'balance' = 'rounds';
    for (let i = 0; i < input.rounds; i++) {
      let round: HouseRound;
      try {
        round = await this.play(player, game, wager, wager.bet);
      } catch (err) {
        if (rounds.length && err instanceof AppError) {
          stoppedBy = 'balance';
          break;
        }
        throw err;
      }
      rounds.push(round);
      net += Math.round((round.win - round.bet) * 10 ** this.wallet.currency().precision);
      if (stopProfit !== null && net >= stopProfit) {
        stoppedBy = 'profit';
        break;
      }
      if (stopLoss !== null && -net >= stopLoss) {
        stoppedBy = 'loss';
        break;
      }
      if (input.stopOnWin === true && round.win > round.bet) {
        stoppedBy = 'win';
        break;
      }
      if (input.stopOnLose === true && round.win < round.bet) {
        stoppedBy = 'lose';
        break;
      }
    }
    return { rounds, stoppedBy, net: this.major(net) };
  }

  // ---- Mines ---------------------------------------------------------------------------------

  private minesGame(gameCode: string): HouseGame {
    const game = this.game(gameCode);
    if (game.kind !== 'mines') throw fail(Errors.invalidInput, { message: `${gameCode} is not Mines` });
    return game;
  }

  private openView(row: MinesViewRow): MinesRound {
    const picks = row.picks.map(Number);
    const safe = picks.length;
    const now = minesMultiplier(row.mines!, safe);
    const more = this.nextMinesMultiplier(Number(row.bet), row.mines!, safe);
    return {
      roundId: row.round_id,
      bet: this.major(Number(row.bet)),
      mines: row.mines!,
      picks,
      cashOut: safe ? this.major(payOf(Number(row.bet), now)) : 0,
      multiplier: multiplierText(now),
      nextMultiplier: more ? multiplierText(more) : null,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: Number(row.nonce),
    };
  }

  /** The multiplier of one more safe tile, when there is one and its win fits the max win. */
  private nextMinesMultiplier(bet: number, mines: number, safe: number) {
    if (safe >= MINES_TILES - mines) return null;
    const m = minesMultiplier(mines, safe + 1);
    if (BigInt(bet) * m.num > BigInt(this.minorOf(this.limitsMajor.maxWin)) * m.den) return null;
    return m;
  }

  /**
   * The number of safe tiles at which a Mines round of this bet cashes out by itself: its last
   * safe tile, or the first after which one more would pay past the max win (the multipliers only
   * grow). A safe tile that leaves fewer keeps the round open.
   */
  private minesEndsAt(bet: number, mines: number): number {
    const key = `${bet}:${mines}`;
    let safe = this.minesEnds.get(key);
    if (safe === undefined) {
      safe = 1;
      while (this.nextMinesMultiplier(bet, mines, safe)) safe++;
      if (this.minesEnds.size >= OPEN_CACHE) this.minesEnds.clear();
      this.minesEnds.set(key, safe);
    }
    return safe;
  }

  private async openMines(memberId: number, gameCode: string): Promise<MinesRound | null> {
    const res = await sql<OpenRow>`
      select * from house_open_round where member_id = ${memberId} and game_code = ${gameCode}`.execute(
      this.database.db,
    );
    return res.rows[0] ? this.openView(normaliseOpen(res.rows[0])) : null;
  }

  /** Remembers the open round of (member, game) this instance wrote or read (see `opened`). */
  private rememberOpen(key: string, row: Pick<OpenRow, 'round_id' | 'bet' | 'mines'>) {
    if (this.opened.size >= OPEN_CACHE) this.opened.clear();
    this.opened.set(key, {
      roundId: row.round_id,
      minesEndAt: row.mines === null ? null : this.minesEndsAt(Number(row.bet), Number(row.mines)),
      bet: Number(row.bet),
      mines: row.mines === null ? null : Number(row.mines),
    });
  }

  private forgetOpen(key: string, roundId: string) {
    if (this.opened.get(key)?.roundId === roundId) this.opened.delete(key);
  }

  /**
   * The member's main balance as a subquery (SeamlessWallet.balance's read), so that a statement
   * that writes something else answers it too.
   */
  private balanceSql(memberId: number) {
    return sql<number>`coalesce((
      select balance from ledger_account
      where member_id = ${memberId} and wallet_type = ${WalletType.main} and currency = ${this.wallet.currency().code}), 0)`;
  }

  /**
   * Writes the open row of a round, taking its nonce: one `claimed` already (an increment of its
   * own), or the one this instance knows, in the same statement and only while the seed is still
   * active at it with that client seed (as seamless_spin takes a slot's): false, and nothing
   * written, when it is not.
   */
  private async insertOpen(trx: Kysely<DB>, row: OpenRow, claimed: boolean): Promise<boolean> {
    const layout = sql.raw(`'{${row.layout.join(',')}}'::int[]`);
    if (claimed) {
      await sql`
        insert into house_open_round (round_id, member_id, vendor, game_code, seed_id, server_seed_hash,
                                      client_seed, nonce, bet, mines, layout, moves, free_play)
        values (${row.round_id}, ${row.member_id}, ${row.vendor}, ${row.game_code}, ${row.seed_id},
                ${row.server_seed_hash}, ${row.client_seed}, ${row.nonce}, ${row.bet}, ${row.mines},
                ${layout}, '[]'::jsonb, ${row.free_play})`.execute(trx);
      return true;
    }
    const res = await sql`
      with seed as (
        update house_seed set next_nonce = next_nonce + 1
        where id = ${row.seed_id} and active and client_seed = ${row.client_seed} and next_nonce = ${row.nonce}
        returning id)
      insert into house_open_round (round_id, member_id, vendor, game_code, seed_id, server_seed_hash,
                                    client_seed, nonce, bet, mines, layout, moves, free_play)
      select ${row.round_id}::text, ${row.member_id}::bigint, ${row.vendor}::text, ${row.game_code}::text, seed.id,
             ${row.server_seed_hash}::text, ${row.client_seed}::text, ${row.nonce}::bigint, ${row.bet}::bigint,
             ${row.mines}::int, ${layout}, '[]'::jsonb, ${row.free_play}::boolean
      from seed
      returning round_id`.execute(trx);
    return res.rows.length > 0;
  }

  /**
   * Opens a round played in steps (Mines, HiLo, Blackjack) in one transaction: the nonce taken, the
   * open row written (Mines: its `mines` drawn from the round's seed and kept) and the bet debited
   * through the ledger, so a refused stake leaves no row and its nonce unused. When this instance
   * knows the seed, the nonce and the row are one statement (insertOpen); otherwise, or when the
   * seed moved on, the nonce is claimed first. `then` runs in that same transaction after the
   * debit, on the row just written (Blackjack settles a blackjack dealt there). A start while the
   * player has a round open in this game, or racing another start, meets the
   * one-open-round-per-game index: `busy` (409). Answers the debit's balance and the row, from
   * which the caller shows the round without reading it again.
   */
  private async openRound<T = never>(
    player: HousePlayer,
    game: HouseGame,
    bet: number,
    busy: () => AppError,
    open: {
      mines?: number;
      then?: (trx: Kysely<DB>, mover: RoundMover, row: OpenRow & { server_seed: string }) => Promise<T>;
    } = {},
  ): Promise<{ balance: number; row: OpenRow & { server_seed: string }; then: T | undefined }> {
    const key = seedKey(player.memberId, game.code);
    const roundId = newRoundId();
    const mover = await this.seamless.roundMover(player.memberId, player.vendor, roundId);
    const mines = open.mines ?? null;
    const rowOf = (seed: SeedRow, nonce: number): OpenRow & { server_seed: string } => ({
      round_id: roundId,
      member_id: player.memberId,
      vendor: player.vendor,
      game_code: game.code,
      seed_id: seed.id,
      server_seed_hash: seed.server_seed_hash,
      client_seed: seed.client_seed,
      nonce,
      bet,
      mines,
      layout: mines === null ? [] : minesLayout(hmacSource(seed.server_seed, seed.client_seed, nonce), mines),
      picks: [],
      moves: [],
      free_play: mover.freePlay,
      server_seed: seed.server_seed,
    });
    const known = this.seeds.get(key);
    let opened: { balance: number; row: OpenRow & { server_seed: string }; then: T | undefined };
    try {
      opened = await this.database.db.transaction().execute(async (trx) => {
        let row = known ? rowOf(known, known.next_nonce) : null;
        if (!row || !(await this.insertOpen(trx, row, false))) {
          const claimed = await this.claimNonce(player.memberId, game.code, trx);
          row = rowOf(claimed, claimed.nonce);
          await this.insertOpen(trx, row, true);
        }
        const debit = await mover.debit(trx, {
          vendor: player.vendor,
          memberId: player.memberId,
          transactionId: `${roundId}:bet`,
          roundId,
          amount: bet,
          product: game.category,
          gameCode: game.code,
          gameName: game.name,
        });
        return { balance: debit.balance, row, then: await open.then?.(trx, mover, row) };
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw busy();
      throw err;
    }
    const { row } = opened;
    if (known && this.seeds.get(key) === known && known.id === row.seed_id && known.next_nonce === row.nonce)
      known.next_nonce = row.nonce + 1;
    else {
      if (this.seeds.size >= SEED_CACHE) this.seeds.clear();
      this.seeds.set(key, {
        id: row.seed_id,
        server_seed: row.server_seed,
        server_seed_hash: row.server_seed_hash,
        client_seed: row.client_seed,
        next_nonce: row.nonce + 1,
      });
    }
    this.rememberOpen(key, row);
    return opened;
  }

  /**
   * One step of a round played in steps (Mines, HiLo, Blackjack) in one transaction under its open
   * row's lock, the row read with its seed: `act` decides and writes (keepStep, or settleOpen and
   * its one credit). The round is the one this instance knows (`opened`), else it is read first;
   * a known round found gone (it ended, or another instance played on to a new one) is read anew
   * once. `missing` when the player has none open; a round that ends between that read and the
   * lock answers 409.
   */
  private async lockedStep<R extends { settled: HouseRound | null }>(
    player: HousePlayer,
    gameCode: string,
    missing: () => AppError,
    act: (trx: Kysely<DB>, mover: RoundMover, row: OpenRow & { server_seed: string }) => Promise<R>,
  ): Promise<R> {
    const key = seedKey(player.memberId, gameCode);
    for (let attempt = 0; ; attempt++) {
      const known = attempt === 0 ? this.opened.get(key) : undefined;
      let roundId = known?.roundId;
      if (!roundId) {
        const found = await sql<Pick<OpenRow, 'round_id' | 'bet' | 'mines'>>`
          select round_id, bet, mines from house_open_round
          where member_id = ${player.memberId} and game_code = ${gameCode}`.execute(this.database.db);
        if (!found.rows[0]) throw missing();
        roundId = found.rows[0].round_id;
        this.rememberOpen(key, found.rows[0]);
      }
      const mover = await this.seamless.roundMover(player.memberId, player.vendor, roundId);
      const done = await this.database.db.transaction().execute(async (trx) => {
        const res = await sql<OpenRow & { server_seed: string }>`
          select o.*, s.server_seed from house_open_round o join house_seed s on s.id = o.seed_id
          where o.round_id = ${roundId} and o.member_id = ${player.memberId} for update of o`.execute(trx);
        const row = res.rows[0];
        if (!row) return null;
        return { value: await act(trx, mover, { ...normaliseOpen(row), server_seed: row.server_seed }) };
      });
      if (done) {
        if (done.value.settled) this.forgetOpen(key, roundId);
        return done.value;
      }
      this.forgetOpen(key, roundId);
      if (!known) throw fail(Errors.conflict, { message: 'This round has just ended' });
    }
  }

  /**
   * Keeps a step that leaves the round open (Mines' picks, HiLo's or Blackjack's moves) in the
   * caller's transaction, answering the member's balance in the same statement.
   */
  private async keepStep(
    trx: Kysely<DB>,
    row: OpenRow,
    set: { picks: number[] } | { moves: unknown[] },
  ): Promise<number> {
    const value =
      'picks' in set
        ? sql`picks = ${sql.raw(`'{${set.picks.join(',')}}'`)}::int[]`
        : sql`moves = ${JSON.stringify(set.moves)}::jsonb`;
    const res = await sql<{ balance: number }>`
      update house_open_round set ${value} where round_id = ${row.round_id}
      returning ${this.balanceSql(Number(row.member_id))} as balance`.execute(trx);
    return Number(res.rows[0]!.balance);
  }

  /**
   * Opens a Mines round in one statement (house_mines_start, migration 078): the nonce of the seed
   * this instance knows taken, the mines drawn from it and kept in the open row, the stake posted
   * through the ledger. The seed is read first when this instance does not know it, and again when
   * it moved on under it (HS001), so a refused start (the balance, a limit, a round open already)
   * leaves its nonce unused. A member under a loss or wager limit or a block (RG001, asked by the
   * statement) starts in the transaction holding the limit lock, after the check (decision 039).
   */
  async minesStart(player: HousePlayer, gameCode: string, betInput: unknown, mines: number) {
    const game = this.minesGame(gameCode);
    const problem = minesProblem(mines);
    if (problem) throw fail(Errors.invalidInput, { message: problem });
    const bet = this.originalStake(betInput);
    this.checkMaxWin({ kind: 'mines', bet, mines, picks: [] });
    const key = seedKey(player.memberId, game.code);
    const roundId = newRoundId();
    const mover = await this.seamless.roundMover(player.memberId, player.vendor, roundId);
    const reference = `${player.vendor}:${roundId}`.slice(0, 100);
    const stakeFp = fingerprint('BET_STAKE', reference, [
      { accountId: mover.accounts.member, amount: -bet },
      { accountId: mover.accounts.house, amount: bet },
    ]);
    for (let attempt = 0; ; attempt++) {
      const seed =
        (attempt === 0 && this.seeds.get(key)) || (await this.activeSeed(player.memberId, game.code));
      const nonce = seed.next_nonce;
      const layout = minesLayout(hmacSource(seed.server_seed, seed.client_seed, nonce), mines);
      const values = [
        player.vendor,
        player.memberId,
        roundId,
        game.code,
        seed.id,
        nonce,
        seed.client_seed,
        seed.server_seed_hash,
        bet,
        mines,
        `{${layout.join(',')}}`,
        mover.freePlay,
        mover.accounts.member,
        mover.accounts.house,
        stakeFp,
      ];
      let started: { o_balance: number; o_at: Date };
      try {
        try {
          started = await this.minesCall<{ o_balance: number; o_at: Date }>(START_SQL, 'house_mines_start', [
            ...values,
            !mover.freePlay,
          ]);
        } catch (err) {
          if ((err as { code?: string }).code !== WATCHED_SQLSTATE) throw err;
          started = await this.database.db.transaction().execute(async (trx) => {
            await mover.guard(trx, bet);
            return this.minesCall<{ o_balance: number; o_at: Date }>(
              START_SQL,
              null,
              [...values, false],
              trx,
            );
          });
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === SEED_MOVED_SQLSTATE && attempt < SEED_RETRIES) {
          this.seeds.delete(key);
          continue;
        }
        if (code === '23505')
          throw fail(Errors.conflict, { message: 'A Mines round is open: cash it out or play it on first' });
        throw ledgerRefusal(err, this.wallet.currency().precision) ?? err;
      }
      if (this.seeds.size >= SEED_CACHE) this.seeds.clear();
      this.seeds.set(key, { ...seed, next_nonce: nonce + 1 });
      const row = {
        round_id: roundId,
        bet,
        mines,
        picks: [],
        server_seed_hash: seed.server_seed_hash,
        client_seed: seed.client_seed,
        nonce,
      };
      this.rememberOpen(key, row);
      return { open: this.openView(row), settled: null, balance: this.major(Number(started.o_balance)) };
    }
  }

  /**
   * One of the Mines statements (migration 078): in the caller's transaction, or alone (on
   * PostgreSQL as a prepared statement of the pooled connection, parsed once per connection), or
   * with other players' starts and steps in one call and one commit (the seamless wallet's
   * batcher, house_mines_batch, migration 083; decision 062), a refusal still its own.
   */
  private async minesCall<R>(
    text: string,
    name: 'house_mines_start' | 'house_mines_step' | null,
    values: unknown[],
    trx?: Kysely<DB>,
  ): Promise<R> {
    const batcher = this.seamless.batcher;
    if (!trx && name && batcher) {
      if (name === 'house_mines_start') return (await batcher.call(MINES_BATCH, minesStartCall(values))) as R;
      const row = await batcher.call(MINES_BATCH, minesStepCall(values));
      return (row.o_found ? row : undefined) as R;
    }
    const pool = (this.database as Database & { pool?: pg.Pool }).pool;
    if (!trx && name && this.database.kind === 'postgres' && pool)
      return (await poolQuery<R & pg.QueryResultRow>(pool, { name, text, values })).rows[0] as R;
    return (await (trx ?? this.database.db).executeQuery<R>(CompiledQuery.raw(text, values))).rows[0] as R;
  }

  /** Opens a tile: a mine ends the round (no win); the last safe tile, or one whose next win would
   * pass the max win, cashes out by itself. */
  async minesReveal(player: HousePlayer, gameCode: string, tile: number) {
    this.minesGame(gameCode);
    if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES)
      throw fail(Errors.invalidInput, { message: 'tile is 0 to 24' });
    return this.minesSettle(player, gameCode, tile, () =>
      this.minesStep(player, gameCode, (row) => {
        if (row.picks.includes(tile))
          throw fail(Errors.invalidInput, { message: 'This tile is open already' });
        const picks = [...row.picks, tile];
        if (row.layout.includes(tile)) return { picks, end: true };
        const end = this.nextMinesMultiplier(Number(row.bet), row.mines!, picks.length) === null;
        return { picks, end };
      }),
    );
  }

  async minesCashOut(player: HousePlayer, gameCode: string) {
    this.minesGame(gameCode);
    return this.minesSettle(player, gameCode, null, () =>
      this.minesStep(player, gameCode, (row) => {
        if (!row.picks.length) throw fail(Errors.invalidInput, { message: 'Open a tile before cashing out' });
        return { picks: row.picks, end: true };
      }),
    );
  }

  /**
   * A tile (null: the cash-out) of the player's Mines round in one statement (house_mines_step,
   * migration 078) under the open row's lock: a safe tile that leaves the round open is kept; a
   * mine, the cash-out or the tile at which the round ends pays (the win per number of safe tiles
   * computed here from the bet and mines, which never change while the round is open), writes its
   * betting record and house round and deletes the open row. The round is the one this instance
   * knows (`opened`), else it is read first; a known round found gone (it ended, or another
   * instance played on to a new one) is read anew once; 404 when the player has none open, 409
   * when it ends between that read and the statement. A round opened before migration 078 (with
   * a vendor-protocol round, MN001) ends on the old path, `vendorPath`.
   */
  private async minesSettle(
    player: HousePlayer,
    gameCode: string,
    tile: number | null,
    vendorPath: () => Promise<{ open: MinesRound | null; settled: HouseRound | null; balance: number }>,
  ): Promise<{ open: MinesRound | null; settled: HouseRound | null; balance: number }> {
    const key = seedKey(player.memberId, gameCode);
    for (let attempt = 0; ; attempt++) {
      const cached = attempt === 0 ? this.opened.get(key) : undefined;
      let known = cached?.mines === null ? undefined : cached;
      if (!known) {
        const found = await sql<Pick<OpenRow, 'round_id' | 'bet' | 'mines'>>`
          select round_id, bet, mines from house_open_round
          where member_id = ${player.memberId} and game_code = ${gameCode}`.execute(this.database.db);
        if (!found.rows[0] || found.rows[0].mines === null)
          throw fail(Errors.notFound, { message: 'No open Mines round: place a bet first' });
        this.rememberOpen(key, found.rows[0]);
        known = this.opened.get(key)!;
      }
      const { roundId, bet } = known;
      const mines = known.mines!;
      const endAt = known.minesEndAt!;
      const pays = this.minesPaysOf(bet, mines, endAt);
      const game = this.minesGame(gameCode);
      const mover = await this.seamless.roundMover(player.memberId, player.vendor, roundId);
      let row: MinesStepRow | undefined;
      try {
        row = await this.minesCall<MinesStepRow | undefined>(STEP_SQL, 'house_mines_step', [
          roundId,
          player.memberId,
          tile,
          bet,
          mines,
          endAt,
          ...pays,
          mover.accounts.member,
          mover.accounts.house,
          this.wallet.currency().code,
          betProductOf(game.category),
          game.name,
        ]);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'MN001') return vendorPath();
        if (code === 'MN002') throw fail(Errors.invalidInput, { message: 'Open a tile before cashing out' });
        if (code === 'MN003') throw fail(Errors.invalidInput, { message: 'This tile is open already' });
        throw ledgerRefusal(err, this.wallet.currency().precision) ?? err;
      }
      if (!row) {
        this.forgetOpen(key, roundId);
        if (known !== cached) throw fail(Errors.conflict, { message: 'This round has just ended' });
        continue;
      }
      const picks = intArray(row.o_picks);
      const view = {
        round_id: roundId,
        bet,
        mines,
        picks,
        server_seed_hash: row.o_seed_hash,
        client_seed: row.o_client_seed,
        nonce: Number(row.o_nonce),
      };
      const balance = this.major(Number(row.o_balance));
      if (row.o_open) return { open: this.openView(view), settled: null, balance };
      this.forgetOpen(key, roundId);
      const layout = intArray(row.o_layout);
      const hit = tile !== null && layout.includes(tile) ? tile : null;
      const safe = picks.length - (hit === null ? 0 : 1);
      const m = hit === null ? minesMultiplier(mines, safe) : { num: 0n, den: 1n };
      const win = Number(row.o_win);
      const wager = { kind: 'mines' as const, bet, mines, picks };
      const outcome = {
        game: 'mines',
        bet,
        mines,
        layout,
        picks,
        hit,
        safe,
        multiplier: { num: m.num.toString(), den: m.den.toString() },
        totalWin: win,
      };
      const settled: HouseRound = {
        roundId,
        gameCode: row.o_game_code,
        kind: 'mines',
        serverSeedHash: row.o_seed_hash,
        clientSeed: row.o_client_seed,
        nonce: Number(row.o_nonce),
        serverSeed: null,
        bet: this.major(bet),
        win: this.major(win),
        balance,
        freePlay: row.o_free_play,
        wager: wager as unknown as Record<string, unknown>,
        outcome: outcome as unknown as Record<string, unknown>,
        playedAt: new Date(row.o_at).getTime(),
      };
      return { open: null, settled, balance };
    }
  }

  /** house_mines_step's pays, nums and dens for a setting (minesPays). */
  private minesPaysOf(bet: number, mines: number, endAt: number): [string, string, string] {
    const key = `${bet}:${mines}:${endAt}`;
    let pays = this.minesPays.get(key);
    if (!pays) {
      const ms = Array.from({ length: endAt }, (_, i) => minesMultiplier(mines, i + 1));
      pays = [
        `{${ms.map((m) => payOf(bet, m)).join(',')}}`,
        `{${ms.map((m) => m.num.toString()).join(',')}}`,
        `{${ms.map((m) => m.den.toString()).join(',')}}`,
      ];
      if (this.minesPays.size >= OPEN_CACHE) this.minesPays.clear();
      this.minesPays.set(key, pays);
    }
    return pays;
  }

  private async minesStep(
    player: HousePlayer,
    gameCode: string,
    step: (row: OpenRow) => { picks: number[]; end: boolean },
  ) {
    const missing = () => fail(Errors.notFound, { message: 'No open Mines round: place a bet first' });
    return this.lockedStep(player, gameCode, missing, async (trx, mover, row) => {
      const { picks, end } = step(row);
      if (end) {
        const settled = await this.settleMines(trx, mover, row, picks);
        return { open: null, settled, balance: settled.balance! };
      }
      const balance = await this.keepStep(trx, row, { picks });
      return { open: this.openView({ ...row, picks }), settled: null, balance: this.major(balance) };
    });
  }

  /** Ends a Mines round in the caller's transaction: the credit (0 on a mine), its house round, the open row gone. */
  private async settleMines(
    trx: Kysely<DB>,
    mover: RoundMover,
    row: OpenRow & { server_seed: string },
    picks: number[],
  ): Promise<HouseRound> {
    return this.settleOpen(trx, mover, row, {
      kind: 'mines',
      bet: Number(row.bet),
      mines: row.mines!,
      picks,
    });
  }

  /**
   * Ends a round played in steps (Mines, HiLo) in the caller's transaction, under its open row's
   * lock: the outcome replayed from the seed and the player's moves, the credit (0 on a loss), its
   * house round and the open row's deletion (one statement). Run once per round: the row is gone
   * after it. The round's balance is the credit's answer.
   */
  private async settleOpen(
    trx: Kysely<DB>,
    mover: RoundMover,
    row: OpenRow & { server_seed: string },
    wager: OriginalWager & { kind: 'mines' | 'hilo' | 'blackjack' },
  ): Promise<HouseRound> {
    const outcome = playHouseRound(
      wager.kind,
      hmacSource(row.server_seed, row.client_seed, Number(row.nonce)),
      wager,
    ) as { totalWin: number; stake?: number };
    // Blackjack: everything staked (the bet, a double, a split); the others: the bet.
    const stake = outcome.stake ?? Number(row.bet);
    const credit = await mover.credit(trx, {
      vendor: row.vendor,
      memberId: Number(row.member_id),
      transactionId: `${row.round_id}:win`,
      roundId: row.round_id,
      amount: outcome.totalWin,
    });
    const at = new Date();
    await sql`
      with gone as (delete from house_open_round where round_id = ${row.round_id})
      insert into house_round (round_id, member_id, vendor, game_code, kind, seed_id, server_seed_hash,
                               client_seed, nonce, bet, win, free_play, balance_after, wager, outcome, played_at)
      values (${row.round_id}, ${row.member_id}, ${row.vendor}, ${row.game_code}, ${wager.kind}, ${row.seed_id},
              ${row.server_seed_hash}, ${row.client_seed}, ${row.nonce}, ${stake}, ${outcome.totalWin},
              ${row.free_play}, ${credit.balance}, ${JSON.stringify(wager)}::jsonb, ${JSON.stringify(outcome)}::jsonb, ${at})`.execute(
      trx,
    );
    return {
      roundId: row.round_id,
      gameCode: row.game_code,
      kind: wager.kind,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: Number(row.nonce),
      serverSeed: null,
      bet: this.major(stake),
      win: this.major(outcome.totalWin),
      balance: this.major(credit.balance),
      freePlay: row.free_play,
      wager: wager as unknown as Record<string, unknown>,
      outcome: outcome as unknown as Record<string, unknown>,
      playedAt: at.getTime(),
    };
  }

  // ---- HiLo ----------------------------------------------------------------------------------

  private hiloGame(gameCode: string): HouseGame {
    const game = this.game(gameCode);
    if (game.kind !== 'hilo') throw fail(Errors.invalidInput, { message: `${gameCode} is not HiLo` });
    return game;
  }

  /** The winning ranks of the correct guesses of these moves from these cards. */
  private hiloWon(cards: number[], moves: HiLoAction[]): number[] {
    const won: number[] = [];
    moves.forEach((a, i) => {
      if (a !== 'skip') won.push(hiloWinningRanks(cardRank(cards[i]!), a));
    });
    return won;
  }

  /** The multiplier one more correct `guess` would reach, when it is offered and its win fits the max win. */
  private hiloNext(bet: number, won: number[], card: number, guess: HiLoGuess) {
    if (won.length >= HILO_MAX_GUESSES || hiloWinningRanks(cardRank(card), guess) === 0) return null;
    const next = hiloMultiplier([...won, hiloWinningRanks(cardRank(card), guess)]);
    if (BigInt(bet) * next.num > BigInt(this.minorOf(this.limitsMajor.maxWin)) * next.den) return null;
    return next;
  }

  private hiloView(row: OpenRow & { server_seed: string }): HiLoRound {
    const moves = row.moves as HiLoAction[];
    const cards = hiloCards(
      hmacSource(row.server_seed, row.client_seed, Number(row.nonce)),
      moves.length + 1,
    );
    const bet = Number(row.bet);
    const won = this.hiloWon(cards, moves);
    const now = hiloMultiplier(won);
    const card = cards.at(-1)!;
    const next = (g: HiLoGuess) => {
      const m = this.hiloNext(bet, won, card, g);
      return m ? multiplierText(m) : null;
    };
    const chance = (g: HiLoGuess) => hiloWinningRanks(cardRank(card), g);
    return {
      roundId: row.round_id,
      bet: this.major(bet),
      cards,
      actions: moves,
      guesses: won.length,
      cashOut: won.length ? this.major(payOf(bet, now)) : 0,
      multiplier: multiplierText(now),
      next: { higher: next('higher'), lower: next('lower'), same: next('same') },
      chances: { higher: chance('higher'), lower: chance('lower'), same: chance('same') },
      skipsLeft: HILO_MAX_SKIPS - moves.filter((a) => a === 'skip').length,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: Number(row.nonce),
    };
  }

  /** The open row of a round played in steps with its seed (the state's read; a step locks its own). */
  private async openHiLoRow(memberId: number, gameCode: string) {
    const res = await sql<OpenRow & { server_seed: string }>`
      select o.*, s.server_seed from house_open_round o join house_seed s on s.id = o.seed_id
      where o.member_id = ${memberId} and o.game_code = ${gameCode}`.execute(this.database.db);
    const row = res.rows[0];
    return row ? { ...normaliseOpen(row), server_seed: row.server_seed } : null;
  }

  private async openHiLo(memberId: number, gameCode: string): Promise<HiLoRound | null> {
    const row = await this.openHiLoRow(memberId, gameCode);
    return row ? this.hiloView(row) : null;
  }

  /** Opens a HiLo round: the nonce claimed, the open row written and the stake debited, at once. */
  async hiloStart(player: HousePlayer, gameCode: string, betInput: unknown) {
    const game = this.hiloGame(gameCode);
    const bet = this.originalStake(betInput);
    this.checkMaxWin({ kind: 'hilo', bet, actions: [] });
    const busy = () =>
      fail(Errors.conflict, { message: 'A HiLo round is open: cash it out or play it on first' });
    const { balance, row } = await this.openRound(player, game, bet, busy);
    return { open: this.hiloView(row), settled: null, balance: this.major(balance) };
  }

  /**
   * One action on the open HiLo round. `step` is the number of actions the player's page showed:
   * a second submit of the same action (a double click, a retry) finds the round moved on and is
   * refused, so no guess is ever taken twice. A wrong guess ends the round (no win); the last guess
   * a round may take, or one after which no guess would fit the max win, cashes out by itself.
   */
  async hiloAct(player: HousePlayer, gameCode: string, action: unknown, step: unknown) {
    this.hiloGame(gameCode);
    if (!['higher', 'lower', 'same', 'skip'].includes(action as string))
      throw fail(Errors.invalidInput, { message: 'action is higher, lower, same or skip' });
    if (!Number.isInteger(step) || (step as number) < 0)
      throw fail(Errors.invalidInput, { message: 'step is the number of actions played so far' });
    return this.hiloStep(player, gameCode, (row, cards, moves) => {
      if (moves.length !== step)
        throw fail(Errors.conflict, { message: 'This card was played already: the round moved on' });
      const card = cards[moves.length]!;
      const problem = hiloActionProblem(card, action, moves);
      if (problem) throw fail(Errors.invalidInput, { message: problem });
      const played = [...moves, action as HiLoAction];
      if (action === 'skip') return { moves: played, end: false };
      const won = this.hiloWon(cards, moves);
      if (!this.hiloNext(Number(row.bet), won, card, action as HiLoGuess))
        throw fail(Errors.invalidInput, {
          message: `This guess could win more than the ${this.limitsMajor.maxWin} a round may pay: cash out or choose another`,
        });
      const next = cards[moves.length + 1]!;
      if (!hiloWins(cardRank(card), cardRank(next), action as HiLoGuess)) return { moves: played, end: true };
      const wonAfter = [...won, hiloWinningRanks(cardRank(card), action as HiLoGuess)];
      const more = HILO_GUESSES.some((g) => this.hiloNext(Number(row.bet), wonAfter, next, g));
      return { moves: played, end: !more };
    });
  }

  async hiloCashOut(player: HousePlayer, gameCode: string) {
    this.hiloGame(gameCode);
    return this.hiloStep(player, gameCode, (_row, _cards, moves) => {
      if (!moves.some((a) => a !== 'skip'))
        throw fail(Errors.invalidInput, { message: 'Guess a card right before cashing out' });
      return { moves, end: true };
    });
  }

  private async hiloStep(
    player: HousePlayer,
    gameCode: string,
    step: (
      row: OpenRow & { server_seed: string },
      cards: number[],
      moves: HiLoAction[],
    ) => { moves: HiLoAction[]; end: boolean },
  ) {
    const missing = () => fail(Errors.notFound, { message: 'No open HiLo round: place a bet first' });
    return this.lockedStep(player, gameCode, missing, async (trx, mover, row) => {
      const moves = row.moves as HiLoAction[];
      // The cards up to the one after the next action: the server's alone until they are turned.
      const cards = hiloCards(
        hmacSource(row.server_seed, row.client_seed, Number(row.nonce)),
        moves.length + 2,
      );
      const next = step(row, cards, moves);
      if (next.end) {
        const settled = await this.settleOpen(trx, mover, row, {
          kind: 'hilo',
          bet: Number(row.bet),
          actions: next.moves,
        });
        return { open: null, settled, balance: settled.balance! };
      }
      const balance = await this.keepStep(trx, row, { moves: next.moves });
      return {
        open: this.hiloView({ ...row, moves: next.moves }),
        settled: null,
        balance: this.major(balance),
      };
    });
  }

  // ---- Blackjack (decision 057) -------------------------------------------------------------

  private blackjackGame(gameCode: string): HouseGame {
    const game = this.game(gameCode);
    if (game.kind !== 'blackjack')
      throw fail(Errors.invalidInput, { message: `${gameCode} is not Blackjack` });
    return game;
  }

  private blackjackView(row: OpenRow & { server_seed: string }): BlackjackRound {
    const moves = row.moves as BlackjackAction[];
    const t = blackjackTableOf(hmacSource(row.server_seed, row.client_seed, Number(row.nonce)), moves);
    const bet = Number(row.bet);
    return {
      roundId: row.round_id,
      bet: this.major(bet),
      stake: this.major(bet * blackjackStakes(t)),
      actions: moves,
      hands: t.hands.map((h) => ({ cards: h.cards, ...blackjackTotal(h.cards), doubled: h.doubled })),
      active: t.active,
      dealer: t.dealer,
      dealerTotal: blackjackTotal(t.dealer).total,
      legal: blackjackLegal(t),
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: Number(row.nonce),
    };
  }

  private async openBlackjack(memberId: number, gameCode: string): Promise<BlackjackRound | null> {
    const row = await this.openHiLoRow(memberId, gameCode);
    return row ? this.blackjackView(row) : null;
  }

  /**
   * Deals a Blackjack round: the nonce claimed, the open row written and the bet debited in one
   * transaction; a blackjack dealt (nothing left to play) settles in that same transaction.
   */
  async blackjackStart(player: HousePlayer, gameCode: string, betInput: unknown) {
    const game = this.blackjackGame(gameCode);
    const bet = this.originalStake(betInput);
    this.checkMaxWin({ kind: 'blackjack', bet, actions: [] });
    const busy = () => fail(Errors.conflict, { message: 'A Blackjack hand is open: play it on first' });
    const result = await this.openRound(player, game, bet, busy, {
      // A blackjack dealt leaves nothing to play: it settles in the transaction that opened it.
      then: async (trx, mover, row) => {
        const source = hmacSource(row.server_seed, row.client_seed, Number(row.nonce));
        if (blackjackStatus(blackjackTableOf(source, [])) !== 'over') return null;
        return this.settleOpen(trx, mover, row, { kind: 'blackjack', bet, actions: [] });
      },
    });
    const settled = result.then ?? null;
    if (settled) this.forgetOpen(seedKey(player.memberId, gameCode), settled.roundId);
    return {
      open: settled ? null : this.blackjackView(result.row),
      settled,
      balance: settled ? settled.balance! : this.major(result.balance),
    };
  }

  /**
   * One action on the hand in play of the open Blackjack round, only a legal one. `step` is the
   * number of actions the player's page showed: a repeated submit finds the round moved on (409),
   * so no card is ever drawn twice for one click. A double or a split debits one more bet in the
   * same transaction as the action is kept (refused whole when the balance does not cover it); the
   * action that finishes the player's part also plays the dealer's and settles the round: its one
   * credit, its house round and the open row's deletion together.
   */
  async blackjackAct(player: HousePlayer, gameCode: string, action: unknown, step: unknown) {
    const game = this.blackjackGame(gameCode);
    if (!BLACKJACK_ACTIONS.includes(action as BlackjackAction))
      throw fail(Errors.invalidInput, { message: 'action is hit, stand, double or split' });
    if (!Number.isInteger(step) || (step as number) < 0)
      throw fail(Errors.invalidInput, { message: 'step is the number of actions played so far' });
    const missing = () => fail(Errors.notFound, { message: 'No open Blackjack hand: place a bet first' });
    return this.lockedStep(player, gameCode, missing, async (trx, mover, row) => {
      const moves = row.moves as BlackjackAction[];
      if (moves.length !== step)
        throw fail(Errors.conflict, { message: 'This action was played already: the round moved on' });
      const source = hmacSource(row.server_seed, row.client_seed, Number(row.nonce));
      const problem = blackjackActionProblem(blackjackTableOf(source, moves), action);
      if (problem) throw fail(Errors.invalidInput, { message: problem });
      const played = [...moves, action as BlackjackAction];
      if (action === 'double' || action === 'split')
        await mover.debit(trx, {
          vendor: row.vendor,
          memberId: Number(row.member_id),
          transactionId: `${row.round_id}:${action}:${moves.length}`,
          roundId: row.round_id,
          amount: Number(row.bet),
          product: game.category,
          gameCode: game.code,
          gameName: game.name,
        });
      if (blackjackStatus(blackjackTableOf(source, played)) === 'over') {
        const settled = await this.settleOpen(trx, mover, row, {
          kind: 'blackjack',
          bet: Number(row.bet),
          actions: played,
        });
        return { open: null, settled, balance: settled.balance! };
      }
      const balance = await this.keepStep(trx, row, { moves: played });
      return {
        open: this.blackjackView({ ...row, moves: played }),
        settled: null,
        balance: this.major(balance),
      };
    });
  }

  private roundView(r: RoundRow, viewer: number | null): HouseRound {
    const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    return {
      roundId: r.round_id,
      gameCode: r.game_code,
      kind: r.kind,
      serverSeedHash: r.server_seed_hash,
      clientSeed: r.client_seed,
      nonce: Number(r.nonce),
      serverSeed: r.revealed_seed,
      bet: this.major(Number(r.bet)),
      win: this.major(Number(r.win)),
      balance: viewer === Number(r.member_id) ? this.major(Number(r.balance_after)) : null,
      freePlay: r.free_play,
      wager: parse(r.wager) as unknown as Record<string, unknown>,
      outcome: parse(r.outcome) as unknown as Record<string, unknown>,
      playedAt: new Date(r.played_at).getTime(),
    };
  }

  async rounds(player: HousePlayer, gameCode: string, pageNo: number, pageSize: number) {
    this.game(gameCode);
    const [rows, total] = await Promise.all([
      sql<RoundRow>`
        select r.*, case when s.revealed_at is not null then s.server_seed end as revealed_seed
        from house_round r join house_seed s on s.id = r.seed_id
        where r.member_id = ${player.memberId} and r.game_code = ${gameCode}
        order by r.played_at desc, r.round_id desc
        limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(this.database.db),
      sql<{ n: string }>`
        select count(*) as n from house_round where member_id = ${player.memberId} and game_code = ${gameCode}`.execute(
        this.database.db,
      ),
    ]);
    return {
      content: rows.rows.map((r) => this.roundView(r, player.memberId)),
      pageNo,
      totalElements: Number(total.rows[0]?.n ?? 0),
    };
  }

  /** One round by id: anyone holding the id may verify it; the balance only to its player. */
  async round(roundId: string, viewer: number | null): Promise<HouseRound> {
    const res = await sql<RoundRow>`
      select r.*, case when s.revealed_at is not null then s.server_seed end as revealed_seed
      from house_round r join house_seed s on s.id = r.seed_id
      where r.round_id = ${roundId}`.execute(this.database.db);
    const row = res.rows[0];
    if (!row) throw fail(Errors.notFound, { message: 'No such round' });
    return this.roundView(row, viewer);
  }
}

const seedKey = (memberId: number, gameCode: string) => `${memberId}:${gameCode}`;

/** house_mines_start's refusal of a member under a loss or wager limit or a block (migration 078, as seamless_spin's). */
const WATCHED_SQLSTATE = 'RG001';

/** A Mines start in one statement (migration 078). */
const START_SQL = `select * from house_mines_start($1::text, $2::bigint, $3::text, $4::text, $5::bigint,
  $6::bigint, $7::text, $8::text, $9::bigint, $10::integer, $11::integer[], $12::boolean, $13::bigint,
  $14::bigint, $15::bytea, $16::boolean)`;

/** A Mines tile or cash-out in one statement (migration 078). */
const STEP_SQL = `select * from house_mines_step($1::text, $2::bigint, $3::integer, $4::bigint, $5::integer,
  $6::integer, $7::bigint[], $8::text[], $9::text[], $10::bigint, $11::bigint, $12::text, $13::text, $14::text)`;

/** The betting record's product of a catalogue category (cards count as PvP there), as the seamless wallet's. */
function betProductOf(category: string): string {
  if (category === 'CARDS') return 'PVP';
  return (betProducts as readonly string[]).includes(category) ? category : 'RNG';
}

/** What an instance keeps of an open round (HouseGamesService.opened). */
interface KnownOpen {
  roundId: string;
  /** Mines: the safe tiles at which the round cashes out by itself (minesEndsAt); null otherwise. */
  minesEndAt: number | null;
  /** The round's bet (minor units) and mines (null for HiLo, Blackjack): they never change while it is open. */
  bet: number;
  mines: number | null;
}

/** What a Mines round's view reads of its open row. */
type MinesViewRow = Pick<
  OpenRow,
  'round_id' | 'bet' | 'mines' | 'picks' | 'server_seed_hash' | 'client_seed' | 'nonce'
>;

interface OpenRow {
  round_id: string;
  member_id: number;
  vendor: string;
  game_code: string;
  seed_id: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  bet: number;
  mines: number | null;
  layout: number[];
  picks: number[];
  /** HiLo's actions (migration 067). */
  moves: unknown[];
  free_play: boolean;
}

/** int[] comes back as an array from PostgreSQL and as text from some drivers: both read here. */
function intArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number);
  if (typeof v === 'string') return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
}

/** jsonb comes back parsed from PostgreSQL and as text from some drivers: both read here. */
function jsonArray(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return JSON.parse(v) as unknown[];
  return [];
}

function normaliseOpen<T extends OpenRow>(row: T): T {
  return {
    ...row,
    member_id: Number(row.member_id),
    mines: row.mines === null ? null : Number(row.mines),
    layout: intArray(row.layout),
    picks: intArray(row.picks),
    moves: jsonArray(row.moves),
  };
}

function normaliseSeed(row: SeedRow): SeedRow {
  return { ...row, id: Number(row.id), next_nonce: Number(row.next_nonce) };
}
