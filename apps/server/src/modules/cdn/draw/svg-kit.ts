import sharp from 'sharp';

/** Font stacks; fontconfig resolves them (DejaVu ships with Debian, Noto where installed). */
export const SANS = 'DejaVu Sans, Noto Sans, sans-serif';
export const SANS_CONDENSED = 'DejaVu Sans Condensed, Noto Sans, sans-serif';
export const SERIF = 'DejaVu Serif, Noto Serif, serif';

/** The brand palette: deep navy surfaces, one warm gold accent (LOOK.md). */
export const brand = {
  navy950: '#050a18',
  navy900: '#081026',
  navy800: '#0d1835',
  navy700: '#14224a',
  navy600: '#1d3166',
  gold: '#f4c04e',
  goldLight: '#ffe9a8',
  goldDeep: '#a8721c',
  goldDark: '#6e4510',
  ink: '#f5f7fc',
  muted: '#b6c0dc',
} as const;

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** FNV-1a: a stable 32-bit hash, so the same name always draws the same picture. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded generator (mulberry32): deterministic art without Math.random. */
export function seededRandom(seed: string): () => number {
  let a = hashString(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds coordinates so the SVG text stays short and the output byte-stable. */
export const r2 = (n: number): number => Math.round(n * 100) / 100;

export interface Font {
  size: number;
  weight?: 400 | 700;
  family?: 'sans' | 'condensed' | 'serif';
  italic?: boolean;
  /** Extra space between letters, px. */
  letterSpacing?: number;
}

const families = { sans: SANS, condensed: SANS_CONDENSED, serif: SERIF } as const;
const pangoFamilies = {
  sans: 'DejaVu Sans',
  condensed: 'DejaVu Sans Condensed',
  serif: 'DejaVu Serif',
} as const;

/** SVG presentation attributes of a font. */
export function fontAttrs(font: Font): string {
  const parts = [
    `font-family="${families[font.family ?? 'sans']}"`,
    `font-size="${r2(font.size)}"`,
    `font-weight="${font.weight ?? 400}"`,
  ];
  if (font.italic) parts.push('font-style="italic"');
  if (font.letterSpacing) parts.push(`letter-spacing="${r2(font.letterSpacing)}"`);
  return parts.join(' ');
}

const widthCache = new Map<string, number>();
const MEASURE_SIZE = 50;

/**
 * Width of a line of text in px, measured by Pango (the same engine librsvg draws SVG text with),
 * so text can be fitted instead of guessed and never runs off an image.
 */
export async function textWidth(text: string, font: Font): Promise<number> {
  if (text.length === 0) return 0;
  const key = `${font.family ?? 'sans'}|${font.weight ?? 400}|${font.italic ? 'i' : ''}|${text}`;
  let perPx = widthCache.get(key);
  if (perPx === undefined) {
    const markup =
      `<span font_family="${pangoFamilies[font.family ?? 'sans']}" font_weight="${font.weight ?? 400}"` +
      ` font_style="${font.italic ? 'italic' : 'normal'}" size="${MEASURE_SIZE * 1024}">${esc(text)}</span>`;
    const { info } = await sharp({ text: { text: markup, dpi: 72, rgba: true } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    perPx = info.width / MEASURE_SIZE;
    if (widthCache.size > 4000) widthCache.clear();
    widthCache.set(key, perPx);
  }
  return perPx * font.size + (font.letterSpacing ?? 0) * Math.max(0, [...text].length - 1);
}

/** The largest font size (at most `max`) at which the text fits `maxWidth`. */
export async function fitSize(
  text: string,
  font: Omit<Font, 'size'>,
  maxWidth: number,
  max: number,
  min = 6,
): Promise<number> {
  const at = await textWidth(text, { ...font, size: max });
  if (at <= maxWidth) return max;
  const spacing = (font.letterSpacing ?? 0) * Math.max(0, [...text].length - 1);
  const perPx = (at - spacing) / max;
  return Math.max(min, Math.floor(((maxWidth - spacing) / perPx) * 10) / 10);
}

export interface TextOptions {
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
  extra?: string;
}

export function text(content: string, x: number, y: number, font: Font, opts: TextOptions = {}): string {
  const anchor = opts.anchor && opts.anchor !== 'start' ? ` text-anchor="${opts.anchor}"` : '';
  return `<text x="${r2(x)}" y="${r2(y)}" ${fontAttrs(font)}${anchor} fill="${opts.fill ?? brand.ink}"${opts.extra ? ` ${opts.extra}` : ''}>${esc(content)}</text>`;
}

export type Stop = [offset: number, color: string, opacity?: number];

const stopsXml = (stops: Stop[]) =>
  stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${r2(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${r2(a)}"`}/>`,
    )
    .join('');

/** One SVG document: collects gradients and filters with unique ids, then wraps the body. */
export class Svg {
  readonly width: number;
  readonly height: number;
  private readonly defs: string[] = [];
  private n = 0;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
  }

  private nextId(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }

  /** Any definition; `build` gets the id to use. Returns the id. */
  def(prefix: string, build: (id: string) => string): string {
    const id = this.nextId(prefix);
    this.defs.push(build(id));
    return id;
  }

  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, userSpace = false): string {
    const units = userSpace ? ' gradientUnits="userSpaceOnUse"' : '';
    const id = this.def(
      'lg',
      (i) =>
        `<linearGradient id="${i}" x1="${r2(x1)}" y1="${r2(y1)}" x2="${r2(x2)}" y2="${r2(y2)}"${units}>${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy, userSpace = false): string {
    const units = userSpace ? ' gradientUnits="userSpaceOnUse"' : '';
    const id = this.def(
      'rg',
      (i) =>
        `<radialGradient id="${i}" cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r)}" fx="${r2(fx)}" fy="${r2(fy)}"${units}>${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  blur(std: number): string {
    const id = this.def(
      'bl',
      (i) =>
        `<filter id="${i}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r2(std)}"/></filter>`,
    );
    return `url(#${id})`;
  }

  /** A soft drop shadow under the shape. */
  shadow(dy: number, std: number, opacity: number, color = '#000'): string {
    const id = this.def(
      'sh',
      (i) =>
        `<filter id="${i}" x="-30%" y="-30%" width="160%" height="170%"><feGaussianBlur in="SourceAlpha" stdDeviation="${r2(std)}"/>` +
        `<feOffset dy="${r2(dy)}" result="o"/><feFlood flood-color="${color}" flood-opacity="${r2(opacity)}"/><feComposite in2="o" operator="in"/>` +
        `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    );
    return `url(#${id})`;
  }

  /** A coloured halo around the shape (text glows, neon). */
  glow(std: number, color: string, opacity = 0.8): string {
    const id = this.def(
      'gl',
      (i) =>
        `<filter id="${i}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur in="SourceAlpha" stdDeviation="${r2(std)}" result="b"/>` +
        `<feFlood flood-color="${color}" flood-opacity="${r2(opacity)}"/><feComposite in2="b" operator="in"/>` +
        `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    );
    return `url(#${id})`;
  }

  clip(shape: string): string {
    const id = this.def('cp', (i) => `<clipPath id="${i}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  mask(content: string): string {
    const id = this.def('mk', (i) => `<mask id="${i}" maskUnits="userSpaceOnUse">${content}</mask>`);
    return `url(#${id})`;
  }

  render(body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">` +
      `<defs>${this.defs.join('')}</defs>${body}</svg>`
    );
  }
}

export interface PngOptions {
  /**
   * Quantise to a 256-colour palette with dithering: large banners shrink to a fraction of their
   * true-colour size with no visible banding.
   */
  palette?: boolean;
}

export async function svgToPng(svg: string, opts: PngOptions = {}): Promise<Buffer> {
  const image = sharp(Buffer.from(svg), { density: 72 });
  return opts.palette
    ? image.png({ palette: true, quality: 95, effort: 4, dither: 0.9, compressionLevel: 6 }).toBuffer()
    : image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}

/** A star polygon (flags, sparkles, badges). */
export function starPoints(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  points = 5,
  rotationDeg = -90,
): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const rad = i % 2 === 0 ? outer : inner;
    const a = ((rotationDeg + (i * 180) / points) * Math.PI) / 180;
    out.push(`${r2(cx + rad * Math.cos(a))},${r2(cy + rad * Math.sin(a))}`);
  }
  return out.join(' ');
}

/** Point on a circle, degrees clockwise from 3 o'clock. */
export function polar(cx: number, cy: number, radius: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)];
}

/** A ring sector path (roulette pockets, chip edges). */
export function sector(
  cx: number,
  cy: number,
  r0: number,
  r1: number,
  fromDeg: number,
  toDeg: number,
): string {
  const [ax, ay] = polar(cx, cy, r1, fromDeg);
  const [bx, by] = polar(cx, cy, r1, toDeg);
  const [c0x, c0y] = polar(cx, cy, r0, toDeg);
  const [d0x, d0y] = polar(cx, cy, r0, fromDeg);
  const large = toDeg - fromDeg > 180 ? 1 : 0;
  return (
    `M${r2(ax)},${r2(ay)} A${r2(r1)},${r2(r1)} 0 ${large} 1 ${r2(bx)},${r2(by)} ` +
    `L${r2(c0x)},${r2(c0y)} A${r2(r0)},${r2(r0)} 0 ${large} 0 ${r2(d0x)},${r2(d0y)} Z`
  );
}
