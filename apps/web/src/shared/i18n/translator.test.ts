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
});
