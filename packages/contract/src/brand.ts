import { z } from 'zod';

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
    /** Picker label → language code (decision D1). */
    languageLabels: z.record(z.string(), z.string()),
    chatHeaderColor: z.string(),
    prizeModes: z.array(z.string()),
    announcement: z.object({ types: z.string(), execution: z.string() }),
    esports: z.array(z.string()),
    gameSelectType: z.array(z.string()),
    currency: z.object({ code: z.string(), symbol: z.string(), precision: z.number().int().min(0).max(4) }),
    /** Design tokens (CSS custom properties without the leading --) overriding the default theme. */
    theme: z.record(z.string(), z.string()).default({}),
  })
  .strict();
export type BrandConfig = z.infer<typeof BrandConfigSchema>;
