/**
 * The one interface every game vendor is reached through (issue 8, GL-15). Types only: the
 * built-in sandbox vendor and a remote-style HTTP adapter implement it in a later slice, and the
 * launch call (`/wps/game/launchGame`) and the seamless-wallet callbacks are built on it.
 *
 * Money is integer minor units. Every wallet movement is idempotent per (vendor, transactionId):
 * a vendor retrying a callback gets the first answer again and the ledger moves once. A round
 * (roundId) groups a stake and its settlement; a rollback names the debit it undoes and is refused
 * once that round has been credited.
 */

/** What a player asks to open (GL-12's launch payload, as the server receives it). */
export interface LaunchRequest {
  memberId: number;
  username: string;
  /** The game (nodeId of the catalogue) or the room of a PvP vendor. */
  nodeId: string;
  gameId?: string;
  roomId?: string;
  vassalage: string;
  /** The player's language label (EN, CN, ...). */
  language: string;
  platform: string;
  /** Free-play money (trial accounts, DESIGN.md D5) instead of the member's balance. */
  freePlay: boolean;
}

export interface LaunchResult {
  /** The address the `/game` frame opens (value.content.game_url of the original). */
  gameUrl: string;
}

/** One seamless-wallet movement a vendor asks for. */
export interface WalletMovement {
  vassalage: string;
  memberId: number;
  /** The vendor's unique id of this movement: the idempotency key. */
  transactionId: string;
  /** The vendor's round the movement belongs to. */
  roundId: string;
  /** Minor units, > 0 for debit and credit. */
  amount: number;
  currency: string;
}

export interface RollbackRequest {
  vassalage: string;
  memberId: number;
  transactionId: string;
  roundId: string;
  /** The debit being undone. */
  debitTransactionId: string;
}

/** The member's balance after a movement (minor units), and whether this call moved money. */
export interface WalletAnswer {
  balance: number;
  currency: string;
  /** False when the transaction id was seen before: the first answer is repeated. */
  applied: boolean;
}

export interface VendorAdapter {
  /** The vendor codes (vassalage) this adapter serves. */
  readonly vassalages: readonly string[];
  /** Asks the vendor for a launch address for this player and game. */
  launch(request: LaunchRequest): Promise<LaunchResult>;
  /** Checks a vendor callback's signature over its raw body; false refuses the callback. */
  verifySignature(headers: Record<string, string | undefined>, rawBody: string): boolean;
  /** Takes a stake from the member's balance; refused (never negative) when it does not cover it. */
  debit(movement: WalletMovement): Promise<WalletAnswer>;
  /** Pays a round's win to the member. */
  credit(movement: WalletMovement): Promise<WalletAnswer>;
  /** Returns an uncredited debit's stake. */
  rollback(request: RollbackRequest): Promise<WalletAnswer>;
}
