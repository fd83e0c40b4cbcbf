/**
 * The app's translator (decision 025): flat catalogues per language and namespace, loaded lazily,
 * `{{name}}` interpolation, plural forms by `Intl.PluralRules` (`key_one`, `key_other`, and
 * `key_zero` for a count of 0), a `namespace:key` prefix, fallback namespaces and a default value.
 * That is all the catalogues use, and it is about a tenth of the bytes i18next and react-i18next
 * put on a phone's first visit (17.6 kB gzip), where the home route's JavaScript budget is 135 kB.
 */

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

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  // A function replacer: a value such as `$&` is inserted as written, not as a pattern.
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export class Translator {
  language: string;
  private readonly defaultNamespace: string;
  private readonly fallbackNamespaces: readonly string[];
  private readonly load: CatalogueLoader | undefined;
  private readonly bundles = new Map<string, Record<string, string>>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly languageListeners = new Set<(language: string) => void>();
  private readonly changeListeners = new Set<() => void>();
  /** Bumped whenever a string may read differently: a bundle added or the language changed. */
  private revision = 0;

  constructor(options: TranslatorOptions) {
    this.language = options.language;
    this.defaultNamespace = options.defaultNamespace ?? 'translation';
    this.fallbackNamespaces = options.fallbackNamespaces ?? [];
    this.load = options.load;
    for (const [language, namespaces] of Object.entries(options.resources ?? {}))
      for (const [namespace, strings] of Object.entries(namespaces))
        this.addResourceBundle(language, namespace, strings);
  }

  /** Looks `key` up in the default namespace, then the fallbacks. */
  readonly t: TFunction = (key, options) => this.translate([this.defaultNamespace], key, options);

  /** A `t` that looks in `namespaces` first (the first names the namespace of a plain key), then the fallbacks. */
  getFixedT(namespaces: string | readonly string[]): TFunction {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    return (key, options) => this.translate(list, key, options);
  }

  /** Whether `namespace` has strings in the current language. */
  hasLoaded(namespace: string): boolean {
    return this.bundles.has(bundleKey(this.language, namespace));
  }

  /** Adds strings; a key present already takes the new value. */
  addResourceBundle(language: string, namespace: string, strings: Record<string, string>): void {
    const key = bundleKey(language, namespace);
    this.bundles.set(key, { ...this.bundles.get(key), ...strings });
    this.changed();
  }

  /**
   * Loads `namespaces` in the current language, each once. Resolves also when a catalogue could
   * not be had: a page then shows its keys rather than nothing.
   */
  loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    return Promise.all(list.map((namespace) => this.loadBundle(this.language, namespace))).then(
      () => undefined,
    );
  }

  /** Switches language once the namespaces loaded so far are there in the new one. */
  async changeLanguage(language: string): Promise<void> {
    const loaded = new Set<string>();
    for (const key of this.bundles.keys()) {
      const [lng, namespace] = splitBundleKey(key);
      if (lng === this.language) loaded.add(namespace);
    }
    await Promise.all([...loaded].map((namespace) => this.loadBundle(language, namespace)));
    if (language === this.language) return;
    this.language = language;
    this.changed();
    for (const listener of this.languageListeners) listener(language);
  }

  on(event: 'languageChanged', listener: (language: string) => void): void {
    if (event === 'languageChanged') this.languageListeners.add(listener);
  }

  off(event: 'languageChanged', listener: (language: string) => void): void {
    if (event === 'languageChanged') this.languageListeners.delete(listener);
  }

  /** For React's `useSyncExternalStore`: called whenever `revisionNow()` moves. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };

  readonly revisionNow = (): number => this.revision;

  private changed(): void {
    this.revision += 1;
    for (const listener of this.changeListeners) listener();
  }

  private loadBundle(language: string, namespace: string): Promise<void> {
    const key = bundleKey(language, namespace);
    if (this.bundles.has(key) || !this.load) return Promise.resolve();
    let pending = this.loading.get(key);
    if (!pending) {
      const load = this.load;
      // A failed load is tried again by the next one who asks (a later page, a language change).
      pending = load(language, namespace)
        .then(
          (strings) => this.addResourceBundle(language, namespace, strings),
          (error: unknown) => console.warn(`The ${language}/${namespace} strings could not be loaded`, error),
        )
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private lookup(namespaces: readonly string[], key: string): string | undefined {
    for (const namespace of namespaces) {
      const value = this.bundles.get(bundleKey(this.language, namespace))?.[key];
      if (value !== undefined) return value;
    }
    return undefined;
  }

  private translate(asked: readonly string[], rawKey: string, options?: TOptions): string {
    let key = rawKey;
    let namespaces =
      options?.ns === undefined ? asked : typeof options.ns === 'string' ? [options.ns] : options.ns;
    const prefixed = NAMESPACED.exec(rawKey);
    if (prefixed) {
      namespaces = [prefixed[1]!];
      key = prefixed[2]!;
    }
    const order = [...namespaces, ...this.fallbackNamespaces.filter((n) => !namespaces.includes(n))];
    let text: string | undefined;
    const count = options?.count;
    if (typeof count === 'number') {
      if (count === 0) text = this.lookup(order, `${key}_zero`);
      text ??= this.lookup(order, `${key}_${pluralCategory(this.language, count)}`);
    }
    text ??= this.lookup(order, key) ?? options?.defaultValue ?? key;
    return interpolate(text, options);
  }
}

const bundleKey = (language: string, namespace: string) => `${language}\u0000${namespace}`;
const splitBundleKey = (key: string) => key.split('\u0000') as [string, string];
