import {
  brandDefaultLanguage,
  languageOfLabel,
  languagePickerLabels,
  offeredLanguages,
  rtlLanguages,
  type BrandConfig,
} from '@app/contract';

export const LANGUAGE_STORAGE_KEY = 'language';

type LanguageBrand = Pick<BrandConfig, 'languageLabels' | 'supportLanguages' | 'defaultLang'>;

// The server stores a member's language by the same rules (contract brand.ts).
export { languageOfLabel };
export const supportedLanguages = offeredLanguages;

/** Decision D1: the stored language if the brand supports it, else the brand's defaultLang, else English. */
export function chooseStartLanguage(brand: LanguageBrand, stored: string | null): string {
  if (stored && supportedLanguages(brand).includes(stored)) return stored;
  return brandDefaultLanguage(brand);
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
