import QRCode from 'qrcode';
import { lotusMark } from './motifs.ts';
import { brand, r2, Svg, svgToPng } from './svg-kit.ts';

export const QR_SIZE = 240;
/** Quiet zone the QR standard asks for, in modules. */
const QUIET = 4;
const INK = brand.navy900;

export interface QrLayout {
  /** Modules per side. */
  size: number;
  /** Pixels per module (whole pixels keep the edges crisp). */
  cell: number;
  /** Pixel offset of the first module. */
  offset: number;
  /** Modules covered by the centre badge: [first, last] on both axes, or null when no badge. */
  badge: [number, number] | null;
}

/**
 * Where each module lands in the image. The centre badge is drawn only on versions without a
 * centre alignment pattern (below 7), and covers about 5% of the modules, well inside what error
 * correction level H (30%) restores.
 */
export function qrLayout(
  data: string,
  side: number = QR_SIZE,
): QrLayout & { version: number; dark: (row: number, col: number) => boolean } {
  const code = QRCode.create(data, { errorCorrectionLevel: 'H' });
  const size = code.modules.size;
  const cell = Math.floor(side / (size + QUIET * 2));
  const offset = Math.floor((side - cell * size) / 2);
  const span = Math.round(size * 0.22) | 1;
  const first = (size - span) / 2;
  return {
    size,
    cell,
    offset,
    version: code.version,
    badge: code.version < 7 ? [first, first + span - 1] : null,
    dark: (row, col) => code.modules.get(row, col) === 1,
  };
}

/** A QR code on a white card, navy modules, rounded finder eyes and the lotus in the middle. */
export async function renderQr(data: string): Promise<Buffer> {
  return svgToPng(qrSvg(data));
}

/**
 * The same QR code as SVG text, `side` pixels square (whole-pixel modules): the invitation links'
 * codes are served as it (cdn.routes.ts), sharp at any size and screen density.
 */
export function qrSvg(data: string, side: number = QR_SIZE): string {
  const layout = qrLayout(data, side);
  const { size, cell, offset, badge } = layout;
  const svg = new Svg(side, side);
  const inFinder = (r: number, c: number) =>
    (r < 7 && c < 7) || (r < 7 && c >= size - 7) || (r >= size - 7 && c < 7);
  const inBadge = (r: number, c: number) =>
    badge !== null && r >= badge[0] && r <= badge[1] && c >= badge[0] && c <= badge[1];

  // One path with a square per dark module: small output, and crisp at whole-pixel cells.
  const squares: string[] = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (!layout.dark(r, c) || inFinder(r, c) || inBadge(r, c)) continue;
      squares.push(`M${offset + c * cell},${offset + r * cell}h${cell}v${cell}h-${cell}z`);
    }
  }
  // Finder eyes with softened corners; the radii keep every corner module's centre dark.
  const eye = (r: number, c: number) => {
    const x = offset + c * cell;
    const y = offset + r * cell;
    return (
      `<rect x="${x + cell / 2}" y="${y + cell / 2}" width="${cell * 6}" height="${cell * 6}" rx="${r2(cell * 0.6)}" fill="none" stroke="${INK}" stroke-width="${cell}"/>` +
      `<rect x="${x + cell * 2}" y="${y + cell * 2}" width="${cell * 3}" height="${cell * 3}" rx="${r2(cell * 0.7)}" fill="${INK}"/>`
    );
  };
  let centre = '';
  if (badge) {
    const from = offset + badge[0] * cell;
    const side = (badge[1] - badge[0] + 1) * cell;
    const mid = from + side / 2;
    const plate = svg.linear(
      [
        [0, brand.navy600],
        [1, brand.navy900],
      ],
      0,
      0,
      1,
      1,
    );
    centre =
      `<rect x="${from + 1}" y="${from + 1}" width="${side - 2}" height="${side - 2}" rx="${r2(side * 0.22)}" fill="${plate}" stroke="#ffffff" stroke-width="2"/>` +
      lotusMark(svg, mid, mid + side * 0.26, side * 0.68);
  }
  const body =
    `<rect width="${side}" height="${side}" rx="${r2((side * 16) / QR_SIZE)}" fill="#ffffff"/>` +
    `<path d="${squares.join('')}" fill="${INK}" shape-rendering="crispEdges"/>` +
    eye(0, 0) +
    eye(0, size - 7) +
    eye(size - 7, 0) +
    centre;
  return svg.render(body);
}
