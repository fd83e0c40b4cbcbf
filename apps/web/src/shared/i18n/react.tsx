import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { i18n } from './i18n.ts';
import type { TFunction, Translator } from './translator.ts';

const TranslatorContext = createContext<Translator>(i18n);

/** Gives a subtree another translator than the app's (component tests with their own strings). */
export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

const DEFAULT_NAMESPACES = ['translation'] as const;

/**
 * `t` over `namespaces` (the first is a plain key's namespace; the translator's fallbacks follow).
 * A namespace not loaded yet in the current language is loaded, and the component renders again
 * when it is there and whenever the language changes: `t` is then a new function, so memos and
 * effects that read it run again. Routes and lazy chunks wait for their namespaces before they
 * render, so only a component that asks for a namespace nobody waited for shows keys for a moment.
 */
export function useTranslation(namespaces: string | readonly string[] = DEFAULT_NAMESPACES): {
  t: TFunction;
  i18n: Translator;
} {
  const translator = useContext(TranslatorContext);
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  const listKey = list.join('|');
  // The snapshot is what this component's strings depend on: the language and whether its
  // namespaces are in. Another namespace arriving does not render it again.
  const state = useSyncExternalStore(
    translator.subscribe,
    () => `${translator.language}|${list.every((n) => translator.hasLoaded(n)) ? 1 : 0}`,
  );
  const ready = state.endsWith('|1');
  useEffect(() => {
    if (!ready) void translator.loadNamespaces(listKey.split('|'));
  }, [translator, listKey, ready]);
  // `state` is in the deps on purpose: a new language or newly loaded strings give a new `t`.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => translator.getFixedT(listKey.split('|')), [translator, listKey, state]);
  return { t, i18n: translator };
}
