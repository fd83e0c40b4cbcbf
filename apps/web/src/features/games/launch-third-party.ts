import type { QueryClient } from '@tanstack/react-query';
import { Errors, type CallQuery, type Game, type launchGame, type VendorCard } from '@app/contract';
import { getBrand } from '../../shared/brand/brand.ts';
import { call } from '../../shared/http/client.ts';
import { isApiError } from '../../shared/http/api-error.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { readToken } from '../../shared/session/session.ts';
import { memberInfoQuery } from '../session/index.ts';
import { gameListCall, launchGameCall } from './calls.ts';
import { launchPayload, type LaunchItem } from './launch-rules.ts';
import { GameModalKeys } from './game-modal-keys.ts';
import type { VendorLane } from './vendor-nav.ts';
import { VENDOR_FLUSH_EVENT, vendorQueryKey } from './vendor-store.ts';

export interface LaunchProblem {
  kind: 'maintenance' | 'balance' | 'error';
  title: string;
  vassalage: string;
  gameType: string;
  message?: string;
  /** The maintenance window, epoch ms, and games to play instead (ER-30). */
  from?: number | null;
  until?: number | null;
  suggestions?: Game[];
  /** Whether a deposit is the way on (not for a trial account's free-play money). */
  canDeposit?: boolean;
}

/** A launch answer as read: some vendors' gateways answer the address itself as the content. */
type LaunchGameValue = { content: string | { game_url: string }; gameUrl?: string };

/** The address of a launch answer: value.content (its game_url), or value.gameUrl. */
export function launchUrl(value: LaunchGameValue): string {
  if (typeof value.content === 'string') return value.content;
  return value.content?.game_url || value.gameUrl || '';
}

/** The vendor card of a launch item, from the vendor list the header already holds. */
function cardOf(client: QueryClient, item: LaunchItem): VendorCard | undefined {
  const lanes = client.getQueryData<VendorLane[]>(vendorQueryKey(i18n.language || 'en'));
  for (const lane of lanes ?? []) {
    const card = lane.cards.find((c) => c.vassalage === item.vassalage && c.gameType === item.gameType);
    if (card) return card;
  }
  return undefined;
}

/** Asks every vendor list on the page to be fetched again: the flush request of NC-25. */
function requestVendorFlush(): void {
  window.dispatchEvent(new Event(VENDOR_FLUSH_EVENT));
}

function windowOf(
  value: unknown,
  card: VendorCard | undefined,
): { from: number | null; until: number | null } {
  const v = (value ?? {}) as Record<string, unknown>;
  const num = (x: unknown) => (typeof x === 'number' ? x : typeof x === 'string' && x ? Date.parse(x) : null);
  return {
    from: num(v.maintenanceFrom ?? v.from ?? v.startTime) ?? card?.maintenanceFrom ?? null,
    until: num(v.maintenanceUntil ?? v.until ?? v.endTime) ?? card?.maintenanceUntil ?? null,
  };
}

/**
 * A third-party launch (GL-11): GET /wps/game/launchGame with the GL-12 payload (the client sends
 * the `Language` header on every call, GL-14), then the address at value.content opens in the
 * /game frame. A vendor under maintenance shows its window and other games (ER-30); too little
 * balance offers a deposit. A refusal that shows the cached vendor list out of date raises the
 * flush request that fetches it again (NC-25).
 */
export async function launchThirdParty(
  item: LaunchItem,
  deps: {
    client: QueryClient;
    navigate: (to: string) => void;
    openModal: (key: string, params?: unknown) => void;
    trial: boolean;
  },
): Promise<void> {
  const title = item.title ?? item.vassalage;
  const problem = (p: Omit<LaunchProblem, 'title' | 'vassalage' | 'gameType'>) =>
    deps.openModal(GameModalKeys.launchProblem, {
      title,
      vassalage: item.vassalage,
      gameType: item.gameType,
      ...p,
    } satisfies LaunchProblem);
  try {
    // A vendor's card or nav entry names no game: it opens the vendor's lobby, its first game.
    if (!item.nodeId && !item.roomId) {
      const first = await call(gameListCall, {
        query: {
          vassalage: item.vassalage,
          gameType: item.gameType as never,
          pageNo: 1,
          pageSize: 1,
          language: i18n.language || 'en',
        },
      });
      const lobby = first.games[0];
      if (!lobby) {
        problem({ kind: 'error' });
        return;
      }
      item = { ...item, nodeId: lobby.nodeId, gameId: lobby.gameId };
    }
    const token = readToken() ?? '';
    const info = await deps.client.fetchQuery(memberInfoQuery).catch(() => null);
    const payload = launchPayload(item, {
      username: info?.userName ?? info?.account ?? '',
      token,
      merchantCode: getBrand().merchant,
      language: i18n.language || 'en',
      trial: deps.trial,
    });
    const value = await call(launchGameCall, {
      query: payload as unknown as CallQuery<typeof launchGame>,
    });
    const url = launchUrl(value);
    if (!url) {
      problem({ kind: 'error' });
      return;
    }
    const params = new URLSearchParams({ url, title });
    deps.navigate(`/game?${params.toString()}`);
  } catch (e) {
    if (!isApiError(e)) {
      problem({ kind: 'error' });
      return;
    }
    if (e.errorCode === Errors.vendorUnderMaintenance.code) {
      // The list showed this vendor open: it is out of date (the operator has just put the
      // vendor under maintenance), so it is flushed and fetched again (NC-25).
      if (cardOf(deps.client, item)?.status !== 'MAINTENANCE') requestVendorFlush();
      const suggestions = (e.value as { suggestions?: Game[] } | undefined)?.suggestions;
      problem({
        kind: 'maintenance',
        ...windowOf(e.value, cardOf(deps.client, item)),
        suggestions: Array.isArray(suggestions) ? suggestions : undefined,
      });
    } else if (e.errorCode === Errors.launchBalanceNotEnough.code) {
      const canDeposit = (e.value as { canDeposit?: boolean } | undefined)?.canDeposit;
      problem({ kind: 'balance', canDeposit: canDeposit !== false });
    } else if (e.errorCode !== Errors.notLoggedIn.code) {
      // A game the list offered is gone (its vendor switched off): the list is out of date (NC-25).
      if (e.errorCode === Errors.gameUnavailable.code) requestVendorFlush();
      problem({ kind: 'error', message: e.message });
    }
  }
}
