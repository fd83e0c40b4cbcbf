import { z } from 'zod';
import { defaultLanguageLabelMap, languagePickerLabels } from './constants.ts';

/** Brand config: a JSON file served to the web app at run time (config/brand.json or BRAND_CONFIG). */
export const BrandConfigSchema = z
  .object({
    platform: z.literal('web'),
    merchant: z.string().min(1),
    lotteryType: z.string().min(1),
    device: z.string().min(1),
    brandName: z.string().min(1),
    loginedToHomePage: z.boolean(),
    defaultLang: z.string().min(2),
    supportLanguages: z.array(z.string().min(2)).min(1),
    /**
     * Labels the header picker offers after the spec's seven (LN-03), for a brand that offers more of
     * the 31 catalogues' languages (AR, FA, UR, ...: decision 044). None by default.
     */
    moreLanguages: z.array(z.string().min(2)).optional(),
    /** Picker label → language code (decision D1). */
    languageLabels: z.record(z.string(), z.string()),
    chatHeaderColor: z.string(),
    prizeModes: z.array(z.string()),
    announcement: z.object({ types: z.string(), execution: z.string() }),
    esports: z.array(z.string()),
    gameSelectType: z.array(z.string()),
    currency: z.object({ code: z.string(), symbol: z.string(), precision: z.number().int().min(0).max(4) }),
    /**
     * The age a player must confirm, and be by any birthday they give, to register (RG-34, RG-35,
     * decision 045): 18 by default, 21 where the brand's market requires it.
     */
    minimumAge: z.number().int().min(18).max(25).default(18),
    /** Design tokens (CSS custom properties without the leading --) overriding the default theme. */
    theme: z.record(z.string(), z.string()).default({}),
  })
  .strict();
export type BrandConfig = z.infer<typeof BrandConfigSchema>;

const THEME_TOKEN_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Whether a theme entry is applied: a custom property name without the leading dashes and a value
 * of at most 200 characters. Anything else is ignored, so a typo in brand.json cannot break the
 * stylesheet (the web app's applyTheme, and the server's document: decision 015).
 */
export function isThemeToken(name: string, value: unknown): value is string {
  return THEME_TOKEN_NAME.test(name) && typeof value === 'string' && value.length <= 200;
}

type LanguageBrand = Pick<BrandConfig, 'languageLabels' | 'supportLanguages' | 'defaultLang'> & {
  moreLanguages?: readonly string[];
};

/** The language a label (CN, EN, MY, ...) selects: brand languageLabels first, then the defaults of D1. */
export function languageOfLabel(brand: LanguageBrand, label: string): string {
  return brand.languageLabels[label] ?? defaultLanguageLabelMap[label] ?? label.toLowerCase();
}

/**
 * The languages this brand offers: its supportLanguages plus the header picker's (spec A §2 shows
 * the picker labels whatever supportLanguages says, so a language picked there must survive a
 * reload).
 */
export function offeredLanguages(brand: LanguageBrand): string[] {
  const labels = [...brand.supportLanguages, ...languagePickerLabels, ...(brand.moreLanguages ?? [])];
  return [...new Set(labels.map((l) => languageOfLabel(brand, l)))];
}

/** The brand's default language (decision D1): its defaultLang label mapped, else English. */
export function brandDefaultLanguage(brand: LanguageBrand): string {
  return brand.defaultLang ? languageOfLabel(brand, brand.defaultLang) : 'en';
}

/**
 * The offered language a request names, by code or by picker label in any case ("en", "EN",
 * "zh-cn", "CN"), else null: nothing else may be stored as a member's language.
 */
export function offeredLanguage(brand: LanguageBrand, requested: string): string | null {
  const wanted = requested.trim();
  const offered = offeredLanguages(brand);
  const byCode = offered.find((code) => code.toLowerCase() === wanted.toLowerCase());
  if (byCode) return byCode;
  const label = wanted.toUpperCase();
  const labels: readonly string[] = [
    ...brand.supportLanguages,
    ...languagePickerLabels,
    ...(brand.moreLanguages ?? []),
  ];
  return labels.includes(label) ? languageOfLabel(brand, label) : null;
}
