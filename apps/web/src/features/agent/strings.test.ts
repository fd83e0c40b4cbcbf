import { describe, expect, it } from 'vitest';
import { untranslated } from '../../locales/languages.ts';

type Catalogue = Record<string, string>;
const files = import.meta.glob<Catalogue>('../../locales/agent/*.json', { eager: true, import: 'default' });
const byLanguage = new Map(
  Object.entries(files).map(([path, strings]) => [path.replace(/^.*\/|\.json$/g, ''), strings]),
);
/** The languages the site offers a catalogue in (locales/*.json), but the agent file's declared gaps (languages.ts). */
const offered = Object.keys(import.meta.glob('../../locales/*.json'))
  .map((p) => p.replace(/^.*\/|\.json$/g, ''))
  .filter((language) => !untranslated.agent?.includes(language));
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the agent centre strings', () => {
  it('issue 29 every page works in every offered language: a full agent catalogue per language, placeholders kept', () => {
    expect(offered.length).toBeGreaterThanOrEqual(8);
    const en = byLanguage.get('en')!;
    for (const language of offered) {
      const strings = byLanguage.get(language);
      expect(strings, language).toBeDefined();
      expect(Object.keys(strings!).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(strings!)) {
        expect(text.trim(), `${language}:${key}`).not.toBe('');
        expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(en[key]!));
      }
    }
  });
});
