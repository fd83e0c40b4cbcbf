import { Errors } from '@app/contract';
import { fail } from '../../platform/http/errors.ts';
import type { SeamlessWallet } from './seamless-wallet.ts';
import {
  WalletBackedAdapter,
  type LaunchRequest,
  type LaunchResult,
  type SignedCallback,
} from './vendor-adapter.ts';
import { signedHeaders, verifySigned } from './vendor-signature.ts';

export interface RemoteVendorConfig {
  /** The vendor code (vassalage) the adapter serves. */
  vassalage: string;
  /** The vendor's API root, e.g. https://api.vendor.example/seamless. */
  baseUrl: string;
  /** The HMAC secret shared with the vendor, both ways. */
  secret: string;
  timeoutMs?: number;
}

/**
 * A remote game vendor over HTTP (GL-15, decision 019): the shape of a real seamless-wallet
 * integration.
 *
 * - Launch: `POST <baseUrl>/launch` with `{playerId, username, gameCode, roomId, language,
 *   currency, freePlay, platform}`, signed (vendor-signature.ts); the vendor answers `{gameUrl}`.
 * - Wallet: the vendor calls `POST /vendor/<code>/wallet/balance|debit|credit|rollback` on this
 *   server, signed with the same secret; bodies `{playerId, transactionId, roundId, amount,
 *   currency, gameCode?, debitTransactionId?}` with amounts in integer minor units. A missing,
 *   wrong or stale (over 5 minutes) signature is refused with 401 vendor.signature.invalid.
 */
export class RemoteVendor extends WalletBackedAdapter {
  readonly vassalages: readonly string[];
  private readonly config: RemoteVendorConfig;

  constructor(config: RemoteVendorConfig, wallet: SeamlessWallet) {
    super(wallet);
    if (!/^https?:\/\//.test(config.baseUrl))
      throw new Error(`remote vendor ${config.vassalage}: baseUrl must be http(s)`);
    if (config.secret.length < 16)
      throw new Error(`remote vendor ${config.vassalage}: the secret needs 16+ characters`);
    this.config = config;
    this.vassalages = [config.vassalage];
  }

  async launch(r: LaunchRequest): Promise<LaunchResult> {
    const url = new URL(`${this.config.baseUrl.replace(/\/$/, '')}/launch`);
    const body = JSON.stringify({
      playerId: String(r.memberId),
      username: r.username,
      gameCode: r.gameCode,
      roomId: r.roomId ?? null,
      language: r.language,
      currency: r.currency,
      freePlay: r.freePlay,
      platform: r.platform,
    });
    let answer: unknown;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(this.config.secret, 'POST', url.pathname, body),
        },
        body,
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 5_000),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      answer = await res.json();
    } catch {
      throw fail(Errors.gameVendorUnavailable);
    }
    const gameUrl = (answer as { gameUrl?: unknown } | null)?.gameUrl;
    if (typeof gameUrl !== 'string' || !/^https?:\/\//.test(gameUrl))
      throw fail(Errors.gameVendorUnavailable);
    return { gameUrl };
  }

  verifyCallback(callback: SignedCallback): void {
    verifySigned(this.config.secret, callback);
  }
}

/** Remote vendors from GAME_REMOTE_VENDORS: a JSON list of {vassalage, baseUrl, secret}. */
export function remoteVendorsFromEnv(env: NodeJS.ProcessEnv): RemoteVendorConfig[] {
  const raw = env.GAME_REMOTE_VENDORS;
  if (!raw) return [];
  const list = JSON.parse(raw) as RemoteVendorConfig[];
  if (!Array.isArray(list))
    throw new Error('GAME_REMOTE_VENDORS must be a JSON list of {vassalage, baseUrl, secret}');
  return list;
}
