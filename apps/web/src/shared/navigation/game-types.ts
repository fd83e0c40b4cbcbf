import type { KeyIn } from '../i18n/keys.ts';

/**
 * The game types of the main navigation and their pages (spec A §2 category navigation: LIVE
 * /live, RNG /rng, FISH /fish, SPORTS /sports, ESPORTS /esports, LOTT and ELOTT /elott, PVP /pvp).
 * A static list until the vendor sorting data of the games issue decides which types show.
 */
export interface GameTypeEntry {
  type: 'LIVE' | 'RNG' | 'FISH' | 'SPORTS' | 'ESPORTS' | 'LOTT' | 'PVP';
  path: string;
  /** i18n key of the label. */
  labelKey: KeyIn<'translation'>;
}

/**
 * Every game type the site names: its page ('' for a type without one: NC-16, NC-17), the key of
 * its label (translation or games namespace), its English name (the header item's `enName`) and
 * its icon in the shell's sprite. One table for the header's items and their stand-ins, the home
 * tiles, the game lists and the not-found and game-frame pages.
 */
export const gameTypePages: Readonly<
  Record<string, { path: string; labelKey?: KeyIn<'translation'>; enName?: string; icon: string }>
> = {
  LOTT: { path: '/elott', labelKey: 'nav_lott', enName: 'Lottery', icon: 'lottery' },
  ELOTT: { path: '/elott', labelKey: 'games:nav_elott', enName: 'E-Lottery', icon: 'lottery' },
  LIVE: { path: '/live', labelKey: 'nav_live', enName: 'Live casino', icon: 'cards' },
  RNG: { path: '/rng', labelKey: 'nav_rng', enName: 'Slots', icon: 'slot' },
  FISH: { path: '/fish', labelKey: 'nav_fish', enName: 'Fishing', icon: 'fish' },
  SPORTS: { path: '/sports', labelKey: 'nav_sports', enName: 'Sports', icon: 'ball' },
  ESPORTS: { path: '/esports', labelKey: 'nav_esports', enName: 'E-sports', icon: 'gamepad' },
  PVP: { path: '/pvp', labelKey: 'nav_pvp', enName: 'PvP rooms', icon: 'gamepad' },
  CARDS: { path: '', labelKey: 'games:nav_cards', enName: 'Card games', icon: 'cards' },
  BINGO: { path: '/bingo', labelKey: 'nav_bingo', enName: 'Bingo', icon: 'lottery' },
  // Named by its vendor's display name wherever it shows.
  BGS: { path: '/bgs', icon: 'slot' },
};

/**
 * Where a link named Lottery leads: the lottery page, as the header's LOTTERY item does once the
 * vendor data is in (nav-items.ts; issue #28), not /elott, the E-LOTTERY entry's own page. The
 * header's stand-in items, the home page's Lottery tile and the not-found and game-frame pages'
 * lists link here; category navigation (NC-16, `gameTypePages`) still sends LOTT to /elott.
 */
export const LOTTERY_ENTRY_PATH = '/lottery';

export const gameTypes: readonly GameTypeEntry[] = (
  ['LIVE', 'RNG', 'FISH', 'SPORTS', 'ESPORTS', 'LOTT', 'PVP'] as const
).map((type) => ({
  type,
  path: type === 'LOTT' ? LOTTERY_ENTRY_PATH : gameTypePages[type]!.path,
  labelKey: gameTypePages[type]!.labelKey!,
}));
