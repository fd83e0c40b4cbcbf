import { shade } from './motifs.ts';
import { brand, fitSize, hashString, r2, Svg, svgToPng, text } from './svg-kit.ts';

export const PAYMENT_SIZE = { width: 140, height: 56 } as const;

type Glyph = 'card' | 'coin' | 'wallet' | 'qr' | 'phone' | 'bank';

interface Method {
  label: string;
  sub?: string;
  colours: [string, string];
  glyph: Glyph;
  /** Ink of glyph and label; gold on the house's own bank badge. */
  ink?: string;
  italic?: boolean;
}

/**
 * Our own badges for the payment methods the cashier offers: a coloured plate, a generic glyph
 * and the method's name. Deliberately not the networks' trademarks.
 */
const methods: Record<string, Method> = {
  VISA: {
    label: 'VISA',
    sub: 'CREDIT · DEBIT',
    colours: ['#2150c9', '#0b2370'],
    glyph: 'card',
    italic: true,
  },
  MASTERCARD: { label: 'Mastercard', sub: 'CREDIT · DEBIT', colours: ['#f47b20', '#c9252c'], glyph: 'card' },
  USDT: { label: 'USDT', sub: 'TRC20 · ERC20', colours: ['#2bb38a', '#137156'], glyph: 'coin' },
  MOMO: { label: 'MoMo', sub: 'E-WALLET', colours: ['#c2187a', '#7a0a55'], glyph: 'wallet' },
  ZALOPAY: { label: 'ZaloPay', sub: 'E-WALLET', colours: ['#1b7bff', '#0046c2'], glyph: 'wallet' },
  VIETQR: { label: 'VietQR', sub: 'SCAN TO PAY', colours: ['#e2343f', '#9e1521'], glyph: 'qr' },
  PROMPTPAY: { label: 'PromptPay', sub: 'THAI QR', colours: ['#1f5ea8', '#0b2f5f'], glyph: 'phone' },
  BANK: {
    label: 'Bank',
    sub: 'TRANSFER',
    colours: [brand.navy600, brand.navy800],
    glyph: 'bank',
    ink: brand.gold,
  },
};

const genericColours: [string, string][] = [
  ['#5b4bd6', '#2d1f8a'],
  ['#0f9fb0', '#0a5d6b'],
  ['#d9822b', '#8f4a10'],
  ['#3d9a4a', '#1f5a28'],
  ['#8b3fbf', '#4c1a70'],
];

function drawGlyph(kind: Glyph, x: number, y: number, ink: string): string {
  const line = (width: number) =>
    `fill="none" stroke="${ink}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;
  const stroke = line(2.2);
  switch (kind) {
    case 'card':
      return (
        `<rect x="${x}" y="${y + 6}" width="30" height="21" rx="3.5" ${stroke}/>` +
        `<rect x="${x + 1}" y="${y + 11}" width="28" height="3.6" fill="${ink}"/>` +
        `<rect x="${x + 4}" y="${y + 18}" width="7" height="5" rx="1.2" fill="${brand.gold}"/>`
      );
    case 'coin':
      return (
        `<circle cx="${x + 15}" cy="${y + 16}" r="13" ${stroke}/>` +
        `<path d="M${x + 8.5},${y + 9.5} H${x + 21.5} M${x + 15},${y + 9.5} V${y + 24} M${x + 9},${y + 14.5} Q${x + 15},${y + 17.5} ${x + 21},${y + 14.5}" ${stroke}/>`
      );
    case 'wallet':
      return (
        `<path d="M${x + 2},${y + 10} L${x + 22},${y + 4} L${x + 24},${y + 10}" ${stroke}/>` +
        `<rect x="${x}" y="${y + 10}" width="30" height="18" rx="3.5" ${stroke}/>` +
        `<rect x="${x + 19}" y="${y + 15}" width="11" height="8" rx="2" fill="${ink}"/><circle cx="${x + 23}" cy="${y + 19}" r="1.6" fill="${shade(ink, -0.7)}"/>`
      );
    case 'qr': {
      const finder = (fx: number, fy: number) =>
        `<rect x="${fx}" y="${fy}" width="10" height="10" rx="1.5" ${stroke}/><rect x="${fx + 3.3}" y="${fy + 3.3}" width="3.4" height="3.4" fill="${ink}"/>`;
      const dots = [
        [17, 3],
        [21, 7],
        [17, 11],
        [3, 17],
        [9, 21],
        [17, 17],
        [22, 17],
        [26, 21],
        [17, 25],
        [22, 26],
        [26, 27],
      ]
        .map(([dx, dy]) => `<rect x="${x + dx!}" y="${y + dy!}" width="3.4" height="3.4" fill="${ink}"/>`)
        .join('');
      return finder(x + 1, y + 1) + finder(x + 1 + 0, y + 19) + finder(x + 19, y + 1) + dots;
    }
    case 'phone':
      return (
        `<rect x="${x + 6}" y="${y + 1}" width="18" height="30" rx="3.5" ${stroke}/>` +
        `<path d="M${x + 12},${y + 27} H${x + 18}" ${stroke}/>` +
        `<path d="M${x + 10},${y + 12} H${x + 20} M${x + 16},${y + 8} L${x + 20},${y + 12} L${x + 16},${y + 16}" ${stroke}/>` +
        `<path d="M${x + 20},${y + 20} H${x + 10} M${x + 14},${y + 16.5} L${x + 10},${y + 20} L${x + 14},${y + 23.5}" ${stroke} stroke-opacity="0.7"/>`
      );
    case 'bank':
      return (
        `<path d="M${x},${y + 10} L${x + 15},${y + 2} L${x + 30},${y + 10} Z" fill="${ink}"/>` +
        `<path d="M${x + 4.5},${y + 13} V${y + 24} M${x + 11.5},${y + 13} V${y + 24} M${x + 18.5},${y + 13} V${y + 24} M${x + 25.5},${y + 13} V${y + 24}" ${line(3)}/>` +
        `<rect x="${x}" y="${y + 26}" width="30" height="4" rx="1" fill="${ink}"/>`
      );
  }
}

function methodOf(code: string): Method {
  const known = methods[code];
  if (known) return known;
  const colours = genericColours[hashString(`pay:${code}`) % genericColours.length]!;
  return { label: code.replace(/_+/g, ' '), colours, glyph: 'card' };
}

/** A payment method badge. Any code is drawn; the known ones get their own colours and glyphs. */
export async function renderPayment(code: string): Promise<Buffer> {
  const { width: W, height: H } = PAYMENT_SIZE;
  const svg = new Svg(W, H);
  const m = methodOf(code);
  const ink = m.ink ?? '#ffffff';
  const plate = svg.linear(
    [
      [0, m.colours[0]],
      [1, m.colours[1]],
    ],
    0,
    0,
    1,
    1,
  );
  const sheen = svg.linear([
    [0, '#ffffff', 0.28],
    [1, '#ffffff', 0],
  ]);
  const textX = 50;
  const maxW = W - textX - 8;
  const labelFont = { weight: 700, italic: m.italic ?? false } as const;
  const labelSize = await fitSize(m.label, labelFont, maxW, m.sub ? 19 : 22);
  const subFont = { weight: 700, letterSpacing: 0.8 } as const;
  const subSize = m.sub ? await fitSize(m.sub, subFont, maxW, 8.5) : 0;
  const labelY = m.sub ? H / 2 + labelSize * 0.22 - 2 : H / 2 + labelSize * 0.36;
  const body =
    `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="10" fill="${plate}" stroke="${m.ink ? brand.goldDeep : shade(m.colours[1], -0.3)}" stroke-width="1"/>` +
    `<rect x="2" y="2" width="${W - 4}" height="${r2(H * 0.48)}" rx="8.5" fill="${sheen}"/>` +
    `<path d="M${W - 36},0 L${W},0 L${W},${H} L${W - 70},${H} Z" fill="#ffffff" opacity="0.06"/>` +
    drawGlyph(m.glyph, 12, 12, ink) +
    `<path d="M${textX - 5},12 V${H - 12}" stroke="${ink}" stroke-opacity="0.28" stroke-width="1"/>` +
    text(m.label, textX + 1, labelY, { ...labelFont, size: labelSize }, { fill: ink }) +
    (m.sub
      ? text(
          m.sub,
          textX + 2,
          labelY + subSize + 5,
          { ...subFont, size: subSize },
          { fill: ink, extra: 'fill-opacity="0.78"' },
        )
      : '');
  return svgToPng(svg.render(body));
}
