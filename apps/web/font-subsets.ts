import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/**
 * A script face split in two by `unicode-range` (decision 015): the letters a language writes with,
 * in a file of their own, and the rest of the face (other languages of the script) in the
 * package's file. A page downloads only the faces whose ranges its text uses.
 */
interface FaceSplit {
  /** The @fontsource package and the subset of it the face is (its file and CSS comment name). */
  pkg: string;
  subset: string;
  /** Name of the new, smaller file. */
  name: string;
  weights: readonly number[];
  /** The code points the new file holds (ranges, inclusive). */
  ranges: readonly (readonly [number, number])[];
}

/**
 * Burmese is written with U+1000-104F (letters, signs, digits, punctuation) and the joiners; the
 * dotted circle is what a shaper shows for a mark without a base. The Myanmar face of Noto also
 * carries Shan, Mon, Karen and the extended blocks: half its bytes. Split, a Burmese page fetches
 * 23 kB per weight instead of 47 (the brand's default language: every first visit).
 */
const SPLITS: readonly FaceSplit[] = [
  {
    pkg: 'noto-sans-myanmar',
    subset: 'myanmar',
    name: 'burmese',
    weights: [400, 700],
    ranges: [
      [0x1000, 0x104f],
      [0x200c, 0x200d],
      [0x25cc, 0x25cc],
    ],
  },
];

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const requireHere = createRequire(import.meta.url);
/** Written at build start, beside the other tools' caches; the CSS and `font-subset:` imports point here. */
const cacheDir = join(webRoot, 'node_modules', '.cache', 'font-subsets');

const hex = (n: number) => n.toString(16).toUpperCase();
const rangeText = (ranges: readonly (readonly [number, number])[]) =>
  ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',');

function parseRanges(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [a, b] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(a!, 16), parseInt(b ?? a!, 16)];
  });
}

/** `ranges` less `cut` (both lists of inclusive ranges). */
function without(
  ranges: [number, number][],
  cut: readonly (readonly [number, number])[],
): [number, number][] {
  let out = ranges;
  for (const [c0, c1] of cut) {
    out = out.flatMap(([a, b]): [number, number][] => {
      if (c1 < a || c0 > b) return [[a, b]];
      const parts: [number, number][] = [];
      if (a < c0) parts.push([a, c0 - 1]);
      if (c1 < b) parts.push([c1 + 1, b]);
      return parts;
    });
  }
  return out;
}

const fileName = (split: FaceSplit, weight: number) => `${split.pkg}-${split.name}-${weight}-normal.woff2`;
const sourceFile = (split: FaceSplit, weight: number) =>
  requireHere.resolve(`@fontsource/${split.pkg}/files/${split.pkg}-${split.subset}-${weight}-normal.woff2`);

/** Subsets every split face into the cache; a file whose source and ranges did not change is kept. */
async function writeSubsets(): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  for (const split of SPLITS) {
    for (const weight of split.weights) {
      const source = readFileSync(sourceFile(split, weight));
      const stamp = createHash('sha256').update(source).update(rangeText(split.ranges)).digest('hex');
      const target = join(cacheDir, fileName(split, weight));
      if (
        existsSync(target) &&
        existsSync(`${target}.stamp`) &&
        readFileSync(`${target}.stamp`, 'utf8') === stamp
      )
        continue;
      let text = '';
      for (const [a, b] of split.ranges) for (let c = a; c <= b; c++) text += String.fromCodePoint(c);
      writeFileSync(target, await subsetFont(source, text, { targetFormat: 'woff2' }));
      writeFileSync(`${target}.stamp`, stamp);
    }
  }
}

/**
 * Splits the faces of SPLITS: writes the smaller files at build start (also for the dev server
 * and Vitest), rewrites each face of the package stylesheet into the new file's rule and a rule
 * for the rest of the old range, and resolves `font-subset:<file name>` (with `?url`) to the new
 * file, for the start's preload (styles/fonts/fonts.ts).
 */
export function fontSubsets(): Plugin {
  return {
    name: 'font-subsets',
    enforce: 'pre',
    async buildStart() {
      await writeSubsets();
    },
    resolveId(source) {
      const match = /^font-subset:([\w.-]+\.woff2)(\?.*)?$/.exec(source);
      if (!match) return null;
      return join(cacheDir, match[1]!) + (match[2] ?? '');
    },
    transform(code, id) {
      const css = /@fontsource[\\/]([a-z-]+)[\\/](\d+)\.css$/.exec(id);
      if (!css) return null;
      let out = code;
      for (const split of SPLITS) {
        const weight = Number(css[2]);
        if (css[1] !== split.pkg || !split.weights.includes(weight)) continue;
        const comment = `/* ${split.pkg}-${split.subset}-${weight}-normal */`;
        const at = out.indexOf(comment);
        const end = out.indexOf('}', at);
        if (at < 0 || end < 0) throw new Error(`font-subsets: no ${comment} face in ${id}`);
        const face = out.slice(at, end + 1);
        const range = /unicode-range:\s*([^;]+);/.exec(face);
        if (!range) throw new Error(`font-subsets: the ${comment} face has no unicode-range`);
        const rest = without(parseRanges(range[1]!), split.ranges);
        const file = relative(dirname(id), join(cacheDir, fileName(split, weight))).replaceAll('\\', '/');
        const own = face
          .replace(comment, `/* ${split.pkg}-${split.name}-${weight}-normal */`)
          .replace(/src:\s*[^;]+;/, `src: url(${file}) format('woff2');`)
          .replace(range[0], `unicode-range: ${rangeText(split.ranges)};`);
        const others = face.replace(range[0], `unicode-range: ${rangeText(rest)};`);
        out = out.slice(0, at) + others + '\n\n' + own + out.slice(end + 1);
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}
