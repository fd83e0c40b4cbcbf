import { defaultLanguageLabelMap, languagePickerLabels, rtlLanguages, type BrandConfig } from '@app/contract';

export const LANGUAGE_STORAGE_KEY = 'language';

type LanguageBrand = Pick<BrandConfig, 'languageLabels' | 'supportLanguages' | 'defaultLang'>;

/** The language a label (CN, EN, MY, ...) selects: brand languageLabels first, then the defaults of D1. */
export function languageOfLabel(brand: LanguageBrand, label: string): string {
  return brand.languageLabels[label] ?? defaultLanguageLabelMap[label] ?? label.toLowerCase();
}

/**
 * The languages this brand offers: its supportLanguages plus the header picker's (spec A §2 shows
 * the picker labels whatever supportLanguages says, so a language picked there must survive a
 * reload).
 */
export function supportedLanguages(brand: LanguageBrand): string[] {
  const labels = [...brand.supportLanguages, ...languagePickerLabels];
  return [...new Set(labels.map((l) => languageOfLabel(brand, l)))];
}

/** Decision D1: the stored language if the brand supports it, else the brand's defaultLang, else English. */
export function chooseStartLanguage(brand: LanguageBrand, stored: string | null): string {
  if (stored && supportedLanguages(brand).includes(stored)) return stored;
  if (brand.defaultLang) return languageOfLabel(brand, brand.defaultLang);
  return 'en';
}

export interface PickerOption {
  label: string;
  language: string;
}

/** The header picker: labels CN, EN, JA, TH, VI, TY, PT (LN-03), each mapped through the brand. */
export function pickerOptions(brand: LanguageBrand): PickerOption[] {
  return languagePickerLabels.map((label) => ({ label, language: languageOfLabel(brand, label) }));
}

export function isRtl(language: string): boolean {
  return rtlLanguages.includes(language.split('-')[0]!.toLowerCase());
}
