import type { VendorCard } from '@app/contract';
import type { VendorLane } from './nav-items.ts';

/**
 * The games feature's vendor rules in one place (spec A §2, §3): the header's items (nav-items.ts),
 * its dropdown cards (vendor-cards.ts) and the game lists' vendor groups. The header imports the
 * first two modules themselves: importing this one would bring the list pages' rules into the
 * entry chunk with it.
 */
export {
  buildHeaderNav,
  categoryPath,
  HIDDEN_NAV_VENDOR,
  splitEsports,
  vendorSortingOf,
} from './nav-items.ts';
export type { HeaderNavItem, VendorLane, VendorSortingEntry } from './nav-items.ts';
export {
  CENTRE_ABOVE,
  DROPDOWN_MAX,
  dropdownOf,
  isCentred,
  LIST_PAGE_TYPES,
  vendorImagePath,
  vendorPage,
} from './vendor-cards.ts';

/**
 * A vendor group record (NC-23): the category a game list shows, its vendors and the vendor
 * chosen (vassalage; "" for all of them). /bgs sets it to BGS first (NC-18).
 */
export interface VendorGroupRecord {
  gameCategory: string;
  vendors: VendorCard[];
  vassalage: string;
}

/** The vendor group record of a game list (NC-18, NC-23): /bgs is the RNG group with BGS chosen. */
export function vendorGroupOf(
  lanes: readonly VendorLane[],
  gameCategory: string,
  vassalage: string | null,
  bgs: boolean,
): VendorGroupRecord {
  const vendors = lanes.filter((l) => l.gameClassify === gameCategory).flatMap((l) => l.cards);
  return { gameCategory, vendors, vassalage: vassalage ?? (bgs ? 'BGS' : '') };
}
