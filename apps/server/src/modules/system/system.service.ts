import {
  backoffice,
  FeatureSwitch,
  patternById,
  registerFieldNames,
  type FieldRule,
  type HelpSection,
  type RegisterRules,
  type SystemInfo,
  type WhitelabelNode,
  SystemInfoSchema,
  WHITELABEL_ROOT,
} from '@app/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';
import * as repo from './system.repo.ts';

/** What the operator sets: maintenance (with an optional end) and the blocked countries. */
export interface StatusSetting {
  maintenance: boolean;
  /** ISO time the maintenance ends; after it passes the site is open again by itself. */
  maintenanceUntil: string | null;
  blockedCountries: string[];
}
export const defaultStatusSetting: StatusSetting = {
  maintenance: false,
  maintenanceUntil: null,
  blockedCountries: [],
};

/** Changes of the status setting queue on this lock, so none is lost to another's write. */
const STATUS_LOCK = 35_035_010;

export interface CdnSetting {
  imageCDNs: string[];
  launchGameCDNs: string[];
}

/** An answer serialised as a shared bulk between two per-request parts (head + bulk + tail). */
export interface SerializedParts {
  head: string;
  bulk: string;
  tail: string;
}

export interface TemplateSetting {
  templateId: string;
}

/** The operator's brand settings (decision 040): only those changed from the file's values. */
export type BrandSettingsOverride = Partial<backoffice.BrandSettings>;

/** A stored override as far as it is valid (a field a later version dropped or renamed is ignored). */
function brandOverrideOf(value: unknown): BrandSettingsOverride {
  if (!value || typeof value !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = backoffice.BrandSettingsSchema.shape[key as keyof backoffice.BrandSettings];
    const parsed = field?.safeParse(v);
    if (parsed?.success) out[key] = parsed.data;
  }
  return out as BrandSettingsOverride;
}

/** Changes of the brand settings queue on this lock. */
const BRAND_LOCK = 35_035_052;

interface Snapshot {
  status: StatusSetting;
  whitelabel: WhitelabelNode;
  switches: Map<string, boolean>;
  register: RegisterRules;
  info: SystemInfo;
  /** `info` serialised once per change: the status call splices it between the caller's parts. */
  infoJson: string;
  help: HelpSection[];
  template: TemplateSetting;
  brand: BrandSettingsOverride;
}

export interface CallerStatus {
  status: 0 | 1 | 2;
  maintenanceEndTime: number | null;
  country: string;
}

/** The switch rows as one tree under a root node, the shape the original client walks. */
function buildTree(rows: Awaited<ReturnType<typeof repo.listSwitches>>): WhitelabelNode {
  const nodes = new Map<string, WhitelabelNode>();
  for (const r of rows)
    nodes.set(r.mod_id, { modId: r.mod_id, enabled: r.enabled ? '1' : '0', childrenNodes: [] });
  const roots: WhitelabelNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.mod_id)!;
    const parent = r.parent_mod_id ? nodes.get(r.parent_mod_id) : undefined;
    (parent ? parent.childrenNodes : roots).push(node);
  }
  return { modId: WHITELABEL_ROOT, enabled: '1', childrenNodes: roots };
}

/** The status a caller from `country` meets at `now`: maintenance wins over a region block. */
function statusOf(status: StatusSetting, country: string, now: number): CallerStatus {
  const until = status.maintenanceUntil ? Date.parse(status.maintenanceUntil) : null;
  if (status.maintenance && (until === null || until > now))
    return { status: 1, maintenanceEndTime: until, country };
  if (country && status.blockedCountries.includes(country))
    return { status: 2, maintenanceEndTime: null, country };
  return { status: 0, maintenanceEndTime: null, country };
}

/** The status call's parts for one caller: their status and location around the snapshot's info. */
function statusParts(snap: Snapshot, ip: string, country: string): SerializedParts {
  const caller = statusOf(snap.status, country, Date.now());
  const location = JSON.stringify({ ip, country });
  return {
    head:
      `{"status":${caller.status},"maintenance":${caller.status === 1},"maintenanceEnd":${caller.maintenanceEndTime ?? 'null'},` +
      `"regionRestriction":${caller.status === 2},"location":${location},"info":`,
    bulk: snap.infoJson,
    tail: '}',
  };
}

export class SystemService {
  private readonly database: Database;
  private readonly feed: ChangeFeed;
  private readonly snapshot;
  /**
   * The snapshot the cache's current load settled to, for the per-request paths (the status gate,
   * the status call) that then need not wait on a promise. Tied to that load: once a change
   * replaces it, the new load is waited for.
   */
  private settled: { load: Promise<Snapshot>; snapshot: Snapshot } | null = null;

  constructor(database: Database, feed: ChangeFeed) {
    this.database = database;
    this.feed = feed;
    this.snapshot = feed.cached(() => this.load());
  }

  /** The current snapshot if its load has settled, else undefined (and it is noted once it does). */
  private settledSnapshot(): Snapshot | undefined {
    const load = this.snapshot.get();
    if (this.settled?.load === load) return this.settled.snapshot;
    load.then(
      (snapshot) => {
        this.settled = { load, snapshot };
      },
      () => undefined,
    );
    return undefined;
  }

  /** The snapshot, without a wait when its load has settled (the per-request paths). */
  private currentSnapshot(): Snapshot | Promise<Snapshot> {
    return this.settledSnapshot() ?? this.snapshot.get();
  }

  private async load(): Promise<Snapshot> {
    const db = this.database.db;
    const [
      status,
      cdn,
      analytics,
      template,
      switches,
      rules,
      resources,
      cs,
      help,
      domains,
      countries,
      brand,
    ] = await Promise.all([
      repo.readSetting<StatusSetting>(db, 'status'),
      repo.readSetting<CdnSetting>(db, 'cdn'),
      repo.readSetting<{ gtagId: string }>(db, 'analytics'),
      repo.readSetting<TemplateSetting>(db, 'template'),
      repo.listSwitches(db),
      repo.listRegisterRules(db),
      repo.listResources(db),
      repo.listCustomerService(db),
      repo.listHelpArticles(db),
      repo.listDomains(db),
      repo.listCountries(db),
      repo.readSetting<unknown>(db, 'brand'),
    ]);
    const register = {} as RegisterRules;
    for (const r of rules) {
      if (!(registerFieldNames as readonly string[]).includes(r.field)) continue;
      const rule: FieldRule = {
        enabled: r.enabled,
        required: r.required,
        acceptedPattern: patternById(r.pattern_id)?.acceptedPattern ?? '*',
        patternId: r.pattern_id,
        minLength: r.min_length,
        maxLength: r.max_length,
      };
      register[r.field as keyof RegisterRules] = rule;
    }
    // The register captcha follows switch CAPTCHA3 (issue #3): enabled and required exactly when on.
    const captchaOn = switches.find((s) => s.mod_id === FeatureSwitch.registerCaptcha)?.enabled ?? false;
    if (register.captcha) register.captcha = { ...register.captcha, enabled: captchaOn, required: captchaOn };
    // Help as the original reads it: sections (tag = category id) holding their articles.
    const helpByCategory = new Map<string, HelpSection>();
    for (const a of help) {
      let section = helpByCategory.get(a.category_id);
      if (!section) {
        section = { tag: a.category_id, title: a.category_title, content: '', children: [] };
        helpByCategory.set(a.category_id, section);
      }
      section.children.push({ tag: a.id, title: a.title, content: a.content });
    }
    // A section's own page (the original shows it when its title is chosen) lists its articles.
    for (const section of helpByCategory.values()) {
      section.content = `<ul>${section.children.map((c) => `<li>${escapeHtml(c.title)}</li>`).join('')}</ul>`;
    }
    const resourceList = resources.map((r) => ({
      name: r.name,
      resourceType: r.resource_type,
      url: r.url,
      qrCodeUrl: r.qr_code_url,
      labelNameEn: r.label_name_en,
      imageUrl: r.image_url,
    }));
    const info: SystemInfo = {
      whitelabel: buildTree(switches),
      register,
      resources: resourceList,
      resourceMap: Object.fromEntries(
        resourceList.map((r) => [r.name, { url: r.url, labelNameEn: r.labelNameEn }]),
      ),
      customerService: cs.map((c) => ({ csType: c.cs_type, path: c.path, name: c.name })),
      analytics: { gtagId: analytics?.gtagId ?? '' },
      imageCDNs: cdn?.imageCDNs?.length ? cdn.imageCDNs : ['/cdn/img1'],
      launchGameCDNs: cdn?.launchGameCDNs?.length ? cdn.launchGameCDNs : ['/cdn/launch1'],
      // The client measures each domain's latency itself; it starts at 0 (spec A §7).
      domainRoute: domains.map((d) => ({ domainName: d.domain, speed: 0 })),
      mainDomain: domains[0]?.domain ?? '',
      countries: countries.map((c) => ({
        countryCode: c.country_code,
        countryDialingCode: c.dialing_code,
        name: c.name,
        numberLengths: c.number_lengths,
      })),
    };
    // Checked by the call's own schema once per change, so the per-request answer can be spliced.
    const checked = SystemInfoSchema.parse(info);
    return {
      status: { ...defaultStatusSetting, ...status },
      whitelabel: info.whitelabel,
      switches: new Map(switches.map((s) => [s.mod_id, s.enabled])),
      register,
      help: [...helpByCategory.values()],
      info,
      infoJson: JSON.stringify(checked),
      // The site's one web template unless the operator's setting names another.
      template: { templateId: template?.templateId || 'WEB1' },
      brand: brandOverrideOf(brand),
    };
  }

  /** The status a caller from `country` meets now: maintenance wins over a region block. */
  async statusFor(country: string): Promise<CallerStatus> {
    return statusOf((await this.currentSnapshot()).status, country, Date.now());
  }

  /** The caller-independent system info (resources, countries, CDNs, rules, domains). */
  async info(): Promise<SystemInfo> {
    return (await this.snapshot.get()).info;
  }

  /** The same info serialised once per change (the consolidated settings call answers it as is). */
  async infoParts(): Promise<SerializedParts> {
    return { head: '', bulk: (await this.snapshot.get()).infoJson, tail: '' };
  }

  /**
   * The status call's answer, serialised in three parts: the caller's status and location per
   * request around the snapshot's info, serialised once per change and shared by every answer
   * (the status call is the first call of every visit; its gzip reuses the bulk's deflate).
   */
  systemStatusParts(ip: string, country: string): SerializedParts | Promise<SerializedParts> {
    // At once from a settled snapshot (every request but those during a reload): no promise.
    const snap = this.currentSnapshot();
    return snap instanceof Promise
      ? snap.then((s) => statusParts(s, ip, country))
      : statusParts(snap, ip, country);
  }

  async template(): Promise<TemplateSetting> {
    return (await this.snapshot.get()).template;
  }

  async whitelabel(): Promise<WhitelabelNode> {
    return (await this.snapshot.get()).whitelabel;
  }

  async registerRules(): Promise<RegisterRules> {
    return (await this.snapshot.get()).register;
  }

  async help(): Promise<HelpSection[]> {
    return (await this.snapshot.get()).help;
  }

  async domainRoute() {
    const { info } = await this.snapshot.get();
    return { domainList: info.domainRoute, customerService: info.customerService, resources: info.resources };
  }

  /** Whether a feature switch is on; an unknown switch is off. */
  async isOn(modId: string): Promise<boolean> {
    return (await this.snapshot.get()).switches.get(modId) ?? false;
  }

  /** The operator's brand settings over the file's (decision 040), as the snapshot holds them. */
  async brandSettings(): Promise<BrandSettingsOverride> {
    return (await this.snapshot.get()).brand;
  }

  /** The same without waiting when the snapshot is loaded, else undefined (a reload is under way). */
  loadedBrandSettings(): BrandSettingsOverride | undefined {
    return this.settledSnapshot()?.brand;
  }

  /**
   * Changes the stored brand settings in `db` (a transaction: changes queue on a lock until it
   * ends); answers both. Nobody is told until `changed('brand')`.
   */
  async changeBrandIn(
    db: Kysely<DB>,
    change: (current: BrandSettingsOverride) => BrandSettingsOverride,
  ): Promise<{ before: BrandSettingsOverride; after: BrandSettingsOverride }> {
    await sql`select pg_advisory_xact_lock(${BRAND_LOCK})`.execute(db);
    const before = brandOverrideOf(await repo.readSetting<unknown>(db, 'brand'));
    const after = change(before);
    await repo.writeSetting(db, 'brand', after);
    return { before, after };
  }

  async statusSetting(): Promise<StatusSetting> {
    return (await this.snapshot.get()).status;
  }

  /**
   * The operator's setting without waiting, when the snapshot is loaded (nearly always), else
   * undefined: the status gate runs on every call and decides the usual case from it.
   */
  loadedStatusSetting(): StatusSetting | undefined {
    return this.settledSnapshot()?.status;
  }

  // Operator actions. Each commits, then tells every instance to reload. The back office's site
  // service (and the CLI through it) makes the same changes in its audit's transaction with
  // changeStatusIn / setSwitchIn, then calls changed().

  async setNormal(): Promise<StatusSetting> {
    return this.writeStatus(() => ({ maintenance: false, maintenanceUntil: null, blockedCountries: [] }));
  }

  async setMaintenance(until: Date | null): Promise<StatusSetting> {
    return this.writeStatus((current) => ({
      ...current,
      maintenance: true,
      maintenanceUntil: until ? until.toISOString() : null,
    }));
  }

  async setBlockedCountries(countries: string[]): Promise<StatusSetting> {
    return this.writeStatus((current) => ({
      ...current,
      maintenance: false,
      maintenanceUntil: null,
      blockedCountries: countries,
    }));
  }

  async setSwitch(modId: string, enabled: boolean): Promise<boolean> {
    const found = await this.setSwitchIn(this.database.db, modId, enabled);
    if (found) await this.changed(`switch:${modId}`);
    return found !== null;
  }

  /**
   * Changes the stored status setting in `db` (a transaction: changes queue on a lock until it
   * ends) from what is stored now; answers both. Nobody is told until `changed('status')`.
   */
  async changeStatusIn(
    db: Kysely<DB>,
    change: (current: StatusSetting) => StatusSetting,
  ): Promise<{ before: StatusSetting; after: StatusSetting }> {
    await sql`select pg_advisory_xact_lock(${STATUS_LOCK})`.execute(db);
    const before = { ...defaultStatusSetting, ...(await repo.readSetting<StatusSetting>(db, 'status')) };
    const after = change(before);
    await repo.writeSetting(db, 'status', after);
    return { before, after };
  }

  /** Sets a switch in `db`; its row before the change, or null for an unknown switch. */
  async setSwitchIn(db: Kysely<DB>, modId: string, enabled: boolean) {
    const before = await db
      .selectFrom('feature_switch')
      .selectAll()
      .where('mod_id', '=', modId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return null;
    await repo.setSwitch(db, modId, enabled);
    return before;
  }

  /** Tells every instance to reload (after a change committed). */
  async changed(what: string): Promise<void> {
    await this.feed.publish(what);
  }

  async listSwitches() {
    return repo.listSwitches(this.database.db);
  }

  private async writeStatus(change: (current: StatusSetting) => StatusSetting): Promise<StatusSetting> {
    const { after } = await this.database.db.transaction().execute((trx) => this.changeStatusIn(trx, change));
    await this.changed('status');
    return after;
  }
}
