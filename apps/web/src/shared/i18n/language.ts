import {
  brandDefaultLanguage,
  languageOfLabel,
  languagePickerLabels,
  offeredLanguages,
  rtlLanguages,
  type BrandConfig,
} from '@app/contract';

export const LANGUAGE_STORAGE_KEY = 'language';

type LanguageBrand = Pick<BrandConfig, 'languageLabels' | 'supportLanguages' | 'defaultLang'> & {
  moreLanguages?: readonly string[];
};

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

/**
 * The header picker: labels CN, EN, JA, TH, VI, TY, PT (LN-03), then the brand's moreLanguages
 * (none in the seeded brand), each mapped through the brand.
 */
export function pickerOptions(brand: LanguageBrand): PickerOption[] {
  const labels = [...languagePickerLabels, ...(brand.moreLanguages ?? [])];
  return [...new Set(labels)].map((label) => ({ label, language: languageOfLabel(brand, label) }));
}

/** Arabic, Persian and Urdu read right to left (LN-07); Urdu in Latin letters (ur-Latn) does not. */
export function isRtl(language: string): boolean {
  const [base, script] = language.toLowerCase().split('-');
  return rtlLanguages.includes(base!) && script !== 'latn';
}
