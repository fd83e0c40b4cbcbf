import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** A timestamptz with a database default: optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamptz the writer must give. */
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

/** Key/value settings the operator changes at run time (system status, region rules). */
export interface SystemSettingTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

/** The whitelabel switch tree. */
export interface FeatureSwitchTable {
  mod_id: string;
  parent_mod_id: string | null;
  enabled: boolean;
  label: string;
  sort: number;
}

export interface RegisterRuleTable {
  field: string;
  enabled: boolean;
  required: boolean;
  pattern_id: number;
  min_length: number;
  max_length: number;
  sort: number;
}

export interface AnnouncementTable {
  id: Generated<number>;
  type: string;
  title: string;
  content: string;
  execution: string;
  sort: Generated<number>;
  active: Generated<boolean>;
  published_at: Timestamp;
  created_at: Timestamp;
}

export interface BannerTable {
  id: Generated<number>;
  group_code: string;
  title: string;
  image_url: string;
  link_url: string;
  sort: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface ResourceTable {
  name: string;
  resource_type: string;
  url: string;
  qr_code_url: string;
  label_name_en: string;
  image_url: string;
  sort: number;
}

export interface CustomerServiceTable {
  id: Generated<number>;
  cs_type: number;
  name: string;
  path: string;
  sort: number;
}

export interface HelpArticleTable {
  id: string;
  category_id: string;
  category_title: string;
  title: string;
  content: string;
  sort: number;
}

export interface DomainTable {
  domain: string;
  sort: number;
}

export interface CountryTable {
  country_code: string;
  dialing_code: string;
  name: string;
  number_lengths: JSONColumnType<number[], string, string>;
  sort: number;
}

/** Members of every agent type; the accounts issue adds credentials and profile columns. */
export interface MemberTable {
  id: Generated<number>;
  username: string;
  agent_type: number;
  status: Generated<string>;
  language: Generated<string>;
  created_at: Timestamp;
}

/** Server-side sessions: the opaque token is stored only as its SHA-256 hash. */
export interface SessionTable {
  id: Generated<number>;
  token_hash: Buffer;
  member_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: RequiredTimestamp;
  absolute_expires_at: RequiredTimestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ip: string;
}

export interface DB {
  system_setting: SystemSettingTable;
  feature_switch: FeatureSwitchTable;
  register_rule: RegisterRuleTable;
  announcement: AnnouncementTable;
  banner: BannerTable;
  resource: ResourceTable;
  customer_service: CustomerServiceTable;
  help_article: HelpArticleTable;
  domain: DomainTable;
  country: CountryTable;
  member: MemberTable;
  session: SessionTable;
}
