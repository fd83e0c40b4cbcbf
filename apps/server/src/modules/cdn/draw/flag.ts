import { brand, esc, polar, r2, starPoints, Svg, svgToPng, SANS } from './svg-kit.ts';

export const FLAG_SIZE = { width: 48, height: 32 } as const;
const W = FLAG_SIZE.width;
const H = FLAG_SIZE.height;

const stripes = (colours: string[], weights: number[] = colours.map(() => 1)): string => {
  const total = weights.reduce((a, b) => a + b, 0);
  let y = 0;
  return colours
    .map((c, i) => {
      const h = (H * weights[i]!) / total;
      const out = `<rect x="0" y="${r2(y)}" width="${W}" height="${r2(h + 0.01)}" fill="${c}"/>`;
      y += h;
      return out;
    })
    .join('');
};

const star = (
  cx: number,
  cy: number,
  outer: number,
  fill: string,
  points = 5,
  rotation = -90,
  innerRatio = 0.4,
) => `<polygon points="${starPoints(cx, cy, outer, outer * innerRatio, points, rotation)}" fill="${fill}"/>`;

/** Simplified but recognisable flags of the countries the platform serves, on a 48×32 grid. */
const flags: Record<string, (svg: Svg) => string> = {
  VN: () => `<rect width="${W}" height="${H}" fill="#da251d"/>` + star(24, 17, 10, '#ffcd00', 5, -90, 0.382),
  TH: () => stripes(['#a51931', '#f4f5f8', '#2d2a4a', '#f4f5f8', '#a51931'], [1, 1, 2, 1, 1]),
  MM: () => stripes(['#fecb00', '#34b233', '#ea2839']) + star(24, 17.5, 11.5, '#ffffff', 5, -90, 0.382),
  MY: (svg) => {
    const rows = 14;
    const h = H / rows;
    const bands = Array.from(
      { length: rows },
      (_, i) =>
        `<rect y="${r2(i * h)}" width="${W}" height="${r2(h + 0.01)}" fill="${i % 2 ? '#ffffff' : '#cc0001'}"/>`,
    ).join('');
    const cantonH = h * 8;
    const crescent = svg.mask(
      `<rect width="${W}" height="${H}" fill="black"/><circle cx="9.4" cy="${r2(cantonH / 2)}" r="6.4" fill="white"/><circle cx="11.3" cy="${r2(cantonH / 2)}" r="5.3" fill="black"/>`,
    );
    return (
      bands +
      `<rect width="${W / 2}" height="${r2(cantonH)}" fill="#010066"/>` +
      `<rect width="${W / 2}" height="${r2(cantonH)}" fill="#ffcc00" mask="${crescent}"/>` +
      star(17.6, cantonH / 2, 4.6, '#ffcc00', 14, -90, 0.45)
    );
  },
  PH: () => {
    const tip = (H * Math.sqrt(3)) / 2;
    const rays: string[] = [];
    for (let i = 0; i < 8; i++) {
      const [x1, y1] = polar(9.6, 16, 3.6, i * 45);
      const [x2, y2] = polar(9.6, 16, 6, i * 45);
      rays.push(`M${r2(x1)},${r2(y1)} L${r2(x2)},${r2(y2)}`);
    }
    return (
      stripes(['#0038a8', '#ce1126']) +
      `<polygon points="0,0 ${r2(tip)},16 0,${H}" fill="#ffffff"/>` +
      `<circle cx="9.6" cy="16" r="3" fill="#fcd116"/><path d="${rays.join(' ')}" stroke="#fcd116" stroke-width="1.3"/>` +
      star(3.2, 3.6, 1.7, '#fcd116') +
      star(3.2, 28.4, 1.7, '#fcd116') +
      star(tip - 4.2, 16, 1.7, '#fcd116')
    );
  },
  ID: () => stripes(['#ce1126', '#f4f5f8']),
  KH: () =>
    stripes(['#032ea1', '#e00025', '#032ea1'], [1, 2, 1]) +
    // Angkor Wat: a terrace and three towers, the middle one tallest.
    `<g fill="#ffffff" stroke="#1a1a1a" stroke-width="0.35" stroke-linejoin="round">` +
    `<rect x="12.5" y="20.5" width="23" height="2.4"/>` +
    `<rect x="14.5" y="17.8" width="19" height="2.7"/>` +
    `<polygon points="15.4,17.8 17.4,12.4 19.4,17.8"/>` +
    `<polygon points="28.6,17.8 30.6,12.4 32.6,17.8"/>` +
    `<polygon points="21.2,17.8 24,9.2 26.8,17.8"/>` +
    `</g>`,
  CN: () => {
    const small = [
      [16, 3.2],
      [19.2, 6.4],
      [19.2, 11.2],
      [16, 14.4],
    ]
      .map(([x, y]) => star(x!, y!, 1.7, '#ffde00', 5, (Math.atan2(8 - y!, 8 - x!) * 180) / Math.PI, 0.382))
      .join('');
    return (
      `<rect width="${W}" height="${H}" fill="#ee1c25"/>` + star(8, 8, 4.9, '#ffde00', 5, -90, 0.382) + small
    );
  },
  JP: () =>
    `<rect width="${W}" height="${H}" fill="#f7f7f7"/><circle cx="24" cy="16" r="9.6" fill="#bc002d"/>`,
  BR: (svg) => {
    const disc = svg.clip(`<circle cx="24" cy="16" r="8.2"/>`);
    return (
      `<rect width="${W}" height="${H}" fill="#009c3b"/>` +
      `<polygon points="4.2,16 24,2.8 43.8,16 24,29.2" fill="#ffdf00"/>` +
      `<circle cx="24" cy="16" r="8.2" fill="#002776"/>` +
      `<path d="M14,14.5 Q24,11 34,17.5" fill="none" stroke="#ffffff" stroke-width="1.9" clip-path="${disc}"/>` +
      [
        [21, 19.5],
        [24, 21],
        [27, 19.8],
        [25.5, 23],
        [22.5, 22.8],
        [28.5, 22],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="0.55" fill="#ffffff"/>`)
        .join('')
    );
  },
  US: () => {
    const rows = 13;
    const h = H / rows;
    const bands = Array.from(
      { length: rows },
      (_, i) =>
        `<rect y="${r2(i * h)}" width="${W}" height="${r2(h + 0.01)}" fill="${i % 2 ? '#ffffff' : '#b22234'}"/>`,
    ).join('');
    const cw = 20;
    const ch = h * 7;
    const dots: string[] = [];
    for (let r = 0; r < 9; r++) {
      const perRow = r % 2 ? 5 : 6;
      for (let c = 0; c < perRow; c++) {
        const x = (cw / 12) * (2 * c + 1 + (r % 2));
        const y = (ch / 10) * (r + 1);
        dots.push(`<circle cx="${r2(x)}" cy="${r2(y)}" r="0.6" fill="#ffffff"/>`);
      }
    }
    return bands + `<rect width="${cw}" height="${r2(ch)}" fill="#3c3b6e"/>` + dots.join('');
  },
  GB: (svg) => {
    // The Union flag's geometry on its 60×30 grid, stretched to 3:2; the red saltire is counterchanged.
    const half = svg.clip('<path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z"/>');
    return (
      `<g transform="scale(${r2(W / 60)} ${r2(H / 30)})">` +
      `<rect width="60" height="30" fill="#012169"/>` +
      `<path d="M0,0 L60,30 M60,0 L0,30" stroke="#ffffff" stroke-width="6"/>` +
      `<path d="M0,0 L60,30 M60,0 L0,30" clip-path="${half}" stroke="#c8102e" stroke-width="4"/>` +
      `<path d="M30,0 v30 M0,15 h60" stroke="#ffffff" stroke-width="10"/>` +
      `<path d="M30,0 v30 M0,15 h60" stroke="#c8102e" stroke-width="6"/>` +
      `</g>`
    );
  },
};

export const flagCodes = Object.keys(flags);

/** A country flag; countries without a drawing get a neutral flag that names the code. */
export async function renderFlag(code: string): Promise<Buffer> {
  const svg = new Svg(W, H);
  const draw = flags[code];
  let art: string;
  if (draw) {
    art = draw(svg);
  } else {
    const plate = svg.linear(
      [
        [0, brand.navy600],
        [1, brand.navy800],
      ],
      0,
      0,
      1,
      1,
    );
    art =
      `<rect width="${W}" height="${H}" fill="${plate}"/>` +
      `<path d="M0,24 Q12,20 24,24 T48,24 V32 H0 Z" fill="${brand.gold}" opacity="0.18"/>` +
      `<text x="24" y="21" font-family="${SANS}" font-weight="700" font-size="14" letter-spacing="1" text-anchor="middle" fill="${brand.gold}">${esc(code)}</text>`;
  }
  const shape = svg.clip(`<rect width="${W}" height="${H}" rx="3"/>`);
  const sheen = svg.linear(
    [
      [0, '#ffffff', 0.18],
      [0.5, '#ffffff', 0],
      [1, '#000000', 0.12],
    ],
    0,
    0,
    1,
    1,
  );
  const body =
    `<g clip-path="${shape}">${art}<rect width="${W}" height="${H}" fill="${sheen}"/></g>` +
    `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="2.6" fill="none" stroke="#000000" stroke-opacity="0.22"/>`;
  return svgToPng(svg.render(body));
}
