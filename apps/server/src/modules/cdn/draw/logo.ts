import { lotusMark } from './motifs.ts';
import { brand, fitSize, Svg, svgToPng, text } from './svg-kit.ts';

export const LOGO_SIZE = { width: 360, height: 96 } as const;

/** The "Lucky Lotus" logo: lotus mark and wordmark, gold on transparent. */
export async function renderLogo(): Promise<Buffer> {
  const { width, height } = LOGO_SIZE;
  const svg = new Svg(width, height);
  const markBox = 84;
  const textX = markBox + 14;
  const maxText = width - textX - 6;

  const wordFont = { weight: 700, family: 'serif', letterSpacing: 1.5 } as const;
  const wordSize = await fitSize('LUCKY LOTUS', wordFont, maxText, 40);
  const tagFont = { weight: 700, family: 'sans', letterSpacing: 3.2 } as const;
  const tagSize = await fitSize('CASINO · LOTTERY · SPORTS', tagFont, maxText, 12);

  const goldText = svg.linear([
    [0, brand.goldLight],
    [0.45, brand.gold],
    [1, '#c98d26'],
  ]);
  const shadow = svg.shadow(1.5, 1.2, 0.55);
  const rule = svg.linear(
    [
      [0, brand.gold, 0.9],
      [1, brand.gold, 0],
    ],
    0,
    0,
    1,
    0,
  );

  const body =
    `<g filter="${shadow}">${lotusMark(svg, markBox / 2 + 2, 74, 76)}</g>` +
    `<g filter="${shadow}">${text('LUCKY LOTUS', textX, 54, { ...wordFont, size: wordSize }, { fill: goldText })}</g>` +
    `<rect x="${textX}" y="62" width="${maxText}" height="1.4" fill="${rule}"/>` +
    text(
      'CASINO · LOTTERY · SPORTS',
      textX + 1,
      80,
      { ...tagFont, size: tagSize },
      { fill: brand.gold, extra: 'fill-opacity="0.85"' },
    );
  return svgToPng(svg.render(body));
}
