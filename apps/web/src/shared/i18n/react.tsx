import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  type ReactNode,
} from 'react';
import { i18n } from './i18n.ts';
import type { Namespaces, NamespacesOf, TypedT } from './keys.ts';
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
 *
 * That render is a transition, as a query's answer is (shared/http/use-query.ts): a catalogue that
 * arrives during a phone's first render used to render the header's game menu again in one
 * synchronous task, and with it every update waiting at default priority (decision 015, ninth
 * pass). A language change renders the whole app again, so it gains the same slicing. Whatever
 * renders the component for another reason reads the translator's current state.
 */
export function useTranslation(namespaces: string | readonly string[] = DEFAULT_NAMESPACES): {
  t: TFunction;
  i18n: Translator;
  /** Whether every one of `namespaces` is in (until then `t` answers a missing string's fallback). */
  ready: boolean;
} {
  const translator = useContext(TranslatorContext);
  const listKey = typeof namespaces === 'string' ? namespaces : namespaces.join('|');
  // What this component's strings depend on: the language and whether its namespaces are in.
  // Another namespace arriving does not render it again.
  const state = snapshotOf(translator, listKey);
  const [, changed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const check = () => {
      if (snapshotOf(translator, listKey) !== state) startTransition(changed);
    };
    const unsubscribe = translator.subscribe(check);
    // A change between this render and the subscription is not missed.
    check();
    if (!state.endsWith('|1')) void translator.loadNamespaces(listKey.split('|'));
    return unsubscribe;
  }, [translator, listKey, state]);
  // `state` is in the deps on purpose: a new language or newly loaded strings give a new `t`.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => translator.getFixedT(listKey.split('|')), [translator, listKey, state]);
  return { t, i18n: translator, ready: state.endsWith('|1') };
}

function snapshotOf(translator: Translator, listKey: string): string {
  const ready = listKey.split('|').every((n) => translator.hasLoaded(n));
  return `${translator.language}|${ready ? 1 : 0}`;
}

/**
 * `useTranslation` whose `t` takes only keys of the English catalogues of `namespaces`, their
 * plural bases, the fallbacks' keys and prefixed keys (keys.ts): a key no catalogue has fails `tsc`.
 * A key built at run time must be one of a known union (`bind_intro_${'email' | 'mobile'}`).
 * The features move to it one at a time (profile first, decision 025 session 30); the typed `t`
 * passes where a helper takes any `TFunction`.
 */
export function useTypedTranslation<const N extends Namespaces>(
  namespaces: N,
): Omit<ReturnType<typeof useTranslation>, 't'> & { t: TypedT<NamespacesOf<N>> } {
  return useTranslation(namespaces);
}
