import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
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
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import { SEED_MOVED_SQLSTATE, type HouseRoundRow } from '../games/seamless-wallet.ts';
import type { WalletService } from '../wallet/wallet.service.ts';

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
  kind: 'slot' | 'table';
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

  constructor(deps: {
    database: Database;
    wallet: WalletService;
    seamless: HouseWalletPort;
    launches?: LaunchTokenPort | null;
  }) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.seamless = deps.seamless;
    this.launches = deps.launches ?? null;
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
  private async claimNonce(memberId: number, gameCode: string): Promise<SeedRow & { nonce: number }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await sql<SeedRow & { nonce: number }>`
        update house_seed set next_nonce = next_nonce + 1
        where member_id = ${memberId} and game_code = ${gameCode} and active
        returning id, server_seed, server_seed_hash, client_seed, next_nonce, next_nonce - 1 as nonce`.execute(
        this.database.db,
      );
      const row = res.rows[0];
      if (row) return { ...normaliseSeed(row), nonce: Number(row.nonce) };
      await this.insertSeed(memberId, gameCode, newClientSeed());
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
        : TABLE_CHIPS.filter((m) => this.minorOf(m) % 2 === 0);
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

function normaliseSeed(row: SeedRow): SeedRow {
  return { ...row, id: Number(row.id), next_nonce: Number(row.next_nonce) };
}
