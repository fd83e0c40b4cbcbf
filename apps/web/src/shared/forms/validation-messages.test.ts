import { describe, expect, it } from 'vitest';
import { patternMessages, type FieldRule } from '@app/contract';
import accountsVi from '../../locales/accounts/vi.json';
import { createTranslator } from '../i18n/translator.ts';
import { ruleProblem } from './field-rules.ts';

/** The `forms` catalogues (validation messages), by language. */
const forms = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, string>>('../../locales/forms/*.json', {
      eager: true,
      import: 'default',
    }),
  ).map(([path, strings]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), strings]),
);
/** Every language the shell has a catalogue for: the languages the site offers. */
const offered = Object.keys(import.meta.glob('../../locales/*.json')).map((path) =>
  path.slice(path.lastIndexOf('/') + 1, -'.json'.length),
);
const bounds = (s: string) => [...s.matchAll(/\((min|max)\)/g)].map((m) => m[0]);

describe('validation messages come from the catalogues, in every offered language', () => {
  it("the English catalogue is the contract's pattern messages, word for word", () => {
    expect(forms.en).toEqual(patternMessages);
  });

  it('every offered language has every message, translated, with the same (min) and (max)', () => {
    expect(offered.length).toBeGreaterThanOrEqual(8);
    for (const language of offered) {
      const strings = forms[language];
      expect(strings, language).toBeDefined();
      expect(Object.keys(strings!).sort(), language).toEqual(Object.keys(patternMessages).sort());
      for (const [key, english] of Object.entries(patternMessages)) {
        expect(bounds(strings![key]!), `${language} ${key}`).toEqual(bounds(english));
        if (language !== 'en') expect(strings![key], `${language} ${key}`).not.toBe(english);
      }
    }
  });

  it('a Vietnamese player reads a field rule refusal in Vietnamese, its bounds filled in', async () => {
    const vi = createTranslator({
      language: 'vi',
      resources: { vi: { accounts: accountsVi, forms: forms.vi! } },
      defaultNamespace: 'accounts',
      fallbackNamespaces: ['forms'],
    });
    const username: FieldRule = {
      enabled: true,
      required: true,
      acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
      patternId: 1,
      minLength: 6,
      maxLength: 16,
    };
    expect(ruleProblem('username', username, '1player', vi.t)).toBe(
      'Định dạng tài khoản không đúng: Bắt đầu bằng một chữ cái, sau đó là chữ cái hoặc chữ số, 6-16 ký tự',
    );
    expect(ruleProblem('username', username, '', vi.t)).toBe('Không được để trống');
    expect(
      ruleProblem('nickname', { ...username, patternId: 6, minLength: 4, maxLength: 4 }, 'ab', vi.t),
    ).toBe('Chỉ chữ số, 4 chữ số');
  });
});
