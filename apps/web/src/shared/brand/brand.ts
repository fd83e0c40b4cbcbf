import { isThemeToken, type BrandConfig } from '@app/contract';

/**
 * The brand config, read once from /config/brand.json before the app renders (SY-05): an operator
 * edits the file and the next page load obeys, without a rebuild. It never changes while the page
 * lives, so a module value is enough; no store, no re-render.
 */
let current: BrandConfig | null = null;

export function setBrand(brand: BrandConfig): void {
  current = brand;
}

export function getBrand(): BrandConfig {
  if (!current) throw new Error('The brand config is read before the app renders; getBrand() ran too early');
  return current;
}

/** The brand, or null before bootstrap (the http client may run before it, for the brand itself). */
export function peekBrand(): BrandConfig | null {
  return current;
}

export function useBrand(): BrandConfig {
  return getBrand();
}

/**
 * Applies the brand's design tokens to :root. Keys are custom property names without the leading
 * dashes; anything else is ignored so a typo in brand.json cannot break the stylesheet.
 */
export function applyTheme(
  theme: Record<string, string>,
  root: HTMLElement = document.documentElement,
): string[] {
  const applied: string[] = [];
  for (const [name, value] of Object.entries(theme)) {
    if (!isThemeToken(name, value)) continue;
    root.style.setProperty(`--${name}`, value);
    applied.push(name);
  }
  return applied;
}
