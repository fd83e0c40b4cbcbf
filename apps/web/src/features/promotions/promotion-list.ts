import type { Announcements, Notice } from '@app/contract';

/** Promotions are the PR announcements plus the PU popup offers, newest first. */
export function promotionsOf(data: Pick<Announcements, 'promotion' | 'popup'>): Notice[] {
  const seen = new Set<number>();
  return [...data.popup, ...data.promotion]
    .filter((n) => (seen.has(n.id) ? false : (seen.add(n.id), true)))
    .sort((a, b) => b.date - a.date);
}
