import {
  ball,
  bokeh,
  card,
  cherries,
  chipTop,
  coin,
  die,
  gem,
  lotusMark,
  rays,
  seven,
  shade,
  sparkle,
} from './motifs.ts';
import {
  brand,
  fitSize,
  hashString,
  polar,
  r2,
  sector,
  seededRandom,
  Svg,
  svgToPng,
  text,
} from './svg-kit.ts';
import { gameTypeLabels, motifs, type Motif } from './vendor-card.ts';

/**
 * The art of one catalogue title (issue 34, decision 058): drawn from the title itself, so no two
 * titles look alike. Colours, backdrop and decoration come from a hash of the game id and title;
 * the motif from what the title names (a koi, gems, fruit, a roulette wheel, dice ...); the title
 * is set as the game's logo. The same path always draws the same bytes.
 *
 * Path: `GAME_IMG/<gameType>/<gameId>/<title slug>.png` (gameImagePath): the slug is the English
 * title's words joined by `_` (hyphens kept), `&` written `AND`.
 */
export const GAME_CARD_SIZE = { width: 300, height: 200 } as const;

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** The slug of a title in an art path; '' when nothing of it can be written in one. */
export function titleSlug(title: string): string {
  const slug = title
    .replace(/&/g, ' AND ')
    .split(/[^A-Za-z0-9-]+/)
    .filter(Boolean)
    .join('_');
  return slug.slice(0, 64).replace(/[_-]+$/, '');
}

/** The title a slug spells. */
export function titleOfSlug(slug: string): string {
  return slug
    .split('_')
    .map((w) => (w === 'AND' ? '&' : w))
    .join(' ');
}

/** The art path of a title (after TCG_PROD_IMAGES/), or null when its id or title cannot be written in one. */
export function gameImagePath(gameType: string, gameId: string, title: string): string | null {
  const slug = titleSlug(title);
  if (!/^[A-Z]{2,12}$/.test(gameType) || !SEGMENT.test(gameId) || !slug) return null;
  return `GAME_IMG/${gameType}/${gameId}/${slug}.png`;
}

/** A colour from hue, saturation and lightness (0-360, 0-1, 0-1). */
function hsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

const has = (title: string, ...words: string[]) =>
  words.some((w) => new RegExp(`\\b${w}\\b`, 'i').test(title));

/** A roulette wheel: 37 pockets in the European order's colours, a ball on one. */
const rouletteWheel: Motif = (svg, cx, cy, random) => {
  const R = 52;
  const pockets: string[] = [];
  const step = 360 / 37;
  const turn = random() * 360;
  for (let i = 0; i < 37; i++) {
    const colour = i === 0 ? '#138a3e' : i % 2 ? '#c8162f' : '#15161c';
    pockets.push(
      `<path d="${sector(cx, cy, R * 0.62, R, turn + i * step, turn + (i + 1) * step)}" fill="${colour}"/>`,
    );
  }
  const [bx, by] = polar(cx, cy, R * 0.7, turn + Math.floor(random() * 37) * step + step / 2);
  const hub = svg.radial([
    [0, brand.goldLight],
    [1, brand.goldDeep],
  ]);
  return (
    `<circle cx="${cx}" cy="${cy}" r="${R + 6}" fill="${brand.goldDeep}"/>` +
    pockets.join('') +
    `<circle cx="${cx}" cy="${cy}" r="${r2(R * 0.62)}" fill="#5a2d0c"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r2(R * 0.3)}" fill="${hub}"/>` +
    `<circle cx="${r2(bx)}" cy="${r2(by)}" r="4.5" fill="#fff"/>`
  );
};

const suits = ['♠', '♥', '♦', '♣'];
const ranks = ['A', 'K', 'Q', 'J', '10', '9', '8', '7'];
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Two cards fanned, a chip: the card tables (baccarat, blackjack, dragon tiger, rooms). */
const cardsFan: Motif = (svg, cx, cy, random) =>
  card(svg, cx - 22, cy + 4, 58, pick(random, ranks), pick(random, suits), -12 - random() * 8) +
  card(svg, cx + 18, cy - 2, 58, pick(random, ranks), pick(random, suits), 8 + random() * 8) +
  chipTop(svg, cx + 46, cy + 40, 20, pick(random, ['#c8162f', '#1c3f9c', '#1f8a4c', '#15161c']));

/** Three dice (sic bo). */
const threeDice: Motif = (svg, cx, cy, random) =>
  die(svg, cx - 34, cy + 14, 40, 1 + Math.floor(random() * 6), -16) +
  die(svg, cx + 30, cy + 16, 40, 1 + Math.floor(random() * 6), 14) +
  die(svg, cx - 2, cy - 22, 40, 1 + Math.floor(random() * 6), 4, '#fff3d6');

/** A pile of gold coins (fortune, treasure, riches). */
const coinPile: Motif = (svg, cx, cy, random) => {
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    out.push(
      coin(
        svg,
        cx - 44 + random() * 88,
        cy - 24 + random() * 48,
        15 + random() * 9,
        0.1 + random() * 0.3,
        random() * 40 - 20,
      ),
    );
  }
  return out.join('');
};

/** A cluster of cut gems in the title's colour. */
const gemCluster =
  (colour: string): Motif =>
  (svg, cx, cy, random) =>
    gem(svg, cx - 30, cy + 12, 44, shade(colour, 0.15)) +
    gem(svg, cx + 26, cy + 16, 38, pick(random, ['#39c6ff', '#22d37a', '#ff4fa3', '#f5b316'])) +
    gem(svg, cx, cy - 18, 58, colour);

/** Fruit and sweets. */
const fruit: Motif = (svg, cx, cy, random) =>
  cherries(cx - 26, cy, 70) +
  gem(svg, cx + 34, cy - 10, 34, pick(random, ['#ff4fa3', '#f5b316', '#22d37a'])) +
  ball(svg, cx + 30, cy + 30, 16, pick(random, ['#e0314b', '#2a8cff', '#c084fc']), '');

/** A medallion with the title's initial: the creatures and places of the slots (dragon, tiger, temple ...). */
const medallion =
  (initial: string, colour: string): Motif =>
  (svg, cx, cy, random) => {
    const ring = svg.linear(
      [
        [0, brand.goldLight],
        [0.5, brand.gold],
        [1, brand.goldDeep],
      ],
      0,
      0,
      1,
      1,
    );
    const face = svg.radial([
      [0, shade(colour, 0.25)],
      [1, shade(colour, -0.45)],
    ]);
    const points = 8 + Math.floor(random() * 5);
    const teeth: string[] = [];
    for (let i = 0; i < points; i++) {
      const [x, y] = polar(cx, cy, 58, (360 / points) * i - 90);
      teeth.push(`<circle cx="${r2(x)}" cy="${r2(y)}" r="6" fill="${ring}"/>`);
    }
    return (
      teeth.join('') +
      `<circle cx="${cx}" cy="${cy}" r="54" fill="${ring}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="46" fill="${face}"/>` +
      `<text x="${cx}" y="${r2(cy + 20)}" font-family="DejaVu Serif, serif" font-weight="700" font-size="58" text-anchor="middle" fill="${brand.goldLight}" stroke="${brand.goldDark}" stroke-width="2" paint-order="stroke">${initial}</text>`
    );
  };

/** Slot reels of the title's own symbol colours. */
const reels =
  (colour: string): Motif =>
  (svg, cx, cy, random) => {
    const frame = svg.linear(
      [
        [0, brand.goldLight],
        [1, brand.goldDeep],
      ],
      0,
      0,
      1,
      1,
    );
    const symbols = [-38, 0, 38]
      .map((dx, i) => {
        const x = cx + dx;
        const body =
          i === 1 || random() < 0.4 ? seven(svg, x, cy, 40, colour) : gem(svg, x, cy, 30, shade(colour, 0.3));
        return (
          `<rect x="${r2(x - 17)}" y="${r2(cy - 26)}" width="34" height="52" rx="6" fill="#fff"/>` + body
        );
      })
      .join('');
    return (
      `<rect x="${r2(cx - 64)}" y="${r2(cy - 38)}" width="128" height="76" rx="14" fill="${frame}"/>` +
      `<rect x="${r2(cx - 59)}" y="${r2(cy - 33)}" width="118" height="66" rx="10" fill="#1b0838"/>` +
      symbols
    );
  };

/** What the title shows: by the words of its name, else by its category. */
function motifOf(gameType: string, title: string, colour: string): Motif {
  if (gameType === 'RNG') {
    if (has(title, 'Koi', 'Ocean', 'Pirates')) return motifs.FISH!;
    if (has(title, 'Gems', 'Crystal', 'Emerald', 'Ruby', 'Jade')) return gemCluster(colour);
    if (has(title, 'Fruits', 'Candy')) return fruit;
    if (has(title, 'Fortune', 'Treasure', 'Bonanza', 'Riches', 'Jackpot')) return coinPile;
    if (has(title, 'Lotus', 'Temple', 'Goddess', 'Empress'))
      return (svg, cx, cy) => lotusMark(svg, cx, cy + 44, 120);
    if (has(title, 'Mahjong')) return cardsFan;
    const creature = title
      .split(' ')
      .find((w) =>
        /^(Dragon|Tiger|Phoenix|Panda|Pharaoh|Buffalo|Wolf|Samurai|Lantern|Jungle|Kingdom)$/.test(w),
      );
    if (creature) return medallion(creature[0]!, colour);
    return reels(colour);
  }
  if (has(title, 'Roulette')) return rouletteWheel;
  if (has(title, 'Sic Bo', 'Dice')) return threeDice;
  if (gameType === 'LIVE' || gameType === 'CARDS' || gameType === 'PVP') return cardsFan;
  return motifs[gameType] ?? reels(colour);
}

/** Splits a title into at most two lines of about equal length. */
function lines(title: string): string[] {
  const words = title.split(' ');
  if (words.length < 2 || title.length <= 12) return [title];
  let best = 1;
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const diff = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
    if (diff < bestDiff) [best, bestDiff] = [i, diff];
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

/** The art of one title (see the module comment). */
export async function renderGameCard(gameType: string, gameId: string, slug: string): Promise<Buffer> {
  const { width: W, height: H } = GAME_CARD_SIZE;
  const title = titleOfSlug(slug);
  const svg = new Svg(W, H);
  const random = seededRandom(`${gameId}/${slug}`);
  const hue = hashString(`${slug}#${gameId}`) % 360;
  const light = hsl(hue, 0.62, 0.42);
  const dark = hsl((hue + 25 + random() * 40) % 360, 0.7, 0.12);
  const accent = hsl((hue + 150 + random() * 60) % 360, 0.8, 0.55);

  const bg = svg.linear(
    [
      [0, light],
      [1, dark],
    ],
    random(),
    0,
    1 - random() * 0.5,
    1,
  );
  const backdrop = Math.floor(random() * 3);
  const cx = W * (0.6 + random() * 0.14);
  const cy = H * (0.34 + random() * 0.08);
  const decoration =
    backdrop === 0
      ? rays(svg, cx, cy, 220, 10 + Math.floor(random() * 8), '#ffffff', 0.22, random() * 30)
      : backdrop === 1
        ? [1, 2, 3, 4]
            .map(
              (i) =>
                `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${38 * i}" fill="none" stroke="#fff" stroke-opacity="${r2(0.12 - i * 0.02)}" stroke-width="${14 - i * 2}"/>`,
            )
            .join('')
        : Array.from(
            { length: 7 },
            (_, i) =>
              `<rect x="${-60 + i * 60}" y="-40" width="24" height="300" fill="#fff" opacity="0.06" transform="rotate(${r2(20 + random() * 10)} ${W / 2} ${H / 2})"/>`,
          ).join('');
  const motif = motifOf(gameType, title, accent)(svg, cx, cy, random);

  const fade = svg.linear([
    [0, brand.navy950, 0],
    [0.5, brand.navy950, 0.5],
    [1, brand.navy950, 0.9],
  ]);
  const logoFill = svg.linear([
    [0, '#ffffff'],
    [0.45, brand.goldLight],
    [1, brand.gold],
  ]);
  const rows = lines(title);
  const sizes = await Promise.all(rows.map((row) => fitSize(row, { weight: 700 }, W - 32, 30, 12)));
  const size = Math.min(...sizes);
  const lineH = size * 1.08;
  const baseY = H - 16 - lineH * (rows.length - 1);
  const logo = rows
    .map((row, i) =>
      text(
        row,
        16,
        baseY + i * lineH,
        { size, weight: 700 },
        { fill: logoFill, extra: `stroke="${brand.navy950}" stroke-width="3" paint-order="stroke"` },
      ),
    )
    .join('');
  const label = gameTypeLabels[gameType] ?? gameType;

  const body =
    `<rect width="${W}" height="${H}" fill="${bg}"/>` +
    decoration +
    bokeh(random, 0, 0, W, H * 0.7, 8, ['#ffffff', accent], 14) +
    sparkle(W * (0.2 + random() * 0.2), H * (0.18 + random() * 0.2), 6, '#fff', 0.8) +
    `<g filter="${svg.shadow(4, 5, 0.45)}">${motif}</g>` +
    `<rect y="${r2(H * 0.42)}" width="${W}" height="${r2(H * 0.58)}" fill="${fade}"/>` +
    text(label, 16, 26, { size: 10, weight: 700, letterSpacing: 1.6 }, { fill: brand.goldLight }) +
    `<g filter="${svg.shadow(2, 2, 0.6)}">${logo}</g>`;
  return svgToPng(svg.render(body), { palette: true });
}
