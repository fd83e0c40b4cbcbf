import { ball, bokeh, card, chipTop, coin, die, gem, seven, shade, sparkle } from './motifs.ts';
import {
  brand,
  fitSize,
  hashString,
  polar,
  r2,
  seededRandom,
  starPoints,
  Svg,
  svgToPng,
  SANS,
  text,
  textWidth,
} from './svg-kit.ts';
import { vendorDisplayName } from './vendor-names.ts';

export const VENDOR_CARD_SIZE = { width: 300, height: 200 } as const;

/** Game types of the catalogue and the words the card prints for them. */
export const gameTypeLabels: Record<string, string> = {
  LIVE: 'LIVE CASINO',
  RNG: 'SLOTS',
  FISH: 'FISHING',
  SPORTS: 'SPORTS',
  ESPORTS: 'E-SPORTS',
  LOTT: 'LOTTERY',
  ELOTT: 'E-LOTTERY',
  PVP: 'CARD GAMES',
  BINGO: 'BINGO',
};

/** Curated backgrounds: [light, dark]; each keeps white text above AA contrast at the bottom. */
const palettes: [string, string][] = [
  ['#6d28d9', '#1e0b4b'],
  ['#0e7490', '#082f49'],
  ['#be123c', '#3f0716'],
  ['#1d4ed8', '#0b1740'],
  ['#047857', '#05291f'],
  ['#b45309', '#3a1604'],
  ['#9d174d', '#2e0620'],
  ['#4338ca', '#14123d'],
];

export type Motif = (svg: Svg, cx: number, cy: number, random: () => number) => string;

const pick = <T>(random: () => number, items: T[]): T => items[Math.floor(random() * items.length)]!;

const fish = (svg: Svg, cx: number, cy: number, s: number, colour: string, flip: boolean): string => {
  const body = svg.linear(
    [
      [0, shade(colour, 0.45)],
      [1, shade(colour, -0.25)],
    ],
    0,
    0,
    0,
    1,
  );
  const t = flip ? `translate(${r2(cx * 2)} 0) scale(-1 1)` : '';
  return (
    `<g transform="${t}">` +
    `<path d="M${r2(cx + 34 * s)},${r2(cy)} Q${r2(cx + 8 * s)},${r2(cy - 30 * s)} ${r2(cx - 26 * s)},${r2(cy - 6 * s)} L${r2(cx - 44 * s)},${r2(cy - 22 * s)} L${r2(cx - 40 * s)},${r2(cy)} L${r2(cx - 44 * s)},${r2(cy + 22 * s)} L${r2(cx - 26 * s)},${r2(cy + 6 * s)} Q${r2(cx + 8 * s)},${r2(cy + 30 * s)} ${r2(cx + 34 * s)},${r2(cy)} Z" fill="${body}"/>` +
    `<path d="M${r2(cx - 2 * s)},${r2(cy - 18 * s)} Q${r2(cx + 6 * s)},${r2(cy - 32 * s)} ${r2(cx + 14 * s)},${r2(cy - 16 * s)}" fill="${shade(colour, -0.1)}"/>` +
    `<path d="M${r2(cx + 4 * s)},${r2(cy - 14 * s)} Q${r2(cx - 4 * s)},${r2(cy)} ${r2(cx + 4 * s)},${r2(cy + 14 * s)}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="${r2(2 * s)}"/>` +
    `<circle cx="${r2(cx + 20 * s)}" cy="${r2(cy - 4 * s)}" r="${r2(4.5 * s)}" fill="#fff"/><circle cx="${r2(cx + 21 * s)}" cy="${r2(cy - 4 * s)}" r="${r2(2.4 * s)}" fill="#111"/>` +
    `</g>`
  );
};

/** A bingo card: B-I-N-G-O header, a 5×5 grid with daubed numbers and a starred free centre. */
const bingo: Motif = (svg, cx, cy, random) => {
  const cell = 17;
  const x0 = cx - cell * 2.5;
  const y0 = cy - cell * 2.5 + 8;
  const header = ['B', 'I', 'N', 'G', 'O']
    .map(
      (l, i) =>
        `<text x="${r2(x0 + cell * (i + 0.5))}" y="${r2(y0 - 5)}" font-family="${SANS}" font-weight="700" font-size="12" text-anchor="middle" fill="#fff">${l}</text>`,
    )
    .join('');
  const cells: string[] = [];
  // Each column draws distinct numbers from its own range (1–15, 16–30, ...), as on a real card.
  const columns = [0, 1, 2, 3, 4].map((c) => {
    const pool = Array.from({ length: 15 }, (_, i) => c * 15 + 1 + i);
    return Array.from({ length: 5 }, () => pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  });
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 5; c++) {
      const x = x0 + c * cell;
      const y = y0 + r * cell;
      const free = r === 2 && c === 2;
      const daubed = free || random() < 0.3;
      const n = columns[c]![r]!;
      cells.push(
        `<rect x="${r2(x + 1)}" y="${r2(y + 1)}" width="${cell - 2}" height="${cell - 2}" rx="3" fill="#fdfcf8"/>` +
          (daubed
            ? `<circle cx="${r2(x + cell / 2)}" cy="${r2(y + cell / 2)}" r="6.5" fill="#e0314b" opacity="0.85"/>`
            : '') +
          (free
            ? `<polygon points="${starPoints(x + cell / 2, y + cell / 2, 5, 2.1)}" fill="#fff"/>`
            : `<text x="${r2(x + cell / 2)}" y="${r2(y + cell / 2 + 3.2)}" font-family="${SANS}" font-weight="700" font-size="9" text-anchor="middle" fill="${daubed ? '#fff' : '#1a1f2e'}">${n}</text>`),
      );
    }
  }
  return (
    `<rect x="${r2(x0 - 6)}" y="${r2(y0 - 22)}" width="${cell * 5 + 12}" height="${cell * 5 + 28}" rx="10" fill="#2a8cff"/>` +
    header +
    cells.join('') +
    ball(svg, cx + 58, cy + 34, 20, '#f5b316', String(1 + Math.floor(random() * 75)))
  );
};

/** The motif of each game type (also the per-title art's, game-card.ts). */
export const motifs: Record<string, Motif> = {
  LIVE: (svg, cx, cy, random) => {
    const ranks = ['A', 'K', 'Q', 'J', '10', '9'];
    const first = pick(random, ranks);
    const second = pick(
      random,
      ranks.filter((r) => r !== first),
    );
    return (
      card(svg, cx - 20, cy + 4, 62, first, pick(random, ['♠', '♣']), -14) +
      card(svg, cx + 18, cy - 2, 62, second, pick(random, ['♥', '♦']), 10) +
      chipTop(svg, cx + 44, cy + 42, 24, pick(random, ['#c8162f', '#1c3f9c', '#1f8a4c', '#15161c']))
    );
  },
  RNG: (svg, cx, cy, random) => {
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
    const windows = [-38, 0, 38]
      .map(
        (dx) =>
          `<rect x="${r2(cx + dx - 17)}" y="${r2(cy - 26)}" width="34" height="52" rx="6" fill="#fff"/>` +
          seven(svg, cx + dx, cy, 40),
      )
      .join('');
    return (
      `<rect x="${r2(cx - 64)}" y="${r2(cy - 38)}" width="128" height="76" rx="14" fill="${frame}"/>` +
      `<rect x="${r2(cx - 59)}" y="${r2(cy - 33)}" width="118" height="66" rx="10" fill="#1b0838"/>` +
      windows +
      gem(svg, cx + 52, cy - 44, 26, pick(random, ['#39c6ff', '#22d37a', '#ff4fa3', '#f5b316']))
    );
  },
  FISH: (svg, cx, cy, random) => {
    const bubbles: string[] = [];
    for (let i = 0; i < 7; i++) {
      bubbles.push(
        `<circle cx="${r2(cx - 40 + random() * 90)}" cy="${r2(cy - 50 + random() * 40)}" r="${r2(2 + random() * 4)}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="1.2"/>`,
      );
    }
    return (
      fish(svg, cx + 6, cy - 10, 1.2, pick(random, ['#ffb02e', '#ff7a45', '#f5d63d']), false) +
      fish(svg, cx - 30, cy + 34, 0.7, pick(random, ['#ff5a7a', '#c084fc']), true) +
      fish(svg, cx + 52, cy + 30, 0.55, pick(random, ['#39c6ff', '#22d37a']), false) +
      bubbles.join('') +
      `<path d="M${r2(cx - 90)},${r2(cy + 62)} q15,-8 30,0 t30,0 t30,0 t30,0 t30,0 t30,0" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="2"/>`
    );
  },
  SPORTS: (svg, cx, cy, random) => {
    const R = 44;
    const leather = svg.radial(
      [
        [0, '#ffffff'],
        [0.8, '#e4e7ee'],
        [1, '#9aa3b8'],
      ],
      0.4,
      0.35,
      0.7,
    );
    const patches: string[] = [];
    const [px, py] = [cx, cy];
    const pent = (x: number, y: number, rad: number, rot: number) =>
      `<polygon points="${Array.from({ length: 5 }, (_, i) =>
        polar(x, y, rad, rot + i * 72)
          .map(r2)
          .join(','),
      ).join(' ')}" fill="#1a1f2e"/>`;
    const spin = random() * 72;
    patches.push(pent(px, py, 13, -90 + spin));
    for (let i = 0; i < 5; i++) {
      const [x, y] = polar(px, py, 36, -90 + 36 + i * 72 + spin);
      patches.push(pent(x, y, 10, -90 + 36 + i * 72 + 180 + spin));
    }
    const clip = svg.clip(`<circle cx="${cx}" cy="${cy}" r="${R}"/>`);
    const lines = [0, 1, 2]
      .map(
        (i) =>
          `<path d="M${r2(cx - R - 20 - i * 10)},${r2(cy - 14 + i * 14)} H${r2(cx - R - 50 - i * 14)}" stroke="#fff" stroke-opacity="${0.55 - i * 0.12}" stroke-width="4" stroke-linecap="round"/>`,
      )
      .join('');
    return (
      lines +
      `<circle cx="${cx}" cy="${cy}" r="${R}" fill="${leather}"/><g clip-path="${clip}">${patches.join('')}</g>`
    );
  },
  ESPORTS: (svg, cx, cy) => {
    const shell = svg.linear([
      [0, '#3b4257'],
      [1, '#141824'],
    ]);
    return (
      `<path d="M${r2(cx - 48)},${r2(cy - 26)} Q${r2(cx)},${r2(cy - 36)} ${r2(cx + 48)},${r2(cy - 26)} Q${r2(cx + 70)},${r2(cy - 20)} ${r2(cx + 72)},${r2(cy + 20)} Q${r2(cx + 74)},${r2(cy + 44)} ${r2(cx + 54)},${r2(cy + 40)} Q${r2(cx + 40)},${r2(cy + 36)} ${r2(cx + 28)},${r2(cy + 18)} H${r2(cx - 28)} Q${r2(cx - 40)},${r2(cy + 36)} ${r2(cx - 54)},${r2(cy + 40)} Q${r2(cx - 74)},${r2(cy + 44)} ${r2(cx - 72)},${r2(cy + 20)} Q${r2(cx - 70)},${r2(cy - 20)} ${r2(cx - 48)},${r2(cy - 26)} Z" fill="${shell}" stroke="#6ee7ff" stroke-width="2" stroke-opacity="0.8"/>` +
      `<path d="M${r2(cx - 44)},${r2(cy - 4)} h24 M${r2(cx - 32)},${r2(cy - 16)} v24" stroke="#e8ecf5" stroke-width="7" stroke-linecap="round"/>` +
      `<circle cx="${r2(cx + 36)}" cy="${r2(cy - 14)}" r="5.5" fill="#22d37a"/><circle cx="${r2(cx + 48)}" cy="${r2(cy - 2)}" r="5.5" fill="#e0314b"/>` +
      `<circle cx="${r2(cx + 24)}" cy="${r2(cy - 2)}" r="5.5" fill="#2a8cff"/><circle cx="${r2(cx + 36)}" cy="${r2(cy + 10)}" r="5.5" fill="#f5b316"/>` +
      `<rect x="${r2(cx - 9)}" y="${r2(cy - 8)}" width="18" height="5" rx="2.5" fill="#6ee7ff" opacity="0.8"/>`
    );
  },
  LOTT: (svg, cx, cy, random) => {
    const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
    const [a, b, c] = [0, 1, 2].map(() => digits.splice(Math.floor(random() * digits.length), 1)[0]!) as [
      string,
      string,
      string,
    ];
    return (
      ball(svg, cx - 40, cy + 16, 28, '#e0314b', a) +
      ball(svg, cx + 40, cy + 18, 28, '#2a8cff', b) +
      ball(svg, cx, cy - 8, 36, '#f5b316', c)
    );
  },
  ELOTT: (svg, cx, cy, random) => {
    const screen = svg.linear([
      [0, '#0f1b3d'],
      [1, '#060b1c'],
    ]);
    const cells: string[] = [];
    const picked = new Set(Array.from({ length: 5 }, () => Math.floor(random() * 20)));
    for (let i = 0; i < 20; i++) {
      const x = cx - 60 + (i % 5) * 24;
      const y = cy - 34 + Math.floor(i / 5) * 19;
      const on = picked.has(i);
      cells.push(
        `<rect x="${r2(x)}" y="${r2(y)}" width="21" height="16" rx="3" fill="${on ? brand.gold : '#1f2d57'}"/>` +
          `<text x="${r2(x + 10.5)}" y="${r2(y + 11.5)}" font-family="${SANS}" font-weight="700" font-size="9" text-anchor="middle" fill="${on ? brand.navy900 : '#9fb0dc'}">${i + 1}</text>`,
      );
    }
    return (
      `<rect x="${r2(cx - 68)}" y="${r2(cy - 42)}" width="136" height="90" rx="10" fill="${screen}" stroke="#6ee7ff" stroke-opacity="0.7" stroke-width="2"/>` +
      cells.join('') +
      ball(svg, cx - 72, cy - 38, 18, '#19b36b', String(1 + Math.floor(random() * 9)))
    );
  },
  BINGO: bingo,
  PVP: (svg, cx, cy, random) =>
    die(svg, cx - 26, cy + 6, 46, 1 + Math.floor(random() * 6), -14) +
    die(svg, cx + 28, cy - 4, 46, 1 + Math.floor(random() * 6), 12, '#fff3d6') +
    chipTop(svg, cx + 50, cy + 44, 20, '#1c3f9c'),
};

const fallbackMotif: Motif = (svg, cx, cy) =>
  gem(svg, cx, cy, 80, '#39c6ff') + coin(svg, cx + 46, cy + 34, 18, 0.2);

/**
 * A vendor card of the navigation dropdown: colours and decoration from a hash of the vendor, a
 * motif of the game type, the vendor's name and the type.
 */
export async function renderVendorCard(
  gameType: string,
  vassalage: string,
  vendorLabel?: string,
): Promise<Buffer> {
  const { width: W, height: H } = VENDOR_CARD_SIZE;
  const svg = new Svg(W, H);
  const seed = `${gameType}-${vassalage}`;
  const random = seededRandom(seed);
  const [light, dark] = palettes[hashString(vassalage) % palettes.length]!;
  const name = vendorDisplayName(vassalage, vendorLabel);
  const label = gameTypeLabels[gameType] ?? gameType;

  const bg = svg.linear(
    [
      [0, light],
      [1, dark],
    ],
    0,
    0,
    1,
    1,
  );
  const glow = svg.radial(
    [
      [0, '#ffffff', 0.35],
      [1, '#ffffff', 0],
    ],
    0.7,
    0.38,
    0.45,
  );
  const fade = svg.linear([
    [0, brand.navy950, 0],
    [0.55, brand.navy950, 0.55],
    [1, brand.navy950, 0.92],
  ]);
  const rings: string[] = [];
  const ringX = W * (0.55 + random() * 0.3);
  const ringY = H * (0.2 + random() * 0.3);
  for (let i = 1; i <= 4; i++) {
    rings.push(
      `<circle cx="${r2(ringX)}" cy="${r2(ringY)}" r="${40 * i}" fill="none" stroke="#ffffff" stroke-opacity="${r2(0.1 - i * 0.018)}" stroke-width="${14 - i * 2}"/>`,
    );
  }
  const motif = (motifs[gameType] ?? fallbackMotif)(
    svg,
    W * (0.62 + random() * 0.08),
    H * (0.37 + random() * 0.06),
    random,
  );

  const nameSize = await fitSize(name, { weight: 700 }, W - 36, 28, 12);
  const pillFont = { weight: 700, size: 11, letterSpacing: 1.6 } as const;
  const pillW = (await textWidth(label, pillFont)) + 20;

  const body =
    `<rect width="${W}" height="${H}" fill="${bg}"/>` +
    rings.join('') +
    `<rect width="${W}" height="${H}" fill="${glow}"/>` +
    bokeh(random, 0, 0, W, H * 0.7, 10, ['#ffffff', brand.goldLight], 14) +
    sparkle(W * (0.3 + random() * 0.12), H * (0.3 + random() * 0.15), 7, '#fff', 0.8) +
    sparkle(W * (0.88 + random() * 0.06), H * (0.5 + random() * 0.2), 5, brand.goldLight, 0.9) +
    `<g filter="${svg.shadow(4, 5, 0.45)}">${motif}</g>` +
    `<rect y="${r2(H * 0.45)}" width="${W}" height="${r2(H * 0.55)}" fill="${fade}"/>` +
    `<rect x="14" y="14" width="${r2(pillW)}" height="22" rx="11" fill="${brand.navy950}" fill-opacity="0.55" stroke="${brand.gold}" stroke-opacity="0.8"/>` +
    text(label, 24, 29.2, pillFont, { fill: brand.goldLight }) +
    `<g filter="${svg.shadow(2, 2, 0.6)}">${text(name, 18, H - 22, { size: nameSize, weight: 700 })}</g>` +
    `<rect x="18" y="${H - 14}" width="36" height="3" rx="1.5" fill="${brand.gold}"/>`;
  return svgToPng(svg.render(body), { palette: true });
}
