import { z } from 'zod';
import type { ErrorDef } from '../errors.ts';
import { BrandConfigSchema } from '../brand.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * The back office's Site section (issue 31, decision 035): the site's maintenance with its end
 * time, the blocked regions (decisions 005 and 006), the feature switches and the brand config.
 * Every call needs `site.switches`; every change is audited with the state before and after and
 * reaches every instance through the change feed (decision 003), as the operator CLI's `status`
 * and `switch` commands, which act through the same service.
 *
 * Times are epoch milliseconds.
 */

export const SiteBoErrors = {
  boMaintenanceUntil: {
    code: 'bo.site.maintenance.until',
    status: 422,
    message: 'The maintenance end time must be in the future',
  },
  boSwitchNotFound: { code: 'bo.site.switch.not.found', status: 404, message: 'No such feature switch' },
  boBrandInvalid: {
    code: 'bo.site.brand.invalid',
    status: 422,
    message: 'These brand settings do not fit together',
  },
} as const satisfies Record<string, ErrorDef>;

/** ISO 3166 alpha-2, any case (stored upper case). */
export const CountryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'a two-letter country code (ISO 3166 alpha-2)');

export const SiteStatusSchema = z.object({
  /** What the operator set. */
  maintenance: z.boolean(),
  maintenanceUntil: z.number().nullable(),
  blockedCountries: z.array(z.string()),
  /** What a player meets now (0 open, 1 maintenance): a window whose end has passed is open. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** The end time the player's maintenance page shows, when maintenance holds now. */
  maintenanceEndTime: z.number().nullable(),
  /** Countries the site knows by name (its dialing-code list), for the region picker. */
  knownCountries: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type SiteStatus = z.infer<typeof SiteStatusSchema>;

export const SiteMaintenanceBodySchema = z.object({
  /** true starts (or changes) maintenance; false ends it now. */
  on: z.boolean(),
  /** With `on`: when it ends by itself; null: no end time (ended by hand). */
  until: z.number().int().min(0).max(8.64e15).nullable().default(null),
});

export const SiteRegionsBodySchema = z.object({
  /** The blocked countries, the whole list (empty: none). */
  countries: z.array(CountryCodeSchema).max(250),
});

export const FeatureSwitchRowSchema = z.object({
  modId: z.string(),
  parentModId: z.string().nullable(),
  label: z.string(),
  enabled: z.boolean(),
});
export type FeatureSwitchRow = z.infer<typeof FeatureSwitchRowSchema>;

export const SiteSwitchesSchema = z.object({ list: z.array(FeatureSwitchRowSchema) });

export const SiteSwitchBodySchema = z.object({
  modId: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{1,64}$/, 'a switch id'),
  enabled: z.boolean(),
});

/** A language label of the brand's picker (MY, EN, CN, ...). */
const LanguageLabelSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,3}(-[A-Z0-9]{2,4})?$/, 'a language label such as EN');

/**
 * The brand settings an operator edits from the console (decision 040): what players see of the
 * brand. The rest of the brand config (merchant, lottery type, prize modes, the currency's code and
 * precision, which money is counted in) stays in the file: changing it is a deployment, not a
 * setting. Secrets are never part of either.
 */
export const BrandSettingsSchema = z
  .object({
    /** The site's name: the title, the start screen, codes' messages, the authenticator's issuer. */
    brandName: z.string().trim().min(1).max(60),
    /** The language a visitor without one gets (one of `supportLanguages`). */
    defaultLang: LanguageLabelSchema,
    /** The languages offered, by picker label. */
    supportLanguages: z.array(LanguageLabelSchema).min(1).max(12),
    /** The currency's symbol as shown (the code and the precision stay in the file). */
    currencySymbol: z.string().trim().min(1).max(8),
    /** After login the player lands on the home page (else where they were). */
    loginedToHomePage: z.boolean(),
    /** The live chat's header colour. */
    chatHeaderColor: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #1b2540'),
  })
  .strict();
export type BrandSettings = z.infer<typeof BrandSettingsSchema>;
export const brandSettingKeys = Object.keys(BrandSettingsSchema.shape) as (keyof BrandSettings)[];

export const SiteBrandSchema = z.object({
  /** The file the server reads (BRAND_CONFIG): the defaults, and everything not editable here. */
  path: z.string(),
  /** The brand config the players are served now: the file with the settings over it. */
  config: BrandConfigSchema,
  /** The editable settings as they are now. */
  settings: BrandSettingsSchema,
  /** What the file says for each (what a setting returns to when the operator resets it). */
  defaults: BrandSettingsSchema,
  /** The settings whose value is the operator's, not the file's. */
  overridden: z.array(z.string()),
  /** Language labels the brand knows (its languageLabels and the picker's). */
  knownLanguages: z.array(z.string()),
});

export type SiteBrand = z.infer<typeof SiteBrandSchema>;

export const SiteBrandBodySchema = z.object({
  /** Every editable setting, as it should be; a value equal to the file's is stored as the file's. */
  settings: BrandSettingsSchema,
  /** Why: kept in the audit log. */
  reason: z.string().trim().min(1).max(200),
});

export const boSiteStatus = defineBoCall({
  id: 'boSiteStatus',
  method: 'GET',
  path: '/bo/api/site/status',
  access: 'site.switches',
  summary: "The site's maintenance and blocked regions: as set, and as a player meets them now",
  response: SiteStatusSchema,
});

export const boSiteMaintenance = defineBoCall({
  id: 'boSiteMaintenance',
  method: 'POST',
  path: '/bo/api/site/maintenance',
  access: 'site.switches',
  summary: 'Starts maintenance (with an optional end time, when the site reopens by itself) or ends it',
  body: SiteMaintenanceBodySchema,
  response: SiteStatusSchema,
});

export const boSiteRegions = defineBoCall({
  id: 'boSiteRegions',
  method: 'POST',
  path: '/bo/api/site/regions',
  access: 'site.switches',
  summary: 'Sets the countries whose callers are refused (the region page)',
  body: SiteRegionsBodySchema,
  response: SiteStatusSchema,
});

export const boSiteSwitches = defineBoCall({
  id: 'boSiteSwitches',
  method: 'GET',
  path: '/bo/api/site/switches',
  access: 'site.switches',
  summary: 'The feature switches (the whitelabel tree), in order',
  response: SiteSwitchesSchema,
});

export const boSiteSwitch = defineBoCall({
  id: 'boSiteSwitch',
  method: 'POST',
  path: '/bo/api/site/switches/set',
  access: 'site.switches',
  summary: 'Turns a feature switch on or off',
  body: SiteSwitchBodySchema,
  response: FeatureSwitchRowSchema,
});

export const boSiteBrand = defineBoCall({
  id: 'boSiteBrand',
  method: 'GET',
  path: '/bo/api/site/brand',
  access: 'site.switches',
  summary: 'The brand config the players are served now (merchant, languages, currency, theme)',
  response: SiteBrandSchema,
});

export const boSiteBrandSet = defineBoCall({
  id: 'boSiteBrandSet',
  method: 'POST',
  path: '/bo/api/site/brand/set',
  access: 'brand.edit',
  summary:
    'Changes the brand settings players see (audited with a reason; every instance serves them at once)',
  body: SiteBrandBodySchema,
  response: SiteBrandSchema,
});

export const siteCalls: readonly BoCallDef[] = [
  boSiteStatus,
  boSiteMaintenance,
  boSiteRegions,
  boSiteSwitches,
  boSiteSwitch,
  boSiteBrand,
  boSiteBrandSet,
];
