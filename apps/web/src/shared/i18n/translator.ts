/**
 * The app's translator (decision 025): flat catalogues per language and namespace, loaded lazily,
 * `{{name}}` interpolation, plural forms by `Intl.PluralRules` (`key_one`, `key_other`, and
 * `key_zero` for a count of 0), a `namespace:key` prefix, fallback namespaces and a default value.
 * That is all the catalogues use, and it is about a tenth of the bytes i18next and react-i18next
 * put on a phone's first visit (17.6 kB gzip), where the home route's JavaScript budget is 135 kB.
 */
import { perLanguage } from './per-language.ts';

/** Options of one lookup: values to interpolate, `count` for the plural form, a default and namespaces. */
export type TOptions = {
  defaultValue?: string;
  count?: number;
  ns?: string | readonly string[];
} & Record<string, unknown>;

export type TFunction = (key: string, options?: TOptions) => string;

/** Strings by language, then namespace, then key. */
export type Resources = Record<string, Record<string, Record<string, string>>>;

export type CatalogueLoader = (language: string, namespace: string) => Promise<Record<string, string>>;

export interface TranslatorOptions {
  language: string;
  /** The namespace of `t` and of a hook that names none. */
  defaultNamespace?: string;
  /** Namespaces every lookup tries after the ones it asked for, in order. */
  fallbackNamespaces?: readonly string[];
  resources?: Resources;
  load?: CatalogueLoader;
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;
/** `namespace:key`; keys have no spaces, so a message that holds a colon ("Error: ...") is no key. */
const NAMESPACED = /^([A-Za-z][\w-]*):([\w.-]+)$/;

const pluralRulesOf = perLanguage((language) => new Intl.PluralRules(language));
function pluralCategory(language: string, count: number): string {
  return pluralRulesOf(language).select(count);
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  // A function replacer: a value such as `$&` is inserted as written, not as a pattern.
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export interface Translator {
  /** The current language; set directly only before anything renders (the start). */
  language: string;
  /** Looks `key` up in the default namespace, then the fallbacks. */
  t: TFunction;
  /** A `t` that looks in `namespaces` first (the first names the namespace of a plain key), then the fallbacks. */
  getFixedT(namespaces: string | readonly string[]): TFunction;
  /** Whether `namespace` has strings in the current language. */
  hasLoaded(namespace: string): boolean;
  /** Adds strings; a key present already takes the new value. */
  addResourceBundle(language: string, namespace: string, strings: Record<string, string>): void;
  /**
   * Loads `namespaces` in the current language, each once. Resolves also when a catalogue could
   * not be had: a page then shows its keys rather than nothing.
   */
  loadNamespaces(namespaces: string | readonly string[]): Promise<void>;
  /**
   * Until the returned function is called, `loadNamespaces` waits, then loads in the language set
   * by then: for a start that asks for a page's code (whose loader asks for its strings) before it
   * knows the visitor's language.
   */
  holdLoads(): () => void;
  /** Switches language once the namespaces loaded so far are there in the new one. */
  changeLanguage(language: string): Promise<void>;
  on(event: 'languageChanged', listener: (language: string) => void): void;
  /** Calls `listener` whenever a string may read differently (strings added, language changed). */
  subscribe(listener: () => void): () => void;
}

/**
 * A translator. A closure rather than a class: its internals are local names the minifier
 * shortens, where a class's field and method names ship as written (it is in the entry chunk).
 */
export function createTranslator(options: TranslatorOptions): Translator {
  const defaultNamespace = [options.defaultNamespace ?? 'translation'];
  const fallbackNamespaces = options.fallbackNamespaces ?? [];
  const load = options.load;
  const bundles = new Map<string, Record<string, string>>();
  const loading = new Map<string, Promise<void>>();
  const languageListeners = new Set<(language: string) => void>();
  const changeListeners = new Set<() => void>();

  let held: Promise<void> | null = null;

  const changed = () => {
    for (const listener of changeListeners) listener();
  };

  const addResourceBundle = (language: string, namespace: string, strings: Record<string, string>) => {
    const key = bundleKey(language, namespace);
    bundles.set(key, { ...bundles.get(key), ...strings });
    changed();
  };

  const loadBundle = (language: string, namespace: string): Promise<void> => {
    const key = bundleKey(language, namespace);
    if (bundles.has(key) || !load) return Promise.resolve();
    let pending = loading.get(key);
    if (!pending) {
      // A failed load is tried again by the next one who asks (a later page, a language change).
      pending = load(language, namespace)
        .then(
          (strings) => addResourceBundle(language, namespace, strings),
          (error: unknown) => console.warn(`The ${language}/${namespace} strings could not be loaded`, error),
        )
        .finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  };

  const lookup = (namespaces: readonly string[], key: string): string | undefined => {
    for (const namespace of namespaces) {
      const value = bundles.get(bundleKey(translator.language, namespace))?.[key];
      if (value !== undefined) return value;
    }
    return undefined;
  };

  const translate = (asked: readonly string[], rawKey: string, options?: TOptions): string => {
    let key = rawKey;
    let namespaces =
      options?.ns === undefined ? asked : typeof options.ns === 'string' ? [options.ns] : options.ns;
    const prefixed = NAMESPACED.exec(rawKey);
    if (prefixed) {
      namespaces = [prefixed[1]!];
      key = prefixed[2]!;
    }
    const order = [...namespaces, ...fallbackNamespaces.filter((n) => !namespaces.includes(n))];
    let text: string | undefined;
    const count = options?.count;
    if (typeof count === 'number') {
      if (count === 0) text = lookup(order, `${key}_zero`);
      text ??= lookup(order, `${key}_${pluralCategory(translator.language, count)}`);
      // Catalogues carry English's forms (one, other: decision 044): Arabic's few or many read other.
      text ??= lookup(order, `${key}_other`);
    }
    text ??= lookup(order, key) ?? options?.defaultValue ?? key;
    return interpolate(text, options);
  };

  const listOf = (namespaces: string | readonly string[]) =>
    typeof namespaces === 'string' ? [namespaces] : namespaces;

  const translator: Translator = {
    language: options.language,
    t: (key, tOptions) => translate(defaultNamespace, key, tOptions),
    getFixedT(namespaces) {
      const list = listOf(namespaces);
      return (key, tOptions) => translate(list, key, tOptions);
    },
    hasLoaded: (namespace) => bundles.has(bundleKey(translator.language, namespace)),
    addResourceBundle,
    async loadNamespaces(namespaces) {
      if (held) await held;
      await Promise.all(listOf(namespaces).map((namespace) => loadBundle(translator.language, namespace)));
    },
    holdLoads() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    async changeLanguage(language) {
      const loaded = new Set<string>();
      for (const key of bundles.keys()) {
        const [lng, namespace] = splitBundleKey(key);
        if (lng === translator.language) loaded.add(namespace);
      }
      await Promise.all([...loaded].map((namespace) => loadBundle(language, namespace)));
      if (language === translator.language) return;
      translator.language = language;
      changed();
      for (const listener of languageListeners) listener(language);
    },
    // One event so far: the parameter keeps call sites readable.
    on(_event, listener) {
      languageListeners.add(listener);
    },
    subscribe(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
  };
  for (const [language, namespaces] of Object.entries(options.resources ?? {}))
    for (const [namespace, strings] of Object.entries(namespaces))
      addResourceBundle(language, namespace, strings);
  return translator;
}

const bundleKey = (language: string, namespace: string) => `${language}\u0000${namespace}`;
const splitBundleKey = (key: string) => key.split('\u0000') as [string, string];
