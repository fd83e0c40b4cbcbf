/**
 * The name drawn for a vendor: the label the site shows for it (its resource, ArtResources), or
 * the vassalage code made readable when the site has none.
 */
export function vendorDisplayName(vassalage: string, label?: string): string {
  return label || vassalage.replace(/_+/g, ' ').trim();
}

export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => w[0]) : [name.slice(0, 2)];
  return letters.join('').toUpperCase();
}
