import { describe, expect, it } from 'vitest';
import { applyTheme } from './brand.ts';

describe('applyTheme: the brand config design tokens on :root', () => {
  it('sets each well-formed token as a custom property and names the ones it applied', () => {
    const root = document.createElement('div');
    const applied = applyTheme({ 'color-accent': '#ffcc00', 'radius-lg': '14px' }, root);
    expect(applied).toEqual(['color-accent', 'radius-lg']);
    expect(root.style.getPropertyValue('--color-accent')).toBe('#ffcc00');
    expect(root.style.getPropertyValue('--radius-lg')).toBe('14px');
  });

  it('ignores a malformed name, a value that is not a string and an oversized value, keeping the rest', () => {
    const root = document.createElement('div');
    const applied = applyTheme(
      {
        '--color-bg': '#000',
        'Color-Text': '#fff',
        'color text': '#fff',
        'color-border': 12 as unknown as string,
        'color-surface': 'x'.repeat(201),
        'color-muted': '#999',
      },
      root,
    );
    expect(applied).toEqual(['color-muted']);
    expect(root.style.getPropertyValue('--color-muted')).toBe('#999');
    for (const name of ['--color-bg', '----color-bg', '--Color-Text', '--color-border', '--color-surface'])
      expect(root.style.getPropertyValue(name)).toBe('');
  });

  it('applies to the document root by default, and an empty theme changes nothing', () => {
    expect(applyTheme({ 'color-link': 'rgb(1, 2, 3)' })).toEqual(['color-link']);
    expect(document.documentElement.style.getPropertyValue('--color-link')).toBe('rgb(1, 2, 3)');
    document.documentElement.style.removeProperty('--color-link');
    const before = document.documentElement.getAttribute('style');
    expect(applyTheme({})).toEqual([]);
    expect(document.documentElement.getAttribute('style')).toBe(before);
  });
});
