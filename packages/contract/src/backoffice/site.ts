import { z } from 'zod';
import type { ErrorDef } from '../errors.ts';
import { BrandConfigSchema } from '../brand.ts';
import { SERVICE_ENCRYPTED_TYPE } from '../support.ts';
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
  boRegisterFieldsInvalid: {
    code: 'bo.site.register.invalid',
    status: 422,
    message: 'These registration fields do not fit together',
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

// ---- registration fields and customer-service links (decision 052) ---------------------------

/**
 * The registration fields staff may show, hide and require: the register form's optional fields
 * and the invitation codes, and the mobile number of the username tab. The username, password,
 * captcha (switch CAPTCHA3) and SMS code (the switches of the mobile tab) are not: the form always
 * has them, or a feature switch decides.
 */
export const editableRegisterFields = [
  'mobileNum',
  'email',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'referralCode',
] as const;
export type EditableRegisterField = (typeof editableRegisterFields)[number];

export const SiteRegisterFieldSchema = z.object({
  field: z.string(),
  /** The form shows it. */
  enabled: z.boolean(),
  /** The form and the server refuse the registration without it (only a shown field is required). */
  required: z.boolean(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  patternId: z.number().int(),
  /** Staff may change `enabled` and `required` (editableRegisterFields). */
  editable: z.boolean(),
});
export const SiteRegisterFieldsSchema = z.object({ list: z.array(SiteRegisterFieldSchema) });
export type SiteRegisterFields = z.infer<typeof SiteRegisterFieldsSchema>;

export const SiteRegisterBodySchema = z.object({
  /** The editable fields as they should be; a field left out stays as it is. */
  fields: z
    .array(
      z
        .object({ field: z.enum(editableRegisterFields), enabled: z.boolean(), required: z.boolean() })
        .strict(),
    )
    .min(1)
    .max(editableRegisterFields.length),
  reason: z.string().trim().min(1).max(200),
});

/**
 * A customer-service entry (getService's pathList, the status call's customerService): 1 live chat,
 * 2 another channel, 3 the customer-service popup's address (sent encrypted, decision 043). Type 4,
 * the VIP service (decision 042), is the VIP settings', shown here and kept as it is.
 */
export const SERVICE_VIP_TYPE = 4;
export const ServiceLinkSchema = z
  .object({
    csType: z.number().int().min(1).max(SERVICE_ENCRYPTED_TYPE),
    name: z.string().trim().min(1).max(60),
    /** An https:// address, or a path of this site (`/help?topic=contact`). */
    path: z
      .string()
      .trim()
      .max(500)
      .regex(/^(https:\/\/[^\s/]+[^\s]*|\/(?!\/)[^\s]*)$/, 'an https:// address or a path of this site'),
  })
  .strict();
export type ServiceLink = z.infer<typeof ServiceLinkSchema>;

export const SiteServiceLinksSchema = z.object({
  /** In the order players get them. */
  list: z.array(ServiceLinkSchema.extend({ csType: z.number().int() })),
});
export type SiteServiceLinks = z.infer<typeof SiteServiceLinksSchema>;

export const SiteServiceLinksBodySchema = z.object({
  /** Every entry of types 1 to 3, the whole list in order (type 4 stays as it is). */
  links: z.array(ServiceLinkSchema).max(20),
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

export const boSiteRegisterFields = defineBoCall({
  id: 'boSiteRegisterFields',
  method: 'GET',
  path: '/bo/api/site/register-fields',
  access: 'site.switches',
  summary: "The registration form's fields: which are shown and required, as players' forms read them",
  response: SiteRegisterFieldsSchema,
});

export const boSiteRegisterFieldsSet = defineBoCall({
  id: 'boSiteRegisterFieldsSet',
  method: 'POST',
  path: '/bo/api/site/register-fields/set',
  access: 'brand.edit',
  summary:
    'Shows, hides or requires registration fields (audited with a reason; every instance serves them at once)',
  body: SiteRegisterBodySchema,
  response: SiteRegisterFieldsSchema,
});

export const boSiteServiceLinks = defineBoCall({
  id: 'boSiteServiceLinks',
  method: 'GET',
  path: '/bo/api/site/service-links',
  access: 'site.switches',
  summary: 'The customer-service links players get (getService, the status call)',
  response: SiteServiceLinksSchema,
});

export const boSiteServiceLinksSet = defineBoCall({
  id: 'boSiteServiceLinksSet',
  method: 'POST',
  path: '/bo/api/site/service-links/set',
  access: 'brand.edit',
  summary:
    'Replaces the customer-service links of types 1 to 3 (audited with a reason; every instance serves them at once)',
  body: SiteServiceLinksBodySchema,
  response: SiteServiceLinksSchema,
});

export const siteCalls: readonly BoCallDef[] = [
  boSiteStatus,
  boSiteMaintenance,
  boSiteRegions,
  boSiteSwitches,
  boSiteSwitch,
  boSiteBrand,
  boSiteBrandSet,
  boSiteRegisterFields,
  boSiteRegisterFieldsSet,
  boSiteServiceLinks,
  boSiteServiceLinksSet,
];
