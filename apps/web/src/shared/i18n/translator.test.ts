import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator.ts';

const resources = {
  en: {
    translation: {
      hello: 'Hello {{name}}',
      items_one: '{{count}} item',
      items_other: '{{count}} items',
      items_zero: 'No items',
      shell_only: 'from the shell',
      empty: '',
    },
    games: { hello: 'Hello player {{name}}', count: '{{count}} games' },
    forms: { required: 'Required' },
  },
  my: { translation: { items_other: 'ပစ္စည်း {{count}} ခု' } },
  ar: { translation: { items_one: 'عنصر واحد', items_other: '{{count}} عناصر' } },
};

const make = (language = 'en') =>
  createTranslator({ language, resources, fallbackNamespaces: ['translation', 'forms'] });

describe('the translator', () => {
  it('fills {{values}}, writes a value as given (no replacement patterns) and leaves an unknown one as written', () => {
    const { t } = make();
    expect(t('hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(t('hello', { name: '$& $1 {{name}}' })).toBe('Hello $& $1 {{name}}');
    expect(t('hello')).toBe('Hello {{name}}');
  });

  it("picks the language's plural form, _zero for 0, and the plain key when a form is missing", () => {
    const en = make();
    expect(en.t('items', { count: 1 })).toBe('1 item');
    expect(en.t('items', { count: 7 })).toBe('7 items');
    expect(en.t('items', { count: 0 })).toBe('No items');
    // Burmese has one form, "other", whatever the count.
    const my = make('my');
    expect(my.t('items', { count: 1 })).toBe('ပစ္စည်း 1 ခု');
    expect(make().t('games:count', { count: 1 })).toBe('1 games');
    // Catalogues carry English's forms: Arabic's "few" (3) reads "other" rather than the key.
    expect(make('ar').t('items', { count: 3 })).toBe('3 عناصر');
  });

  it('reads the asked namespaces in order, then the fallbacks; a ns: prefix or option names the namespace', () => {
    const tr = make();
    const t = tr.getFixedT(['games', 'translation']);
    expect(t('hello', { name: 'Bo' })).toBe('Hello player Bo');
    expect(t('shell_only')).toBe('from the shell');
    expect(t('required')).toBe('Required');
    expect(tr.t('games:hello', { name: 'Cy' })).toBe('Hello player Cy');
    expect(tr.t('hello', { ns: 'games', name: 'Di' })).toBe('Hello player Di');
    // Not a namespace: a colon in a message that is not a key.
    expect(tr.t('Error: try again')).toBe('Error: try again');
  });

  it('answers the default value, else the key, for a missing string; an empty string is a string', () => {
    const { t } = make();
    expect(t('missing', { defaultValue: 'Fallback {{n}}', n: 2 })).toBe('Fallback 2');
    expect(t('missing')).toBe('missing');
    expect(t('empty', { defaultValue: 'x' })).toBe('');
  });

  it('loads a namespace once however many ask, and a failed load resolves and is tried again by the next asker', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    const load = vi.fn(async (language: string, namespace: string) => {
      await Promise.resolve();
      if (fail) throw new Error('offline');
      return { [`${namespace}_key`]: `${language} ${namespace}` };
    });
    const tr = createTranslator({ language: 'th', load });
    await Promise.all([tr.loadNamespaces('pages'), tr.loadNamespaces(['pages'])]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(tr.hasLoaded('pages')).toBe(false);
    expect(tr.getFixedT('pages')('pages_key')).toBe('pages_key');
    fail = false;
    await tr.loadNamespaces('pages');
    await tr.loadNamespaces('pages');
    expect(load).toHaveBeenCalledTimes(2);
    expect(tr.getFixedT('pages')('pages_key')).toBe('th pages');
    warn.mockRestore();
  });

  it('holds loads asked for before the language is chosen, then loads them in that language only', async () => {
    const load = vi.fn((language: string, namespace: string) =>
      Promise.resolve({ key: `${language} ${namespace}` }),
    );
    const tr = createTranslator({ language: 'en', load });
    const release = tr.holdLoads();
    const pages = tr.loadNamespaces('pages');
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    tr.language = 'my';
    release();
    await pages;
    expect(load.mock.calls.map((c) => c.join('/'))).toEqual(['my/pages']);
    expect(tr.getFixedT('pages')('key')).toBe('my pages');
    // Released, a load starts at once again.
    void tr.loadNamespaces('games');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('changes language only once the namespaces in use are loaded in it, then tells its listeners', async () => {
    const load = vi.fn((language: string, namespace: string) =>
      Promise.resolve({ greeting: `${namespace} in ${language}` }),
    );
    const tr = createTranslator({ language: 'en', load });
    await tr.loadNamespaces(['translation', 'pages']);
    const heard: string[] = [];
    const onChange = vi.fn();
    tr.on('languageChanged', (language) => heard.push(`${language}:${tr.getFixedT('pages')('greeting')}`));
    tr.subscribe(onChange);
    await tr.changeLanguage('zh-CN');
    expect(load.mock.calls.map((c) => c.join('/')).sort()).toEqual([
      'en/pages',
      'en/translation',
      'zh-CN/pages',
      'zh-CN/translation',
    ]);
    expect(heard).toEqual(['zh-CN:pages in zh-CN']);
    expect(onChange).toHaveBeenCalled();
    // The same language again: nothing to load, no event.
    await tr.changeLanguage('zh-CN');
    expect(heard).toHaveLength(1);
  });

  describe('inside a message (session 30)', () => {
    const messages = {
      en: {
        translation: {
          kind: '{kind, select, deposit {Deposit of {{amount}}} withdrawal {Withdrawal of {{amount}}} other {Movement of {{amount}}}}',
          place: 'You finished {place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
          items: '{count, plural, =0 {No items} one {# item} other {# items}}',
          nested:
            '{who, select, me {{n, plural, one {You won # draw} other {You won # draws}}} other {{{name}} won {n, plural, one {# draw} other {# draws}}}}',
          balance: 'Balance {{amount, number}}',
          drawn: 'Drawn on {{at, date}} at {{at, time}}',
          paid: 'Paid {{amount, money}}',
          broken: 'Broken {kind, select, a {A}',
          hash: 'Ticket #{{n}}',
        },
      },
      ar: {
        translation: { items: '{count, plural, one {عنصر واحد} two {عنصران} few {# عناصر} other {# عنصر}}' },
      },
      my: {
        translation: {
          balance: 'လက်ကျန် {{amount, number}}',
          place: '{place, selectordinal, other {အဆင့် #}}',
          paid: 'Paid {{amount, money}}',
        },
      },
      fr: { translation: { place: 'Vous êtes {place, selectordinal, one {#er} other {#e}}' } },
      'zh-CN': { translation: { drawn: '{{at, datetime}} 开奖' } },
    };
    const tr = (language = 'en') =>
      createTranslator({
        language,
        resources: messages,
        formats: { money: (value, lng) => `${lng}:${Number(value).toFixed(2)}` },
      });

    it('select: the branch named by the value, else other; values inside a branch are filled', () => {
      const { t } = tr();
      expect(t('kind', { kind: 'deposit', amount: 5 })).toBe('Deposit of 5');
      expect(t('kind', { kind: 'withdrawal', amount: 7 })).toBe('Withdrawal of 7');
      expect(t('kind', { kind: 'bonus', amount: 9 })).toBe('Movement of 9');
      expect(t('kind')).toBe('Movement of {{amount}}');
    });

    it("selectordinal: the language's ordinal category (Intl.PluralRules type ordinal), # the number", () => {
      const en = tr();
      expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map((place) => en.t('place', { place }))).toEqual(
        ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st'].map(
          (p) => `You finished ${p}`,
        ),
      );
      expect(tr('fr').t('place', { place: 1 })).toBe('Vous êtes 1er');
      expect(tr('fr').t('place', { place: 2 })).toBe('Vous êtes 2e');
      // Burmese: one category, its own digits for #.
      expect(tr('my').t('place', { place: 3 })).toBe('အဆင့် ၃');
    });

    it('plural inside a message: =N first, then the category, each language its own (Arabic two and few), # grouped', () => {
      expect(tr().t('items', { count: 0 })).toBe('No items');
      expect(tr().t('items', { count: 1 })).toBe('1 item');
      expect(tr().t('items', { count: 1234 })).toBe('1,234 items');
      const ar = tr('ar');
      expect([1, 2, 3, 11].map((count) => ar.t('items', { count }))).toEqual([
        'عنصر واحد',
        'عنصران',
        '3 عناصر',
        '11 عنصر',
      ]);
    });

    it("blocks nest: a select holding a plural, # the nearest plural's number", () => {
      const { t } = tr();
      expect(t('nested', { who: 'me', n: 1 })).toBe('You won 1 draw');
      expect(t('nested', { who: 'other', name: 'Ann', n: 3 })).toBe('Ann won 3 draws');
    });

    it("formats a value by the page's language: number, date, time, datetime, and a format the app adds (money)", () => {
      expect(tr().t('balance', { amount: 1234567 })).toBe('Balance 1,234,567');
      expect(tr('my').t('balance', { amount: 1234567 })).toBe('လက်ကျန် ၁,၂၃၄,၅၆၇');
      const at = new Date(2026, 10, 30, 14, 5);
      const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(at);
      const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(at);
      expect(tr().t('drawn', { at })).toBe(`Drawn on ${date} at ${time}`);
      expect(tr('zh-CN').t('drawn', { at: at.getTime() })).toBe(
        `${new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(at)} 开奖`,
      );
      expect(tr('my').t('paid', { amount: 3 })).toBe('Paid my:3.00');
      // An unknown format writes the value as it is, until one is added by that name.
      const later = tr();
      expect(later.t('missing', { defaultValue: '{{word, shout}}', word: 'go' })).toBe('go');
      later.addFormat('shout', (value) => `${String(value).toUpperCase()}!`);
      expect(later.t('missing', { defaultValue: '{{word, shout}}', word: 'go' })).toBe('GO!');
    });

    it('writes a block that does not close as it stands, and # outside a plural as itself', () => {
      const { t } = tr();
      expect(t('broken', { kind: 'a' })).toBe('Broken {kind, select, a {A}');
      expect(t('hash', { n: 7 })).toBe('Ticket #7');
    });
  });
});
