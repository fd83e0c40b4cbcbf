import { lotusMark } from './motifs.ts';
import { brand, Svg, svgToPng, SANS } from './svg-kit.ts';

export const APP_ICON_SIZE = 64;
export const appPlatforms = ['ios', 'android'] as const;
export type AppPlatform = (typeof appPlatforms)[number];
export const isAppPlatform = (p: string): p is AppPlatform => (appPlatforms as readonly string[]).includes(p);

/** App download icons: a phone (iOS) or a little robot (Android) on a rounded plate, with the platform's name. */
export async function renderAppIcon(platform: AppPlatform): Promise<Buffer> {
  const svg = new Svg(APP_ICON_SIZE, APP_ICON_SIZE);
  const sheen = svg.linear([
    [0, '#ffffff', 0.22],
    [1, '#ffffff', 0],
  ]);
  let plate: string;
  let glyph: string;
  let label: string;
  if (platform === 'ios') {
    plate = svg.linear(
      [
        [0, '#3a4150'],
        [1, '#0c0f16'],
      ],
      0,
      0,
      0.4,
      1,
    );
    label = 'iOS';
    glyph =
      `<rect x="21" y="8" width="22" height="38" rx="5" fill="none" stroke="#fff" stroke-width="2.4"/>` +
      `<rect x="28" y="10.5" width="8" height="2.6" rx="1.3" fill="#fff"/>` +
      `<rect x="24" y="15" width="16" height="24" rx="1.5" fill="${brand.navy700}"/>` +
      lotusMark(svg, 32, 33.5, 14) +
      `<circle cx="32" cy="42.3" r="1.4" fill="#fff"/>`;
  } else {
    plate = svg.linear(
      [
        [0, '#3fcf7e'],
        [1, '#167a43'],
      ],
      0,
      0,
      0.4,
      1,
    );
    label = 'Android';
    glyph =
      `<path d="M24.5,12.5 L27.5,17 M39.5,12.5 L36.5,17" stroke="#fff" stroke-width="2" stroke-linecap="round"/>` +
      `<path d="M19,26 Q19,15 32,15 Q45,15 45,26 Z" fill="#fff"/>` +
      `<circle cx="26.8" cy="21.4" r="1.8" fill="#1f8a52"/><circle cx="37.2" cy="21.4" r="1.8" fill="#1f8a52"/>` +
      `<path d="M19,28 H45 V40 Q45,43 42,43 H22 Q19,43 19,40 Z" fill="#fff"/>` +
      `<rect x="13" y="28" width="4.4" height="11" rx="2.2" fill="#fff"/><rect x="46.6" y="28" width="4.4" height="11" rx="2.2" fill="#fff"/>` +
      `<rect x="24.5" y="41" width="4.4" height="6" rx="2.2" fill="#fff"/><rect x="35.1" y="41" width="4.4" height="6" rx="2.2" fill="#fff"/>`;
  }
  const body =
    `<rect x="1" y="1" width="62" height="62" rx="15" fill="${plate}"/>` +
    `<rect x="2" y="2" width="60" height="28" rx="14" fill="${sheen}"/>` +
    glyph +
    `<text x="32" y="58" font-family="${SANS}" font-weight="700" font-size="${platform === 'ios' ? 9.5 : 8.5}" text-anchor="middle" fill="#fff" fill-opacity="0.92">${label}</text>`;
  return svgToPng(svg.render(body));
}
