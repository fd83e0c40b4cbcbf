import { headerPointRates, type VendorCard } from '@app/contract';
import { gameTypePages, LOTTERY_ENTRY_PATH } from '../../shared/navigation/game-types.ts';
import type { KeyIn } from '../../shared/i18n/keys.ts';

/**
 * The main navigation built from the server's vendor data (spec A §2, §3): one item per game type
 * that has a vendor (NC-19), in the order of the vendor sorting data, with the spec's extra items
 * and its exceptions. Pure: the header renders what this returns, tests read it (vendor-nav.ts)
 * directly. Only what the header's first paint needs is here, so nothing else joins the entry.
 */

/** The vendor lane of GCSGAME_newGameVendor (NC-22): a group title, its cards and gameClassify. */
export interface VendorLane {
  title: string;
  gameClassify: string;
  cards: VendorCard[];
}

/** A vendor sorting entry (NC-23): a category and its vendors, each with its vassalage. */
export interface VendorSortingEntry {
  gameCategory: string;
  vendors: VendorCard[];
}

/** A header navigation item (NC-03) with what its dropdown shows. */
export type HeaderNavItem = {
  /** Stable key; also the test id suffix. */
  key: string;
  gameType: string;
  /** Where the item goes (category navigation, NC-16/NC-17); '' when it only opens its dropdown. */
  page: string;
  enName: string;
  /** The header point rate of the type (NC-04), null where the spec gives none. */
  point: number | null;
  /** The dropdown's vendors in order (YBG already left out, NC-13); the dropdown shows at most 9. */
  vendors: VendorCard[];
  /** An entry marked as a game starts that game directly (GL-02, GL-03) instead of navigating. */
  game?: VendorCard;
} & (
  | {
      /** i18n key of the label (translation or games namespace). */
      name: KeyIn<'translation'>;
      literal?: false;
    }
  | {
      /** A vendor's display name, or the code of a game type the table does not name. */
      name: string;
      literal: true;
    }
);

/** The RNG vendor the navigation never shows (NC-13). */
export const HIDDEN_NAV_VENDOR = 'YBG';

/** Category navigation (NC-16, NC-17): the page of a game type; '' for a type without one. */
export function categoryPath(gameType: string): string {
  return gameTypePages[gameType]?.path ?? '';
}

function pointOf(gameType: string): number | null {
  return (headerPointRates as Record<string, number>)[gameType] ?? null;
}

/**
 * E-sports vendors split out of SPORTS into their own group (NC-26): a SPORTS vendor named in the
 * brand's esports list moves to an ESPORTS lane (after SPORTS), merged with one the server sent.
 */
export function splitEsports(lanes: readonly VendorLane[], esports: readonly string[]): VendorLane[] {
  const out: VendorLane[] = [];
  const moved: VendorCard[] = [];
  for (const lane of lanes) {
    if (lane.gameClassify !== 'SPORTS') {
      out.push(lane);
      continue;
    }
    const stay = lane.cards.filter((c) => !esports.includes(c.vassalage));
    for (const c of lane.cards) if (esports.includes(c.vassalage)) moved.push({ ...c, gameType: 'ESPORTS' });
    if (stay.length) out.push({ ...lane, cards: stay });
  }
  if (moved.length) {
    const existing = out.find((l) => l.gameClassify === 'ESPORTS');
    if (existing) {
      const have = new Set(existing.cards.map((c) => c.vassalage));
      existing.cards = [...existing.cards, ...moved.filter((c) => !have.has(c.vassalage))];
    } else {
      const sports = out.findIndex((l) => l.gameClassify === 'SPORTS');
      out.splice(sports >= 0 ? sports + 1 : out.length, 0, {
        title: 'ESPORTS',
        gameClassify: 'ESPORTS',
        cards: moved,
      });
    }
  }
  return out;
}

/**
 * The vendor sorting data (NC-23) of the server's vendor groups: one entry per category holding
 * at least one vendor (NC-19), in the groups' order; e-sports already split out of SPORTS (NC-26).
 */
export function vendorSortingOf(
  lanes: readonly VendorLane[],
  esports: readonly string[],
): VendorSortingEntry[] {
  const byCategory = new Map<string, VendorCard[]>();
  for (const lane of splitEsports(lanes, esports)) {
    if (lane.cards.length === 0) continue;
    byCategory.set(lane.gameClassify, [...(byCategory.get(lane.gameClassify) ?? []), ...lane.cards]);
  }
  return [...byCategory].map(([gameCategory, vendors]) => ({ gameCategory, vendors }));
}

/**
 * The header items between Home and promotions (NC-02): one per game type holding at least one
 * vendor (NC-19), in the sorting data's order, with the lottery items first; then the bingo item
 * and, when an RNG vendor BGS exists, the BGS item after the lottery items (NC-10, NC-11); the
 * sports vendor DS88 as its own item after LIVE (NC-12). YBG never shows (NC-13).
 */
export function buildHeaderNav(lanes: readonly VendorLane[], esports: readonly string[]): HeaderNavItem[] {
  const byType = new Map<string, VendorCard[]>();
  for (const entry of vendorSortingOf(lanes, esports)) {
    const cards = entry.vendors.filter((c) => !(c.gameType === 'RNG' && c.vassalage === HIDDEN_NAV_VENDOR));
    if (cards.length > 0) byType.set(entry.gameCategory, cards);
  }
  const typeItem = (gameType: string, vendors: VendorCard[]): HeaderNavItem => {
    const labelKey = gameTypePages[gameType]?.labelKey;
    const item: HeaderNavItem = {
      key: gameType,
      // A type the table does not name (the sorting data's) shows its code, as t() answered it.
      ...(labelKey ? { name: labelKey } : { name: gameType, literal: true }),
      gameType,
      page: categoryPath(gameType),
      enName: gameTypePages[gameType]?.enName ?? gameType,
      point: pointOf(gameType),
      vendors,
    };
    // Lottery entries start the game of the TCG_SEA vendor (GL-02). The e-lottery's starts on its
    // own page, /elott (NC-16); the lottery's on a lottery page (GL-06..GL-08), so its link (a new
    // tab, the status bar) reads /lottery, the route table's Lottery, not the e-lottery's page.
    if (gameType === 'LOTT' || gameType === 'ELOTT') {
      const sea = vendors.find((v) => v.vassalage === 'TCG_SEA');
      if (sea) {
        item.game = sea;
        if (gameType === 'LOTT') item.page = LOTTERY_ENTRY_PATH;
      }
    } else if (vendors.length === 1 && vendors[0]!.isGame === 1) {
      // The type's only vendor is one game: the entry is marked as that game and starts it (GL-03).
      item.game = vendors[0];
    }
    return item;
  };

  const lottery: HeaderNavItem[] = [];
  const rest: HeaderNavItem[] = [];
  for (const [gameType, vendors] of byType) {
    if (gameType === 'LOTT' || gameType === 'ELOTT') lottery.push(typeItem(gameType, vendors));
    else if (gameType !== 'BINGO') rest.push(typeItem(gameType, vendors));
  }
  const items: HeaderNavItem[] = [...lottery];
  const bingo = byType.get('BINGO');
  if (bingo) items.push(typeItem('BINGO', bingo));
  const bgs = byType.get('RNG')?.find((v) => v.vassalage === 'BGS');
  if (bgs) {
    items.push({
      key: 'BGS',
      name: bgs.displayName,
      literal: true,
      gameType: 'RNG',
      page: '/bgs',
      enName: bgs.displayName,
      point: pointOf('RNG'),
      vendors: [],
    });
  }
  for (const item of rest) {
    items.push(item);
    if (item.gameType === 'LIVE') {
      const ds88 = byType.get('SPORTS')?.find((v) => v.vassalage === 'DS88');
      if (ds88) {
        items.push({
          key: 'DS88',
          name: ds88.displayName,
          literal: true,
          gameType: 'SPORTS',
          page: '',
          enName: ds88.displayName,
          point: pointOf('SPORTS'),
          vendors: [],
          game: ds88,
        });
      }
    }
  }
  return items;
}
