import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql, type Kysely } from 'kysely';
import {
  CRASH_CAP,
  CRASH_MIN_CASHOUT,
  CrashFeedEvents,
  Errors,
  crashElapsedMs,
  crashMultiplierAt,
  crashPoint,
  crashReachMs,
  crashTargetProblem,
  crashText,
  type CrashBet,
  type CrashRound,
  type CrashState,
  type OriginalLimits,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import type { RoundMover } from '../games/seamless-wallet.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { hmacSource, type HousePlayer } from '../house-games/house-games.service.ts';
import { maskAccount } from '../vip/missions.service.ts';

/**
 * Crash (issue 34, decision 055): one shared round after another, for every player and watcher.
 *
 * **Who runs the rounds.** Every instance runs the same loop; the work that changes a round (open
 * the next one, pay the auto cash-outs the curve has reached, settle a crashed round) runs in a
 * transaction that first takes `pg_try_advisory_xact_lock` on the game, like a window of the job
 * runner (decision 017): one instance does it at a time, another finds the lock taken and leaves
 * it, and every change is a conditional update of rows locked in that transaction, so it is done
 * once whoever does it. At most one round is open (a unique index). The times of a round are fixed
 * when it opens (bets until `betting_ends_at`, the crash at `crashes_at`), so every instance draws
 * the same curve from them without asking the others.
 *
 * **A cash-out** is judged by the server's clock when its call arrives, on whichever instance:
 * the multiplier of that moment, paid unless the curve had passed the crash point by then. Its
 * bet row is locked and moved from open to won in the transaction that credits the win; the
 * loop settles the crashed round's open bets only `settleGraceMs` after the crash, so a cash-out
 * that arrived in time and is still on its way to the database is not beaten by it.
 *
 * **A round no server watched** (its last beat more than `unwatchedMs` before the crash: every
 * instance was down) refunds the bets it did not pay: the players could not cash out.
 */

export interface CrashPolicy {
  /** How long a round takes bets. */
  bettingMs: number;
  /** The pause between a crash and the next round. */
  pauseMs: number;
  /** How long after the crash its open bets are settled as lost. */
  settleGraceMs: number;
  /** The loop's period, and the feed's tick. */
  tickMs: number;
  /** Rounds per chain. */
  chainLength: number;
  /** A round whose last beat came this long before its crash was not watched: its open bets are refunded. */
  unwatchedMs: number;
}

export const defaultCrashPolicy: CrashPolicy = {
  bettingMs: 7_000,
  pauseMs: 3_000,
  settleGraceMs: 1_000,
  tickMs: 100,
  chainLength: 100_000,
  unwatchedMs: 3_000,
};

const GAME = 'crash';
const LOCK_KEY = 'house-crash';
/** Auto cash-outs and beats are looked after this often during a flight. */
const BEAT_MS = 250;
/** The crash points kept for the state's ribbon. */
const RECENT = 20;

interface RoundRow {
  id: number;
  chain_id: number;
  round_no: number;
  hash: string;
  crash_point: number;
  betting_ends_at: number;
  crashes_at: number;
  beat_at: number;
  state: 'open' | 'settled';
  refunded: boolean;
}

interface BetRow {
  id: number;
  round_id: number;
  member_id: number;
  player: string;
  vendor: string;
  bet: number;
  auto_target: number | null;
  auto: boolean;
  state: 'open' | 'won' | 'lost' | 'refunded';
  cashed_at: number | null;
  win: number | null;
  free_play: boolean;
}

interface ChainRow {
  id: number;
  top_hash: string;
  length: number;
  commitment: string;
  salt: string;
  next_round: number;
}

/** The hex text of a hash, hashed: the chain's step back (decision 055). */
const previousHash = (hex: string) => createHash('sha256').update(hex, 'utf8').digest('hex');

/** The wallet port Crash needs (SeamlessWallet). */
export interface CrashWalletPort {
  roundMover(memberId: number, vendor: string, roundId: string): Promise<RoundMover>;
  balance(memberId: number): Promise<number>;
  isFreePlay(memberId: number): Promise<boolean>;
}

const normRound = (r: RoundRow): RoundRow => ({
  ...r,
  id: Number(r.id),
  chain_id: Number(r.chain_id),
  round_no: Number(r.round_no),
  crash_point: Number(r.crash_point),
  betting_ends_at: Number(r.betting_ends_at),
  crashes_at: Number(r.crashes_at),
  beat_at: Number(r.beat_at),
});
const normBet = (b: BetRow): BetRow => ({
  ...b,
  id: Number(b.id),
  round_id: Number(b.round_id),
  member_id: Number(b.member_id),
  bet: Number(b.bet),
  auto_target: b.auto_target === null ? null : Number(b.auto_target),
  cashed_at: b.cashed_at === null ? null : Number(b.cashed_at),
  win: b.win === null ? null : Number(b.win),
});

/** The ledger's round of one player's bet in a Crash round. */
const ledgerRound = (roundId: number, memberId: number) => `CR${roundId}-${memberId}`;

export class CrashService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly seamless: CrashWalletPort;
  private readonly limitsMajor: OriginalLimits;
  readonly policy: CrashPolicy;
  readonly autostart: boolean;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private stepping: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private channelName: Promise<string> | null = null;
  /** Hashes of chains this instance has computed (index i = h_i). */
  private readonly chains = new Map<number, string[]>();
  /** The open round as this instance last read it (with its secret point: never sent before the crash). */
  private current: RoundRow | null = null;
  private readAt = 0;
  private stale = true;
  /** The round whose crash this instance's watchers were told about. */
  private announced = 0;
  private lastLeaderWork = 0;
  readonly feed = new CrashFeed();
  /** Errors of the loop (the composition logs them). */
  onError: (err: unknown) => void = () => undefined;

  constructor(deps: {
    database: Database;
    wallet: WalletService;
    seamless: CrashWalletPort;
    originalLimits: OriginalLimits;
    policy?: Partial<CrashPolicy>;
    now?: () => number;
    /** Start the loop with the services (else at the first Crash call: `ensureRunning`). */
    autostart?: boolean;
  }) {
    this.autostart = deps.autostart ?? true;
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.seamless = deps.seamless;
    this.limitsMajor = deps.originalLimits;
    this.policy = { ...defaultCrashPolicy, ...deps.policy };
    this.now = deps.now ?? Date.now;
  }

  private major(minor: number): number {
    return this.wallet.toMajor(minor);
  }

  private minorOf(major: number): number {
    return Math.round(major * 10 ** this.wallet.currency().precision);
  }

  // ---- the loop ------------------------------------------------------------------------------

  private channel(): Promise<string> {
    this.channelName ??= sql<{ c: string }>`
      select case coalesce(current_schema(), 'public') when 'public' then 'crash_events'
        else 'crash_events_' || current_schema() end as c`
      .execute(this.database.db)
      .then(({ rows }) => rows[0]!.c);
    return this.channelName;
  }

  /** Listens for the other instances' news and starts the loop. */
  start(): Promise<void> {
    this.stopped = false;
    this.starting ??= this.begin();
    return this.starting;
  }

  /** Tests: the clock the rounds are judged by (the loop stopped, steps driven by hand). */
  setClock(now: () => number): void {
    this.now = now;
  }

  /** Starts the loop if it is not running (a Crash call on an instance started without it). */
  async ensureRunning(): Promise<void> {
    if (!this.stopped) await this.start();
  }

  private async begin(): Promise<void> {
    this.unlisten = await this.database.listen(await this.channel(), (payload) => this.onNotice(payload));
    this.timer = setInterval(() => void this.tick(), this.policy.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting?.catch(() => undefined);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.stepping;
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
    this.starting = null;
    this.feed.closeAll();
  }

  private tick(): void {
    if (this.stepping) return;
    this.stepping = this.step()
      .catch((err: unknown) => this.onError(err))
      .finally(() => {
        this.stepping = null;
      });
  }

  private onNotice(payload: string): void {
    const cut = payload.indexOf(':');
    const kind = cut < 0 ? payload : payload.slice(0, cut);
    if (kind === 'round') {
      this.stale = true;
      return;
    }
    if (kind === 'bet' || kind === 'cashout') {
      try {
        this.feed.send(
          kind === 'bet' ? CrashFeedEvents.bet : CrashFeedEvents.cashout,
          JSON.parse(payload.slice(cut + 1)),
        );
      } catch {
        /* a malformed notice is dropped */
      }
    }
  }

  /** One turn of the loop: the round's work when due, then the feed. Tests call it directly. */
  async step(): Promise<void> {
    const now = this.now();
    if (this.stale || now - this.readAt > 1_000) await this.readCurrent();
    const r = this.current;
    const due =
      !r ||
      now >= r.crashes_at + this.policy.settleGraceMs ||
      (now >= r.betting_ends_at && now - this.lastLeaderWork >= BEAT_MS) ||
      now - r.beat_at >= 1_000;
    if (due) {
      this.lastLeaderWork = now;
      await this.advance(now);
    }
    this.emit(this.now());
  }

  private async readCurrent(): Promise<void> {
    const res = await sql<RoundRow>`select * from crash_round where state = 'open'`.execute(this.database.db);
    const row = res.rows[0] ? normRound(res.rows[0]) : null;
    const was = this.current?.id;
    this.current = row;
    this.readAt = this.now();
    this.stale = false;
    if (row && row.id !== was && this.feed.size)
      this.feed.send(CrashFeedEvents.state, await this.publicState(null));
  }

  /** The hash of round `i` of a chain (computed once per chain from its top). */
  private chainHash(chain: ChainRow, i: number): string {
    let hashes = this.chains.get(chain.id);
    if (!hashes) {
      hashes = new Array<string>(chain.length + 1);
      hashes[chain.length] = chain.top_hash;
      for (let k = chain.length; k > 0; k--) hashes[k - 1] = previousHash(hashes[k]!);
      if (hashes[0] !== chain.commitment)
        throw new Error(`crash chain ${chain.id} does not end at its commitment`);
      this.chains.clear();
      this.chains.set(chain.id, hashes);
    }
    return hashes[i]!;
  }

  /** The chain rounds are taken from: the newest with rounds left, else a new one (published by its commitment). */
  private async chainFor(trx: Kysely<DB>): Promise<ChainRow> {
    const res = await sql<ChainRow>`
      select * from crash_chain where next_round <= length order by id desc limit 1 for update`.execute(trx);
    if (res.rows[0]) return { ...res.rows[0], id: Number(res.rows[0].id) };
    const top = randomBytes(32).toString('hex');
    let h = top;
    for (let k = this.policy.chainLength; k > 0; k--) h = previousHash(h);
    const salt = `crash-${randomBytes(8).toString('hex')}`;
    const made = await sql<ChainRow>`
      insert into crash_chain (top_hash, length, commitment, salt)
      values (${top}, ${this.policy.chainLength}, ${h}, ${salt}) returning *`.execute(trx);
    return { ...made.rows[0]!, id: Number(made.rows[0]!.id) };
  }

  /**
   * The round's work, by whichever instance takes the game's lock first: open the next round,
   * beat, pay the auto cash-outs the curve has reached, settle the crashed round.
   */
  async advance(now: number = this.now()): Promise<'busy' | 'done'> {
    // The movers are made before the transaction (they read the member's accounts on their own
    // connection, which PGlite's single one could not give inside it).
    const open = await sql<RoundRow>`select * from crash_round where state = 'open'`.execute(
      this.database.db,
    );
    const round = open.rows[0] ? normRound(open.rows[0]) : null;
    const movers = new Map<number, RoundMover>();
    if (round && now >= round.betting_ends_at) {
      const bets = await sql<BetRow>`
        select * from crash_bet where round_id = ${round.id} and state = 'open'`.execute(this.database.db);
      for (const b of bets.rows.map(normBet)) {
        const settles =
          now >= round.crashes_at + this.policy.settleGraceMs ||
          (b.auto_target !== null &&
            b.auto_target <= round.crash_point &&
            now >= round.betting_ends_at + crashReachMs(b.auto_target));
        if (settles)
          movers.set(
            b.id,
            await this.seamless.roundMover(b.member_id, b.vendor, ledgerRound(round.id, b.member_id)),
          );
      }
    }
    const news: { kind: string; data: unknown }[] = [];
    const outcome = await this.database.db.transaction().execute(async (trx) => {
      const lock = await sql<{ ok: boolean }>`
        select pg_try_advisory_xact_lock(hashtextextended(${LOCK_KEY} || ':' || coalesce(current_schema(), ''), 0)) as ok`.execute(
        trx,
      );
      if (!lock.rows[0]?.ok) return 'busy' as const;
      const res = await sql<RoundRow>`select * from crash_round where state = 'open' for update`.execute(trx);
      const r = res.rows[0] ? normRound(res.rows[0]) : null;
      if (!r) {
        await this.openRound(trx, now);
        news.push({ kind: 'round', data: null });
        return 'done' as const;
      }
      if (now >= r.betting_ends_at) {
        const bets = await sql<BetRow>`
          select * from crash_bet where round_id = ${r.id} and state = 'open' order by id for update`.execute(
          trx,
        );
        const settling = now >= r.crashes_at + this.policy.settleGraceMs;
        // Every instance was down through the flight: nobody could cash out by hand.
        const unwatched =
          settling && r.crashes_at - r.beat_at > this.policy.unwatchedMs && r.beat_at < r.crashes_at;
        for (const b of bets.rows.map(normBet)) {
          const mover = movers.get(b.id);
          const autoWins =
            b.auto_target !== null &&
            b.auto_target <= r.crash_point &&
            now >= r.betting_ends_at + crashReachMs(b.auto_target);
          if (!mover || (!autoWins && !settling)) continue;
          if (autoWins) {
            const win = Math.floor((b.bet * b.auto_target!) / 100);
            await this.settleBet(trx, mover, r, b, 'won', win, b.auto_target);
            news.push({
              kind: 'cashout',
              data: this.betView({ ...b, state: 'won', win, cashed_at: b.auto_target }, null),
            });
          } else if (unwatched) await this.settleBet(trx, mover, r, b, 'refunded', b.bet, null);
          else await this.settleBet(trx, mover, r, b, 'lost', 0, null);
        }
        if (settling) {
          const left = await sql<{ n: string }>`
            select count(*) as n from crash_bet where round_id = ${r.id} and state = 'open'`.execute(trx);
          if (Number(left.rows[0]?.n ?? 0) === 0) {
            await sql`
              update crash_round set state = 'settled', settled_at = now(), refunded = ${unwatched}
              where id = ${r.id}`.execute(trx);
            news.push({ kind: 'round', data: null });
            // The next round opens after the pause, counted from the crash.
            if (now >= r.crashes_at + this.policy.pauseMs) await this.openRound(trx, now);
            return 'done' as const;
          }
        }
      }
      // The beat: a server is watching this round (only while it has not crashed).
      if (now < r.crashes_at)
        await sql`update crash_round set beat_at = ${now} where id = ${r.id}`.execute(trx);
      return 'done' as const;
    });
    this.stale = true;
    if (news.length) {
      const channel = await this.channel();
      for (const n of news)
        await sql`select pg_notify(${channel}, ${n.data === null ? n.kind : `${n.kind}:${JSON.stringify(n.data)}`})`.execute(
          this.database.db,
        );
    }
    return outcome;
  }

  private async openRound(trx: Kysely<DB>, now: number): Promise<void> {
    const last = await sql<{ crashes_at: string }>`
      select crashes_at from crash_round order by id desc limit 1`.execute(trx);
    const lastCrash = last.rows[0] ? Number(last.rows[0].crashes_at) : 0;
    if (now < lastCrash + this.policy.pauseMs) return;
    const chain = await this.chainFor(trx);
    const roundNo = chain.next_round;
    const hash = this.chainHash(chain, roundNo);
    const point = crashPoint(hmacSource(hash, chain.salt, roundNo));
    const bettingEndsAt = now + this.policy.bettingMs;
    await sql`
      insert into crash_round (chain_id, round_no, hash, crash_point, betting_ends_at, crashes_at, beat_at)
      values (${chain.id}, ${roundNo}, ${hash}, ${point}, ${bettingEndsAt},
              ${bettingEndsAt + crashElapsedMs(point)}, ${now})`.execute(trx);
    await sql`update crash_chain set next_round = next_round + 1 where id = ${chain.id}`.execute(trx);
  }

  /** Moves one bet from open to its end with its money, in the caller's transaction. */
  private async settleBet(
    trx: Kysely<DB>,
    mover: RoundMover,
    r: RoundRow,
    b: BetRow,
    state: 'won' | 'lost' | 'refunded',
    win: number,
    cashedAt: number | null,
  ): Promise<number> {
    const key = ledgerRound(r.id, b.member_id);
    const credit = await mover.credit(trx, {
      vendor: b.vendor,
      memberId: b.member_id,
      transactionId: `${key}:${state === 'refunded' ? 'refund' : 'win'}`,
      roundId: key,
      amount: win,
    });
    const done = await sql`
      update crash_bet set state = ${state}, win = ${win}, cashed_at = ${cashedAt}, settled_at = now()
      where id = ${b.id} and state = 'open'`.execute(trx);
    if (Number(done.numAffectedRows ?? 0) !== 1) throw new Error(`crash bet ${b.id} was settled twice`);
    return credit.balance;
  }

  // ---- the feed ------------------------------------------------------------------------------

  private emit(now: number): void {
    const r = this.current;
    if (!r || !this.feed.size) return;
    if (now >= r.crashes_at) {
      if (this.announced !== r.id) {
        this.announced = r.id;
        this.feed.send(CrashFeedEvents.crash, this.roundView(r, now));
      }
      return;
    }
    if (now < r.betting_ends_at) return;
    const e = now - r.betting_ends_at;
    this.feed.send(CrashFeedEvents.tick, { r: r.id, m: crashMultiplierAt(e), e, t: now });
  }

  /** Opens a watcher's feed on a response the caller took over. */
  async watch(raw: ServerResponse): Promise<void> {
    const state = await this.publicState(null);
    this.feed.attach(raw, this.policy.tickMs * 30);
    this.feed.sendTo(raw, CrashFeedEvents.state, state);
  }

  // ---- reads ---------------------------------------------------------------------------------

  private roundView(r: RoundRow, now: number): CrashRound {
    const crashed = now >= r.crashes_at;
    return {
      roundId: r.id,
      roundNo: r.round_no,
      chainId: r.chain_id,
      phase: now < r.betting_ends_at ? 'betting' : crashed ? 'crashed' : 'flying',
      bettingEndsAt: r.betting_ends_at,
      crashPoint: crashed ? r.crash_point : null,
      crashedAt: crashed ? r.crashes_at : null,
      hash: crashed ? r.hash : null,
    };
  }

  private betView(b: BetRow, viewer: number | null): CrashBet {
    return {
      player: b.player,
      bet: this.major(b.bet),
      auto: b.auto ? b.auto_target : null,
      cashedAt: b.state === 'won' ? b.cashed_at : null,
      win: b.state === 'open' ? null : this.major(b.win ?? 0),
      mine: viewer !== null && viewer === b.member_id,
    };
  }

  private async publicState(viewer: number | null): Promise<CrashState> {
    const now = this.now();
    const db = this.database.db;
    const [open, recent] = await Promise.all([
      sql<RoundRow>`select * from crash_round where state = 'open'`.execute(db),
      sql<{ id: string; crash_point: number; crashes_at: string }>`
        select id, crash_point, crashes_at from crash_round order by id desc limit ${RECENT + 1}`.execute(db),
    ]);
    const r = open.rows[0] ? normRound(open.rows[0]) : null;
    const [bets, chain] = r
      ? await Promise.all([
          sql<BetRow>`select * from crash_bet where round_id = ${r.id} order by bet desc, id limit 200`.execute(
            db,
          ),
          sql<ChainRow>`select * from crash_chain where id = ${r.chain_id}`.execute(db),
        ])
      : [
          { rows: [] as BetRow[] },
          await sql<ChainRow>`select * from crash_chain order by id desc limit 1`.execute(db),
        ];
    const c = chain.rows[0];
    return {
      serverNow: now,
      round: r ? this.roundView(r, now) : null,
      chain: c
        ? { chainId: Number(c.id), commitment: c.commitment, salt: c.salt, length: Number(c.length) }
        : null,
      bets: bets.rows.map((b) => this.betView(normBet(b), viewer)),
      recent: recent.rows
        .filter((x) => Number(x.crashes_at) <= now)
        .slice(0, RECENT)
        .map((x) => ({ roundId: Number(x.id), crashPoint: Number(x.crash_point) })),
      limits: {
        minBet: this.limitsMajor.minBet,
        maxBet: this.limitsMajor.maxBet,
        maxWin: this.limitsMajor.maxWin,
      },
      balance: null,
      currencySymbol: this.wallet.currency().symbol,
      freePlay: false,
    };
  }

  async state(player: HousePlayer | null): Promise<CrashState> {
    const state = await this.publicState(player?.memberId ?? null);
    if (!player) return state;
    const [balance, freePlay] = await Promise.all([
      this.seamless.balance(player.memberId),
      this.seamless.isFreePlay(player.memberId),
    ]);
    return { ...state, balance: this.major(balance), freePlay };
  }

  async history(viewer: number | null, pageNo: number, pageSize: number) {
    const res = await sql<{
      id: string;
      round_no: number;
      chain_id: string;
      crash_point: number;
      hash: string;
      crashes_at: string;
      bets: string;
      my_bet: string | null;
      my_win: string | null;
    }>`
      select r.id, r.round_no, r.chain_id, r.crash_point, r.hash, r.crashes_at,
             (select count(*) from crash_bet b where b.round_id = r.id) as bets,
             m.bet as my_bet, m.win as my_win
      from crash_round r
      left join crash_bet m on m.round_id = r.id and m.member_id = ${viewer ?? 0}
      where r.crashes_at <= ${this.now()}
      order by r.id desc limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(this.database.db);
    return {
      pageNo,
      content: res.rows.map((x) => ({
        roundId: Number(x.id),
        roundNo: Number(x.round_no),
        chainId: Number(x.chain_id),
        crashPoint: Number(x.crash_point),
        hash: x.hash,
        crashedAt: Number(x.crashes_at),
        bets: Number(x.bets),
        myBet: x.my_bet === null ? null : this.major(Number(x.my_bet)),
        myWin: x.my_win === null ? null : this.major(Number(x.my_win)),
      })),
    };
  }

  // ---- a player's bet and cash-out -----------------------------------------------------------

  /** The multiplier at which a bet of `bet` minor units must cash out so its win stays within the max win. */
  private capOf(bet: number): number {
    return Math.min(CRASH_CAP, Math.floor((this.minorOf(this.limitsMajor.maxWin) * 100) / bet));
  }

  async placeBet(player: HousePlayer, betInput: unknown, autoInput: number | null | undefined) {
    const { minBet, maxBet } = this.limitsMajor;
    let bet: number;
    try {
      bet = this.wallet.parseAmount(betInput, { maxMinor: this.minorOf(maxBet) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw fail(err.error, { message: `bet: ${err.message}` });
    }
    if (bet < this.minorOf(minBet) || bet > this.minorOf(maxBet))
      throw fail(Errors.invalidInput, { message: `A bet is between ${minBet} and ${maxBet}` });
    const problem = crashTargetProblem(autoInput ?? null);
    if (problem) throw fail(Errors.invalidInput, { message: problem });
    const cap = this.capOf(bet);
    if (cap < CRASH_MIN_CASHOUT)
      throw fail(Errors.invalidInput, {
        message: `This bet could not win within the max win of ${this.limitsMajor.maxWin}`,
      });
    // A win is never cut at the max win: a bet cashes out by itself where its win would reach it.
    const target = Math.min(autoInput ?? CRASH_CAP, cap);
    const open = await sql<RoundRow>`select * from crash_round where state = 'open'`.execute(
      this.database.db,
    );
    const round = open.rows[0] ? normRound(open.rows[0]) : null;
    if (!round || this.now() >= round.betting_ends_at)
      throw fail(Errors.conflict, { message: 'Bets are closed: wait for the next round' });
    const member = await sql<{
      username: string;
    }>`select username from member where id = ${player.memberId}`.execute(this.database.db);
    const name = maskAccount(member.rows[0]?.username ?? '?');
    const key = ledgerRound(round.id, player.memberId);
    const mover = await this.seamless.roundMover(player.memberId, player.vendor, key);
    let row: BetRow;
    let balance: number;
    try {
      ({ row, balance } = await this.database.db.transaction().execute(async (trx) => {
        // The round's row, shared: it cannot settle meanwhile; the clock read once more inside.
        const still = await sql`
          select 1 from crash_round where id = ${round.id} and state = 'open' for share`.execute(trx);
        if (!still.rows.length || this.now() >= round.betting_ends_at)
          throw fail(Errors.conflict, { message: 'Bets are closed: wait for the next round' });
        const ins = await sql<BetRow>`
          insert into crash_bet (round_id, member_id, player, vendor, bet, auto_target, auto, free_play)
          values (${round.id}, ${player.memberId}, ${name}, ${player.vendor}, ${bet}, ${target},
                  ${autoInput !== null && autoInput !== undefined}, ${mover.freePlay})
          returning *`.execute(trx);
        const debit = await mover.debit(trx, {
          vendor: player.vendor,
          memberId: player.memberId,
          transactionId: `${key}:bet`,
          roundId: key,
          amount: bet,
          product: 'RNG',
          gameCode: GAME,
          gameName: 'Crash',
        });
        return { row: normBet(ins.rows[0]!), balance: debit.balance };
      }));
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw fail(Errors.conflict, { message: 'You have a bet on this round already' });
      throw err;
    }
    await this.announce('bet', this.betView(row, null));
    return { bet: this.betView(row, player.memberId), balance: this.major(balance) };
  }

  private async announce(kind: 'bet' | 'cashout', bet: CrashBet): Promise<void> {
    await sql`select pg_notify(${await this.channel()}, ${`${kind}:${JSON.stringify(bet)}`})`.execute(
      this.database.db,
    );
  }

  /** Cashes out at the multiplier of the server's clock now, unless the curve has passed the crash. */
  async cashOut(player: HousePlayer) {
    const at = this.now();
    const open = await sql<RoundRow>`select * from crash_round where state = 'open'`.execute(
      this.database.db,
    );
    const round = open.rows[0] ? normRound(open.rows[0]) : null;
    if (!round) throw fail(Errors.notFound, { message: 'No bet to cash out' });
    const mine = await sql<BetRow>`
      select * from crash_bet where round_id = ${round.id} and member_id = ${player.memberId}`.execute(
      this.database.db,
    );
    const bet = mine.rows[0] ? normBet(mine.rows[0]) : null;
    if (!bet) throw fail(Errors.notFound, { message: 'No bet to cash out' });
    if (at < round.betting_ends_at) throw fail(Errors.conflict, { message: 'The round has not started yet' });
    const m = crashMultiplierAt(at - round.betting_ends_at);
    if (m > round.crash_point)
      throw fail(Errors.conflict, { message: `Too late: it crashed at ${crashText(round.crash_point)}x` });
    if (m < CRASH_MIN_CASHOUT)
      throw fail(Errors.conflict, { message: `A cash-out starts at ${crashText(CRASH_MIN_CASHOUT)}x` });
    // An auto cash-out (or the max win's) the curve has reached won at its own target first.
    const cashedAt = bet.auto_target !== null ? Math.min(m, bet.auto_target) : m;
    const key = ledgerRound(round.id, player.memberId);
    const mover = await this.seamless.roundMover(player.memberId, bet.vendor, key);
    const result = await this.database.db.transaction().execute(async (trx) => {
      const locked = await sql<BetRow>`select * from crash_bet where id = ${bet.id} for update`.execute(trx);
      const b = normBet(locked.rows[0]!);
      if (b.state !== 'open') return { b, balance: null };
      const win = Math.floor((b.bet * cashedAt) / 100);
      const balance = await this.settleBet(trx, mover, round, b, 'won', win, cashedAt);
      return { b: { ...b, state: 'won' as const, win, cashed_at: cashedAt }, balance };
    });
    if (result.balance === null) {
      // Settled before: by the auto cash-out (then that is the answer) or as lost.
      if (result.b.state === 'won')
        return {
          bet: this.betView(result.b, player.memberId),
          balance: this.major(await this.seamless.balance(player.memberId)),
        };
      throw fail(Errors.conflict, { message: 'This bet is settled already' });
    }
    await this.announce('cashout', this.betView(result.b, null));
    return { bet: this.betView(result.b, player.memberId), balance: this.major(result.balance) };
  }
}

/** The watchers of this instance: server-sent events, one broadcast written to every response. */
export class CrashFeed {
  private readonly open = new Set<ServerResponse>();
  private readonly heartbeats = new Map<ServerResponse, NodeJS.Timeout>();
  private seq = 0;

  get size(): number {
    return this.open.size;
  }

  attach(raw: ServerResponse, heartbeatMs: number): void {
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      ...(raw.req.httpVersionMajor === 1 ? { connection: 'keep-alive' } : {}),
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write('retry: 1000\n\n');
    this.open.add(raw);
    const beat = setInterval(() => raw.write(': ping\n\n'), Math.max(heartbeatMs, 1_000));
    this.heartbeats.set(raw, beat);
    raw.on('close', () => {
      clearInterval(beat);
      this.heartbeats.delete(raw);
      this.open.delete(raw);
    });
  }

  private frame(event: string, data: unknown): string {
    this.seq++;
    return `id: ${this.seq}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  send(event: string, data: unknown): void {
    if (!this.open.size) return;
    const chunk = this.frame(event, data);
    for (const raw of this.open) raw.write(chunk);
  }

  sendTo(raw: ServerResponse, event: string, data: unknown): void {
    raw.write(this.frame(event, data));
  }

  closeAll(): void {
    for (const raw of this.open) raw.end();
    for (const beat of this.heartbeats.values()) clearInterval(beat);
    this.heartbeats.clear();
    this.open.clear();
  }
}
