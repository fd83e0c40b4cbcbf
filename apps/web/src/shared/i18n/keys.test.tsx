import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lower, underscored, type Key, type KeyIn, type TypedT } from './keys.ts';
import { TranslatorProvider, useTypedTranslation } from './react.tsx';
import { createTranslator, type TFunction } from './translator.ts';

/**
 * Typed keys (decision 025, session 30). `tsc -p apps/web` checks this file: each
 * `@ts-expect-error` below is an error the type checker must find, or tsc fails on the unused
 * directive. So a missing key fails the build's type check, not a page.
 */
describe('typed keys', () => {
  it("a typed t takes its namespaces' keys, a plural key's base, the fallbacks' and prefixed keys; a missing key fails tsc", () => {
    const t: TypedT<'profile'> = (key) => key;
    // profile's own, the shell's and the validation messages' (fallbacks), a prefixed one.
    expect(t('bind_mobile_label')).toBe('bind_mobile_label');
    expect(t('nav_home')).toBe('nav_home');
    expect(t('pages:rg_title')).toBe('pages:rg_title');
    // @ts-expect-error: no catalogue has this key.
    expect(t('missing_key')).toBe('missing_key');
    // @ts-expect-error: a key of another namespace needs its prefix.
    t('rg_title');
    // @ts-expect-error: the prefix must name the key's own namespace.
    t('profile:rg_title');
    // A key built at run time is checked when its parts are a known union.
    const kind = 'email' as 'email' | 'mobile';
    expect(t(`bind_intro_${kind}`)).toBe('bind_intro_email');
    // lower keeps a union a union (toLowerCase gives string).
    const channel = 'EMAIL' as 'EMAIL' | 'MOBILE';
    expect(t(`bind_intro_${lower(channel)}`)).toBe('bind_intro_email');
    // underscored likewise: 'any-triple' is any_triple, in the type as at run time.
    const spot = 'any-triple' as 'any-triple' | 'single';
    const tables: TypedT<'originals-tables'> = (key) => key;
    expect(tables(`sicbo_${underscored(spot)}`)).toBe('sicbo_any_triple');
    // A typed t goes where any t is asked for (helpers taking TFunction).
    const any: TFunction = t;
    expect(any('anything')).toBe('anything');
  });

  it("a plural key's base is a key (t('sessions_ended', { count }) reads sessions_ended_one or _other), the forms as written too", () => {
    const t: TypedT<'profile'> = (key, options) => `${key}:${String(options?.count)}`;
    expect(t('sessions_ended', { count: 2 })).toBe('sessions_ended:2');
    expect(t('sessions_ended_one')).toBe('sessions_ended_one:undefined');
    const base: Key<'profile'> = 'sessions_ended';
    expect(base).toBe('sessions_ended');
    // @ts-expect-error: no plural base without its forms.
    const notAKey: KeyIn<'profile'> = 'sessions';
    expect(notAKey).toBe('sessions');
  });

  it('Catalogues names every namespace folder of locales/ and reads its English file', () => {
    const locales = join(import.meta.dirname, '../../locales');
    const folders = readdirSync(locales, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const source = readFileSync(join(import.meta.dirname, 'keys.ts'), 'utf8');
    const imported = [...source.matchAll(/from '\.\.\/\.\.\/locales\/([\w-]+)\/en\.json'/g)]
      .map((m) => m[1])
      .sort();
    expect(imported).toEqual(folders);
    expect(source).toContain("import type translation from '../../locales/en.json';");
  });

  it('useTypedTranslation answers as useTranslation does', () => {
    const translator = createTranslator({
      language: 'en',
      resources: { en: { profile: { bind_mobile_label: 'Mobile number' } } },
    });
    function Label() {
      const { t, ready } = useTypedTranslation('profile');
      return <p>{ready ? t('bind_mobile_label') : 'waiting'}</p>;
    }
    render(
      <TranslatorProvider translator={translator}>
        <Label />
      </TranslatorProvider>,
    );
    expect(screen.getByText('Mobile number')).toBeInTheDocument();
  });
});
