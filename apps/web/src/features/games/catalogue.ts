import type { Resource } from '@app/contract';
import { cdnPath } from '../../shared/cdn/image-host.ts';
import { gameTypePages } from '../../shared/navigation/game-types.ts';
import type { Key, KeyIn } from '../../shared/i18n/keys.ts';

export type CategoryType = 'LIVE' | 'RNG' | 'FISH' | 'SPORTS' | 'ESPORTS' | 'PVP' | 'BINGO';

export interface Provider {
  vassalage: string;
  name: string;
  types: CategoryType[];
}

/**
 * Which game types each provider offers. The platform's partners come from the server (PARTNER
 * resources, NC-42's list); the vendor sorting data of the games issue will replace this table
 * with the server's own per-category vendor lists.
 */
const providerTypes: Record<string, CategoryType[]> = {
  SABA: ['SPORTS'],
  DS88: ['SPORTS'],
  EVO: ['LIVE'],
  SEXY: ['LIVE'],
  PP: ['RNG', 'LIVE'],
  PG: ['RNG'],
  JILI: ['RNG', 'FISH', 'PVP', 'BINGO'],
  CQ9: ['RNG', 'FISH'],
  BGS: ['RNG'],
  KM: ['PVP', 'RNG'],
};

/** E-sports providers: the brand's esports list (SY-04), named as the industry names them. */
const esportsNames: Record<string, string> = {
  IMES: 'IM E-sports',
  SV388: 'SV388',
  TF: 'TF Gaming',
  IA: 'IA E-sports',
};

export function providersFrom(partners: readonly Resource[], esports: readonly string[]): Provider[] {
  const list: Provider[] = [];
  for (const p of partners) {
    const vassalage = p.name.replace(/^partner/, '');
    // TCG_SEA is the platform's own lottery, not a partner (NC-42).
    if (vassalage === 'TCG_SEA') continue;
    list.push({ vassalage, name: p.labelNameEn, types: providerTypes[vassalage] ?? ['RNG'] });
  }
  for (const code of esports)
    list.push({ vassalage: code, name: esportsNames[code] ?? code, types: ['ESPORTS'] });
  return list;
}

export interface Category {
  type: CategoryType;
  path: string;
  titleKey: KeyIn<'translation'>;
  blurbKey: Key<'translation'>;
  /** Image type of the vendor art (SUBMENU_IMG/STYLE2/{gameType}-{vassalage}.png). */
  artType: string;
}

const category = (type: CategoryType, blurbKey: Key<'translation'>, artType: string = type): Category => ({
  type,
  path: gameTypePages[type]!.path,
  titleKey: gameTypePages[type]!.labelKey!,
  blurbKey,
  artType,
});

export const categories: readonly Category[] = [
  category('LIVE', 'cat_live_blurb'),
  category('RNG', 'cat_rng_blurb'),
  category('FISH', 'cat_fish_blurb'),
  category('SPORTS', 'cat_sports_blurb'),
  category('ESPORTS', 'cat_esports_blurb'),
  category('PVP', 'cat_pvp_blurb'),
  category('BINGO', 'cat_bingo_blurb', 'RNG'),
];

/** The category of a game-list path (/rng, /bgs, /bingo, /live, /fish, /pvp, /sports, /esports). */
export function categoryOfPath(pathname: string): Category {
  const path = pathname.toLowerCase();
  if (path === '/bgs') return categories.find((c) => c.type === 'RNG')!;
  return categories.find((c) => c.path === path) ?? categories.find((c) => c.type === 'RNG')!;
}

export function providersOf(providers: readonly Provider[], type: CategoryType): Provider[] {
  return providers.filter((p) => p.types.includes(type));
}

export function providerArt(category: Category, vassalage: string): string {
  return cdnPath(`SUBMENU_IMG/STYLE2/${category.artType}-${vassalage}.png`);
}
