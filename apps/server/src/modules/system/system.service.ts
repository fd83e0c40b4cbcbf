import {
  FeatureSwitch,
  patternById,
  registerFieldNames,
  type FieldRule,
  type HelpCategory,
  type RegisterRules,
  type SystemInfo,
  type WhitelabelNode,
  SystemInfoSchema,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { ChangeFeed } from '../../platform/change-feed.ts';
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

export interface CdnSetting {
  imageCDNs: string[];
  launchGameCDNs: string[];
}

interface Snapshot {
  status: StatusSetting;
  whitelabel: WhitelabelNode[];
  switches: Map<string, boolean>;
  register: RegisterRules;
  info: Omit<SystemInfo, 'location'>;
  /** `info` serialised once per change, without its closing brace: the location is appended per caller. */
  infoJsonOpen: string;
  help: HelpCategory[];
  domains: string[];
}

export interface CallerStatus {
  status: 0 | 1 | 2;
  maintenanceEndTime: number | null;
  country: string;
}

function buildTree(rows: Awaited<ReturnType<typeof repo.listSwitches>>): WhitelabelNode[] {
  const nodes = new Map<string, WhitelabelNode>();
  for (const r of rows)
    nodes.set(r.mod_id, { modId: r.mod_id, enabled: r.enabled ? '1' : '0', childrenNodes: [] });
  const roots: WhitelabelNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.mod_id)!;
    const parent = r.parent_mod_id ? nodes.get(r.parent_mod_id) : undefined;
    (parent ? parent.childrenNodes : roots).push(node);
  }
  return roots;
}

export class SystemService {
  private readonly database: Database;
  private readonly feed: ChangeFeed;
  private readonly snapshot;

  constructor(database: Database, feed: ChangeFeed) {
    this.database = database;
    this.feed = feed;
    this.snapshot = feed.cached(() => this.load());
  }

  private async load(): Promise<Snapshot> {
    const db = this.database.db;
    const [status, cdn, analytics, switches, rules, resources, cs, help, domains, countries] =
      await Promise.all([
        repo.readSetting<StatusSetting>(db, 'status'),
        repo.readSetting<CdnSetting>(db, 'cdn'),
        repo.readSetting<{ gtagId: string }>(db, 'analytics'),
        repo.listSwitches(db),
        repo.listRegisterRules(db),
        repo.listResources(db),
        repo.listCustomerService(db),
        repo.listHelpArticles(db),
        repo.listDomains(db),
        repo.listCountries(db),
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
    const helpByCategory = new Map<string, HelpCategory>();
    for (const a of help) {
      let cat = helpByCategory.get(a.category_id);
      if (!cat) {
        cat = { id: a.category_id, title: a.category_title, items: [] };
        helpByCategory.set(a.category_id, cat);
      }
      cat.items.push({ id: a.id, title: a.title, content: a.content });
    }
    const resourceList = resources.map((r) => ({
      name: r.name,
      resourceType: r.resource_type,
      url: r.url,
      qrCodeUrl: r.qr_code_url,
      labelNameEn: r.label_name_en,
      imageUrl: r.image_url,
    }));
    const info: Omit<SystemInfo, 'location'> = {
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
      countries: countries.map((c) => ({
        countryCode: c.country_code,
        countryDialingCode: c.dialing_code,
        name: c.name,
        numberLengths: c.number_lengths,
      })),
    };
    // Checked by the call's own schema once per change, so the per-request answer can be spliced.
    const checked = SystemInfoSchema.omit({ location: true }).parse(info);
    return {
      status: { ...defaultStatusSetting, ...status },
      whitelabel: info.whitelabel,
      switches: new Map(switches.map((s) => [s.mod_id, s.enabled])),
      register,
      help: [...helpByCategory.values()],
      domains: domains.map((d) => d.domain),
      info,
      infoJsonOpen: JSON.stringify(checked).slice(0, -1),
    };
  }

  /** The status a caller from `country` meets now: maintenance wins over a region block. */
  async statusFor(country: string): Promise<CallerStatus> {
    const { status } = await this.snapshot.get();
    const until = status.maintenanceUntil ? Date.parse(status.maintenanceUntil) : null;
    if (status.maintenance && (until === null || until > Date.now()))
      return { status: 1, maintenanceEndTime: until, country };
    if (country && status.blockedCountries.includes(country))
      return { status: 2, maintenanceEndTime: null, country };
    return { status: 0, maintenanceEndTime: null, country };
  }

  /** The caller-independent part of the system info (resources, countries, CDNs, rules). */
  async info(): Promise<Omit<SystemInfo, 'location'>> {
    return (await this.snapshot.get()).info;
  }

  /**
   * The status call's answer, serialised: the snapshot's bulk once per change, the caller's
   * status and location per request (the status call is the first call of every visit).
   */
  async systemStatusJson(ip: string, country: string): Promise<string> {
    const [snap, caller] = await Promise.all([this.snapshot.get(), this.statusFor(country)]);
    const location = JSON.stringify({ ip, country });
    return (
      `{"status":${caller.status},"maintenance":${caller.status === 1},"maintenanceEndTime":${caller.maintenanceEndTime ?? 'null'},` +
      `"regionRestriction":${caller.status === 2},"info":${snap.infoJsonOpen},"location":${location}}}`
    );
  }

  async whitelabel(): Promise<WhitelabelNode[]> {
    return (await this.snapshot.get()).whitelabel;
  }

  async registerRules(): Promise<RegisterRules> {
    return (await this.snapshot.get()).register;
  }

  async help(): Promise<HelpCategory[]> {
    return (await this.snapshot.get()).help;
  }

  async domainRoute() {
    const snap = await this.snapshot.get();
    return {
      domainList: snap.domains.map((domain) => ({ domain, speed: 0 })),
      resources: snap.info.resources,
    };
  }

  /** Whether a feature switch is on; an unknown switch is off. */
  async isOn(modId: string): Promise<boolean> {
    return (await this.snapshot.get()).switches.get(modId) ?? false;
  }

  async statusSetting(): Promise<StatusSetting> {
    return (await this.snapshot.get()).status;
  }

  // Operator actions. Each commits, then tells every instance to reload.

  async setNormal(): Promise<StatusSetting> {
    return this.writeStatus({ maintenance: false, maintenanceUntil: null, blockedCountries: [] });
  }

  async setMaintenance(until: Date | null): Promise<StatusSetting> {
    const current = await this.freshStatus();
    return this.writeStatus({
      ...current,
      maintenance: true,
      maintenanceUntil: until ? until.toISOString() : null,
    });
  }

  async setBlockedCountries(countries: string[]): Promise<StatusSetting> {
    const current = await this.freshStatus();
    return this.writeStatus({
      ...current,
      maintenance: false,
      maintenanceUntil: null,
      blockedCountries: countries,
    });
  }

  async setSwitch(modId: string, enabled: boolean): Promise<boolean> {
    const found = await repo.setSwitch(this.database.db, modId, enabled);
    if (found) await this.feed.publish(`switch:${modId}`);
    return found;
  }

  async listSwitches() {
    return repo.listSwitches(this.database.db);
  }

  private async freshStatus(): Promise<StatusSetting> {
    return {
      ...defaultStatusSetting,
      ...(await repo.readSetting<StatusSetting>(this.database.db, 'status')),
    };
  }

  private async writeStatus(next: StatusSetting): Promise<StatusSetting> {
    await repo.writeSetting(this.database.db, 'status', next);
    await this.feed.publish('status');
    return next;
  }
}
