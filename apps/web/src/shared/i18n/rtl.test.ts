import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueLanguages } from '../../locales/languages.ts';
import { applyDocumentLanguage } from './i18n.ts';
import { isRtl } from './language.ts';

const src = join(import.meta.dirname, '../..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : [],
  );
}

/**
 * Physical sides that stay on purpose: centring (left 50% with a translate or a negative margin is
 * the same either way), the slider captcha's drag (a gesture from left to right in every
 * language), the lottery trend chart's line over its number table (numbers stay left to right),
 * a badge at the top right of an icon, and a spinner's gap.
 */
const physicalOnPurpose = new Set([
  'app/status/status-screen.module.css: left: 50%',
  'app/status/status-screen.module.css: margin-left: -260px',
  'features/home/banner-carousel.module.css: left: 50%',
  'features/games/header-nav.module.css: left: calc(50% + 7px)',
  'features/lottery/trend.module.css: left: 152px',
  'features/lottery/trend.module.css: left: 132px',
  'shared/forms/slider-challenge.module.css: left: 0',
  'shared/forms/form.module.css: border-right-color: transparent',
]);

describe('right to left (LN-07)', () => {
  it('the document reads right to left in Arabic, Persian and Urdu and left to right in the 28 others', () => {
    const root = document.createElement('html');
    const rtl: string[] = [];
    for (const { code } of catalogueLanguages) {
      applyDocumentLanguage(code, root);
      expect(root.lang).toBe(code);
      expect(root.dir).toBe(isRtl(code) ? 'rtl' : 'ltr');
      if (root.dir === 'rtl') rtl.push(code);
    }
    expect(rtl).toEqual(['ur', 'ar', 'fa']);
    expect(catalogueLanguages.filter((l) => 'rtl' in l && l.rtl).map((l) => l.code)).toEqual(rtl);
  });

  it('the stylesheets place and space things by logical sides (inline-start/end), so the layout mirrors', () => {
    const physical =
      /(?:^|[\s;{])((?:margin|padding|border)-(?:left|right)(?:-[a-z]+)?|left|right|float|text-align)\s*:\s*([^;]+);/gm;
    const found: string[] = [];
    for (const file of cssFiles(src)) {
      const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [, property, value] of css.matchAll(physical)) {
        if ((property === 'float' || property === 'text-align') && !/\b(left|right)\b/.test(value!)) continue;
        const line = `${relative(src, file)}: ${property}: ${value!.trim()}`;
        if (!physicalOnPurpose.has(line)) found.push(line);
      }
    }
    expect(found).toEqual([]);
  });
});
