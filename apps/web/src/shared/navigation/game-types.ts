/**
 * The game types of the main navigation and their pages (spec A §2 category navigation: LIVE
 * /live, RNG /rng, FISH /fish, SPORTS /sports, ESPORTS /esports, LOTT and ELOTT /elott, PVP /pvp).
 * A static list until the vendor sorting data of the games issue decides which types show.
 */
export interface GameTypeEntry {
  type: 'LIVE' | 'RNG' | 'FISH' | 'SPORTS' | 'ESPORTS' | 'LOTT' | 'PVP';
  path: string;
  /** i18n key of the label. */
  labelKey: string;
}

/**
 * Every game type the site names, with its page ('' for a type without one: NC-16, NC-17) and the
 * key of its label (translation or games namespace). One table for the header's items and their
 * stand-ins, the home tiles, the game lists and the not-found and game-frame pages.
 */
export const gameTypePages: Readonly<Record<string, { path: string; labelKey?: string }>> = {
  LOTT: { path: '/elott', labelKey: 'nav_lott' },
  ELOTT: { path: '/elott', labelKey: 'games:nav_elott' },
  LIVE: { path: '/live', labelKey: 'nav_live' },
  RNG: { path: '/rng', labelKey: 'nav_rng' },
  FISH: { path: '/fish', labelKey: 'nav_fish' },
  SPORTS: { path: '/sports', labelKey: 'nav_sports' },
  ESPORTS: { path: '/esports', labelKey: 'nav_esports' },
  PVP: { path: '/pvp', labelKey: 'nav_pvp' },
  CARDS: { path: '', labelKey: 'games:nav_cards' },
  BINGO: { path: '/bingo', labelKey: 'nav_bingo' },
  // Named by its vendor's display name wherever it shows.
  BGS: { path: '/bgs' },
};

export const gameTypes: readonly GameTypeEntry[] = (
  ['LIVE', 'RNG', 'FISH', 'SPORTS', 'ESPORTS', 'LOTT', 'PVP'] as const
).map((type) => ({ type, path: gameTypePages[type]!.path, labelKey: gameTypePages[type]!.labelKey! }));
