/**
 * The 31 languages the spec's catalogues are offered in (LN-06), each with its name in its own
 * words (the picker's menu) and its writing direction. Every namespace of src/locales has a file
 * for each, with exactly the English file's keys, unless untranslated.json lists it: the build
 * (catalogue-files.ts) and locales.test.ts check both (catalogue-check.ts).
 */
export const catalogueLanguages = [
  { code: 'zh-CN', native: '简体中文' },
  { code: 'en', native: 'English' },
  { code: 'ja', native: '日本語' },
  { code: 'th', native: 'ไทย' },
  { code: 'vi', native: 'Tiếng Việt' },
  { code: 'my', native: 'မြန်မာ' },
  { code: 'es', native: 'Español' },
  { code: 'hi', native: 'हिन्दी' },
  { code: 'id', native: 'Bahasa Indonesia' },
  { code: 'km', native: 'ខ្មែរ' },
  { code: 'ko', native: '한국어' },
  { code: 'ms', native: 'Bahasa Melayu' },
  { code: 'pt', native: 'Português' },
  { code: 'ta', native: 'தமிழ்' },
  { code: 'zh-TW', native: '繁體中文' },
  { code: 'tl', native: 'Tagalog' },
  { code: 'ur', native: 'اردو', rtl: true },
  { code: 'ur-Latn', native: 'Roman Urdu' },
  { code: 'pt-BR', native: 'Português (Brasil)' },
  { code: 'tr', native: 'Türkçe' },
  { code: 'bn', native: 'বাংলা' },
  { code: 'ar', native: 'العربية', rtl: true },
  { code: 'fa', native: 'فارسی', rtl: true },
  { code: 'ru', native: 'Русский' },
  { code: 'kk', native: 'Қазақ тілі' },
  { code: 'uz', native: 'Oʻzbekcha' },
  { code: 'lo', native: 'ລາວ' },
  { code: 'ne', native: 'नेपाली' },
  { code: 'fr', native: 'Français' },
  { code: 'te', native: 'తెలుగు' },
  { code: 'sw', native: 'Kiswahili' },
] as const satisfies readonly { code: string; native: string; rtl?: boolean }[];

export type CatalogueLanguage = (typeof catalogueLanguages)[number]['code'];
export const catalogueLanguageCodes: readonly string[] = catalogueLanguages.map((l) => l.code);

/**
 * Namespace → languages whose file is not written yet, so the app reads that namespace in English
 * (i18n.ts loadCatalogue). A declared gap, never a silent one: the check fails when an unlisted
 * file is missing. A listed file that exists is used (take it off the list when you write it), and
 * a namespace not in src/locales yet may be listed (one on its way from other work).
 */
export const untranslated: Readonly<Record<string, readonly string[]>> = {};
