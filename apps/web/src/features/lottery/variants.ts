import type { Key } from '../../shared/i18n/keys.ts';

/**
 * The four lottery routes and the prize mode each shows (research §1: LOTT, ELOTT, SEA; the
 * Vietnamese lobby is LOTT with lottoArea VN, LT-07).
 */
export interface Variant {
  path: '/lottery' | '/seaLottery' | '/vnlottery' | '/elott';
  titleKey: Key<'pages'>;
  blurbKey: Key<'pages'>;
  prizeMode: 'LOTT' | 'ELOTT' | 'SEA';
  area: 'VN' | 'ALL';
}

export const variants: readonly Variant[] = [
  { path: '/lottery', titleKey: 'lottery_title', blurbKey: 'lottery_blurb', prizeMode: 'LOTT', area: 'ALL' },
  {
    path: '/seaLottery',
    titleKey: 'lottery_sea_title',
    blurbKey: 'lottery_sea_blurb',
    prizeMode: 'SEA',
    area: 'ALL',
  },
  {
    path: '/vnlottery',
    titleKey: 'lottery_vn_title',
    blurbKey: 'lottery_vn_blurb',
    prizeMode: 'LOTT',
    area: 'VN',
  },
  {
    path: '/elott',
    titleKey: 'lottery_elott_title',
    blurbKey: 'lottery_elott_blurb',
    prizeMode: 'ELOTT',
    area: 'ALL',
  },
];

export function variantOf(pathname: string): Variant {
  return variants.find((v) => v.path.toLowerCase() === pathname.toLowerCase()) ?? variants[0]!;
}
