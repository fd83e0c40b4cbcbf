/**
 * Self-hosted web fonts for the scripts a device may lack (decisions 015, 044): Burmese, Thai, Chinese
 * simplified and traditional, Japanese, Korean, Arabic (Arabic, Persian, Urdu), Devanagari (Hindi,
 * Nepali), Bengali, Tamil, Telugu, Khmer and Lao, from the @fontsource Noto Sans packages (regular and
 * bold). Each language's @font-face rules are a stylesheet of their own, fetched only
 * when a page is in that language, so an English page downloads no font at all. The rules carry
 * the packages' `unicode-range` slices (about 100 for each CJK face), so the browser fetches only
 * the slices whose characters the page shows, and `font-display: swap`. The families stand after
 * the system fonts in --font-sans (styles/tokens.css): a device that has its own font for the
 * script uses it and fetches nothing.
 */
// Burmese's own letters, split out of the Myanmar face at build (font-subsets.ts): what a Burmese page fetches.
import myanmarRegular from 'font-subset:noto-sans-myanmar-burmese-400-normal.woff2?url';
import myanmarBold from 'font-subset:noto-sans-myanmar-burmese-700-normal.woff2?url';
import thaiRegular from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2?url';
import thaiBold from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff2?url';
import arabicRegular from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2?url';
import arabicBold from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff2?url';
import { nextTask } from '../../shared/ui/next-task.ts';

/**
 * Each language's set of faces: its stylesheet, its family and a character of its script (to ask
 * the browser for the faces themselves), and for the scripts whose faces are one file each (the
 * CJK faces come in slices, which only the page's text picks) those files, regular and bold. The
 * start asks for them beside the stylesheet: found through the stylesheet they came one round trip
 * later, and the first paint waits for them.
 */
const fontSets: Record<
  string,
  {
    load: () => Promise<unknown>;
    family: string;
    sample: string;
    files?: readonly string[];
    /** A word whose shaping uses the script's rules (stacked and reordered marks); the sample else. */
    word?: string;
  }
> = {
  my: {
    load: () => import('./my.ts'),
    family: 'Noto Sans Myanmar',
    sample: '\u1000',
    files: [myanmarRegular, myanmarBold],
    // မြန်မာစာ
    word: '\u1019\u103c\u1014\u103a\u1019\u102c\u1005\u102c',
  },
  th: {
    load: () => import('./th.ts'),
    family: 'Noto Sans Thai',
    sample: '\u0e01',
    files: [thaiRegular, thaiBold],
    // ภาษาไทย
    word: '\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22',
  },
  'zh-cn': { load: () => import('./zh-cn.ts'), family: 'Noto Sans SC', sample: '\u4e2d' },
  'zh-tw': { load: () => import('./zh-tw.ts'), family: 'Noto Sans TC', sample: '\u4e2d' },
  ja: { load: () => import('./ja.ts'), family: 'Noto Sans JP', sample: '\u3042' },
  // Arabic, Persian and Urdu (decision 044): one face file a weight, like Thai's.
  ar: {
    load: () => import('./ar.ts'),
    family: 'Noto Sans Arabic',
    sample: '\u0628',
    files: [arabicRegular, arabicBold],
    // العربية
    word: '\u0627\u0644\u0639\u0631\u0628\u064a\u0629',
  },
  hi: { load: () => import('./hi.ts'), family: 'Noto Sans Devanagari', sample: '\u0915' },
  bn: { load: () => import('./bn.ts'), family: 'Noto Sans Bengali', sample: '\u0995' },
  ta: { load: () => import('./ta.ts'), family: 'Noto Sans Tamil', sample: '\u0b95' },
  te: { load: () => import('./te.ts'), family: 'Noto Sans Telugu', sample: '\u0c15' },
  km: { load: () => import('./km.ts'), family: 'Noto Sans Khmer', sample: '\u1780' },
  lo: { load: () => import('./lo.ts'), family: 'Noto Sans Lao', sample: '\u0e81' },
  ko: { load: () => import('./ko.ts'), family: 'Noto Sans KR', sample: '\uac00' },
};

/** Languages written in another language's script: Persian and Urdu in Arabic's, Nepali in Devanagari. */
const sameScript: Record<string, string> = { fa: 'ar', ur: 'ar', ne: 'hi' };

/** The stylesheet key of a language tag (`zh-CN` → zh-cn, `my-MM` → my); null when none is needed. */
export function fontSetOf(language: string): string | null {
  const tag = language.toLowerCase();
  if (tag in fontSets) return tag;
  if (tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-tw';
  if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-cn';
  const [base, script] = tag.split('-') as [string, string | undefined];
  // Roman Urdu (ur-Latn) and any other Latin-script form needs no face.
  if (script === 'latn') return null;
  const set = sameScript[base] ?? base;
  return set in fontSets ? set : null;
}

function preloadFace(url: string): void {
  if (document.head.querySelector(`link[rel="preload"][href="${url}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'font';
  link.type = 'font/woff2';
  // Fonts are fetched in CORS mode: a preload without it would not be used, and fetched twice.
  link.crossOrigin = 'anonymous';
  link.href = url;
  document.head.appendChild(link);
}

/** How long the start waits for the face before it paints with whatever it has. */
const FACE_WAIT_MS = 3000;

const loaded = new Map<string, Promise<void>>();

let relayoutPending = false;
let relayouts = 0;

/**
 * Lays the text out again after web font slices arrive. Chromium (as Debian ships it) kept text it
 * had laid out while that text's slice was still on the way in the fallback's empty boxes (seen
 * on CJK headings at the first paint), although the slice came in: its shaping is cached per font
 * list and features. Each arrival flips a font feature that is on by default, so every element's
 * text is shaped afresh with the fonts now loaded.
 */
function relayoutText(): void {
  if (relayoutPending) return;
  relayoutPending = true;
  requestAnimationFrame(() => {
    relayoutPending = false;
    // Features the fonts have on by default anyway: the text looks the same, but is shaped again.
    document.documentElement.style.fontFeatureSettings = ++relayouts % 2 ? '"kern" 1' : '"liga" 1';
  });
}

let watching = false;

function watchFontLoads(): void {
  if (watching || typeof document === 'undefined' || !document.fonts) return;
  watching = true;
  document.fonts.addEventListener('loadingdone', relayoutText);
}

/** Fetches the font rules of a language once; resolves when its stylesheet is in the document. */
export function loadScriptFonts(language: string): Promise<void> {
  const set = fontSetOf(language);
  if (!set) return Promise.resolve();
  watchFontLoads();
  const pending = loaded.get(set);
  if (pending) return pending;
  // A failed stylesheet only costs the web font: the page still shows, in the system's fonts,
  // and the next language change tries again.
  const done = fontSets[set]!.load().then(
    () => undefined,
    () => void loaded.delete(set),
  );
  loaded.set(set, done);
  return done;
}

/**
 * The start's form: the stylesheet and then the script's faces, regular and bold, at most
 * FACE_WAIT_MS. Text first laid out while its face was still on the way did not always take it
 * once it arrived (Chromium kept the fallback's empty boxes for some synthetic-bold headings), and
 * a swap after the first paint moves the text (layout shift); painting with the faces already in
 * avoids both.
 */
export async function loadScriptFontsForStart(language: string): Promise<void> {
  const set = fontSetOf(language);
  if (typeof document !== 'undefined')
    for (const file of (set && fontSets[set]!.files) || []) preloadFace(file);
  await loadScriptFonts(language);
  if (!set || typeof document === 'undefined' || !document.fonts) return;
  const { family, sample } = fontSets[set]!;
  // Both weights: headings are bold, and a bold face arriving after the first paint moved the
  // text below them (/lottery: CLS 0.15 once the start got faster than the bold file).
  const faces = await Promise.race([
    Promise.all(
      ['', 'bold '].map((weight) =>
        document.fonts.load(`${weight}1em "${family}"`, sample).then(
          (found) => found.length > 0,
          () => false,
        ),
      ),
    ).then((found) => found.every(Boolean)),
    new Promise<false>((done) => setTimeout(() => done(false), FACE_WAIT_MS)),
  ]);
  if (faces) await primeScriptText(fontSets[set]!.word ?? sample);
}

/** The weights the stylesheets set text in: each is a font of its own to the browser. */
const TEXT_WEIGHTS = [400, 500, 600, 700, 800, 900];

/**
 * Shapes a word of the script in the page's font list at each weight, one weight per task, before
 * the app's first render. The first text of a script the browser lays out pays for setting its
 * fonts up: the system families of the list looked up and passed over, the web face's shaping
 * tables read. Paid inside the app's first layout, that was about half of it on a Burmese page (a
 * phone's longest task of /rng); paid here it is a few short tasks while the start waits anyway
 * (decision 015, eleventh pass).
 */
async function primeScriptText(word: string): Promise<void> {
  const context = document.createElement('canvas').getContext('2d');
  const fonts = getComputedStyle(document.documentElement).getPropertyValue('--font-sans').trim();
  if (!context || !fonts) return;
  for (const weight of TEXT_WEIGHTS) {
    context.font = `${weight} 16px ${fonts}`;
    context.measureText(word);
    await nextTask();
  }
}
