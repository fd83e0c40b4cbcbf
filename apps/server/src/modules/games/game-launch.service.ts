import { AgentType, Errors, standInOf, type Game } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { fail } from '../../platform/http/errors.ts';
import type { SessionContext } from '../../platform/auth/session.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import * as repo from './games.repo.ts';
import { maskUsername, nameIn, nameKey, type GamesService } from './games.service.ts';
import type { SeamlessWallet } from './seamless-wallet.ts';
import type { VendorRegistry } from './vendors.ts';
import type { ResponsibleService } from '../responsible/responsible.service.ts';

/** How many games a maintenance refusal suggests instead (ER-30). */
const SUGGESTIONS = 6;

export interface LaunchQuery {
  gameId?: string | undefined;
  roomId?: string | undefined;
  nodeId?: string | undefined;
  accountType: number;
  vassalage?: string | undefined;
  launchMode: 'GLS' | 'LOTT';
  platform: string;
  username?: string | undefined;
  language: string;
  lottoMode?: string | undefined;
  lottoGameCode?: string | undefined;
}

/** The lottery hall of a lottoMode (the lottery issue's pages): SEA, VN, else the standard lottery. */
function lotteryPage(mode: string | undefined): string {
  const m = (mode ?? '').toUpperCase();
  if (m === 'SEA') return '/seaLottery';
  if (m === 'VN') return '/vnlottery';
  return '/lottery';
}

const inWindow = (from: Date | null, until: Date | null, now: number) =>
  from !== null && new Date(from).getTime() <= now && (until === null || now < new Date(until).getTime());

/**
 * GET /wps/game/launchGame (GL-12…GL-14, GL-15): checks the game, its vendor's state and the
 * member's balance, then asks the game's vendor adapter for the address, and records the game
 * in the member's recent games. Also the winners ranking (NC-33) and the PvP rooms (NC-41).
 */
export class GameLaunchService {
  private readonly database: Database;
  private readonly games: GamesService;
  private readonly seamless: SeamlessWallet;
  private readonly vendors: VendorRegistry;
  private readonly wallet: WalletService;
  private readonly responsible: ResponsibleService | undefined;

  constructor(deps: {
    database: Database;
    games: GamesService;
    seamlessWallet: SeamlessWallet;
    vendors: VendorRegistry;
    wallet: WalletService;
    /** Time-outs and self-exclusion launch nothing (decision 039). */
    responsible?: ResponsibleService;
  }) {
    this.responsible = deps.responsible;
    this.database = deps.database;
    this.games = deps.games;
    this.seamless = deps.seamlessWallet;
    this.vendors = deps.vendors;
    this.wallet = deps.wallet;
  }

  async launch(session: SessionContext, q: LaunchQuery, headerLanguage: string | undefined) {
    // GL-14: the Language header names the game's language; the query's is the fallback.
    const language = nameKey(headerLanguage || q.language || 'EN');
    const freePlay = session.agentType === AgentType.trial;
    if (!freePlay) await this.responsible?.launch(session.memberId);
    const currency = this.wallet.currency().code;
    if (q.username && q.username.toLowerCase() !== session.username.toLowerCase())
      throw fail(Errors.invalidInput, { message: 'username is not the logged-in member' });
    if (q.accountType === 0 && !freePlay)
      throw fail(Errors.invalidInput, { message: 'accountType 0 (free play) is for trial accounts' });

    if (q.launchMode === 'LOTT') {
      const params = new URLSearchParams({ gameCode: q.lottoGameCode || 'lobby', lang: language });
      const url = `${lotteryPage(q.lottoMode)}?${params}`;
      return {
        content: {
          game_url: url,
          vassalage: q.vassalage || 'TCG_SEA',
          gameId: q.lottoGameCode || 'lobby',
          nodeId: '',
          roomId: null,
          freePlay,
          currency,
          language,
        },
        gameUrl: url,
      };
    }

    let room: repo.RoomRow | undefined;
    let nodeId = q.nodeId || undefined;
    if (q.roomId) {
      room = (await repo.rooms(this.database.db, { roomId: q.roomId }))[0];
      if (!room) throw fail(Errors.gameUnavailable, { message: 'No such room' });
      if (nodeId && nodeId !== room.node_id)
        throw fail(Errors.invalidInput, { message: 'roomId is not a room of nodeId' });
      nodeId = room.node_id;
    }
    if (!nodeId) throw fail(Errors.invalidInput, { message: 'nodeId (or roomId) names the game' });
    const game = await repo.gameForLaunch(this.database.db, nodeId);
    if (!game || !game.enabled || !game.vendor_enabled) throw fail(Errors.gameUnavailable);
    if (q.gameId && q.gameId !== game.game_id)
      throw fail(Errors.invalidInput, { message: 'gameId is not the game of nodeId' });
    if (q.vassalage && q.vassalage !== game.vassalage)
      throw fail(Errors.invalidInput, { message: 'vassalage is not the vendor of the game' });

    if (inWindow(game.maintenance_from, game.maintenance_until, Date.now())) {
      const others = await repo.openGamesOfType(
        this.database.db,
        game.game_type,
        game.vassalage,
        SUGGESTIONS,
      );
      const suggestions: Game[] = await this.games.toGames(others, language, session.memberId);
      throw fail(Errors.vendorUnderMaintenance, {
        value: {
          vassalage: game.vassalage,
          gameType: game.game_type,
          maintenanceFrom: game.maintenance_from ? new Date(game.maintenance_from).getTime() : null,
          maintenanceUntil: game.maintenance_until ? new Date(game.maintenance_until).getTime() : null,
          suggestions,
        },
      });
    }

    const { precision } = this.wallet.currency();
    const minBalance = room ? room.min_bet : 10 ** precision;
    const balance = await this.seamless.balance(session.memberId);
    if (balance < minBalance)
      throw fail(Errors.launchBalanceNotEnough, {
        value: {
          balance: this.wallet.toMajor(balance),
          minBalance: this.wallet.toMajor(minBalance),
          currency,
          canDeposit: !freePlay,
        },
      });

    const { gameUrl } = await this.vendors.adapterFor(game.vassalage).launch({
      memberId: session.memberId,
      username: session.username,
      nodeId: game.node_id,
      gameCode: game.game_id,
      gameType: game.game_type,
      roomId: room?.room_id,
      vassalage: game.vassalage,
      language,
      platform: q.platform,
      currency,
      freePlay,
      standIn: {
        code: standInOf(game.game_type, nameIn(game.names, 'EN')),
        vendorName: game.vendor_name ?? game.vassalage,
        title: nameIn(game.names, language),
      },
    });
    await repo.touchRecent(this.database.db, session.memberId, Number(game.id));
    return {
      content: {
        game_url: gameUrl,
        vassalage: game.vassalage,
        gameId: game.game_id,
        nodeId: game.node_id,
        roomId: room?.room_id ?? null,
        freePlay,
        currency,
        language,
      },
      gameUrl,
    };
  }

  /** GCSGAME_getRankList (NC-33). */
  async rankList(q: {
    gameCategory: string;
    rankType: 'WIN' | 'MULTIPLIER';
    days: number;
    limitNum: number;
    language: string;
  }) {
    const until = new Date();
    const since = new Date(until.getTime() - q.days * 86_400_000);
    const rows = await repo.rankList(this.database.db, {
      gameCategory: q.gameCategory,
      rankType: q.rankType,
      since,
      until,
      limit: q.limitNum,
    });
    return {
      list: rows.map((r, i) => ({
        rank: i + 1,
        username: maskUsername(r.username),
        nodeId: r.node_id,
        gameName: r.names ? nameIn(r.names, q.language) : r.game_name || r.game_code,
        vassalage: r.vendor,
        gameCategory: r.product,
        betAmount: this.wallet.toMajor(r.bet_amount),
        winAmount: this.wallet.toMajor(r.payout - r.bet_amount),
        multiplier: Math.floor((r.payout * 100) / r.bet_amount) / 100,
        currency: r.currency,
        time: new Date(r.settled_at).getTime(),
      })),
      startTime: since.getTime(),
      endTime: until.getTime(),
    };
  }

  /** GLS2_roomList (NC-41). */
  async rooms(q: { vassalage?: string | undefined; nodeId?: string | undefined; language: string }) {
    const rows = await repo.rooms(this.database.db, { vassalage: q.vassalage, nodeId: q.nodeId });
    const now = Date.now();
    const levelName = { BEGINNER: 'Beginner', STANDARD: 'Standard', VIP: 'VIP' } as const;
    return rows.map((r) => {
      const gameName = nameIn(r.names, q.language);
      const players = Math.min(r.players, r.seats);
      return {
        roomId: r.room_id,
        roomName: `${gameName} · ${levelName[r.level]}`,
        nodeId: r.node_id,
        gameId: r.game_id,
        gameName,
        vassalage: r.vassalage,
        level: r.level,
        minBet: this.wallet.toMajor(r.min_bet),
        maxBet: this.wallet.toMajor(r.max_bet),
        seats: r.seats,
        players,
        status: inWindow(r.maintenance_from, r.maintenance_until, now)
          ? ('MAINTENANCE' as const)
          : players >= r.seats
            ? ('FULL' as const)
            : ('OPEN' as const),
        currency: this.wallet.currency().code,
      };
    });
  }

  /** Operator: opens or closes a PvP room; false for an unknown room. */
  async setRoomEnabled(roomId: string, enabled: boolean): Promise<boolean> {
    return repo.setRoomEnabled(this.database.db, roomId, enabled);
  }
}
