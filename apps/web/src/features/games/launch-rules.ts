/**
 * The launch rules of spec A §3, §4 (GL-05..GL-12) as pure functions: what a launch item is, where
 * it goes, and the payload a third-party launch sends. The hook in launch.ts runs them.
 */

/** A launch item (GL-05). `isGame` is "VASSALAGE" for a provider whose games open in a popup list. */
export interface LaunchItem {
  code: string;
  defaultPlayType: string;
  accountTypeName: string;
  gameType: string;
  isGame: string;
  vassalage: string;
  /** The game of a tile (gameId) or a PvP room (roomId); empty for a vendor's lobby. */
  gameId?: string;
  roomId?: string;
  nodeId?: string;
  /** Shown on the game page's bar. */
  title?: string;
}

export type LaunchTarget =
  | { kind: 'login' }
  | { kind: 'route'; to: string; storeVassalage?: string }
  | { kind: 'popup'; vassalage: string; gameType: string }
  | { kind: 'thirdParty' };

export const VASSALAGE = 'VASSALAGE';
/** Account type names of the lottery variants (GL-07, GL-08). */
export const VIETNAM_ACCOUNT = 'VN';
/** The account type name of the Vietnamese lottery's games and its vendor code (research/lottery.md). */
export const VN_LOTTO = 'TCG_LOTTO_VN';
export const SEA_ACCOUNT = 'SEA';

function isVietnam(name: string): boolean {
  const n = name.toUpperCase();
  return n === VIETNAM_ACCOUNT || n === 'VIETNAM' || n === 'VNLOTTERY' || n === VN_LOTTO;
}

function isSea(name: string): boolean {
  const n = name.toUpperCase();
  return n === SEA_ACCOUNT || n === 'SEALOTTERY';
}

/**
 * Where a launch goes (spec A §4): login first (GL-01); the Vietnam and SEA account types to their
 * lottery pages (GL-07, GL-08); other lottery types to /lottery with gameCode and playType when the
 * game has both (GL-06), the e-lottery's lobby to /elott; a VASSALAGE item to a popup list of its provider's games (GL-10); a slots
 * vendor to /rng after storing its vassalage (GL-09); anything else launches as a third-party game
 * (GL-11). A slot tile (one game, gameId set) is a game to play, so it launches too.
 */
export function launchTarget(item: LaunchItem, loggedIn: boolean): LaunchTarget {
  if (!loggedIn) return { kind: 'login' };
  if (isVietnam(item.accountTypeName)) return { kind: 'route', to: '/vnlottery' };
  if (isSea(item.accountTypeName)) return { kind: 'route', to: '/seaLottery' };
  if (item.gameType === 'LOTT' || item.gameType === 'ELOTT') {
    if (item.code && item.defaultPlayType) {
      const q = new URLSearchParams({ gameCode: item.code, playType: item.defaultPlayType });
      return { kind: 'route', to: `/lottery?${q.toString()}` };
    }
    // The e-lottery's lobby (its TCG_SEA entry, no game) is its own page: its prize mode, not the lottery's (NC-16).
    return { kind: 'route', to: item.gameType === 'ELOTT' && !item.code ? '/elott' : '/lottery' };
  }
  if (item.isGame === VASSALAGE) return { kind: 'popup', vassalage: item.vassalage, gameType: item.gameType };
  if (item.gameType === 'RNG' && !item.gameId) {
    return {
      kind: 'route',
      to: `/rng?vassalage=${encodeURIComponent(item.vassalage)}`,
      storeVassalage: item.vassalage,
    };
  }
  return { kind: 'thirdParty' };
}

/** The launch payload of a third-party game (GL-12). */
export interface LaunchPayload {
  gameId?: string;
  roomId?: string;
  nodeId: string;
  accountType: number;
  confirmTrans: 0;
  vassalage: string;
  launchMode: 'GLS';
  platform: 'html5-desktop';
  clientType: 3;
  username: string;
  token: string;
  merchantCode: string;
  language: string;
}

/**
 * GL-12: gameId or roomId, nodeId, accountType 1, confirmTrans 0, vassalage, launchMode GLS,
 * platform html5-desktop, clientType 3, username, token, merchantCode and language. A trial
 * account plays on free-play money (decision D5: accountType 0).
 */
export function launchPayload(
  item: LaunchItem,
  who: { username: string; token: string; merchantCode: string; language: string; trial: boolean },
): LaunchPayload {
  const payload: LaunchPayload = {
    nodeId: item.nodeId ?? '',
    accountType: who.trial ? 0 : 1,
    confirmTrans: 0,
    vassalage: item.vassalage,
    launchMode: 'GLS',
    platform: 'html5-desktop',
    clientType: 3,
    username: who.username,
    token: who.token,
    merchantCode: who.merchantCode,
    language: who.language,
  };
  if (item.roomId) payload.roomId = item.roomId;
  else payload.gameId = item.gameId ?? '';
  return payload;
}

/**
 * A launch item of a vendor card (a dropdown card, a nav entry). A card marked as a game (isGame
 * 1, GL-03) carries its game, so the launch starts that game directly instead of looking one up.
 */
export function vendorLaunchItem(
  card: {
    vassalage: string;
    gameType: string;
    displayName: string;
    isGame?: number;
    nodeId?: string;
    gameId?: string;
  },
  lotteryType: string,
): LaunchItem {
  const lottery = card.gameType === 'LOTT';
  const item: LaunchItem = {
    code: '',
    defaultPlayType: '',
    // The brand's own lottery (TCG_SEA) runs as its lottery type: SEA opens /seaLottery (GL-08);
    // the Vietnamese lottery's entry opens /vnlottery (GL-07).
    accountTypeName: !lottery
      ? ''
      : card.vassalage === 'TCG_SEA'
        ? lotteryType
        : card.vassalage === VN_LOTTO
          ? VN_LOTTO
          : '',
    gameType: card.gameType,
    isGame: '',
    vassalage: card.vassalage,
    title: card.displayName,
  };
  if (card.isGame === 1 && card.nodeId) {
    item.nodeId = card.nodeId;
    item.gameId = card.gameId ?? '';
  }
  return item;
}

/** A launch item of a game tile. */
export function gameLaunchItem(game: {
  nodeId: string;
  gameId: string;
  gameName: string;
  vassalage: string;
  gameType: string;
}): LaunchItem {
  return {
    code: game.gameId,
    defaultPlayType: '',
    accountTypeName: '',
    gameType: game.gameType,
    isGame: '',
    vassalage: game.vassalage,
    gameId: game.gameId,
    nodeId: game.nodeId,
    title: game.gameName,
  };
}
