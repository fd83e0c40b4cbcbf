import type { Resource } from '@app/contract';

/**
 * The footer's partner logos (spec A §9). Here, beside the footer, rather than in the games
 * feature: the footer is the only reader and loads below the fold, and a feature's index would
 * have put this code in the entry chunk of every page.
 */

/** What the partner list reads of the vendor list: each vendor's first category. */
type Lane = { gameClassify: string; cards: readonly { vassalage: string }[] };

/** The platform's own lottery: never a partner (NC-42). */
export const OWN_VENDOR = 'TCG_SEA';

/** Partner logo folders (spec A §9, NC-43): SV3 for sports, N2 for live, RNG for all others. */
export function partnerFolder(gameType: string): 'SV3' | 'N2' | 'RNG' {
  if (gameType === 'SPORTS') return 'SV3';
  if (gameType === 'LIVE') return 'N2';
  return 'RNG';
}

export interface Partner {
  vassalage: string;
  name: string;
  /** PARTNER/{folder}/{vassalage}.png, relative to the image host. */
  logoPath: string;
}

/**
 * The footer's partner list: the brand's PARTNER resources without TCG_SEA (NC-42), each logo
 * from the folder of its vendor's type, the first category the vendor list names it in (NC-43);
 * a partner the vendor list does not know keeps the folder of its resource.
 */
export function partnerList(resources: readonly Resource[], lanes: readonly Lane[] | undefined): Partner[] {
  const typeOf = new Map<string, string>();
  for (const lane of lanes ?? [])
    for (const card of lane.cards)
      if (!typeOf.has(card.vassalage)) typeOf.set(card.vassalage, lane.gameClassify);
  const out: Partner[] = [];
  for (const r of resources) {
    const vassalage = r.name.replace(/^partner/, '');
    if (vassalage === OWN_VENDOR) continue;
    const type = typeOf.get(vassalage);
    const folder = type ? partnerFolder(type) : (/PARTNER\/(SV3|N2|RNG)\//.exec(r.imageUrl)?.[1] ?? 'RNG');
    out.push({ vassalage, name: r.labelNameEn, logoPath: `PARTNER/${folder}/${vassalage}.png` });
  }
  return out;
}
