import { describe, expect, it } from 'vitest';
import { untranslated } from '../../locales/languages.ts';

type Catalogue = Record<string, string>;
const files = import.meta.glob<Catalogue>('../../locales/profile/*.json', { eager: true, import: 'default' });
const byLanguage = new Map(
  Object.entries(files).map(([path, strings]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), strings]),
);
/**
 * The languages the site ships a shell catalogue for: every one of them gets the profile strings,
 * but for those whose profile file is a declared gap (languages.ts: they read English).
 */
const OFFERED_LANGUAGES = Object.keys(import.meta.glob('../../locales/*.json'))
  .map((p) => p.replace(/^.*\/(.+)\.json$/, '$1'))
  .filter((language) => !untranslated.profile?.includes(language));
/** Words a language writes as English does: Uzbek and Urdu say "bank" too. */
const sharedWords: Record<string, readonly string[]> = { uz: ['Bank'], 'ur-Latn': ['Bank'] };
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('profile strings', () => {
  it('exist in every offered language with every English key, none empty, the same placeholders', () => {
    const en = byLanguage.get('en')!;
    expect(OFFERED_LANGUAGES.length).toBeGreaterThan(1);
    for (const language of OFFERED_LANGUAGES) {
      const strings = byLanguage.get(language);
      expect(strings, language).toBeDefined();
      expect(Object.keys(strings!).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(strings!)) {
        expect(text.trim(), `${language}:${key}`).not.toBe('');
        expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(en[key]!));
        // Translated, not English left behind (names of apps and formats may stay as they are).
        if (
          language !== 'en' &&
          text === en[key] &&
          !/^(Telegram|Zalo|E-mail|Avatar \{\{n\}\})$/.test(text) &&
          !sharedWords[language]?.includes(text)
        )
          expect.soft(text, `${language}:${key} is still English`).not.toBe(en[key]);
      }
    }
  });
});
