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
  path: z.string(),
  name: z.string(),
});

export const SystemInfoSchema = z.object({
  whitelabel: z.array(WhitelabelNodeSchema),
  register: RegisterRulesSchema,
  resources: z.array(ResourceSchema),
  /** The same resources keyed by name (spec A §3). */
  resourceMap: z.record(z.string(), z.object({ url: z.string(), labelNameEn: z.string() })),
  customerService: z.array(CustomerServiceSchema),
  analytics: z.object({ gtagId: z.string() }),
  imageCDNs: z.array(z.string()).min(1),
  launchGameCDNs: z.array(z.string()).min(1),
  location: z.object({ ip: z.string(), country: z.string() }),
  countries: z.array(CountrySchema),
});
export type SystemInfo = z.infer<typeof SystemInfoSchema>;

export const SystemStatusValueSchema = z.object({
  /** 0 normal, 1 maintenance, 2 region restricted. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: z.boolean(),
  /** End of the maintenance window, epoch ms, when given. */
  maintenanceEndTime: z.number().nullable(),
  regionRestriction: z.boolean(),
  info: SystemInfoSchema,
});
export type SystemStatusResponse = z.infer<typeof SystemStatusValueSchema>;

export const HelpItemSchema = z.object({ id: z.string(), title: z.string(), content: z.string() });
export const HelpCategorySchema = z.object({
  id: z.string(),
  title: z.string(),
  items: z.array(HelpItemSchema),
});
export type HelpCategory = z.infer<typeof HelpCategorySchema>;

export const getSystemStatus = defineCall({
  id: 'getSystemStatus',
  method: 'GET',
  path: '/wps/system/status',
  moduleId: 'SYSTEM',
  token: false,
  summary: 'System status, whitelabel switches, register rules, resources, CDNs and the caller location',
  query: z.object({ url: z.string().max(2048).optional() }),
  response: SystemStatusValueSchema,
});

export const getWhitelabel = defineCall({
  id: 'getWhitelabel',
  method: 'GET',
  path: '/wps/system/whitelabel',
  moduleId: 'SYSTEM',
  token: false,
  summary: 'The whitelabel switch tree (menu)',
  response: z.array(WhitelabelNodeSchema),
});

export const getRegisterSetting = defineCall({
  id: 'getRegisterSetting',
  method: 'GET',
  path: '/wps/system/setting/register',
  moduleId: 'REGISTER',
  token: false,
  summary: 'Per-field register rules',
  response: RegisterRulesSchema,
});

export const getHelpCenter = defineCall({
  id: 'getHelpCenter',
  method: 'GET',
  path: '/wps/system/helpCenter',
  moduleId: 'HELP',
  token: false,
  summary: 'Help-centre categories and articles (HTML)',
  response: z.object({ categories: z.array(HelpCategorySchema) }),
});

export const getDomainRoute = defineCall({
  id: 'getDomainRoute',
  method: 'GET',
  path: '/wps/system/domainRoute',
  moduleId: 'SYSTEM',
  token: false,
  summary: 'Alternative domains of the site and the download resources',
  response: z.object({
    domainList: z.array(z.object({ domain: z.string(), speed: z.number() })),
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
