/**
 * The app's translator (decision 025): flat catalogues per language and namespace, loaded lazily,
 * `{{name}}` interpolation, plural forms by `Intl.PluralRules` (`key_one`, `key_other`, and
 * `key_zero` for a count of 0), a `namespace:key` prefix, fallback namespaces and a default value.
 * Inside a message (decision 025, session 30): `{{name, number}}` and the other formats (`date`,
 * `time`, `datetime`, and those the app adds, such as `money`) written by the page's language, and
 * ICU's `{name, select, a {…} other {…}}`, `{n, plural, =0 {…} one {# …} other {…}}` and
 * `{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}`, each language naming its own
 * categories. About a tenth of the bytes i18next and react-i18next put on a phone's first visit
 * (17.6 kB gzip), and less than Lingui's or FormatJS's compiled runtimes (measured in decision 025).
 */
import { perLanguage } from './per-language.ts';

/** Options of one lookup: values to interpolate, `count` for the plural form, a default and namespaces. */
export type TOptions = {
  defaultValue?: string;
  count?: number;
  ns?: string | readonly string[];
} & Record<string, unknown>;

/**
 * A `t`. Written as a method so that a typed `t` (keys.ts: it takes only its catalogues' keys)
 * passes where a helper asks for any `t` (a method's parameters are compared both ways).
 */
export type TFunction = { t(key: string, options?: TOptions): string }['t'];

/** Strings by language, then namespace, then key. */
export type Resources = Record<string, Record<string, Record<string, string>>>;

/** Writes a value inside a message (`{{value, name}}`) in `language`. */
export type Format = (value: unknown, language: string) => string;

export type CatalogueLoader = (language: string, namespace: string) => Promise<Record<string, string>>;

/** `{{name}}`, `{{name, format}}`, and `#` (the number of the plural branch being written). */
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*(?:,\s*(\w+)\s*)?\}\}|#/g;
/** The start of an ICU block: `{name, select,` (a single brace: `{{` is a value). */
const BLOCK = /(?<!\{)\{\s*([\w.-]+)\s*,\s*(select|plural|selectordinal)\s*,/g;
/** A branch's selector and its opening brace: `other {`, `=0 {`. */
const BRANCH = /\s*(=?[\w-]+)\s*\{/y;
/** `namespace:key`; keys have no spaces, so a message that holds a colon ("Error: ...") is no key. */
const NAMESPACED = /^([A-Za-z][\w-]*):([\w.-]+)$/;

const pluralRulesOf = perLanguage((language) => new Intl.PluralRules(language));
const ordinalRulesOf = perLanguage((language) => new Intl.PluralRules(language, { type: 'ordinal' }));
function pluralCategory(language: string, count: number): string {
  return pluralRulesOf(language).select(count);
}

const dateFormat = (style: Intl.DateTimeFormatOptions) => {
  const of = perLanguage((language) => new Intl.DateTimeFormat(language, style));
  return (value: unknown, language: string) => of(language).format(new Date(value as string | number | Date));
};

const numberFormatOf = perLanguage((language) => new Intl.NumberFormat(language));
const formatNumber = (value: unknown, language: string) => numberFormatOf(language).format(Number(value));

/**
 * The formats every translator has; a translator's `formats` and `addFormat` add to them. Numbers
 * by `Intl.NumberFormat` (its digits and grouping, as numbers.ts's formatCount writes them): the
 * first one of a page load sets up the browser's number data, so a count line on a first render
 * still formats with formatCount before it interpolates.
 */
const FORMATS: Record<string, Format> = {
  number: formatNumber,
  date: dateFormat({ dateStyle: 'medium' }),
  time: dateFormat({ timeStyle: 'short' }),
  datetime: dateFormat({ dateStyle: 'medium', timeStyle: 'short' }),
};

export interface TranslatorOptions {
  language: string;
  /** The namespace of `t` and of a hook that names none. */
  defaultNamespace?: string;
  /** Namespaces every lookup tries after the ones it asked for, in order. */
  fallbackNamespaces?: readonly string[];
  resources?: Resources;
  load?: CatalogueLoader;
  /** Formats besides `number`, `date`, `time` and `datetime` (or in their place), by name. */
  formats?: Record<string, Format>;
}

/**
 * A message read once: text, a value (`[as written, name, format]`), `#` (0), or an ICU block
 * (`[name, kind, branches]`).
 */
type Part = string | 0 | [string, string, string | undefined] | [string, string, Record<string, Part[]>];

const END = /\s*\}/y;
const parsed = new Map<string, Part[]>();

/** Reads a message's parts; a block that does not close is text as it stands. */
function parse(text: string): Part[] {
  const parts: Part[] = [];
  const literal = (part: string) => {
    let last = 0;
    for (const m of part.matchAll(PLACEHOLDER)) {
      if (m.index > last) parts.push(part.slice(last, m.index));
      parts.push(m[1] ? [m[0], m[1], m[2]] : 0);
      last = m.index + m[0].length;
    }
    if (last < part.length) parts.push(part.slice(last));
  };
  // Its own copy: a branch is parsed (recursively) while this one is half read.
  const blocks = new RegExp(BLOCK);
  let from = 0;
  for (let block = blocks.exec(text); block; block = blocks.exec(text)) {
    const branches: Record<string, Part[]> = {};
    let at = blocks.lastIndex;
    let closed = false;
    for (;;) {
      BRANCH.lastIndex = at;
      const branch = BRANCH.exec(text);
      if (!branch) {
        END.lastIndex = at;
        closed = END.test(text);
        at = END.lastIndex;
        break;
      }
      const start = BRANCH.lastIndex;
      let depth = 1;
      let i = start;
      for (; i < text.length && depth; i++) depth += text[i] === '{' ? 1 : text[i] === '}' ? -1 : 0;
      if (depth) break;
      branches[branch[1]!] = parse(text.slice(start, i - 1));
      at = i;
    }
    if (!closed) break;
    literal(text.slice(from, block.index));
    parts.push([block[1]!, block[2]!, branches]);
    from = blocks.lastIndex = at;
  }
  literal(text.slice(from));
  return parts;
}

/**
 * Writes a message: each ICU block by its branch for the values, `{{values}}` (formatted when they
 * name a format) and, inside a plural branch, `#` as the number. A value not given stays as written.
 */
function write(
  parts: Part[],
  values: TOptions,
  language: string,
  formats: Record<string, Format>,
  hash?: number,
): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (part === 0) out += hash === undefined ? '#' : formatNumber(hash, language);
    else if (typeof part[2] === 'object') {
      const [name, kind, branches] = part;
      const value = values[name];
      let n = hash;
      let chosen: Part[] | undefined;
      if (kind === 'select') chosen = branches[String(value)];
      else {
        n = Number(value);
        chosen =
          branches[`=${n}`] ??
          branches[(kind === 'plural' ? pluralRulesOf : ordinalRulesOf)(language).select(n)];
      }
      out += write(chosen ?? branches.other ?? [], values, language, formats, n);
    } else {
      const value = values[part[1]];
      const format = part[2] && formats[part[2]];
      // A value such as `$&` is inserted as written.
      out +=
        value === undefined || value === null ? part[0] : format ? format(value, language) : String(value);
    }
  }
  return out;
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
  /** Adds a format for `{{value, name}}` (money.ts adds `money` when it loads). */
  addFormat(name: string, format: Format): void;
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
  const formats: Record<string, Format> = { ...FORMATS, ...options.formats };
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

  const listOf = (namespaces: string | readonly string[]) =>
    typeof namespaces === 'string' ? [namespaces] : namespaces;
  /** The namespaces a lookup reads: those asked for, then the fallbacks not among them. */
  const orderOf = (namespaces: readonly string[]) => [
    ...namespaces,
    ...fallbackNamespaces.filter((n) => !namespaces.includes(n)),
  ];

  const translate = (asked: readonly string[], rawKey: string, options?: TOptions): string => {
    let key = rawKey;
    let order = options?.ns === undefined ? asked : orderOf(listOf(options.ns));
    const prefixed = NAMESPACED.exec(rawKey);
    if (prefixed) {
      order = orderOf([prefixed[1]!]);
      key = prefixed[2]!;
    }
    let text: string | undefined;
    const count = options?.count;
    if (typeof count === 'number') {
      if (count === 0) text = lookup(order, `${key}_zero`);
      text ??= lookup(order, `${key}_${pluralCategory(translator.language, count)}`);
      // Catalogues carry English's forms (one, other: decision 044): Arabic's few or many read other.
      text ??= lookup(order, `${key}_other`);
    }
    text ??= lookup(order, key) ?? options?.defaultValue ?? key;
    if (!text.includes('{')) return text;
    let parts = parsed.get(text);
    if (!parts) parsed.set(text, (parts = parse(text)));
    return write(parts, options ?? {}, translator.language, formats);
  };

  const defaultOrder = orderOf(defaultNamespace);

  const translator: Translator = {
    language: options.language,
    t: (key, tOptions) => translate(defaultOrder, key, tOptions),
    getFixedT(namespaces) {
      const order = orderOf(listOf(namespaces));
      return (key, tOptions) => translate(order, key, tOptions);
    },
    hasLoaded: (namespace) => bundles.has(bundleKey(translator.language, namespace)),
    addResourceBundle,
    addFormat(name, format) {
      formats[name] = format;
    },
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
