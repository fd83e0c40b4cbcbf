import type { VendorCard } from '@app/contract';

/**
 * The vendor cards of the header's dropdowns (spec A §2, §3): how many show, how they line up,
 * where one goes and its art. Apart from vendor-nav.ts, which the first paint needs, because only
 * the dropdown (nav-dropdown.tsx, loaded on demand) and the list pages use these.
 */

/** A vendor dropdown shows at most this many vendors (spec A §9, NC-08). */
export const DROPDOWN_MAX = 9;
/** Menu lists with more entries than this are centred (NC-15). */
export const CENTRE_ABOVE = 5;

/** Types whose vendors open a game-list page instead of launching (NC-14, GL-04). */
export const LIST_PAGE_TYPES = ['FISH', 'LIVE', 'RNG', 'PVP'] as const;

/** Where a dropdown vendor card goes: `/{type lowercased}?vassalage=` for FISH, LIVE, RNG, PVP (NC-14); null launches it (GL-04). */
export function vendorPage(card: Pick<VendorCard, 'gameType' | 'vassalage'>): string | null {
  if ((LIST_PAGE_TYPES as readonly string[]).includes(card.gameType))
    return `/${card.gameType.toLowerCase()}?vassalage=${encodeURIComponent(card.vassalage)}`;
  return null;
}

/** The vendor art at the spec's path (NC-44), relative to the picked image host. */
export function vendorImagePath(card: Pick<VendorCard, 'gameType' | 'vassalage'>): string {
  return `SUBMENU_IMG/STYLE2/${card.gameType}-${card.vassalage}.png`;
}

/** What a dropdown shows: at most 9 vendors, and a more-games tile when there are exactly 9 (NC-08, NC-09). */
export function dropdownOf(vendors: readonly VendorCard[]): { cards: VendorCard[]; moreTile: boolean } {
  const cards = vendors.slice(0, DROPDOWN_MAX);
  return { cards, moreTile: cards.length === DROPDOWN_MAX };
}

/** NC-15: a menu list with more than 5 entries is centred. */
export function isCentred(entries: number): boolean {
  return entries > CENTRE_ABOVE;
}
