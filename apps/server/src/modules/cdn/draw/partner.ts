import { esc, fitSize, hashString, polar, r2, Svg, svgToPng, text, textWidth, type Font } from './svg-kit.ts';
import { initials, vendorDisplayName } from './vendor-names.ts';

export const PARTNER_SIZE = { width: 200, height: 80 } as const;

/** Partner logo folders of spec A §9: SV3 sports, N2 live, everything else RNG. */
export const partnerFolders = ['SV3', 'N2', 'RNG'] as const;
export type PartnerFolder = (typeof partnerFolders)[number];
export const isPartnerFolder = (f: string): f is PartnerFolder =>
  (partnerFolders as readonly string[]).includes(f);

const category: Record<PartnerFolder, string> = { SV3: 'SPORTS', N2: 'LIVE CASINO', RNG: 'SLOTS' };

/** Monochrome light ink: the footer shows these on the dark surface, dimmed until hovered. */
const INK = '#eef2fb';

/** The folder's glyph, drawn in a circle of radius r. */
function glyph(folder: PartnerFolder, cx: number, cy: number, r: number): string {
  if (folder === 'SV3') {
    const pent: string[] = [];
    const spokes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [px, py] = polar(cx, cy, r * 0.38, -90 + i * 72);
      const [ox, oy] = polar(cx, cy, r * 0.92, -90 + i * 72);
      pent.push(`${r2(px)},${r2(py)}`);
      spokes.push(`M${r2(px)},${r2(py)} L${r2(ox)},${r2(oy)}`);
    }
    return (
      `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r * 0.92)}" fill="none" stroke="${INK}" stroke-width="${r2(r * 0.12)}"/>` +
      `<polygon points="${pent.join(' ')}" fill="${INK}"/><path d="${spokes.join(' ')}" stroke="${INK}" stroke-width="${r2(r * 0.09)}"/>`
    );
  }
  if (folder === 'N2') {
    const notches: string[] = [];
    for (let i = 0; i < 8; i++) {
      const [x1, y1] = polar(cx, cy, r * 0.7, i * 45);
      const [x2, y2] = polar(cx, cy, r * 0.95, i * 45);
      notches.push(`M${r2(x1)},${r2(y1)} L${r2(x2)},${r2(y2)}`);
    }
    return (
      `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r * 0.92)}" fill="none" stroke="${INK}" stroke-width="${r2(r * 0.12)}"/>` +
      `<path d="${notches.join(' ')}" stroke="${INK}" stroke-width="${r2(r * 0.16)}"/>` +
      `<text x="${r2(cx)}" y="${r2(cy + r * 0.28)}" font-family="DejaVu Sans, sans-serif" font-size="${r2(r * 0.85)}" text-anchor="middle" fill="${INK}">♠</text>`
    );
  }
  return (
    `<rect x="${r2(cx - r * 0.85)}" y="${r2(cy - r * 0.85)}" width="${r2(r * 1.7)}" height="${r2(r * 1.7)}" rx="${r2(r * 0.4)}" fill="none" stroke="${INK}" stroke-width="${r2(r * 0.12)}"/>` +
    `<text x="${r2(cx)}" y="${r2(cy + r * 0.42)}" font-family="DejaVu Sans, sans-serif" font-weight="700" font-style="italic" font-size="${r2(r * 1.25)}" text-anchor="middle" fill="${INK}">7</text>`
  );
}

type Style = (svg: Svg, name: string, folder: PartnerFolder) => Promise<string>;

/** Circle emblem with the folder's glyph, the name beside it and the category under it. */
const emblem: Style = async (_svg, name, folder) => {
  const nameFont = { weight: 700 } as const;
  const size = await fitSize(name, nameFont, 124, 26);
  const catFont = { weight: 700, letterSpacing: 2.2 } as const;
  const catSize = await fitSize(category[folder], catFont, 124, 10);
  return (
    glyph(folder, 34, 40, 24) +
    text(name, 68, 40 + size * 0.22, { ...nameFont, size }, { fill: INK }) +
    text(
      category[folder],
      69,
      40 + size * 0.22 + 17,
      { ...catFont, size: catSize },
      { fill: INK, extra: 'fill-opacity="0.62"' },
    )
  );
};

/** Serif italic wordmark between two rules, the category spaced out under it. */
const serif: Style = async (_svg, name, folder) => {
  const font = { weight: 700, family: 'serif', italic: true } as const;
  const size = await fitSize(name, font, 184, 30);
  const catFont = { weight: 400, letterSpacing: 4 } as const;
  const cat = category[folder];
  const catSize = await fitSize(cat, catFont, 120, 9.5);
  const half = (await textWidth(cat, { ...catFont, size: catSize })) / 2 + 8;
  return (
    text(name, 100, 42, { ...font, size }, { anchor: 'middle', fill: INK }) +
    `<path d="M${r2(100 - half - 34)},55.5 L${r2(100 - half)},55.5 M${r2(100 + half)},55.5 L${r2(100 + half + 34)},55.5" stroke="${INK}" stroke-width="1.2" stroke-opacity="0.7"/>` +
    `<path d="M100,12 l4,4 l-4,4 l-4,-4 Z" fill="${INK}"/>` +
    text(
      cat,
      100 + 2,
      59,
      { ...catFont, size: catSize },
      { anchor: 'middle', fill: INK, extra: 'fill-opacity="0.7"' },
    )
  );
};

/** A slanted block with the knocked-out initial, then the name in condensed capitals. */
const condensed: Style = async (svg, name) => {
  const upper = name.toUpperCase();
  const font = { weight: 700, family: 'condensed', italic: true } as const;
  const size = await fitSize(upper, font, 128, 34);
  const letter = initials(name).slice(0, 1);
  const block = `<path d="M14,18 L54,18 L46,62 L6,62 Z" fill="white"/>`;
  const knock = svg.mask(
    `${block}<text x="30" y="52" font-family="DejaVu Sans Condensed, sans-serif" font-weight="700" font-style="italic" font-size="34" text-anchor="middle" fill="black">${esc(letter)}</text>`,
  );
  return (
    `<rect x="0" y="0" width="60" height="80" fill="${INK}" mask="${knock}"/>` +
    text(upper, 62, 40 + size * 0.34, { ...font, size }, { fill: INK }) +
    `<path d="M63,${r2(48 + size * 0.34)} L190,${r2(48 + size * 0.34)}" stroke="${INK}" stroke-width="2" stroke-opacity="0.5"/>` +
    `<circle cx="193" cy="${r2(48 + size * 0.34)}" r="2.4" fill="${INK}" opacity="0.7"/>`
  );
};

/** An outlined badge with the name spaced out and the folder's glyph above. */
const badge: Style = async (_svg, name, folder) => {
  const upper = name.toUpperCase();
  const font: Omit<Font, 'size'> = { weight: 700, letterSpacing: 2.5 };
  const size = await fitSize(upper, font, 156, 22);
  return (
    // The outline breaks at the top where the glyph sits.
    `<path d="M116,20 H169 A23,23 0 0 1 169,66 H31 A23,23 0 0 1 31,20 H84" fill="none" stroke="${INK}" stroke-width="2"/>` +
    glyph(folder, 100, 20, 11) +
    text(upper, 100 + 1.25, 43 + size * 0.36, { ...font, size }, { anchor: 'middle', fill: INK })
  );
};

/** First word large, the rest spaced out beneath, the glyph to the left. */
const stacked: Style = async (_svg, name, folder) => {
  const words = name.split(/\s+/).filter(Boolean);
  const first = (words[0] ?? name).toUpperCase();
  const rest = (words.length > 1 ? words.slice(1).join(' ') : category[folder]).toUpperCase();
  const bigFont = { weight: 700 } as const;
  const size = await fitSize(first, bigFont, 132, 30);
  const restFont = { weight: 400, letterSpacing: 4.5 } as const;
  const restSize = await fitSize(rest, restFont, 132, 12);
  return (
    glyph(folder, 30, 40, 20) +
    `<path d="M58,16 L58,64" stroke="${INK}" stroke-width="1.4" stroke-opacity="0.5"/>` +
    text(first, 66, 40, { ...bigFont, size }, { fill: INK }) +
    text(
      rest,
      67,
      40 + restSize + 8,
      { ...restFont, size: restSize },
      { fill: INK, extra: 'fill-opacity="0.75"' },
    )
  );
};

const styles: Style[] = [emblem, serif, condensed, badge, stacked];
/** Picked so the ten seeded partners spread over all five styles, two each, as a real footer would. */
const STYLE_SALT = 'partner336:';

/** A partner logo: monochrome light ink on transparent, the style picked from the name's hash. */
export async function renderPartner(
  folder: PartnerFolder,
  vassalage: string,
  label?: string,
): Promise<Buffer> {
  const svg = new Svg(PARTNER_SIZE.width, PARTNER_SIZE.height);
  const name = vendorDisplayName(vassalage, label);
  const style = styles[hashString(`${STYLE_SALT}${vassalage}`) % styles.length]!;
  const body = await style(svg, name, folder);
  return svgToPng(svg.render(body));
}
