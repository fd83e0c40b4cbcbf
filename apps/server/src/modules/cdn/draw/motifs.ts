/**
 * Casino and lottery motifs shared by the banners and the vendor cards: chips, coins, balls,
 * cards, dice, sparkles and the lotus mark. Each returns SVG markup drawn around a centre point.
 */
import { brand, esc, polar, r2, sector, starPoints, SANS, SERIF, type Svg } from './svg-kit.ts';

/** Lighter or darker variant of a #rrggbb colour (amount -1..1). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const v = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.max(0, Math.min(255, Math.round(v)));
  };
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(channel) as [number, number, number];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/** A four-pointed twinkle. */
export function sparkle(x: number, y: number, size: number, color = '#fff', opacity = 1): string {
  const s = size;
  const w = size * 0.18;
  return (
    `<path d="M${r2(x)},${r2(y - s)} Q${r2(x + w)},${r2(y - w)} ${r2(x + s)},${r2(y)} Q${r2(x + w)},${r2(y + w)} ${r2(x)},${r2(y + s)} ` +
    `Q${r2(x - w)},${r2(y + w)} ${r2(x - s)},${r2(y)} Q${r2(x - w)},${r2(y - w)} ${r2(x)},${r2(y - s)} Z" fill="${color}" opacity="${r2(opacity)}"/>`
  );
}

/** A poker chip seen from above. */
export function chipTop(svg: Svg, cx: number, cy: number, r: number, color: string, label = ''): string {
  const body = svg.radial(
    [
      [0, shade(color, 0.25)],
      [0.75, color],
      [1, shade(color, -0.35)],
    ],
    0.4,
    0.35,
    0.7,
  );
  const edges: string[] = [];
  for (let i = 0; i < 8; i++) {
    const from = i * 45 - 9;
    edges.push(`<path d="${sector(cx, cy, r * 0.74, r * 0.98, from, from + 18)}" fill="#f7f3ea"/>`);
  }
  const dashes: string[] = [];
  for (let i = 0; i < 24; i++) {
    const [x1, y1] = polar(cx, cy, r * 0.6, i * 15);
    const [x2, y2] = polar(cx, cy, r * 0.66, i * 15);
    dashes.push(`M${r2(x1)},${r2(y1)} L${r2(x2)},${r2(y2)}`);
  }
  return (
    `<g><circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r)}" fill="${body}"/>` +
    edges.join('') +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r * 0.7)}" fill="none" stroke="${shade(color, -0.3)}" stroke-width="${r2(r * 0.03)}"/>` +
    `<path d="${dashes.join(' ')}" stroke="#f7f3ea" stroke-width="${r2(r * 0.035)}" opacity="0.8"/>` +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r * 0.5)}" fill="${shade(color, 0.12)}" stroke="#f7f3ea" stroke-width="${r2(r * 0.04)}" stroke-opacity="0.7"/>` +
    (label
      ? `<text x="${r2(cx)}" y="${r2(cy + r * 0.17)}" font-family="${SANS}" font-weight="700" font-size="${r2(r * (label.length > 3 ? 0.32 : 0.42))}" text-anchor="middle" fill="#fff">${esc(label)}</text>`
      : '') +
    `<ellipse cx="${r2(cx - r * 0.25)}" cy="${r2(cy - r * 0.35)}" rx="${r2(r * 0.45)}" ry="${r2(r * 0.22)}" fill="#fff" opacity="0.14"/></g>`
  );
}

/** A stack of chips in perspective; `count` chips of height `h`. */
export function chipStack(
  svg: Svg,
  cx: number,
  baseY: number,
  r: number,
  count: number,
  color: string,
): string {
  const ry = r * 0.36;
  const h = r * 0.2;
  const side = svg.linear(
    [
      [0, shade(color, -0.45)],
      [0.3, shade(color, 0.15)],
      [0.55, color],
      [1, shade(color, -0.5)],
    ],
    0,
    0,
    1,
    0,
  );
  const parts: string[] = [
    `<ellipse cx="${r2(cx)}" cy="${r2(baseY + ry * 0.4)}" rx="${r2(r * 1.15)}" ry="${r2(ry * 0.9)}" fill="#000" opacity="0.35"/>`,
  ];
  for (let i = 0; i < count; i++) {
    const y = baseY - i * h;
    parts.push(
      `<path d="M${r2(cx - r)},${r2(y - h)} L${r2(cx - r)},${r2(y)} A${r2(r)},${r2(ry)} 0 0 0 ${r2(cx + r)},${r2(y)} L${r2(cx + r)},${r2(y - h)} Z" fill="${side}"/>`,
    );
    // White edge inserts on the visible side of each chip.
    for (const t of [-0.72, -0.12, 0.48]) {
      const x0 = cx + r * t;
      const x1 = cx + r * (t + 0.2);
      const dy0 = ry * Math.sqrt(Math.max(0, 1 - t * t));
      const dy1 = ry * Math.sqrt(Math.max(0, 1 - (t + 0.2) ** 2));
      parts.push(
        `<path d="M${r2(x0)},${r2(y - h + dy0)} L${r2(x1)},${r2(y - h + dy1)} L${r2(x1)},${r2(y + dy1)} L${r2(x0)},${r2(y + dy0)} Z" fill="#f7f3ea" opacity="0.9"/>`,
      );
    }
  }
  const topY = baseY - count * h;
  const top = svg.radial(
    [
      [0, shade(color, 0.3)],
      [1, shade(color, -0.1)],
    ],
    0.4,
    0.3,
    0.8,
  );
  parts.push(
    `<ellipse cx="${r2(cx)}" cy="${r2(topY)}" rx="${r2(r)}" ry="${r2(ry)}" fill="${top}"/>`,
    `<ellipse cx="${r2(cx)}" cy="${r2(topY)}" rx="${r2(r * 0.62)}" ry="${r2(ry * 0.62)}" fill="none" stroke="#f7f3ea" stroke-width="${r2(r * 0.05)}" stroke-dasharray="${r2(r * 0.18)} ${r2(r * 0.12)}" opacity="0.85"/>`,
  );
  return `<g>${parts.join('')}</g>`;
}

/** A gold coin; `tilt` 0..1 squashes it into an ellipse as if spinning. */
export function coin(svg: Svg, cx: number, cy: number, r: number, tilt = 0, rotateDeg = 0): string {
  const face = svg.radial(
    [
      [0, '#fff6cf'],
      [0.45, brand.gold],
      [1, brand.goldDeep],
    ],
    0.35,
    0.3,
    0.75,
  );
  const rx = r * (1 - tilt * 0.8);
  const edge = r * 0.12;
  return (
    `<g transform="rotate(${r2(rotateDeg)} ${r2(cx)} ${r2(cy)})">` +
    `<ellipse cx="${r2(cx + edge * 0.5)}" cy="${r2(cy + edge * 0.3)}" rx="${r2(rx)}" ry="${r2(r)}" fill="${brand.goldDark}"/>` +
    `<ellipse cx="${r2(cx)}" cy="${r2(cy)}" rx="${r2(rx)}" ry="${r2(r)}" fill="${face}"/>` +
    `<ellipse cx="${r2(cx)}" cy="${r2(cy)}" rx="${r2(rx * 0.78)}" ry="${r2(r * 0.78)}" fill="none" stroke="${brand.goldDeep}" stroke-width="${r2(r * 0.07)}" opacity="0.7"/>` +
    `<g transform="translate(${r2(cx)} ${r2(cy)}) scale(${r2(rx / r)} 1)"><polygon points="${starPoints(0, 0, r * 0.42, r * 0.18)}" fill="${brand.goldDeep}" opacity="0.75"/></g>` +
    `<ellipse cx="${r2(cx - rx * 0.3)}" cy="${r2(cy - r * 0.38)}" rx="${r2(rx * 0.35)}" ry="${r2(r * 0.16)}" fill="#fff" opacity="0.45"/></g>`
  );
}

/** A lottery ball with its number on a white disc. */
export function ball(svg: Svg, cx: number, cy: number, r: number, color: string, label: string): string {
  const body = svg.radial(
    [
      [0, shade(color, 0.55)],
      [0.55, color],
      [1, shade(color, -0.55)],
    ],
    0.36,
    0.3,
    0.72,
  );
  const fs = r * (label.length > 1 ? 0.62 : 0.72);
  return (
    `<g><circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r)}" fill="${body}"/>` +
    `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r * 0.56)}" fill="#fbfbf7"/>` +
    `<text x="${r2(cx)}" y="${r2(cy + fs * 0.36)}" font-family="${SANS}" font-weight="700" font-size="${r2(fs)}" text-anchor="middle" fill="${shade(color, -0.35)}">${esc(label)}</text>` +
    `<ellipse cx="${r2(cx - r * 0.32)}" cy="${r2(cy - r * 0.5)}" rx="${r2(r * 0.34)}" ry="${r2(r * 0.18)}" fill="#fff" opacity="0.55" transform="rotate(-30 ${r2(cx - r * 0.32)} ${r2(cy - r * 0.5)})"/></g>`
  );
}

const suitColour = (suit: string) => (suit === '♥' || suit === '♦' ? '#d21f3c' : '#141a2e');

/** A playing card, rotated about its centre. */
export function card(
  svg: Svg,
  cx: number,
  cy: number,
  w: number,
  rank: string,
  suit: string,
  rotateDeg = 0,
): string {
  const h = w * 1.4;
  const x = cx - w / 2;
  const y = cy - h / 2;
  const colour = suitColour(suit);
  const paper = svg.linear(
    [
      [0, '#ffffff'],
      [1, '#e9e6dd'],
    ],
    0,
    0,
    1,
    1,
  );
  return (
    `<g transform="rotate(${r2(rotateDeg)} ${r2(cx)} ${r2(cy)})">` +
    `<rect x="${r2(x + w * 0.03)}" y="${r2(y + w * 0.05)}" width="${r2(w)}" height="${r2(h)}" rx="${r2(w * 0.08)}" fill="#000" opacity="0.35"/>` +
    `<rect x="${r2(x)}" y="${r2(y)}" width="${r2(w)}" height="${r2(h)}" rx="${r2(w * 0.08)}" fill="${paper}" stroke="#c9c3b4" stroke-width="${r2(w * 0.01)}"/>` +
    `<text x="${r2(x + w * 0.1)}" y="${r2(y + w * 0.26)}" font-family="${SERIF}" font-weight="700" font-size="${r2(w * 0.22)}" fill="${colour}">${esc(rank)}</text>` +
    `<text x="${r2(x + w * 0.1)}" y="${r2(y + w * 0.46)}" font-family="${SANS}" font-size="${r2(w * 0.2)}" fill="${colour}">${esc(suit)}</text>` +
    `<text x="${r2(cx)}" y="${r2(cy + w * 0.2)}" font-family="${SANS}" font-size="${r2(w * 0.62)}" text-anchor="middle" fill="${colour}">${suit}</text>` +
    `<g transform="rotate(180 ${r2(x + w * 0.86)} ${r2(y + h - w * 0.2)})"><text x="${r2(x + w * 0.86)}" y="${r2(y + h - w * 0.12)}" font-family="${SERIF}" font-weight="700" font-size="${r2(w * 0.22)}" text-anchor="middle" fill="${colour}">${rank}</text></g>` +
    `</g>`
  );
}

/** A die showing `value` pips, rotated about its centre. */
export function die(
  svg: Svg,
  cx: number,
  cy: number,
  size: number,
  value: number,
  rotateDeg = 0,
  colour = '#fdfcf8',
): string {
  const s = size;
  const face = svg.linear(
    [
      [0, colour],
      [1, shade(colour, -0.18)],
    ],
    0,
    0,
    1,
    1,
  );
  const pip = (px: number, py: number) =>
    `<circle cx="${r2(cx + px * s * 0.27)}" cy="${r2(cy + py * s * 0.27)}" r="${r2(s * 0.09)}" fill="${value === 1 ? '#d21f3c' : '#141a2e'}"/>`;
  const layout: Record<number, [number, number][]> = {
    1: [[0, 0]],
    2: [
      [-1, -1],
      [1, 1],
    ],
    3: [
      [-1, -1],
      [0, 0],
      [1, 1],
    ],
    4: [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ],
    5: [
      [-1, -1],
      [1, -1],
      [0, 0],
      [-1, 1],
      [1, 1],
    ],
    6: [
      [-1, -1],
      [1, -1],
      [-1, 0],
      [1, 0],
      [-1, 1],
      [1, 1],
    ],
  };
  return (
    `<g transform="rotate(${r2(rotateDeg)} ${r2(cx)} ${r2(cy)})">` +
    `<rect x="${r2(cx - s / 2 + s * 0.04)}" y="${r2(cy - s / 2 + s * 0.07)}" width="${r2(s)}" height="${r2(s)}" rx="${r2(s * 0.18)}" fill="#000" opacity="0.35"/>` +
    `<rect x="${r2(cx - s / 2)}" y="${r2(cy - s / 2)}" width="${r2(s)}" height="${r2(s)}" rx="${r2(s * 0.18)}" fill="${face}"/>` +
    (layout[value] ?? layout[6]!).map(([px, py]) => pip(px, py)).join('') +
    `</g>`
  );
}

/** The Lucky Lotus mark: five layered petals over a gold arc, drawn in a box of `size` centred on cx. */
export function lotusMark(svg: Svg, cx: number, baseY: number, size: number): string {
  const h = size * 0.78;
  const petal = (len: number, width: number) =>
    `M0,0 C${r2(-width)},${r2(-len * 0.3)} ${r2(-width * 0.62)},${r2(-len * 0.82)} 0,${r2(-len)} C${r2(width * 0.62)},${r2(-len * 0.82)} ${r2(width)},${r2(-len * 0.3)} 0,0 Z`;
  const back = svg.linear(
    [
      [0, brand.goldDeep],
      [1, '#d9a03a'],
    ],
    0,
    1,
    0,
    0,
  );
  const mid = svg.linear(
    [
      [0, '#c88d2a'],
      [1, brand.gold],
    ],
    0,
    1,
    0,
    0,
  );
  const front = svg.linear(
    [
      [0, '#e5ad3f'],
      [0.6, brand.gold],
      [1, brand.goldLight],
    ],
    0,
    1,
    0,
    0,
  );
  const stroke = `stroke="${brand.goldDark}" stroke-width="${r2(size * 0.012)}" stroke-opacity="0.55"`;
  const at = (deg: number, len: number, width: number, fill: string) =>
    `<path d="${petal(len, width)}" transform="translate(${r2(cx)} ${r2(baseY)}) rotate(${deg})" fill="${fill}" ${stroke}/>`;
  const arcY = baseY + size * 0.04;
  return (
    `<g>` +
    at(-68, h * 0.62, h * 0.2, back) +
    at(68, h * 0.62, h * 0.2, back) +
    at(-34, h * 0.86, h * 0.25, mid) +
    at(34, h * 0.86, h * 0.25, mid) +
    at(0, h, h * 0.29, front) +
    `<path d="M${r2(cx)},${r2(baseY - h * 0.62)} L${r2(cx)},${r2(baseY - h * 0.08)}" stroke="${brand.goldDark}" stroke-width="${r2(size * 0.012)}" stroke-opacity="0.45"/>` +
    `<path d="M${r2(cx - size * 0.46)},${r2(arcY)} Q${r2(cx)},${r2(arcY + size * 0.16)} ${r2(cx + size * 0.46)},${r2(arcY)}" fill="none" stroke="${front}" stroke-width="${r2(size * 0.05)}" stroke-linecap="round"/>` +
    `<circle cx="${r2(cx)}" cy="${r2(baseY - h - size * 0.06)}" r="${r2(size * 0.035)}" fill="${brand.goldLight}"/>` +
    `</g>`
  );
}

/** A classic slot "7" with a gold outline, centred on (cx, cy). */
export function seven(svg: Svg, cx: number, cy: number, size: number, colour = '#e3243b'): string {
  const fill = svg.linear([
    [0, shade(colour, 0.35)],
    [0.5, colour],
    [1, shade(colour, -0.35)],
  ]);
  return `<text x="${r2(cx)}" y="${r2(cy + size * 0.36)}" font-family="${SANS}" font-weight="700" font-style="italic" font-size="${r2(size)}" text-anchor="middle" fill="${fill}" stroke="${brand.gold}" stroke-width="${r2(size * 0.04)}" paint-order="stroke">7</text>`;
}

/** A cherry pair (slot symbol). */
export function cherries(cx: number, cy: number, size: number): string {
  const s = size;
  return (
    `<g><path d="M${r2(cx - s * 0.22)},${r2(cy + s * 0.1)} Q${r2(cx - s * 0.1)},${r2(cy - s * 0.4)} ${r2(cx + s * 0.15)},${r2(cy - s * 0.42)} M${r2(cx + s * 0.22)},${r2(cy + s * 0.05)} Q${r2(cx + s * 0.2)},${r2(cy - s * 0.25)} ${r2(cx + s * 0.15)},${r2(cy - s * 0.42)}" fill="none" stroke="#3d8b37" stroke-width="${r2(s * 0.06)}" stroke-linecap="round"/>` +
    `<path d="M${r2(cx + s * 0.15)},${r2(cy - s * 0.42)} q${r2(s * 0.2)},${r2(-s * 0.1)} ${r2(s * 0.3)},${r2(s * 0.06)} q${r2(-s * 0.2)},${r2(s * 0.06)} ${r2(-s * 0.3)},${r2(-s * 0.06)} Z" fill="#4caf50"/>` +
    `<circle cx="${r2(cx - s * 0.22)}" cy="${r2(cy + s * 0.22)}" r="${r2(s * 0.2)}" fill="#d6203a"/><circle cx="${r2(cx + s * 0.22)}" cy="${r2(cy + s * 0.18)}" r="${r2(s * 0.2)}" fill="#e8304a"/>` +
    `<circle cx="${r2(cx - s * 0.28)}" cy="${r2(cy + s * 0.15)}" r="${r2(s * 0.06)}" fill="#fff" opacity="0.6"/><circle cx="${r2(cx + s * 0.16)}" cy="${r2(cy + s * 0.11)}" r="${r2(s * 0.06)}" fill="#fff" opacity="0.6"/></g>`
  );
}

/** A faceted gem (slot symbol, VIP accents). */
export function gem(svg: Svg, cx: number, cy: number, size: number, colour = '#39c6ff'): string {
  const s = size / 2;
  const top = svg.linear([
    [0, shade(colour, 0.6)],
    [1, colour],
  ]);
  const bottom = svg.linear([
    [0, colour],
    [1, shade(colour, -0.5)],
  ]);
  return (
    `<g><polygon points="${r2(cx - s)},${r2(cy - s * 0.3)} ${r2(cx - s * 0.55)},${r2(cy - s * 0.8)} ${r2(cx + s * 0.55)},${r2(cy - s * 0.8)} ${r2(cx + s)},${r2(cy - s * 0.3)}" fill="${top}"/>` +
    `<polygon points="${r2(cx - s)},${r2(cy - s * 0.3)} ${r2(cx + s)},${r2(cy - s * 0.3)} ${r2(cx)},${r2(cy + s)}" fill="${bottom}"/>` +
    `<polygon points="${r2(cx - s * 0.45)},${r2(cy - s * 0.3)} ${r2(cx + s * 0.45)},${r2(cy - s * 0.3)} ${r2(cx)},${r2(cy + s)}" fill="#fff" opacity="0.18"/>` +
    `<polygon points="${r2(cx - s * 0.55)},${r2(cy - s * 0.8)} ${r2(cx)},${r2(cy - s * 0.3)} ${r2(cx + s * 0.55)},${r2(cy - s * 0.8)}" fill="#fff" opacity="0.35"/></g>`
  );
}

/** Soft out-of-focus lights scattered over a region. */
export function bokeh(
  random: () => number,
  x: number,
  y: number,
  w: number,
  h: number,
  count: number,
  colours: string[],
  maxR: number,
): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const cx = x + random() * w;
    const cy = y + random() * h;
    const rad = maxR * (0.25 + random() * 0.75);
    const colour = colours[Math.floor(random() * colours.length)] ?? '#fff';
    out.push(
      `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(rad)}" fill="${colour}" opacity="${r2(0.05 + random() * 0.13)}"/>`,
    );
  }
  return out.join('');
}

/** Light rays fanning out from a point. */
export function rays(
  svg: Svg,
  cx: number,
  cy: number,
  length: number,
  count: number,
  colour: string,
  opacity: number,
  offsetDeg = 0,
): string {
  const fill = svg.radial(
    [
      [0, colour, opacity],
      [1, colour, 0],
    ],
    cx,
    cy,
    length,
    cx,
    cy,
    true,
  );
  const parts: string[] = [];
  const step = 360 / count;
  for (let i = 0; i < count; i++) {
    const a = offsetDeg + i * step;
    const [x1, y1] = polar(cx, cy, length, a - step * 0.18);
    const [x2, y2] = polar(cx, cy, length, a + step * 0.18);
    parts.push(`M${r2(cx)},${r2(cy)} L${r2(x1)},${r2(y1)} L${r2(x2)},${r2(y2)} Z`);
  }
  return `<path d="${parts.join(' ')}" fill="${fill}"/>`;
}
