import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { labelTemplate } from './game-tile.tsx';

const locales = import.meta.glob<{ default: Record<string, string> }>('../../locales/games/*.json', {
  eager: true,
});

/** A tile's labels are translated once per language and filled per game: the same text as asking the translator per tile. */
describe('tile labels', () => {
  const languages = Object.keys(locales).map((path) => /([^/]+)\.json$/.exec(path)![1]!);

  it('cover every offered language', () => {
    expect(languages).toEqual(expect.arrayContaining(['en', 'zh-CN', 'vi', 'th']));
  });

  for (const lng of languages) {
    it(`read in ${lng} as the translator reads them, for any game name`, async () => {
      const instance = createTranslator({
        language: lng,
        resources: { [lng]: { games: locales[`../../locales/games/${lng}.json`]!.default } },
        defaultNamespace: 'games',
      });
      const t = instance.t;
      const names = ['Golden Dragon', '黄金龙', 'Vàng Rồng', 'A & B <"x">', '$& $1 {{game}}', ''];
      for (const [key, name] of [
        ['play_game', 'game'],
        ['favourite_add', 'game'],
        ['favourite_remove', 'game'],
        ['rtp', 'rtp'],
      ] as const) {
        const fill = labelTemplate(t, key, name);
        for (const value of [...names, '96.50']) expect(fill(value)).toBe(t(key, { [name]: value }));
      }
    });
  }
});
