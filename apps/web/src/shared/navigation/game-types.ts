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

export const gameTypes: readonly GameTypeEntry[] = [
  { type: 'LIVE', path: '/live', labelKey: 'nav_live' },
  { type: 'RNG', path: '/rng', labelKey: 'nav_rng' },
  { type: 'FISH', path: '/fish', labelKey: 'nav_fish' },
  { type: 'SPORTS', path: '/sports', labelKey: 'nav_sports' },
  { type: 'ESPORTS', path: '/esports', labelKey: 'nav_esports' },
  { type: 'LOTT', path: '/elott', labelKey: 'nav_lott' },
  { type: 'PVP', path: '/pvp', labelKey: 'nav_pvp' },
];
