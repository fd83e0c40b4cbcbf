import type { SeamlessAnswer, SeamlessWallet } from './seamless-wallet.ts';

/**
 * The one interface every game vendor is reached through (issue 8, GL-15, decision 019).
 *
 * - `launch` answers the address the `/game` frame opens for one player and game.
 * - The seamless wallet runs the other way: the vendor calls us. Its callbacks arrive signed
 *   (`verifyCallback`) and are turned into debit, credit and rollback of the seamless wallet
 *   (seamless-wallet.ts), idempotent per (vendor, transaction id) and bound to their round.
 *
 * Two implementations: the built-in sandbox vendor (sandbox-vendor.ts: house games served by this
 * server, launched with a signed short-lived launch token; its games move money in-process through
 * the seamless wallet) and a remote-style vendor (remote-vendor.ts: launch over HTTP, callbacks to
 * `/vendor/<code>/wallet/debit|credit|rollback` signed with HMAC-SHA256 and a timestamp).
 *
 * Money is integer minor units throughout.
 */

/** What a player asks to open (GL-12's launch payload, as the launch service resolved it). */
export interface LaunchRequest {
  memberId: number;
  username: string;
  /** The catalogue's game: its nodeId and the vendor's own game code (game_id). */
  nodeId: string;
  gameCode: string;
  gameType: string;
  /** A PvP room (GLS2_roomList), when the player picked one. */
  roomId?: string | undefined;
  vassalage: string;
  /** The player's language label (EN, CN, TH, VI ...). */
  language: string;
  platform: string;
  currency: string;
  /** Free-play money (trial accounts, DESIGN.md D5) instead of real money. */
  freePlay: boolean;
  /**
   * The sandbox stand-in of the title (decision 058): the house game of its kind (contract
   * standInOf), the vendor's name and the title in the player's language, for the label. Only the
   * sandbox reads it; a connected vendor opens its own game.
   */
  standIn?: { code: string; vendorName: string; title: string } | undefined;
}

export interface LaunchResult {
  /** The address the `/game` frame opens (value.content.game_url of the original). */
  gameUrl: string;
}

/** One seamless-wallet movement a vendor asks for (minor units; > 0 for a debit, >= 0 for a credit). */
export interface WalletMovement {
  /** The vendor code the movement is booked under (the seamless wallet's vendor). */
  vassalage: string;
  memberId: number;
  transactionId: string;
  roundId: string;
  amount: number;
  gameCode?: string | undefined;
  gameName?: string | undefined;
  /** The catalogue category of the game (RNG, LIVE, FISH, PVP, CARDS ...): the betting record's product. */
  gameType?: string | undefined;
}

export interface RollbackRequest {
  vassalage: string;
  memberId: number;
  transactionId: string;
  roundId: string;
  /** The debit being undone. */
  debitTransactionId: string;
}

/** A vendor callback as it arrived: the signature covers the method, path, timestamp and raw body. */
export interface SignedCallback {
  method: string;
  /** The path without the query (`/vendor/EVO/wallet/debit`). */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export type WalletAnswer = SeamlessAnswer;

export interface VendorAdapter {
  /** The vendor codes (vassalage) this adapter serves; "*" for the sandbox's every other code. */
  readonly vassalages: readonly string[] | '*';
  /** The address of a game for this player (a signed launch token for the sandbox; the vendor's answer for a remote). */
  launch(request: LaunchRequest): Promise<LaunchResult>;
  /** Refuses (throws vendor.signature.invalid) a callback whose signature is missing, wrong or stale. */
  verifyCallback(callback: SignedCallback): void;
  /** Takes a stake; refused, never negative, when the balance does not cover it. */
  debit(movement: WalletMovement): Promise<WalletAnswer>;
  /** Pays a round's win (0 for a loss) and closes the round. */
  credit(movement: WalletMovement): Promise<WalletAnswer>;
  /** Returns an uncredited debit's stake. */
  rollback(request: RollbackRequest): Promise<WalletAnswer>;
}

/**
 * The wallet half every adapter shares: a vendor's debit, credit and rollback are the seamless
 * wallet's, booked under the movement's vendor code.
 */
export abstract class WalletBackedAdapter implements VendorAdapter {
  abstract readonly vassalages: readonly string[] | '*';
  abstract launch(request: LaunchRequest): Promise<LaunchResult>;
  abstract verifyCallback(callback: SignedCallback): void;
  protected readonly wallet: SeamlessWallet;

  constructor(wallet: SeamlessWallet) {
    this.wallet = wallet;
  }

  debit(m: WalletMovement): Promise<WalletAnswer> {
    return this.wallet.debit({
      vendor: m.vassalage,
      memberId: m.memberId,
      transactionId: m.transactionId,
      roundId: m.roundId,
      amount: m.amount,
      product: m.gameType,
      gameCode: m.gameCode,
      gameName: m.gameName,
    });
  }

  credit(m: WalletMovement): Promise<WalletAnswer> {
    return this.wallet.credit({
      vendor: m.vassalage,
      memberId: m.memberId,
      transactionId: m.transactionId,
      roundId: m.roundId,
      amount: m.amount,
    });
  }

  rollback(r: RollbackRequest): Promise<WalletAnswer> {
    return this.wallet.rollback({
      vendor: r.vassalage,
      memberId: r.memberId,
      transactionId: r.transactionId,
      roundId: r.roundId,
      debitTransactionId: r.debitTransactionId,
    });
  }
}
