import { demoResources } from '../../../seed/demo-content.ts';

/** Display names of the seeded partners, so their art spells the name the site shows. */
const seededNames = new Map(
  demoResources
    .filter((r) => r.type === 'PARTNER')
    .map((r) => [r.name.replace(/^partner/, ''), r.label] as const),
);

/** The name drawn for a vendor: the seeded label, or the vassalage code made readable. */
export function vendorDisplayName(vassalage: string): string {
  return seededNames.get(vassalage) ?? vassalage.replace(/_+/g, ' ').trim();
}

export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => w[0]) : [name.slice(0, 2)];
  return letters.join('').toUpperCase();
}
