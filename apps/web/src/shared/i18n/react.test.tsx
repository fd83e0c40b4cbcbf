import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TranslatorProvider, useTranslation } from './react.tsx';
import { createTranslator } from './translator.ts';

function deferredLoads() {
  const waiting = new Map<string, (strings: Record<string, string>) => void>();
  const load = (language: string, namespace: string) =>
    new Promise<Record<string, string>>((resolve) => waiting.set(`${language}/${namespace}`, resolve));
  const answer = async (key: string, strings: Record<string, string>) => {
    await act(async () => {
      waiting.get(key)!(strings);
      await Promise.resolve();
    });
  };
  return { load, answer, asked: () => [...waiting.keys()] };
}

describe('useTranslation', () => {
  it('loads a namespace not loaded yet, renders again when it arrives and again on a language change; another namespace arriving does not render it', async () => {
    const loads = deferredLoads();
    const translator = createTranslator({ language: 'en', load: loads.load });
    let renders = 0;
    function Title() {
      const { t } = useTranslation('pages');
      renders += 1;
      return <h1>{t('title')}</h1>;
    }
    render(
      <TranslatorProvider translator={translator}>
        <Title />
      </TranslatorProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('title');
    expect(loads.asked()).toEqual(['en/pages']);

    await loads.answer('en/pages', { title: 'Promotions' });
    expect(screen.getByRole('heading')).toHaveTextContent('Promotions');

    const before = renders;
    await act(async () => {
      translator.addResourceBundle('en', 'games', { other: 'x' });
      await Promise.resolve();
    });
    expect(renders).toBe(before);

    const switching = translator.changeLanguage('th');
    await loads.answer('th/pages', { title: 'โปรโมชั่น' });
    expect(screen.getByRole('heading')).toHaveTextContent('Promotions');
    await loads.answer('th/games', { other: 'y' });
    await act(() => switching);
    expect(screen.getByRole('heading')).toHaveTextContent('โปรโมชั่น');
  });
});
