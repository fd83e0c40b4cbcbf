import { polar, r2, sector, Svg, svgToPng, SANS } from './svg-kit.ts';

export const BROWSER_SIZE = 48;
export const browserNames = ['chrome', 'firefox', 'ie'] as const;
export type BrowserName = (typeof browserNames)[number];
export const isBrowserName = (n: string): n is BrowserName => (browserNames as readonly string[]).includes(n);

/** Meridians and parallels of a small globe. */
function globe(cx: number, cy: number, r: number, ink: string, opacity: number): string {
  return (
    `<g fill="none" stroke="${ink}" stroke-width="1.3" stroke-opacity="${opacity}">` +
    `<circle cx="${cx}" cy="${cy}" r="${r}"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r2(r * 0.45)}" ry="${r}"/>` +
    `<path d="M${cx - r},${cy} H${cx + r} M${cx},${cy - r} V${cy + r}"/>` +
    `<path d="M${r2(cx - r * 0.87)},${r2(cy - r * 0.5)} H${r2(cx + r * 0.87)} M${r2(cx - r * 0.87)},${r2(cy + r * 0.5)} H${r2(cx + r * 0.87)}"/>` +
    `</g>`
  );
}

/**
 * Suggested-browser icons of our own design: each hints at its browser's colours around a globe,
 * without copying any browser's logo.
 */
export async function renderBrowser(name: BrowserName): Promise<Buffer> {
  const svg = new Svg(BROWSER_SIZE, BROWSER_SIZE);
  const c = 24;
  let body: string;
  if (name === 'chrome') {
    const core = svg.radial(
      [
        [0, '#6fb3ff'],
        [1, '#1f63d6'],
      ],
      0.4,
      0.35,
      0.7,
    );
    body =
      `<circle cx="${c}" cy="${c}" r="23" fill="#f4f6fb"/>` +
      `<path d="${sector(c, c, 15.5, 22, -90, 30)}" fill="#e8453c"/>` +
      `<path d="${sector(c, c, 15.5, 22, 30, 150)}" fill="#2fa65a"/>` +
      `<path d="${sector(c, c, 15.5, 22, 150, 270)}" fill="#f8bd1c"/>` +
      `<circle cx="${c}" cy="${c}" r="14" fill="${core}"/>` +
      globe(c, c, 10, '#ffffff', 0.85);
  } else if (name === 'firefox') {
    const plate = svg.radial(
      [
        [0, '#b25cff'],
        [0.6, '#6a25c9'],
        [1, '#35106f'],
      ],
      0.35,
      0.3,
      0.8,
    );
    const sea = svg.radial(
      [
        [0, '#4f8dff'],
        [1, '#1b3f9e'],
      ],
      0.4,
      0.35,
      0.7,
    );
    const [ax, ay] = polar(c, c, 22, -75);
    const [bx, by] = polar(c, c, 22, 160);
    const flame = svg.linear(
      [
        [0, '#ffe066'],
        [0.5, '#ffb02e'],
        [1, '#ff5a1f'],
      ],
      0,
      0,
      0.3,
      1,
    );
    body =
      `<circle cx="${c}" cy="${c}" r="23" fill="${plate}"/>` +
      `<circle cx="${c - 2}" cy="${c - 1}" r="14" fill="${sea}"/>` +
      globe(c - 2, c - 1, 10, '#ffffff', 0.6) +
      // A flame tail wrapping the globe's right side and bottom.
      `<path d="M${r2(ax)},${r2(ay)} A22,22 0 1 1 ${r2(bx)},${r2(by)} A19,19 0 1 0 ${r2(ax)},${r2(ay)} Z" fill="${flame}"/>`;
  } else {
    const plate = svg.radial(
      [
        [0, '#5cc8ff'],
        [1, '#0a5ec2'],
      ],
      0.4,
      0.3,
      0.75,
    );
    body =
      `<circle cx="${c}" cy="${c}" r="23" fill="${plate}"/>` +
      `<text x="${c}" y="${c + 9}" font-family="${SANS}" font-weight="700" font-size="30" text-anchor="middle" fill="#fff">e</text>` +
      `<ellipse cx="${c}" cy="${c}" rx="21" ry="7.5" fill="none" stroke="#f4c04e" stroke-width="2.4" transform="rotate(-28 ${c} ${c})"/>`;
  }
  const sheen = svg.linear([
    [0, '#ffffff', 0.25],
    [1, '#ffffff', 0],
  ]);
  body += `<ellipse cx="${c}" cy="13" rx="16" ry="9" fill="${sheen}"/>`;
  return svgToPng(svg.render(`<g filter="${svg.shadow(1, 1, 0.35)}">${body}</g>`));
}
