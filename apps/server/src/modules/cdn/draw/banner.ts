import {
  ball,
  bokeh,
  card,
  cherries,
  chipStack,
  chipTop,
  coin,
  gem,
  rays,
  seven,
  shade,
  sparkle,
} from './motifs.ts';
import {
  brand,
  fitSize,
  polar,
  r2,
  sector,
  seededRandom,
  starPoints,
  Svg,
  svgToPng,
  SANS,
  text,
  textWidth,
} from './svg-kit.ts';

interface BannerCopy {
  /** Small tag above the headline (home banners only). */
  eyebrow: string;
  /** The headline in two lines; joined with a space they read as the banner's title in the seed. */
  lines: [string, string];
  sub: string;
  cta: string;
  /** Main glow and a second accent. */
  theme: [string, string];
}

type ArtDrawer = (svg: Svg, cx: number, cy: number, scale: number, random: () => number) => string;

export const HOME_BANNER = { width: 1920, height: 560 } as const;
export const DIALOG_BANNER = { width: 720, height: 200 } as const;

export const bannerCopy = {
  welcome: {
    eyebrow: 'NEW MEMBERS',
    lines: ['Welcome bonus', '100% up to $500'],
    sub: 'We match your first deposit, credited instantly.',
    cta: 'CLAIM NOW',
    theme: ['#ff9a1f', '#e0314b'],
  },
  lottery: {
    eyebrow: 'VN LOTTERY',
    lines: ['Vietnam lottery', 'every 5 minutes'],
    sub: 'Results published the moment each draw closes.',
    cta: 'BET NOW',
    theme: ['#14c8a0', '#2a8cff'],
  },
  live: {
    eyebrow: 'LIVE CASINO',
    lines: ['Live casino', 'around the clock'],
    sub: 'Baccarat, roulette and game shows with real dealers.',
    cta: 'JOIN A TABLE',
    theme: ['#e5304d', '#ff7a45'],
  },
  slots: {
    eyebrow: 'SLOTS',
    lines: ['10,000 slots,', 'weekly cashback'],
    sub: 'Up to 1.2% back on net losses every Monday.',
    cta: 'SPIN NOW',
    theme: ['#a855f7', '#ec4899'],
  },
  login: {
    eyebrow: 'DAILY BONUS',
    lines: ['Log in and claim', 'your daily bonus'],
    sub: '',
    cta: '',
    theme: ['#2a8cff', '#14c8a0'],
  },
  register: {
    eyebrow: 'NEW MEMBERS',
    lines: ['Join now:', '100% welcome bonus'],
    sub: '',
    cta: '',
    theme: ['#ff9a1f', '#e0314b'],
  },
} satisfies Record<string, BannerCopy>;

export type BannerName = keyof typeof bannerCopy;
export const bannerNames = Object.keys(bannerCopy) as BannerName[];
export const isBannerName = (name: string): name is BannerName => Object.hasOwn(bannerCopy, name);

/** A round "100%" medal with a ribbon: the welcome offer. */
const medal = (svg: Svg, cx: number, cy: number, s: number, ribbon: string): string => {
  const R = 160 * s;
  const rim = svg.linear(
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
  const face = svg.radial(
    [
      [0, '#b3172f'],
      [0.7, '#7d0d20'],
      [1, '#4a0612'],
    ],
    0.45,
    0.35,
    0.7,
  );
  const goldText = svg.linear([
    [0, '#fff7d6'],
    [0.5, brand.gold],
    [1, '#d08f22'],
  ]);
  const ribbonFill = svg.linear([
    [0, '#ff4d63'],
    [1, '#b0122a'],
  ]);
  const rw = 210 * s;
  const rh = 42 * s;
  const ry = cy + R * 0.62;
  return (
    `<g filter="${svg.shadow(10 * s, 14 * s, 0.5)}">` +
    `<polygon points="${starPoints(cx, cy, R * 1.07, R, 48)}" fill="${rim}"/>` +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(R * 0.88)}" fill="${face}" stroke="${brand.goldLight}" stroke-width="${r2(3 * s)}"/>` +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(R * 0.8)}" fill="none" stroke="${brand.gold}" stroke-width="${r2(1.5 * s)}" stroke-dasharray="${r2(4 * s)} ${r2(5 * s)}" opacity="0.8"/>` +
    `<text x="${r2(cx)}" y="${r2(cy + 18 * s)}" font-family="${SANS}" font-weight="700" font-size="${r2(74 * s)}" text-anchor="middle" fill="${goldText}" letter-spacing="${r2(-1 * s)}">100%</text>` +
    `<text x="${r2(cx)}" y="${r2(cy - 62 * s)}" font-family="${SANS}" font-weight="700" font-size="${r2(20 * s)}" text-anchor="middle" fill="${brand.goldLight}" letter-spacing="${r2(6 * s)}">BONUS</text>` +
    `<path d="M${r2(cx - rw / 2 - 26 * s)},${r2(ry + 8 * s)} l${r2(30 * s)},0 l0,${r2(rh)} l${r2(-30 * s)},0 l${r2(12 * s)},${r2(-rh / 2)} Z M${r2(cx + rw / 2 + 26 * s)},${r2(ry + 8 * s)} l${r2(-30 * s)},0 l0,${r2(rh)} l${r2(30 * s)},0 l${r2(-12 * s)},${r2(-rh / 2)} Z" fill="#8f0e22"/>` +
    `<rect x="${r2(cx - rw / 2)}" y="${r2(ry)}" width="${r2(rw)}" height="${r2(rh)}" rx="${r2(4 * s)}" fill="${ribbonFill}" stroke="${brand.gold}" stroke-width="${r2(2 * s)}"/>` +
    `<text x="${r2(cx)}" y="${r2(ry + rh * 0.7)}" font-family="${SANS}" font-weight="700" font-size="${r2(24 * s)}" text-anchor="middle" fill="#fff" letter-spacing="${r2(1.5 * s)}">${ribbon}</text>` +
    `</g>`
  );
};

const scatterCoins = (svg: Svg, random: () => number, spots: [number, number, number][]): string =>
  spots.map(([x, y, rad]) => coin(svg, x, y, rad, random() * 0.7, random() * 80 - 40)).join('');

const drawWelcome: ArtDrawer = (svg, cx, cy, s, random) =>
  chipStack(svg, cx - 290 * s, cy + 215 * s, 64 * s, 7, '#c8162f') +
  chipStack(svg, cx - 190 * s, cy + 240 * s, 54 * s, 4, '#1f8a4c') +
  chipStack(svg, cx + 280 * s, cy + 225 * s, 62 * s, 9, '#1c3f9c') +
  chipTop(svg, cx + 200 * s, cy - 170 * s, 40 * s, '#c8162f', '$100') +
  medal(svg, cx, cy - 10 * s, s, 'UP TO $500') +
  scatterCoins(svg, random, [
    [cx - 250 * s, cy - 150 * s, 34 * s],
    [cx - 330 * s, cy - 30 * s, 22 * s],
    [cx + 300 * s, cy - 60 * s, 30 * s],
    [cx + 230 * s, cy + 90 * s, 24 * s],
    [cx - 200 * s, cy + 110 * s, 28 * s],
    [cx + 370 * s, cy + 40 * s, 18 * s],
    [cx - 120 * s, cy - 220 * s, 16 * s],
  ]);

/** A stopwatch face showing the draw interval. */
const stopwatch = (svg: Svg, cx: number, cy: number, R: number, accent: string): string => {
  const bezel = svg.linear(
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
  const face = svg.radial(
    [
      [0, '#1d2d5c'],
      [1, '#0a1330'],
    ],
    0.45,
    0.35,
    0.7,
  );
  const ticks: string[] = [];
  for (let i = 0; i < 60; i++) {
    const [x1, y1] = polar(cx, cy, R * 0.8, i * 6);
    const [x2, y2] = polar(cx, cy, R * (i % 5 === 0 ? 0.68 : 0.74), i * 6);
    ticks.push(`M${r2(x1)},${r2(y1)} L${r2(x2)},${r2(y2)}`);
  }
  return (
    `<g filter="${svg.shadow(8, 12, 0.5)}">` +
    `<rect x="${r2(cx - R * 0.16)}" y="${r2(cy - R * 1.25)}" width="${r2(R * 0.32)}" height="${r2(R * 0.22)}" rx="${r2(R * 0.05)}" fill="${bezel}"/>` +
    `<rect x="${r2(cx - R * 0.08)}" y="${r2(cy - R * 1.08)}" width="${r2(R * 0.16)}" height="${r2(R * 0.14)}" fill="${brand.goldDeep}"/>` +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(R)}" fill="${bezel}"/>` +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(R * 0.88)}" fill="${face}"/>` +
    `<path d="${ticks.join(' ')}" stroke="#c9d3ee" stroke-width="${r2(R * 0.018)}" opacity="0.7"/>` +
    `<path d="${sector(cx, cy, R * 0.82, R * 0.88, -90, -90 + 300)}" fill="${accent}"/>` +
    `<text x="${r2(cx)}" y="${r2(cy + R * 0.2)}" font-family="${SANS}" font-weight="700" font-size="${r2(R * 0.62)}" text-anchor="middle" fill="#fff">5</text>` +
    `<text x="${r2(cx)}" y="${r2(cy + R * 0.46)}" font-family="${SANS}" font-weight="700" font-size="${r2(R * 0.17)}" text-anchor="middle" fill="${accent}" letter-spacing="${r2(R * 0.04)}">MIN</text>` +
    `</g>`
  );
};

/** A lottery ticket with a number grid, rotated. */
const ticket = (
  svg: Svg,
  cx: number,
  cy: number,
  w: number,
  rotateDeg: number,
  random: () => number,
): string => {
  const h = w * 0.62;
  const x = cx - w / 2;
  const y = cy - h / 2;
  const paper = svg.linear(
    [
      [0, '#fffaf0'],
      [1, '#efe4c8'],
    ],
    0,
    0,
    1,
    1,
  );
  const cells: string[] = [];
  const cols = 7;
  const rows = 4;
  const cw = (w * 0.82) / cols;
  const ch = (h * 0.5) / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const px = x + w * 0.09 + c * cw;
      const py = y + h * 0.36 + r * ch;
      const marked = random() < 0.22;
      cells.push(
        `<rect x="${r2(px + 2)}" y="${r2(py + 2)}" width="${r2(cw - 4)}" height="${r2(ch - 4)}" rx="3" fill="${marked ? '#e0314b' : 'none'}" stroke="#c7a35a" stroke-width="1.2"/>` +
          `<text x="${r2(px + cw / 2)}" y="${r2(py + ch * 0.68)}" font-family="${SANS}" font-size="${r2(ch * 0.42)}" text-anchor="middle" fill="${marked ? '#fff' : '#8a6a2a'}">${r * cols + c + 1}</text>`,
      );
    }
  }
  return (
    `<g transform="rotate(${r2(rotateDeg)} ${r2(cx)} ${r2(cy)})" filter="${svg.shadow(8, 10, 0.45)}">` +
    `<rect x="${r2(x)}" y="${r2(y)}" width="${r2(w)}" height="${r2(h)}" rx="10" fill="${paper}"/>` +
    `<rect x="${r2(x)}" y="${r2(y)}" width="${r2(w)}" height="${r2(h * 0.26)}" rx="10" fill="#0f7a64"/>` +
    `<rect x="${r2(x)}" y="${r2(y + h * 0.16)}" width="${r2(w)}" height="${r2(h * 0.1)}" fill="#0f7a64"/>` +
    `<text x="${r2(x + w * 0.08)}" y="${r2(y + h * 0.18)}" font-family="${SANS}" font-weight="700" font-size="${r2(h * 0.12)}" fill="#fff" letter-spacing="3">LOTTO 5D</text>` +
    `<text x="${r2(x + w * 0.92)}" y="${r2(y + h * 0.18)}" font-family="${SANS}" font-size="${r2(h * 0.08)}" text-anchor="end" fill="${brand.goldLight}">No. 0520</text>` +
    cells.join('') +
    `</g>`
  );
};

const drawLottery: ArtDrawer = (svg, cx, cy, s, random) => {
  const balls: [number, number, number, string, string][] = [
    [cx - 30 * s, cy - 150 * s, 42, '#8e44ec', '42'],
    [cx + 360 * s, cy - 175 * s, 38, '#e0314b', '07'],
    [cx + 350 * s, cy + 40 * s, 54, '#19b36b', '36'],
    [cx - 50 * s, cy + 165 * s, 58, '#f5b316', '18'],
    [cx + 250 * s, cy + 165 * s, 62, '#2a8cff', '23'],
    [cx + 100 * s, cy + 140 * s, 88, '#ff6b2c', '09'],
  ];
  return (
    ticket(svg, cx + 170 * s, cy - 50 * s, 330 * s, 8, random) +
    stopwatch(svg, cx - 235 * s, cy + 10 * s, 120 * s, '#14c8a0') +
    `<g filter="${svg.shadow(10 * s, 12 * s, 0.45)}">${balls.map(([x, y, rad, colour, label]) => ball(svg, x, y, rad * s, colour, label)).join('')}</g>`
  );
};

/** A roulette wheel seen from above. */
const roulette = (svg: Svg, cx: number, cy: number, R: number): string => {
  const order = [
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9,
    22, 18, 29, 7, 28, 12, 35, 3, 26,
  ];
  const step = 360 / order.length;
  const wood = svg.radial(
    [
      [0.7, '#5a2a12'],
      [0.9, '#8a4a22'],
      [1, '#3a170a'],
    ],
    0.5,
    0.5,
    0.5,
  );
  const rim = svg.linear(
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
  const cone = svg.radial(
    [
      [0, '#8a4a22'],
      [0.6, '#5a2a12'],
      [1, '#2a1006'],
    ],
    0.45,
    0.4,
    0.6,
  );
  const pockets: string[] = [];
  const labels: string[] = [];
  order.forEach((n, i) => {
    const from = -90 - step / 2 + i * step;
    const fill = n === 0 ? '#15965a' : i % 2 === 1 ? '#c8162f' : '#15161c';
    pockets.push(`<path d="${sector(cx, cy, R * 0.6, R * 0.84, from, from + step)}" fill="${fill}"/>`);
    const [lx, ly] = polar(cx, cy, R * 0.77, from + step / 2);
    labels.push(
      `<text x="${r2(lx)}" y="${r2(ly + R * 0.026)}" font-family="${SANS}" font-weight="700" font-size="${r2(R * 0.07)}" text-anchor="middle" fill="#fff" transform="rotate(${r2(from + step / 2 + 90)} ${r2(lx)} ${r2(ly)})">${n}</text>`,
    );
  });
  const dividers: string[] = [];
  for (let i = 0; i < order.length; i++) {
    const a = -90 - step / 2 + i * step;
    const [x1, y1] = polar(cx, cy, R * 0.6, a);
    const [x2, y2] = polar(cx, cy, R * 0.84, a);
    dividers.push(`M${r2(x1)},${r2(y1)} L${r2(x2)},${r2(y2)}`);
  }
  const knob = (deg: number) => {
    const [kx, ky] = polar(cx, cy, R * 0.26, deg);
    return `<line x1="${r2(cx)}" y1="${r2(cy)}" x2="${r2(kx)}" y2="${r2(ky)}" stroke="${rim}" stroke-width="${r2(R * 0.04)}" stroke-linecap="round"/><circle cx="${r2(kx)}" cy="${r2(ky)}" r="${r2(R * 0.04)}" fill="${brand.goldLight}"/>`;
  };
  const [bx, by] = polar(cx, cy, R * 0.66, -90 + step * 7);
  return (
    `<g filter="${svg.shadow(14, 18, 0.55)}">` +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(R)}" fill="${wood}"/>` +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(R * 0.9)}" fill="none" stroke="${rim}" stroke-width="${r2(R * 0.025)}"/>` +
    pockets.join('') +
    `<path d="${dividers.join(' ')}" stroke="${brand.gold}" stroke-width="${r2(R * 0.008)}"/>` +
    labels.join('') +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(R * 0.6)}" fill="${cone}" stroke="${rim}" stroke-width="${r2(R * 0.02)}"/>` +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(R * 0.42)}" fill="none" stroke="${brand.goldDeep}" stroke-width="${r2(R * 0.01)}" opacity="0.7"/>` +
    knob(-90) +
    knob(0) +
    knob(90) +
    knob(180) +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(R * 0.08)}" fill="${rim}"/>` +
    `<circle cx="${r2(bx)}" cy="${r2(by)}" r="${r2(R * 0.035)}" fill="#fff"/>` +
    `<ellipse cx="${r2(cx - R * 0.3)}" cy="${r2(cy - R * 0.45)}" rx="${r2(R * 0.5)}" ry="${r2(R * 0.2)}" fill="#fff" opacity="0.06" transform="rotate(-30 ${r2(cx - R * 0.3)} ${r2(cy - R * 0.45)})"/>` +
    `</g>`
  );
};

const drawLive: ArtDrawer = (svg, cx, cy, s, random) =>
  roulette(svg, cx + 110 * s, cy - 10 * s, 235 * s) +
  card(svg, cx - 250 * s, cy + 70 * s, 128 * s, 'A', '♠', -20) +
  card(svg, cx - 170 * s, cy + 50 * s, 128 * s, 'K', '♥', -4) +
  card(svg, cx - 90 * s, cy + 70 * s, 128 * s, 'Q', '♦', 12) +
  chipStack(svg, cx + 330 * s, cy + 235 * s, 58 * s, 6, '#15161c') +
  chipStack(svg, cx + 220 * s, cy + 255 * s, 52 * s, 3, '#c8162f') +
  chipTop(svg, cx - 330 * s, cy - 150 * s, 44 * s, '#c8162f', '500') +
  scatterCoins(svg, random, [
    [cx - 300 * s, cy + 230 * s, 24 * s],
    [cx + 380 * s, cy - 170 * s, 20 * s],
  ]);

/** A slot machine with three reels on 7-7-7. */
const slotMachine = (svg: Svg, cx: number, cy: number, s: number): string => {
  const W = 430 * s;
  const H = 400 * s;
  const x = cx - W / 2;
  const y = cy - H / 2;
  const body = svg.linear(
    [
      [0, '#5b21b6'],
      [0.5, '#3b0f7a'],
      [1, '#1e0a45'],
    ],
    0,
    0,
    1,
    1,
  );
  const frame = svg.linear(
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
  const reelFill = svg.linear([
    [0, '#c9c3d9'],
    [0.2, '#ffffff'],
    [0.8, '#ffffff'],
    [1, '#c9c3d9'],
  ]);
  const marqueeText = svg.linear([
    [0, '#fff7d6'],
    [0.5, brand.gold],
    [1, '#e0912a'],
  ]);
  const reelW = W * 0.25;
  const reelH = H * 0.5;
  const reelY = y + H * 0.3;
  const symbols = [
    [
      (sx: number, sy: number) => cherries(sx, sy, 56 * s),
      (sx: number, sy: number) => seven(svg, sx, sy, 84 * s),
      (sx: number, sy: number) => gem(svg, sx, sy, 50 * s, '#39c6ff'),
    ],
    [
      (sx: number, sy: number) => gem(svg, sx, sy, 50 * s, '#22d37a'),
      (sx: number, sy: number) => seven(svg, sx, sy, 84 * s),
      (sx: number, sy: number) => cherries(sx, sy, 56 * s),
    ],
    [
      (sx: number, sy: number) => gem(svg, sx, sy, 50 * s, '#ff4fa3'),
      (sx: number, sy: number) => seven(svg, sx, sy, 84 * s),
      (sx: number, sy: number) => gem(svg, sx, sy, 50 * s, '#39c6ff'),
    ],
  ];
  const reels = symbols
    .map((col, i) => {
      const rx = x + W * 0.095 + i * (reelW + W * 0.03);
      const clip = svg.clip(
        `<rect x="${r2(rx)}" y="${r2(reelY)}" width="${r2(reelW)}" height="${r2(reelH)}" rx="${r2(8 * s)}"/>`,
      );
      const centre = rx + reelW / 2;
      const rows = col.map((draw, j) => draw(centre, reelY + reelH * (0.5 + (j - 1) * 0.42))).join('');
      return `<rect x="${r2(rx)}" y="${r2(reelY)}" width="${r2(reelW)}" height="${r2(reelH)}" rx="${r2(8 * s)}" fill="${reelFill}"/><g clip-path="${clip}">${rows}</g>`;
    })
    .join('');
  const bulbs: string[] = [];
  for (let i = 0; i < 11; i++) {
    const bx = x + W * 0.08 + (i * W * 0.84) / 10;
    bulbs.push(
      `<circle cx="${r2(bx)}" cy="${r2(y + H * 0.035)}" r="${r2(6 * s)}" fill="${i % 2 ? '#fff3b0' : '#ffb347'}"/>`,
    );
  }
  return (
    `<g filter="${svg.shadow(16 * s, 20 * s, 0.55)}">` +
    `<path d="M${r2(x + W + 8 * s)},${r2(y + H * 0.55)} l${r2(34 * s)},0 l0,${r2(-H * 0.42)}" fill="none" stroke="${frame}" stroke-width="${r2(12 * s)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="${r2(x + W + 42 * s)}" cy="${r2(y + H * 0.1)}" r="${r2(22 * s)}" fill="${svg.radial(
      [
        [0, '#ff8a9a'],
        [1, '#b0122a'],
      ],
      0.35,
      0.3,
      0.7,
    )}"/>` +
    `<rect x="${r2(x)}" y="${r2(y)}" width="${r2(W)}" height="${r2(H)}" rx="${r2(34 * s)}" fill="${frame}"/>` +
    `<rect x="${r2(x + 8 * s)}" y="${r2(y + 8 * s)}" width="${r2(W - 16 * s)}" height="${r2(H - 16 * s)}" rx="${r2(28 * s)}" fill="${body}"/>` +
    bulbs.join('') +
    `<text x="${r2(cx)}" y="${r2(y + H * 0.2)}" font-family="${SANS}" font-weight="700" font-size="${r2(50 * s)}" text-anchor="middle" fill="${marqueeText}" letter-spacing="${r2(4 * s)}" filter="${svg.glow(6 * s, '#ff9a1f', 0.7)}">JACKPOT</text>` +
    `<rect x="${r2(x + W * 0.07)}" y="${r2(reelY - 10 * s)}" width="${r2(W * 0.86)}" height="${r2(reelH + 20 * s)}" rx="${r2(14 * s)}" fill="#12052b" stroke="${frame}" stroke-width="${r2(3 * s)}"/>` +
    reels +
    `<line x1="${r2(x + W * 0.06)}" y1="${r2(reelY + reelH / 2)}" x2="${r2(x + W * 0.94)}" y2="${r2(reelY + reelH / 2)}" stroke="#ff3b5c" stroke-width="${r2(3 * s)}" opacity="0.85"/>` +
    `<rect x="${r2(x + W * 0.3)}" y="${r2(y + H * 0.86)}" width="${r2(W * 0.4)}" height="${r2(H * 0.06)}" rx="${r2(H * 0.03)}" fill="#12052b" stroke="${frame}" stroke-width="${r2(2 * s)}"/>` +
    `</g>`
  );
};

const drawSlots: ArtDrawer = (svg, cx, cy, s, random) =>
  slotMachine(svg, cx, cy + 20 * s, s) +
  scatterCoins(svg, random, [
    [cx - 320 * s, cy - 120 * s, 36 * s],
    [cx - 360 * s, cy + 60 * s, 24 * s],
    [cx - 280 * s, cy + 200 * s, 30 * s],
    [cx + 410 * s, cy + 110 * s, 28 * s],
    [cx + 380 * s, cy - 60 * s, 22 * s],
    [cx - 200 * s, cy - 230 * s, 18 * s],
  ]) +
  chipStack(svg, cx + 310 * s, cy + 235 * s, 50 * s, 5, '#7c3aed');

const drawLogin: ArtDrawer = (svg, cx, cy, s, random) =>
  chipStack(svg, cx - 80 * s, cy + 70 * s, 46 * s, 6, '#c8162f') +
  chipStack(svg, cx + 10 * s, cy + 82 * s, 42 * s, 4, '#1c3f9c') +
  chipStack(svg, cx + 95 * s, cy + 74 * s, 44 * s, 8, '#1f8a4c') +
  scatterCoins(svg, random, [
    [cx - 10 * s, cy - 60 * s, 26 * s],
    [cx + 110 * s, cy - 70 * s, 18 * s],
    [cx - 130 * s, cy - 40 * s, 16 * s],
  ]) +
  sparkle(cx + 150 * s, cy - 20 * s, 12 * s, brand.goldLight);

const drawRegister: ArtDrawer = (svg, cx, cy, s, random) =>
  scatterCoins(svg, random, [
    [cx - 135 * s, cy - 45 * s, 22 * s],
    [cx + 140 * s, cy + 40 * s, 20 * s],
    [cx + 125 * s, cy - 60 * s, 14 * s],
  ]) +
  chipStack(svg, cx - 120 * s, cy + 80 * s, 40 * s, 5, '#c8162f') +
  medal(svg, cx + 10 * s, cy - 5 * s, s * 0.52, 'WELCOME');

const artOf: Record<BannerName, ArtDrawer> = {
  welcome: drawWelcome,
  lottery: drawLottery,
  live: drawLive,
  slots: drawSlots,
  login: drawLogin,
  register: drawRegister,
};

/** Backdrop: deep navy, a coloured glow behind the art, rays, bokeh and a darker text side. */
function backdrop(
  svg: Svg,
  copy: BannerCopy,
  artX: number,
  artY: number,
  glowR: number,
  random: () => number,
): string {
  const { width: W, height: H } = svg;
  const [main, second] = copy.theme;
  const base = svg.linear(
    [
      [0, brand.navy950],
      [0.5, brand.navy900],
      [1, shade(main, -0.78)],
    ],
    0,
    0,
    1,
    0.3,
  );
  const glow = svg.radial(
    [
      [0, main, 0.55],
      [0.45, main, 0.18],
      [1, main, 0],
    ],
    artX,
    artY,
    glowR,
    artX,
    artY,
    true,
  );
  const glow2 = svg.radial(
    [
      [0, second, 0.35],
      [1, second, 0],
    ],
    artX + glowR * 0.5,
    artY + glowR * 0.55,
    glowR * 0.7,
    artX + glowR * 0.5,
    artY + glowR * 0.55,
    true,
  );
  const textShade = svg.linear(
    [
      [0, brand.navy950, 0.85],
      [0.45, brand.navy950, 0.5],
      [0.62, brand.navy950, 0],
    ],
    0,
    0,
    1,
    0,
  );
  const floor = svg.linear([
    [0, '#000', 0],
    [1, '#000', 0.45],
  ]);
  const gridLines: string[] = [];
  for (let i = -H; i < W; i += H * 0.09) gridLines.push(`M${r2(i)},${H} L${r2(i + H)},0`);
  const edge = svg.linear(
    [
      [0, brand.gold, 0],
      [0.5, brand.gold, 0.7],
      [1, brand.gold, 0],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    `<rect width="${W}" height="${H}" fill="${base}"/>` +
    `<path d="${gridLines.join(' ')}" stroke="#ffffff" stroke-width="1" opacity="0.025"/>` +
    `<rect width="${W}" height="${H}" fill="${glow}"/>` +
    `<rect width="${W}" height="${H}" fill="${glow2}"/>` +
    rays(svg, artX, artY, glowR * 1.15, 18, brand.goldLight, 0.16, 4) +
    bokeh(
      random,
      W * 0.45,
      0,
      W * 0.55,
      H,
      Math.round(W / 60),
      [brand.goldLight, main, second, '#ffffff'],
      H * 0.07,
    ) +
    `<rect width="${W}" height="${H}" fill="${textShade}"/>` +
    `<rect y="${r2(H * 0.7)}" width="${W}" height="${r2(H * 0.3)}" fill="${floor}"/>` +
    `<rect y="${r2(H - Math.max(2, H * 0.005))}" width="${W}" height="${r2(Math.max(2, H * 0.005))}" fill="${edge}"/>`
  );
}

/** Headline block: eyebrow pill, two lines (white, then gold), sub line and call to action. */
async function headline(
  svg: Svg,
  copy: BannerCopy,
  x: number,
  top: number,
  maxWidth: number,
  scale: number,
  compact: boolean,
): Promise<string> {
  const gold = svg.linear([
    [0, brand.goldLight],
    [0.55, brand.gold],
    [1, '#e09a2c'],
  ]);
  const textShadow = svg.shadow(3 * scale, 4 * scale, 0.6);
  const parts: string[] = [];
  let y = top;

  const eyebrowFont = { weight: 700, letterSpacing: 3 * scale, size: 17 * scale } as const;
  const eyebrowW = await textWidth(copy.eyebrow, eyebrowFont);
  const pillH = 34 * scale;
  parts.push(
    `<rect x="${r2(x)}" y="${r2(y)}" width="${r2(eyebrowW + 36 * scale)}" height="${r2(pillH)}" rx="${r2(pillH / 2)}" fill="${brand.gold}" fill-opacity="0.12" stroke="${brand.gold}" stroke-width="${r2(1.5 * scale)}"/>` +
      `<circle cx="${r2(x + 16 * scale)}" cy="${r2(y + pillH / 2)}" r="${r2(4 * scale)}" fill="${brand.gold}"/>` +
      text(copy.eyebrow, x + 27 * scale, y + pillH * 0.68, eyebrowFont, { fill: brand.goldLight }),
  );
  y += pillH + (compact ? 50 : 84) * scale;

  const [l1, l2] = copy.lines;
  const size1 = await fitSize(l1, { weight: 700 }, maxWidth, (compact ? 48 : 78) * scale);
  const size2 = await fitSize(l2, { weight: 700 }, maxWidth, (compact ? 50 : 88) * scale);
  const size = Math.min(size1, size2 * 1.1);
  parts.push(`<g filter="${textShadow}">${text(l1, x, y, { size, weight: 700 })}</g>`);
  y += Math.min(size2, size * 1.12) * 1.12;
  parts.push(
    `<g filter="${textShadow}">${text(l2, x, y, { size: Math.min(size2, size * 1.12), weight: 700 }, { fill: gold })}</g>`,
  );

  if (copy.sub) {
    y += 54 * scale;
    const subSize = await fitSize(copy.sub, {}, maxWidth, 26 * scale);
    parts.push(text(copy.sub, x, y, { size: subSize }, { fill: brand.muted }));
  }
  if (copy.cta) {
    y += 38 * scale;
    const ctaFont = { weight: 700, size: 24 * scale, letterSpacing: 2 * scale } as const;
    const ctaW = (await textWidth(copy.cta, ctaFont)) + 96 * scale;
    const ctaH = 64 * scale;
    const ctaFill = svg.linear([
      [0, brand.goldLight],
      [0.5, brand.gold],
      [1, '#e0962a'],
    ]);
    parts.push(
      `<g filter="${svg.glow(10 * scale, brand.gold, 0.45)}"><rect x="${r2(x)}" y="${r2(y)}" width="${r2(ctaW)}" height="${r2(ctaH)}" rx="${r2(ctaH / 2)}" fill="${ctaFill}"/></g>` +
        `<rect x="${r2(x + 3 * scale)}" y="${r2(y + 3 * scale)}" width="${r2(ctaW - 6 * scale)}" height="${r2(ctaH * 0.45)}" rx="${r2(ctaH * 0.22)}" fill="#fff" opacity="0.22"/>` +
        text(copy.cta, x + 40 * scale, y + ctaH * 0.63, ctaFont, { fill: brand.navy900 }) +
        `<path d="M${r2(x + ctaW - 44 * scale)},${r2(y + ctaH * 0.36)} l${r2(9 * scale)},${r2(ctaH * 0.14)} l${r2(-9 * scale)},${r2(ctaH * 0.14)}" fill="none" stroke="${brand.navy900}" stroke-width="${r2(3.5 * scale)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  return parts.join('');
}

/** A banner: home carousel (1920×560) or a login/register dialog banner (720×200). */
export async function renderBanner(name: BannerName): Promise<Buffer> {
  const copy: BannerCopy = bannerCopy[name];
  const compact = name === 'login' || name === 'register';
  const { width, height } = compact ? DIALOG_BANNER : HOME_BANNER;
  const svg = new Svg(width, height);
  const random = seededRandom(`banner:${name}`);

  const artX = compact ? width * 0.76 : width * 0.735;
  const artY = height * 0.5;
  const artScale = compact ? 0.62 : 1;
  const bg = backdrop(svg, copy, artX, artY, compact ? 220 : 560, random);
  const art = artOf[name](svg, artX, artY, artScale, random);
  const sparkles: string[] = [];
  for (let i = 0; i < (compact ? 5 : 14); i++) {
    const sx = width * (0.5 + random() * 0.48);
    const sy = height * (0.06 + random() * 0.88);
    sparkles.push(
      sparkle(
        sx,
        sy,
        (compact ? 5 : 9) + random() * (compact ? 6 : 14),
        i % 3 ? '#fff' : brand.goldLight,
        0.55 + random() * 0.45,
      ),
    );
  }
  const block = compact
    ? await headline(svg, copy, 34, 32, width * 0.52, 0.78, true)
    : await headline(svg, copy, 150, 92, 820, 1, false);
  return svgToPng(svg.render(bg + sparkles.join('') + art + block), { palette: true });
}
