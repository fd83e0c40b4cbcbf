import type { CatalogueFiles } from '../../../catalogue-files.ts';
import { localStore } from '../storage/storage.ts';
import { isRtl, LANGUAGE_STORAGE_KEY } from './language.ts';
import { createTranslator } from './translator.ts';

/**
 * Namespaces, each a folder of locales/ with one file per language: `translation` (locales/*.json)
 * holds the shell (header, footer, notices, home, errors) and loads at start; `pages` the other
 * pages' strings, loaded with the first of them; `accounts` the account dialogs' and member bar's.
 */
export const PAGES_NS = 'pages';
/** The account dialogs' and the member bar's strings: loaded with their lazy chunks, never at start. */
export const ACCOUNTS_NS = 'accounts';
/**
 * Validation messages (`reg_pattern_<id>`), loaded with the first dialog that validates: a
 * catalogue per language like the others (locales/forms), whose English file is the contract's
 * pattern messages (shared/forms/validation-messages.test.ts holds them equal).
 */
export const FORMS_NS = 'forms';

/**
 * Catalogues are JSON files the build emits under one hashed folder per namespace (cached for
 * good; the catalogue-files plugin, decision 025) and the app fetches as data: parsing JSON costs
 * the browser far less than parsing the same strings as a JS module.
 */
declare const __CATALOGUES__: CatalogueFiles;
/** Read once: a define is written out in full at each place that names it. */
const catalogues = __CATALOGUES__;

/** Catalogues asked for and not failed: a warmed one (warmCatalogues) is not fetched again. */
const fetched = new Map<string, Promise<Record<string, string>>>();

/**
 * The waits before a catalogue fetch that failed on the way (no answer, or a server error) is
 * tried again. A component waiting for its strings asks once: one lost request left the header's
 * game menu on its stand-ins for good. A missing file (4xx) stays missing and is not asked again.
 */
export const CATALOGUE_RETRY_DELAYS_MS = [1000, 3000];

/** The server has no such file: a language's namespace declared untranslated (locales/languages.ts). */
class CatalogueMissing extends Error {}

function fetchStrings(url: string, retry = 0): Promise<Record<string, string>> {
  const delay = CATALOGUE_RETRY_DELAYS_MS[retry];
  const again = () =>
    new Promise((resolve) => setTimeout(resolve, delay)).then(() => fetchStrings(url, retry + 1));
  return fetch(url).then(
    (res) => {
      if (res.ok) return res.json() as Promise<Record<string, string>>;
      if (res.status >= 500 && delay !== undefined) return again();
      throw res.status === 404
        ? new CatalogueMissing(`The catalogue ${url} answered 404`)
        : new Error(`The catalogue ${url} answered ${res.status}`);
    },
    (error: unknown) => (delay === undefined ? Promise.reject(error) : again()),
  );
}

function fetchOnce(url: string): Promise<Record<string, string>> {
  let strings = fetched.get(url);
  if (!strings) {
    strings = fetchStrings(url);
    fetched.set(url, strings);
    // A fetch that failed every try is tried again by the next one who asks.
    strings.catch(() => fetched.delete(url));
  }
  return strings;
}

export function hasCatalogue(language: string): boolean {
  return (
    catalogues.languages.includes(language) && !catalogues.namespaces.translation?.missing?.includes(language)
  );
}

/** One language's strings of one namespace. */
export async function loadCatalogue(
  language: string,
  namespace = 'translation',
): Promise<Record<string, string>> {
  const files = catalogues.namespaces[namespace];
  if (!files) return {};
  // A language whose file for this namespace is declared untranslated (locales/languages.ts)
  // reads English rather than raw keys.
  const lng = catalogues.languages.includes(language) && !files.missing?.includes(language) ? language : 'en';
  const url = (l: string) => `${catalogues.base}${files.dir}/${l}.json`;
  // A file declared untranslated is not in the build (catalogue-files.ts): that namespace reads English.
  return fetchOnce(url(lng)).catch((error: unknown) => {
    if (lng === 'en' || !(error instanceof CatalogueMissing)) throw error;
    return fetchOnce(url('en'));
  });
}

/**
 * Starts fetching `namespaces` of `language` now, for a page that will ask for them (decision 015):
 * the first page of a visit otherwise asked only once the app had rendered, one round trip later.
 */
export function warmCatalogues(language: string, namespaces: readonly string[]): void {
  const lng = hasCatalogue(language) ? language : 'en';
  for (const namespace of namespaces) void loadCatalogue(lng, namespace).catch(() => undefined);
}

/**
 * The app's translator; catalogues load lazily, one file per language and namespace (LN-05). Every
 * catalogue carries every key (locales.test.ts checks), so no fallback language is loaded: a
 * Burmese visitor downloads Burmese only. The shell's strings and the validation messages are
 * looked in after a namespace's own. Messages write `{{n, number}}`, `{{at, date}}` and the
 * others by the page's language, and `{{amount, money}}` as formatMoney does (money.ts adds it).
 */
export const i18n = createTranslator({
  language: 'en',
  defaultNamespace: 'translation',
  fallbackNamespaces: ['translation', FORMS_NS],
  load: loadCatalogue,
});

export function applyDocumentLanguage(language: string, root: HTMLElement = document.documentElement): void {
  root.lang = language;
  root.dir = isRtl(language) ? 'rtl' : 'ltr';
}

let releaseLoads: (() => void) | null = null;

/**
 * Strings asked for from now until initI18n wait for the visitor's language: the start asks for the
 * page's chunk, whose loader asks for its feature's strings, before the brand config says which
 * language to use, and they came in English for nothing (decision 015, twelfth pass).
 */
export function holdStringsForStartLanguage(): void {
  releaseLoads ??= i18n.holdLoads();
}

/** Starts i18n in `language` with the shell's strings. A language without a catalogue shows English. */
export async function initI18n(language: string): Promise<void> {
  const lng = hasCatalogue(language) ? language : 'en';
  i18n.language = lng;
  releaseLoads?.();
  releaseLoads = null;
  await i18n.loadNamespaces('translation');
  applyDocumentLanguage(lng);
}

/** Loads the `pages` namespace; page routes wait for it so no page flashes raw keys. */
export function loadPagesNamespace(): Promise<void> {
  return i18n.loadNamespaces(PAGES_NS);
}

/** Loads the validation messages; the modal host does it before any dialog renders. */
export function loadFormsNamespace(): Promise<void> {
  return i18n.loadNamespaces(FORMS_NS);
}

/** Switches language, remembers it for the next visit (D1) and flips the layout direction. */
export async function changeLanguage(language: string): Promise<void> {
  await i18n.changeLanguage(language);
  localStore.set(LANGUAGE_STORAGE_KEY, language);
  applyDocumentLanguage(language);
}

/** Loads the account strings; the accounts feature's lazy chunks wait for it so no dialog flashes raw keys. */
export function loadAccountsNamespace(): Promise<void> {
  return i18n.loadNamespaces(ACCOUNTS_NS);
}
