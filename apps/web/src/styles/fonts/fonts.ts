/**
 * Self-hosted web fonts for the scripts a device may lack (decision 015): Burmese, Thai, Chinese
 * simplified and traditional, Japanese, from the @fontsource Noto Sans packages. Each language's
 * @font-face rules are a stylesheet of their own, fetched only when a page is in that language,
 * so an English page downloads no font at all. The rules carry the packages' `unicode-range`
 * slices (about 100 for each CJK face), so the browser fetches only the slices whose characters the
 * page shows, and `font-display: swap`. The families stand after the system fonts in --font-sans
 * (styles/tokens.css): a device that has its own font for the script uses it and fetches nothing.
 */
const stylesheets: Record<string, () => Promise<unknown>> = {
  my: () => import('./my.ts'),
  th: () => import('./th.ts'),
  'zh-cn': () => import('./zh-cn.ts'),
  'zh-tw': () => import('./zh-tw.ts'),
  ja: () => import('./ja.ts'),
};

/** The stylesheet key of a language tag (`zh-CN` → zh-cn, `my-MM` → my); null when none is needed. */
export function fontSetOf(language: string): string | null {
  const tag = language.toLowerCase();
  if (tag in stylesheets) return tag;
  if (tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-tw';
  if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-cn';
  const base = tag.split('-')[0]!;
  return base in stylesheets ? base : null;
}

const loaded = new Map<string, Promise<void>>();

/** Fetches the font rules of a language once; resolves when its stylesheet is in the document. */
export function loadScriptFonts(language: string): Promise<void> {
  const set = fontSetOf(language);
  if (!set) return Promise.resolve();
  const pending = loaded.get(set);
  if (pending) return pending;
  // A failed stylesheet only costs the web font: the page still shows, in the system's fonts,
  // and the next language change tries again.
  const done = stylesheets[set]!().then(
    () => undefined,
    () => void loaded.delete(set),
  );
  loaded.set(set, done);
  return done;
}
