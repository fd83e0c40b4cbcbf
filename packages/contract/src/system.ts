import { z } from 'zod';
import { defineCall } from './call.ts';
import { BrandConfigSchema } from './brand.ts';

export interface WhitelabelNode {
  modId: string;
  /** "1" when the switch is on; anything else is off (spec A §3). */
  enabled: string;
  childrenNodes: WhitelabelNode[];
}
// A recursive schema needs an id: the OpenAPI document refers to it as a named component.
export const WhitelabelNodeSchema: z.ZodType<WhitelabelNode> = z
  .lazy(() =>
    z.object({ modId: z.string(), enabled: z.string(), childrenNodes: z.array(WhitelabelNodeSchema) }),
  )
  .meta({ id: 'WhitelabelNode' });

export const FieldRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  patternId: z.number().int().min(0).max(23),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});

/** Fields of the register payload that carry a server rule (spec B §3, §5). */
export const registerFieldNames = [
  'username',
  'password',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
] as const;
export type RegisterFieldName = (typeof registerFieldNames)[number];
export const RegisterRulesSchema = z.record(z.enum(registerFieldNames), FieldRuleSchema);
export type RegisterRules = z.infer<typeof RegisterRulesSchema>;

export const CountrySchema = z.object({
  countryCode: z.string().length(2),
  countryDialingCode: z.string(),
  name: z.string(),
  /** Allowed national number lengths (digits, without the dialing code). */
  numberLengths: z.array(z.number().int()),
});
export type Country = z.infer<typeof CountrySchema>;

export const ResourceSchema = z.object({
  name: z.string(),
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.string(),
  labelNameEn: z.string(),
  imageUrl: z.string(),
});
export type Resource = z.infer<typeof ResourceSchema>;

export const CustomerServiceSchema = z.object({
  csType: z.number().int(),
  /** The service's address in plain text (the original sent it DES-encrypted: decision 014). */
  path: z.string(),
  name: z.string(),
});

/** One of the site's domains; `speed` is the client's measured latency, 0 until measured. */
export const DomainRouteSchema = z.object({ domainName: z.string(), speed: z.number() });

/** Where a caller is, from its IP address; country is ISO 3166-1 alpha-2, "" when unknown. */
export const LocationSchema = z.object({ ip: z.string(), country: z.string() });
export type CallerLocation = z.infer<typeof LocationSchema>;

/** Id of the synthetic root node every switch hangs under (the original walks one root). */
export const WHITELABEL_ROOT = 'ROOT';

/**
 * The caller-independent settings: the original's consolidated settings, and `info` of the status
 * call. `whitelabel` is one root node whose descendants are the switches; `domainRoute` the site's
 * domains; `resourceMap` and `countries` are this platform's own additions.
 */
export const SystemInfoSchema = z.object({
  whitelabel: WhitelabelNodeSchema,
  register: RegisterRulesSchema,
  resources: z.array(ResourceSchema),
  /** The same resources keyed by name (spec A §3). */
  resourceMap: z.record(z.string(), z.object({ url: z.string(), labelNameEn: z.string() })),
  customerService: z.array(CustomerServiceSchema),
  analytics: z.object({ gtagId: z.string() }),
  imageCDNs: z.array(z.string()).min(1),
  launchGameCDNs: z.array(z.string()).min(1),
  domainRoute: z.array(DomainRouteSchema),
  /** The site's main domain ("" when none is configured). */
  mainDomain: z.string(),
  countries: z.array(CountrySchema),
});
export type SystemInfo = z.infer<typeof SystemInfoSchema>;

export const SystemStatusValueSchema = z.object({
  /** 0 normal, 1 maintenance, 2 region restricted. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: z.boolean(),
  /** End of the maintenance window, epoch ms, when given. */
  maintenanceEnd: z.number().nullable(),
  regionRestriction: z.boolean(),
  location: LocationSchema,
  info: SystemInfoSchema,
});
export type SystemStatusResponse = z.infer<typeof SystemStatusValueSchema>;

/** A help article: `tag` is its stable id (the original opens /help#<tag>), `content` HTML. */
export const HelpArticleSchema = z.object({ tag: z.string(), title: z.string(), content: z.string() });
/** A help section: its own overview `content` and its articles as `children`. */
export const HelpSectionSchema = HelpArticleSchema.extend({ children: z.array(HelpArticleSchema) });
export type HelpSection = z.infer<typeof HelpSectionSchema>;

/** Language as the original sends it: a picker label ("EN", "CN") or a code ("en", "zh-CN"). */
const LanguageParam = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/, 'lang is a language label or code');
const DeviceParam = z
  .string()
  .max(16)
  .regex(/^[A-Za-z0-9_-]+$/, 'device is a device name such as WEB');

export const getSystemStatus = defineCall({
  id: 'getSystemStatus',
  method: 'GET',
  path: '/wps/system/status',
  moduleId: 'COMM3',
  token: false,
  summary:
    'System status, the caller location, whitelabel switches, register rules, resources, CDNs and domains',
  query: z.object({ url: z.string().max(2048).optional() }),
  response: SystemStatusValueSchema,
});

export const getWhitelabel = defineCall({
  id: 'getWhitelabel',
  method: 'GET',
  path: '/wps/system/whitelabel',
  moduleId: 'COMM3',
  token: false,
  summary: 'The whitelabel switch tree (menu): one root node',
  response: WhitelabelNodeSchema,
});

export const getRegisterSetting = defineCall({
  id: 'getRegisterSetting',
  method: 'GET',
  path: '/wps/system/setting/register',
  moduleId: 'REG3',
  token: false,
  summary: 'Per-field register rules',
  response: RegisterRulesSchema,
});

export const getSettingsConsolidated = defineCall({
  id: 'getSettingsConsolidated',
  method: 'GET',
  path: '/wps/system/settings/consolidated',
  moduleId: 'COMM3',
  token: false,
  summary: 'The settings of the status call without the caller-dependent parts',
  response: SystemInfoSchema,
});

export const getLocation = defineCall({
  id: 'getLocation',
  method: 'GET',
  path: '/wps/system/location',
  moduleId: 'COMM3',
  token: false,
  summary: "The caller's IP address and country",
  response: LocationSchema,
});

export const getCountry = defineCall({
  id: 'getCountry',
  method: 'GET',
  path: '/wps/system/country',
  moduleId: 'COMM3',
  token: false,
  summary:
    "The caller's country (or the site's first when the site does not serve it), its dialing code and the currency",
  response: z.object({
    countryCode: z.string().length(2),
    countryDialingCode: z.string(),
    name: z.string(),
    currency: z.string(),
    currencySymbol: z.string(),
  }),
});

export const getTemplates = defineCall({
  id: 'getTemplates',
  method: 'GET',
  path: '/wps/system/templates',
  moduleId: 'COMM3',
  token: false,
  summary: "The site's front-end template, its parameters and the merchant code",
  response: z.object({
    templateId: z.string(),
    merchantCode: z.string(),
    parameters: z.object({
      /** Whether registration is open (switch DIRECTREG3). */
      switch_register: z.boolean(),
    }),
  }),
});

export const pingDomain = defineCall({
  id: 'pingDomain',
  method: 'GET',
  path: '/wps/system/test/ping',
  moduleId: 'COMM3',
  token: false,
  summary: "A cheap answer for measuring a domain's latency; echoes the caller's send time",
  query: z.object({
    /** The caller's clock when it sent the ping, epoch ms. */
    speed: z.coerce.number().int().min(0).max(8.64e15).optional(),
  }),
  response: z.object({ speed: z.number().nullable(), serverTime: z.number() }),
});

export const getHelpCenter = defineCall({
  id: 'getHelpCenter',
  method: 'GET',
  path: '/wps/system/helpCenter',
  moduleId: 'COMM3',
  token: false,
  summary: 'Help-centre sections with their articles (HTML)',
  query: z.object({ lang: LanguageParam.optional(), device: DeviceParam.optional() }),
  response: z.array(HelpSectionSchema),
});

export const getDomainRoute = defineCall({
  id: 'getDomainRoute',
  method: 'GET',
  path: '/wps/system/domainRoute',
  moduleId: 'COMM3',
  token: false,
  summary: 'Alternative domains of the site, customer service and the download resources',
  response: z.object({
    domainList: z.array(DomainRouteSchema),
    customerService: z.array(CustomerServiceSchema),
    resources: z.array(ResourceSchema),
  }),
});

export const getBrandConfig = defineCall({
  id: 'getBrandConfig',
  method: 'GET',
  path: '/config/brand.json',
  moduleId: 'SYSTEM',
  token: false,
  wire: 'bare',
  summary: 'The brand config file, read at run time',
  response: BrandConfigSchema,
});
