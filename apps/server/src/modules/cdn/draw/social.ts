import { shade } from './motifs.ts';
import { Svg, svgToPng, SANS } from './svg-kit.ts';

export const SOCIAL_SIZE = 64;

interface Network {
  colour: string;
  glyph: string;
}

/** Simple glyphs of our own on round plates, drawn on a 64×64 grid. */
const networks: Record<string, Network> = {
  telegram: {
    colour: '#2aa3e0',
    glyph:
      '<path d="M14.6,31.2 L45.8,18.9 Q48.4,18 47.8,20.7 L42.6,45 Q41.9,47.6 39.6,46 L31.4,40 L27.4,43.9 Q26.3,45 26.1,43.4 L25.9,37.2 L41.2,23.6 L23.6,34.7 L15.3,32.8 Q13.4,32.1 14.6,31.2 Z" fill="#fff"/>' +
      '<path d="M25.9,37.2 L26.1,43.4 L31.4,40 Z" fill="#d6ecf8"/>',
  },
  facebook: {
    colour: '#2d64d8',
    glyph:
      '<path d="M35.2,52 V35.4 H40.6 L41.5,29 H35.2 V24.9 Q35.2,22 38.3,22 H41.7 V16.3 Q39.3,16 36.6,16 Q28.6,16 28.6,24.3 V29 H23 V35.4 H28.6 V52 Z" fill="#fff"/>',
  },
  youtube: {
    colour: '#e3262f',
    glyph:
      '<rect x="13" y="19" width="38" height="26" rx="8" fill="#fff"/><path d="M28,25.5 L38.5,32 L28,38.5 Z" fill="#e3262f"/>',
  },
  zalo: {
    colour: '#0a7cff',
    glyph:
      '<path d="M15,20 Q15,14 21,14 H43 Q49,14 49,20 V37 Q49,43 43,43 H28 L20,50 L21.5,43 Q15,42.5 15,37 Z" fill="#fff"/>' +
      `<text x="32" y="33.5" font-family="${SANS}" font-weight="700" font-size="11.5" text-anchor="middle" fill="#0a7cff">Zalo</text>`,
  },
};

export const socialNames = Object.keys(networks);
export const isSocialName = (name: string): boolean => Object.hasOwn(networks, name);

export async function renderSocial(name: string): Promise<Buffer> {
  const net = networks[name];
  if (!net) throw new Error(`no social icon ${name}`);
  const svg = new Svg(SOCIAL_SIZE, SOCIAL_SIZE);
  const plate = svg.linear(
    [
      [0, shade(net.colour, 0.18)],
      [1, shade(net.colour, -0.22)],
    ],
    0,
    0,
    0.6,
    1,
  );
  const sheen = svg.linear([
    [0, '#ffffff', 0.3],
    [1, '#ffffff', 0],
  ]);
  const body =
    `<circle cx="32" cy="32" r="31" fill="${plate}"/>` +
    `<ellipse cx="32" cy="18" rx="24" ry="14" fill="${sheen}"/>` +
    `<circle cx="32" cy="32" r="30.5" fill="none" stroke="#ffffff" stroke-opacity="0.18"/>` +
    net.glyph;
  return svgToPng(svg.render(body));
}
