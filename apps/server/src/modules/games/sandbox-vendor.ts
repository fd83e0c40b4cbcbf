import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { Errors, standInGameCode } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { fail } from '../../platform/http/errors.ts';
import type { SeamlessWallet } from './seamless-wallet.ts';
import {
  WalletBackedAdapter,
  type LaunchRequest,
  type LaunchResult,
  type SignedCallback,
} from './vendor-adapter.ts';
import { verifySigned } from './vendor-signature.ts';

/**
 * The sandbox vendor's own code: the only code under which it takes signed wallet callbacks over
 * HTTP. Launches of codes without an adapter of their own open its house games, but a callback
 * for such a code (EVO, any string) has no vendor behind it and moves nothing.
 */
export const SANDBOX_VENDOR_CODE = 'SBX';
/** A launch token opens its game once, within this time. */
export const LAUNCH_TOKEN_TTL_MS = 120_000;

/** The house game page of a game code (served by the house-games module). */
export const sandboxGamePath = (gameCode: string) => `/sandbox/games/${encodeURIComponent(gameCode)}`;

/** What a redeemed launch token tells the house game page: who plays what, on which money. */
export interface RedeemedLaunch {
  memberId: number;
  /** The vendor code to book the round under (the seamless wallet's `vendor`). */
  vassalage: string;
  gameCode: string;
  nodeId: string;
  roomId: string | null;
  language: string;
  /** A trial account on free-play money (DESIGN.md D5). */
  freePlay: boolean;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/**
 * The built-in sandbox vendor (GL-15, GL-16): its games are the house games this server serves at
 * `/sandbox/games/<gameCode>` (apps/server/src/modules/house-games), opened in the `/game` frame.
 *
 * Launch: a signed, single-use launch token that lives LAUNCH_TOKEN_TTL_MS, in the URL
 * `/sandbox/games/<gameCode>?launch=<token>&lang=<EN>`. Only the token's hash is stored. The house
 * page calls `redeemLaunchToken(token)` (app.ctx.sandboxVendor) once when it opens: it answers the
 * member, game and money kind, or refuses with game.launch_token.invalid (401) when the token is
 * forged, expired or already used. The house page then keeps its own game session.
 *
 * Money: the house engines call the seamless wallet in-process (app.ctx.seamlessWallet) with
 * `vendor` = the redeemed `vassalage`; or, as any vendor would, this adapter's debit, credit and
 * rollback. Callbacks over HTTP (`/vendor/SBX/wallet/...`) are accepted when signed with the
 * sandbox secret, like a remote vendor's.
 */
export class SandboxVendor extends WalletBackedAdapter {
  readonly vassalages = '*' as const;
  private readonly database: Database;
  private readonly secret: string;

  constructor(deps: { database: Database; wallet: SeamlessWallet; secret: string }) {
    super(deps.wallet);
    this.database = deps.database;
    this.secret = deps.secret;
  }

  private sign(nonce: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`launch\n${nonce}\n${expires}`).digest('base64url');
  }

  /**
   * A catalogue title opens its stand-in (decision 058) under a code of its own,
   * `<house code>--<game id>` (seeds, tickets and rounds of the title's own), labelled by the
   * page with the vendor's and the title's names the address carries. A code without a stand-in
   * (a house game launched by its own code) opens as it is.
   */
  async launch(r: LaunchRequest): Promise<LaunchResult> {
    const gameCode = r.standIn ? (standInGameCode(r.standIn.code, r.gameCode) ?? r.standIn.code) : r.gameCode;
    const nonce = randomBytes(18).toString('base64url');
    const expires = Date.now() + LAUNCH_TOKEN_TTL_MS;
    const token = `${nonce}.${expires}.${this.sign(nonce, expires)}`;
    await sql`
      insert into game_launch_token (token_hash, member_id, vendor, game_code, node_id, room_id, language, free_play, expires_at)
      values (${hashOf(token)}, ${r.memberId}, ${r.vassalage}, ${gameCode}, ${r.nodeId}, ${r.roomId ?? null},
              ${r.language}, ${r.freePlay}, ${new Date(expires)})`.execute(this.database.db);
    // Tokens of the past day stay for support; older ones go, a few at a time with each launch.
    await sql`
      delete from game_launch_token where token_hash in (
        select token_hash from game_launch_token where expires_at < now() - interval '1 day' limit 20)`.execute(
      this.database.db,
    );
    const params = new URLSearchParams({ launch: token, lang: r.language });
    if (r.roomId) params.set('roomId', r.roomId);
    if (r.standIn) {
      params.set('vendor', r.standIn.vendorName.slice(0, 60));
      params.set('title', r.standIn.title.slice(0, 80));
    }
    return { gameUrl: `${sandboxGamePath(gameCode)}?${params}` };
  }

  /** Opens a launch token once (see the class comment). */
  async redeemLaunchToken(token: unknown): Promise<RedeemedLaunch> {
    const parts = typeof token === 'string' ? token.split('.') : [];
    const [nonce, expiresText, sig] = parts;
    const expires = Number(expiresText);
    const valid =
      parts.length === 3 &&
      /^[A-Za-z0-9_-]{24}$/.test(nonce!) &&
      /^\d{1,15}$/.test(expiresText!) &&
      expires > Date.now() &&
      /^[A-Za-z0-9_-]{43}$/.test(sig!) &&
      timingSafeEqual(Buffer.from(sig!), Buffer.from(this.sign(nonce!, expires)));
    if (!valid) throw fail(Errors.gameLaunchTokenInvalid);
    const res = await sql<{
      member_id: number;
      vendor: string;
      game_code: string;
      node_id: string;
      room_id: string | null;
      language: string;
      free_play: boolean;
    }>`
      update game_launch_token set redeemed_at = now()
      where token_hash = ${hashOf(token as string)} and redeemed_at is null and expires_at > now()
      returning member_id, vendor, game_code, node_id, room_id, language, free_play`.execute(
      this.database.db,
    );
    const row = res.rows[0];
    if (!row) throw fail(Errors.gameLaunchTokenInvalid);
    return {
      memberId: Number(row.member_id),
      vassalage: row.vendor,
      gameCode: row.game_code,
      nodeId: row.node_id,
      roomId: row.room_id,
      language: row.language,
      freePlay: row.free_play,
    };
  }

  verifyCallback(callback: SignedCallback): void {
    verifySigned(this.secret, callback);
  }
}
