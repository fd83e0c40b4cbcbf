/**
 * Member avatars (`AVATAR/1.png` .. `AVATAR/12.png`): twelve zodiac-style animal portraits of our own
 * design, each on a round navy medallion with a gold rim, a glow in its own accent colour and a
 * gold lucky coin on the chest. Drawn on a 128×128 grid; everything outside the rim is transparent.
 */
import { shade, sparkle } from './motifs.ts';
import { brand, polar, r2, seededRandom, starPoints, Svg, svgToPng } from './svg-kit.ts';

export const AVATAR_SIZE = 128;
export const AVATAR_COUNT = 12;

/** "1" .. "12" exactly: no leading zeros, signs or spaces, so each avatar has one address. */
export const isAvatarName = (name: string): boolean => /^(?:[1-9]|1[0-2])$/.test(name);

const C = AVATAR_SIZE / 2;
/** Radius of the picture inside the gold rim. */
const INNER = 57.5;
const INK = '#1b1f33';
const BLUSH = '#ff6f91';

type Attrs = Record<string, string | number>;

const attrs = (a: Attrs = {}) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? r2(v) : v}"`)
    .join('');
const el = (cx: number, cy: number, rx: number, ry: number, fill: string, a?: Attrs) =>
  `<ellipse cx="${r2(cx)}" cy="${r2(cy)}" rx="${r2(rx)}" ry="${r2(ry)}" fill="${fill}"${attrs(a)}/>`;
const ci = (cx: number, cy: number, r: number, fill: string, a?: Attrs) =>
  `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r)}" fill="${fill}"${attrs(a)}/>`;
const pa = (d: string, fill: string, a?: Attrs) => `<path d="${d}" fill="${fill}"${attrs(a)}/>`;
const line = (d: string, stroke: string, width: number, a?: Attrs) =>
  pa(d, 'none', {
    stroke,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    ...a,
  });

/** The markup and its mirror image about the vertical centre line: symmetric parts are drawn once. */
const both = (markup: string) => `${markup}<g transform="matrix(-1 0 0 1 ${AVATAR_SIZE} 0)">${markup}</g>`;

/** Soft fur: lighter where the light falls (upper left), darker at the rim. */
const fur = (svg: Svg, colour: string, light = 0.28, dark = -0.2) =>
  svg.radial(
    [
      [0, shade(colour, light)],
      [0.65, colour],
      [1, shade(colour, dark)],
    ],
    0.4,
    0.32,
    0.75,
  );

/** Glossy eyes; both highlights sit up-left, as under one light. */
function eyes(y: number, dx: number, r: number, ink = INK): string {
  const one = (x: number) =>
    el(x, y, r * 0.88, r, ink) +
    ci(x - r * 0.3, y - r * 0.38, r * 0.38, '#fff') +
    ci(x + r * 0.32, y + r * 0.36, r * 0.15, '#fff', { opacity: 0.75 });
  return one(C - dx) + one(C + dx);
}

/** Round eyes with a coloured iris and a slit pupil (dragon, snake). */
function slitEyes(svg: Svg, y: number, dx: number, r: number, iris: string): string {
  const fill = svg.radial(
    [
      [0, shade(iris, 0.45)],
      [1, shade(iris, -0.25)],
    ],
    0.4,
    0.35,
    0.7,
  );
  const one = (x: number) =>
    ci(x, y, r + 0.9, INK) +
    ci(x, y, r, fill) +
    el(x, y, r * 0.3, r * 0.82, INK) +
    ci(x - r * 0.38, y - r * 0.4, r * 0.3, '#fff');
  return one(C - dx) + one(C + dx);
}

const cheeks = (y: number, dx: number, rx = 5, ry = 3, colour = BLUSH, opacity = 0.42) =>
  both(el(C - dx, y, rx, ry, colour, { opacity }));

/** The "ω" mouth under a nose, starting at y. */
const mouth = (y: number, w = 4.6, drop = 2.4, ink = INK) =>
  line(
    `M${C},${r2(y)} L${C},${r2(y + drop)} M${r2(C - w)},${r2(y + drop - 0.6)} Q${r2(C - w / 2)},${r2(y + drop + w * 0.75)} ${C},${r2(y + drop)} Q${r2(C + w / 2)},${r2(y + drop + w * 0.75)} ${r2(C + w)},${r2(y + drop - 0.6)}`,
    ink,
    1.7,
  );

/** A rounded triangular nose with a highlight, point down at tipY. */
const nose = (topY: number, w: number, h: number, colour: string) =>
  pa(
    `M${r2(C - w / 2)},${r2(topY + h * 0.08)} Q${C},${r2(topY - h * 0.22)} ${r2(C + w / 2)},${r2(topY + h * 0.08)} Q${r2(C + w * 0.3)},${r2(topY + h * 0.85)} ${C},${r2(topY + h)} Q${r2(C - w * 0.3)},${r2(topY + h * 0.85)} ${r2(C - w / 2)},${r2(topY + h * 0.08)} Z`,
    colour,
  ) + el(C - w * 0.12, topY + h * 0.22, w * 0.16, h * 0.12, '#fff', { opacity: 0.55 });

/** Shoulders in the animal's colour with a gold collar and a lucky coin. */
function bust(svg: Svg, colour: string): string {
  const body = svg.linear([
    [0, shade(colour, -0.02)],
    [1, shade(colour, -0.38)],
  ]);
  const goldRope = svg.linear(
    [
      [0, brand.goldDeep],
      [0.5, brand.goldLight],
      [1, brand.goldDeep],
    ],
    0,
    0,
    1,
    0,
  );
  const coinFace = svg.radial(
    [
      [0, '#fff6cf'],
      [0.5, brand.gold],
      [1, brand.goldDeep],
    ],
    0.38,
    0.32,
    0.75,
  );
  return (
    pa('M14,132 C16,112 36,100 64,100 C92,100 112,112 114,132 Z', body) +
    line('M40,103.5 Q64,121 88,103.5', goldRope, 2.6) +
    ci(C, 116.5, 7.6, brand.goldDark) +
    ci(C, 116, 7.2, coinFace) +
    ci(C, 116, 5.2, 'none', { stroke: brand.goldDeep, 'stroke-width': 0.9, opacity: 0.8 }) +
    `<polygon points="${starPoints(C, 116.2, 3.4, 1.45)}" fill="${brand.goldDeep}"/>`
  );
}

interface Character {
  /** Background glow and rim beads. */
  accent: string;
  /** Shoulder colour; none when the figure fills the bottom itself. */
  bust?: string;
  draw: (svg: Svg) => string;
}

const characters: Character[] = [
  // 1 Rat: round ears, buck teeth, whiskers.
  {
    accent: '#f0a030',
    bust: '#8f9bb6',
    draw: (svg) => {
      const grey = fur(svg, '#a4afc6');
      return (
        both(
          ci(37, 49, 17.5, grey) +
            ci(37.5, 49.5, 11, '#f4a9bd') +
            el(35, 46, 4, 3, '#fff', { opacity: 0.35 }),
        ) +
        el(C, 75, 31.5, 27.5, grey) +
        el(C, 87, 13.5, 9.8, '#e9edf5') +
        both(line('M49,84 L33,80.5 M49,87.5 L32.5,89', '#e6ebf5', 1.1, { opacity: 0.8 })) +
        eyes(71, 12, 4.5) +
        cheeks(81, 21) +
        el(C, 81.6, 4.3, 3.2, '#ff8fab') +
        el(C - 1.2, 80.7, 1.4, 0.9, '#fff', { opacity: 0.6 }) +
        mouth(84.6, 4, 2.2) +
        `<rect x="60.8" y="89.6" width="6.4" height="5.4" rx="1.2" fill="#fff" stroke="#c7cedd" stroke-width="0.7"/>` +
        line('M64,89.8 L64,94.8', '#c7cedd', 0.7)
      );
    },
  },
  // 2 Ox: gold horns, fringe, pale muzzle, gold nose ring.
  {
    accent: '#2fb8a6',
    bust: '#7a4a2f',
    draw: (svg) => {
      const brown = fur(svg, '#94603f');
      const horn = svg.linear(
        [
          [0, brand.goldLight],
          [0.5, brand.gold],
          [1, brand.goldDeep],
        ],
        1,
        1,
        0,
        0,
      );
      return (
        both(
          pa('M45,53 C35,51 25,43 23,27 C30,36 40,40 51,44 Z', horn) +
            el(29, 66, 13, 6.5, brown, { transform: 'rotate(-18 29 66)' }) +
            el(30, 66, 8, 3.5, '#f0a98f', { transform: 'rotate(-18 30 66)' }),
        ) +
        pa('M40,52 C48,42 80,42 88,52 C95,64 94,80 88,92 C80,104 48,104 40,92 C34,80 33,64 40,52 Z', brown) +
        pa('M48,49 C52,38 59,44 64,38 C69,44 76,38 80,49 C72,53 56,53 48,49 Z', '#5b3722') +
        eyes(69, 13, 4.5) +
        cheeks(79, 22, 4.5, 2.6, BLUSH, 0.3) +
        el(C, 89, 23, 14.5, '#f2d3b3') +
        el(C - 6, 84, 8, 3.5, '#fff', { opacity: 0.35 }) +
        both(el(56, 89, 3, 4.2, '#8a5436')) +
        line('M58,96.5 Q64,99.5 70,96.5', '#8a5436', 1.6) +
        ci(C, 102.5, 5.6, 'none', { stroke: brand.goldDeep, 'stroke-width': 3 }) +
        ci(C, 102.5, 5.6, 'none', { stroke: brand.gold, 'stroke-width': 1.8 })
      );
    },
  },
  // 3 Tiger: the 王 mark on the forehead, side stripes, white muzzle.
  {
    accent: '#3d6cf7',
    bust: '#e07c22',
    draw: (svg) => {
      const orange = fur(svg, '#f28a2a', 0.3);
      const stripe = '#3a2010';
      return (
        both(
          ci(35, 47, 13.5, orange) +
            ci(35.5, 48, 7.5, '#fff1dd') +
            pa('M27,40 Q35,33 43,40', 'none', { stroke: stripe, 'stroke-width': 2.2, opacity: 0.75 }),
        ) +
        el(C, 72, 34, 30, orange) +
        line(
          'M56,48.5 Q64,46 72,48.5 M55,54 Q64,51.5 73,54 M57.5,59.5 Q64,57.5 70.5,59.5 M64,47 L64,59',
          stripe,
          2.4,
        ) +
        both(
          pa('M30.5,63 L45,66.5 L31,70.5 Z', stripe) +
            pa('M31,75 L43,77 L32.5,82 Z', stripe) +
            el(51.5, 60.5, 5, 2.6, '#fff3e2'),
        ) +
        eyes(68, 14, 4.6) +
        both(el(56.5, 85, 10.5, 8.5, '#fff6ea')) +
        el(C, 92.5, 7.5, 5, '#fff6ea') +
        cheeks(79, 23, 4.5, 2.6) +
        both(ci(53, 83.5, 0.9, '#c9a585') + ci(55.5, 87, 0.9, '#c9a585') + ci(51, 87.5, 0.9, '#c9a585')) +
        nose(77.8, 9.5, 6.4, '#e9677f') +
        mouth(84.2, 4.8, 2.4, stripe)
      );
    },
  },
  // 4 Rabbit: long pink-lined ears.
  {
    accent: '#e0559a',
    bust: '#dcdcef',
    draw: (svg) => {
      const white = fur(svg, '#eeedf7', 0.5, -0.14);
      return (
        both(
          el(48, 35, 10, 25, white, { transform: 'rotate(-12 48 58)' }) +
            el(48, 37, 5.2, 18.5, '#f7a8c4', { transform: 'rotate(-12 48 58)' }),
        ) +
        el(C, 77, 30.5, 27, white) +
        pa('M58,53 C60,46 63,50 64,45 C65,50 68,46 70,53 Z', '#f4f3fb') +
        eyes(75, 12, 4.8) +
        cheeks(85, 19.5, 5.2, 3.1, BLUSH, 0.5) +
        both(line('M50,86 L35,84 M50,89 L36,91', '#b9bdd3', 1, { opacity: 0.8 })) +
        nose(82.6, 6.6, 3.6, '#ff8fb1') +
        mouth(86, 4, 1.8) +
        `<rect x="61.4" y="90.4" width="5.2" height="4.4" rx="1" fill="#fff" stroke="#cdd0e2" stroke-width="0.6"/>`
      );
    },
  },
  // 5 Dragon: gold antlers and whiskers, teal mane, slit-pupil gold eyes, a pearl on the brow.
  {
    accent: '#e04848',
    bust: '#23a46a',
    draw: (svg) => {
      const green = fur(svg, '#34c07e', 0.3, -0.25);
      const snout = svg.linear([
        [0, '#a6f0c8'],
        [1, '#63d39a'],
      ]);
      const pearl = svg.radial(
        [
          [0, '#ffffff'],
          [0.6, '#e8f6ff'],
          [1, '#8fb9e6'],
        ],
        0.35,
        0.3,
        0.7,
      );
      return (
        both(
          pa('M36,58 L20,52 L30,66 L17,70 L31,77 L21,86 L36,86 L40,92 Z', '#17866d') +
            line('M49,50 C45,40 42,32 35,21 M42.5,36 C38,33.5 33,33.5 28.5,36.5', brand.goldDeep, 5) +
            line('M49,50 C45,40 42,32 35,21 M42.5,36 C38,33.5 33,33.5 28.5,36.5', brand.gold, 3.2),
        ) +
        el(C, 69, 28.5, 25, green) +
        el(C, 89, 22.5, 13.5, snout) +
        both(line('M44.5,58.5 Q51,54.5 58,58.5', brand.gold, 2.4)) +
        ci(C, 51, 3.6, pearl, { stroke: brand.gold, 'stroke-width': 1 }) +
        slitEyes(svg, 66, 12, 4.8, '#ffc93c') +
        both(el(57.5, 85.5, 2.6, 1.9, '#1a6e4a') + line('M44,92 C36,97 28,89 21,96', brand.gold, 2)) +
        line('M55,94 Q64,99 73,94', '#1a6e4a', 1.7) +
        cheeks(78, 21, 4.2, 2.4, BLUSH, 0.35)
      );
    },
  },
  // 6 Snake: coiled, big round eyes, forked tongue.
  {
    accent: '#c05ce6',
    draw: (svg) => {
      const body = svg.linear([
        [0, '#9de05d'],
        [1, '#3c8f28'],
      ]);
      const head = fur(svg, '#8fd852', 0.3, -0.22);
      const belly = '#eef7b8';
      return (
        el(C, 120, 42, 15, '#347f23') +
        el(C, 117, 40, 13, body) +
        line('M30,114 Q64,128 98,114', belly, 2.4, { opacity: 0.55 }) +
        el(C, 104, 30, 10.5, '#3a8a27') +
        el(C, 101.5, 28.5, 9, body) +
        pa('M51,103 C49,92 52,84 56,78 L72,78 C76,84 79,92 77,103 Z', body) +
        pa('M57.5,103 C56.5,93 58,86 60,80 L68,80 C70,86 71.5,93 70.5,103 Z', belly) +
        line('M58,88 L70,88 M57.6,94 L70.4,94 M57.4,100 L70.6,100', '#c9dc86', 0.9) +
        pa('M64,38 C82,38 90,50 90,61 C90,74 78,82 64,82 C50,82 38,74 38,61 C38,50 46,38 64,38 Z', head) +
        pa('M64,42 L68.5,47.5 L64,53 L59.5,47.5 Z', '#4d9a2e') +
        both(pa('M47,46 L50.5,49.5 L47,53 L43.5,49.5 Z', '#4d9a2e', { opacity: 0.8 })) +
        eyes(59, 12.5, 5.6) +
        cheeks(70, 19.5, 4.6, 2.7) +
        both(ci(61, 67, 0.9, '#2c6b1d')) +
        line('M56.5,73 Q64,77.5 71.5,73', INK, 1.7) +
        line('M64,78.5 L64,87 L61,91 M64,87 L67,91', '#e63a5a', 2)
      );
    },
  },
  // 7 Horse: long face with a white blaze, dark mane and forelock.
  {
    accent: '#28b4e0',
    bust: '#a7602f',
    draw: (svg) => {
      const chestnut = fur(svg, '#c47a44', 0.26, -0.2);
      const mane = '#4a2a18';
      return (
        pa('M40,48 C46,30 82,30 88,48 L92,78 L86,96 L42,96 L36,78 Z', mane) +
        both(pa('M46.5,45 L41,22 L58,38 Z', chestnut) + pa('M47.5,41 L44.5,28.5 L53.5,38 Z', '#7a4424')) +
        pa(
          'M64,37 C80,37 86,50 85,63 C84,75 82,85 82,94 C82,104 74,109 64,109 C54,109 46,104 46,94 C46,85 44,75 43,63 C42,50 48,37 64,37 Z',
          chestnut,
        ) +
        pa('M64,56 C67.5,60 67.5,74 66.5,84 L61.5,84 C60.5,74 60.5,60 64,56 Z', '#fff5ea') +
        pa('M52,40 C56,32 72,32 76,40 C71,43 68,51 64,56 C61,49 57,43 52,40 Z', mane) +
        eyes(66, 14.5, 4.5) +
        cheeks(78, 17.5, 4, 2.4, BLUSH, 0.35) +
        el(C, 96.5, 17.5, 12, '#ebb992') +
        both(el(57.6, 95.2, 2, 3.8, '#6e3a1e', { transform: 'rotate(24 57.6 95.2)' })) +
        line('M58.5,103.5 Q64,106.5 69.5,103.5', '#6e3a1e', 1.6)
      );
    },
  },
  // 8 Goat: curled horns, floppy ears and a little beard.
  {
    accent: '#6cc04a',
    bust: '#d9ccb2',
    draw: (svg) => {
      const cream = fur(svg, '#f1e7d3', 0.45, -0.16);
      const horn = svg.linear(
        [
          [0, '#efe0bc'],
          [1, '#a98a5a'],
        ],
        0,
        0,
        1,
        1,
      );
      return (
        both(
          line('M53,47 C47,34 32,29 25.5,39 C21.5,46.5 28,55 35,50.5', horn, 7) +
            line('M47.5,38.5 L44,43 M40,33.2 L38.5,38.8 M31.8,33.8 L33.5,39.3', '#a98a5a', 1, {
              opacity: 0.6,
            }) +
            el(29.5, 65.5, 13.5, 5.6, cream, { transform: 'rotate(16 29.5 65.5)' }) +
            el(30.5, 65.8, 8.2, 2.8, '#f2b0a6', { transform: 'rotate(16 30.5 65.8)' }),
        ) +
        pa('M64,44 C80,44 88,55 88,69 C88,85 78,98 64,100 C50,98 40,85 40,69 C40,55 48,44 64,44 Z', cream) +
        pa('M57,96 C59,104 62,110 64,115 C66,110 69,104 71,96 Z', '#e4d7bf') +
        pa('M55,47 C57,39 61,43 64,37 C67,43 71,39 73,47 Z', '#f4ecdc') +
        eyes(69, 11.5, 4.4) +
        cheeks(80, 18, 4.6, 2.8) +
        nose(82.4, 7.4, 4.4, '#d9898f') +
        mouth(86.6, 4, 1.8)
      );
    },
  },
  // 9 Monkey: heart-shaped face, round ears, wide grin.
  {
    accent: '#7a6cf5',
    bust: '#6f4128',
    draw: (svg) => {
      const brown = fur(svg, '#8c5634', 0.28, -0.25);
      const skin = svg.linear([
        [0, '#f8dcb6'],
        [1, '#ebc293'],
      ]);
      return (
        both(ci(31, 70, 12.5, brown) + ci(31.5, 70.5, 7.5, '#f0c59b')) +
        ci(C, 68, 31, brown) +
        line(
          'M58.5,39 Q57,33 60.5,30.5 M64,38.5 Q63,31.5 67,28.5 M69.5,39 Q70,34 73.5,32.5',
          shade('#8c5634', -0.1),
          2.6,
        ) +
        pa('M64,57 C58,46 40,50 41,68 C42,85 53,97 64,97 C75,97 86,85 87,68 C88,50 70,46 64,57 Z', skin) +
        eyes(67, 10.5, 4.6) +
        cheeks(81, 17.5, 5, 3, BLUSH, 0.45) +
        both(el(61.6, 78, 1.2, 1.6, '#7a4a2c')) +
        pa('M53,84.5 Q64,96 75,84.5 Q64,89 53,84.5 Z', '#7a3b2a') +
        pa('M58,89.2 Q64,93 70,89.2 Q64,90.2 58,89.2 Z', '#ff8c9e')
      );
    },
  },
  // 10 Rooster: red comb and wattle, golden beak, flame-coloured neck feathers.
  {
    accent: '#2f8fe0',
    draw: (svg) => {
      const white = fur(svg, '#fff5e2', 0.5, -0.12);
      const comb = svg.linear([
        [0, '#ff5a5f'],
        [1, '#c81d35'],
      ]);
      const beak = svg.linear([
        [0, '#ffd166'],
        [1, '#f08c00'],
      ]);
      const feathers = svg.linear([
        [0, '#f39a35'],
        [1, '#b8431d'],
      ]);
      return (
        pa(
          'M14,132 C16,112 32,101 42,99 L48,107 L55,99 L64,108 L73,99 L80,107 L86,99 C96,101 112,112 114,132 Z',
          feathers,
        ) +
        line('M42,99 L48,107 L55,99 L64,108 L73,99 L80,107 L86,99', '#ffcf73', 1.4, { opacity: 0.8 }) +
        pa('M49,47 C44,38 49,29 56,34 C56,25 65,23 67,31 C71,24 81,29 77,39 C82,39 83,46 79,49 Z', comb) +
        pa('M64,42 C80,42 88,56 88,70 C88,86 78,99 64,99 C50,99 40,86 40,70 C40,56 48,42 64,42 Z', white) +
        eyes(64, 11.5, 4.4) +
        cheeks(75, 18.5, 4.6, 2.8, BLUSH, 0.5) +
        el(C, 92, 5.4, 8.4, comb) +
        pa('M55.5,73 L72.5,73 Q68,81.5 64,86 Q60,81.5 55.5,73 Z', beak) +
        line('M57.3,76.6 L70.7,76.6', '#d97a00', 1.1) +
        el(61, 74.6, 3, 0.9, '#fff', { opacity: 0.6 })
      );
    },
  },
  // 11 Dog: a shiba with pointed ears, white cheeks and a pink tongue.
  {
    accent: '#d45ad0',
    bust: '#d9782a',
    draw: (svg) => {
      const orange = fur(svg, '#ea8c36', 0.3, -0.2);
      const cream = '#fff6ea';
      return (
        both(
          pa('M35,58 L38,25 C46,29 54,37 59,46 Z', orange) +
            pa('M39.5,51 L41.3,32.5 C46,36.5 50,41 53.5,46 Z', '#ffe1c0'),
        ) +
        el(C, 72, 33, 29, orange) +
        pa(
          'M64,71 C58,67 49,69 38.5,77 C41,92 52,101 64,101 C76,101 87,92 89.5,77 C79,69 70,67 64,71 Z',
          cream,
        ) +
        both(el(51.5, 61.2, 4.2, 2.5, cream)) +
        eyes(69, 13, 4.6) +
        cheeks(82, 22, 4.6, 2.8) +
        nose(76.8, 9.6, 6.6, INK) +
        mouth(83.4, 4.8, 2.4) +
        pa('M61.2,88.6 Q64,96 66.8,88.6 Z', '#ff7e93')
      );
    },
  },
  // 12 Pig: floppy ears, big snout.
  {
    accent: '#22b07a',
    bust: '#f59ab2',
    draw: (svg) => {
      const pink = fur(svg, '#ffb3c6', 0.35, -0.15);
      return (
        both(
          pa('M40,50 L31.5,28 C42,30 52,36 57,44 Z', shade('#ffb3c6', -0.06)) +
            pa('M41.5,45.5 L36.5,33.5 C43.5,35.5 49,39 52.5,43.5 Z', '#ff8fae'),
        ) +
        el(C, 73, 34, 29, pink) +
        eyes(67, 14, 4.6) +
        cheeks(80, 24, 5, 3, BLUSH, 0.45) +
        el(C, 84, 14.5, 10.2, '#ff93b1', { stroke: '#ec6f92', 'stroke-width': 1.1 }) +
        el(C - 4, 80.6, 5, 2.2, '#fff', { opacity: 0.35 }) +
        both(el(58.8, 84.4, 2.5, 3.9, '#c24f72')) +
        line('M58,97.4 Q64,100.6 70,97.4', '#c24f72', 1.6)
      );
    },
  },
];

/** Gold rim with twelve beads, the accent's glow behind the figure and a few sparkles. */
function frame(svg: Svg, n: number, accent: string, figure: string): string {
  const bg = svg.radial(
    [
      [0, shade(accent, -0.18)],
      [0.5, shade(accent, -0.6)],
      [1, brand.navy950],
    ],
    0.5,
    0.42,
    0.62,
  );
  const halo = svg.radial(
    [
      [0, accent, 0.55],
      [0.6, accent, 0.18],
      [1, accent, 0],
    ],
    0.5,
    0.5,
    0.5,
  );
  const raysFill = svg.radial(
    [
      [0, brand.gold, 0.16],
      [1, brand.gold, 0],
    ],
    C,
    60,
    INNER,
    C,
    60,
    true,
  );
  const rim = svg.linear(
    [
      [0, brand.goldLight],
      [0.35, brand.gold],
      [0.7, brand.goldDeep],
      [1, brand.gold],
    ],
    0.15,
    0,
    0.85,
    1,
  );
  const sheen = svg.linear([
    [0, '#ffffff', 0.16],
    [1, '#ffffff', 0],
  ]);
  const clip = svg.clip(`<circle cx="${C}" cy="${C}" r="${INNER}"/>`);
  const shadow = svg.shadow(1.5, 1.6, 0.45);

  const rays: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = i * 22.5 + n * 7;
    const [x1, y1] = polar(C, 60, INNER + 6, a - 4);
    const [x2, y2] = polar(C, 60, INNER + 6, a + 4);
    rays.push(`M${C},60 L${r2(x1)},${r2(y1)} L${r2(x2)},${r2(y2)} Z`);
  }
  const random = seededRandom(`avatar-${n}`);
  const sparkles: string[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = polar(C, C, 44 + random() * 8, -160 + i * 38 + random() * 18);
    sparkles.push(
      sparkle(x, y, 2 + random() * 2.2, i % 2 ? brand.goldLight : '#ffffff', 0.55 + random() * 0.35),
    );
  }
  const beads: string[] = [];
  for (let i = 0; i < 12; i++) {
    const [x, y] = polar(C, C, 60.5, -90 + i * 30);
    beads.push(ci(x, y, 1.15, brand.goldLight, { opacity: 0.85 }));
  }

  return (
    ci(C, C + 1, 63, '#000', { opacity: 0.35 }) +
    ci(C, C, 63, rim) +
    ci(C, C, 62.5, 'none', { stroke: brand.goldLight, 'stroke-width': 0.8, opacity: 0.7 }) +
    beads.join('') +
    `<g clip-path="${clip}">` +
    ci(C, C, INNER, bg) +
    `<path d="${rays.join(' ')}" fill="${raysFill}"/>` +
    ci(C, 62, 44, halo) +
    sparkles.join('') +
    `<g filter="${shadow}">${figure}</g>` +
    el(C, 22, 42, 18, sheen) +
    `</g>` +
    ci(C, C, INNER, 'none', { stroke: brand.goldDark, 'stroke-width': 1.6 }) +
    ci(C, C, INNER + 0.9, 'none', { stroke: '#000', 'stroke-width': 0.6, opacity: 0.4 })
  );
}

/** Avatar `n` (1..12) as a 128×128 PNG with a transparent corner. */
export async function renderAvatar(n: number): Promise<Buffer> {
  const character = characters[n - 1];
  if (!Number.isInteger(n) || !character) throw new Error(`no avatar ${n}`);
  const svg = new Svg(AVATAR_SIZE, AVATAR_SIZE);
  const figure = (character.bust ? bust(svg, character.bust) : '') + character.draw(svg);
  return svgToPng(svg.render(frame(svg, n, character.accent, figure)));
}
