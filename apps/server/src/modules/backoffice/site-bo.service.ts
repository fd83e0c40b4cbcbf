import { backoffice, defaultLanguageLabelMap } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { fail } from '../../platform/http/errors.ts';
import { brandSettingsOf, type BrandConfigStore } from '../system/brand-config.ts';
import type { BrandSettingsOverride, StatusSetting, SystemService } from '../system/system.service.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';

const E = backoffice.SiteBoErrors;
type SiteStatus = backoffice.SiteStatus;

/**
 * The back office's Site section (decision 035), and the operator CLI's `status` and `switch`
 * commands: the one path of a change to the site's maintenance, blocked regions and feature
 * switches. Each change is one transaction with its audit entry (who, from where, the setting
 * before and after); once it committed, the system service tells every instance (decision 003).
 * The rules of what a player then meets are decision 005's and 006's (statusFor).
 */
export class SiteBoService {
  private readonly database: Database;
  private readonly system: SystemService;
  private readonly audit: AuditLog;
  private readonly brand: BrandConfigStore;

  constructor(deps: { database: Database; system: SystemService; audit: AuditLog; brand: BrandConfigStore }) {
    this.database = deps.database;
    this.system = deps.system;
    this.audit = deps.audit;
    this.brand = deps.brand;
  }

  async status(): Promise<SiteStatus> {
    const [setting, now, info] = await Promise.all([
      this.system.statusSetting(),
      // A caller with no country: what every player meets, region blocks aside.
      this.system.statusFor(''),
      this.system.info(),
    ]);
    return {
      maintenance: setting.maintenance,
      maintenanceUntil: setting.maintenanceUntil ? Date.parse(setting.maintenanceUntil) : null,
      blockedCountries: setting.blockedCountries,
      status: now.status === 1 ? 1 : 0,
      maintenanceEndTime: now.maintenanceEndTime,
      knownCountries: info.countries.map((c) => ({ code: c.countryCode, name: c.name })),
    };
  }

  /** One audited change of the status setting, then the notice to every instance. */
  private async changeStatus(
    actor: AuditActor,
    action: string,
    change: (current: StatusSetting) => StatusSetting,
  ): Promise<StatusSetting> {
    const after = await this.database.db.transaction().execute(async (trx) => {
      const { before, after } = await this.system.changeStatusIn(trx, change);
      await this.audit.append(trx, actor, { action, targetType: 'site', targetId: 'status', before, after });
      return after;
    });
    await this.system.changed('status');
    return after;
  }

  /**
   * Starts maintenance (until a time in the future, or with no end time) or ends it; the blocked
   * regions stay as they are.
   */
  async setMaintenance(actor: AuditActor, on: boolean, until: Date | null): Promise<StatusSetting> {
    if (on && until && until.getTime() <= Date.now()) throw fail(E.boMaintenanceUntil);
    return this.changeStatus(actor, on ? 'site.maintenance.start' : 'site.maintenance.end', (current) => ({
      ...current,
      maintenance: on,
      maintenanceUntil: on && until ? until.toISOString() : null,
    }));
  }

  /** Sets the blocked countries (upper case, each once); maintenance stays as it is. */
  async setBlockedCountries(actor: AuditActor, countries: string[]): Promise<StatusSetting> {
    const codes = [...new Set(countries.map((c) => c.trim().toUpperCase()))];
    return this.changeStatus(actor, 'site.regions', (current) => ({ ...current, blockedCountries: codes }));
  }

  /**
   * The CLI's `status normal` (maintenance and region blocks off) and `status region --block`
   * (decision 006: blocking regions ends maintenance); audited like the back office's changes.
   */
  async setNormal(actor: AuditActor): Promise<StatusSetting> {
    return this.changeStatus(actor, 'site.normal', () => ({
      maintenance: false,
      maintenanceUntil: null,
      blockedCountries: [],
    }));
  }

  async setRegionOnly(actor: AuditActor, countries: string[]): Promise<StatusSetting> {
    const codes = [...new Set(countries.map((c) => c.trim().toUpperCase()))];
    return this.changeStatus(actor, 'site.regions', () => ({
      maintenance: false,
      maintenanceUntil: null,
      blockedCountries: codes,
    }));
  }

  async switches(): Promise<{ list: backoffice.FeatureSwitchRow[] }> {
    const rows = await this.system.listSwitches();
    return {
      list: rows.map((r) => ({
        modId: r.mod_id,
        parentModId: r.parent_mod_id,
        label: r.label,
        enabled: r.enabled,
      })),
    };
  }

  /** Turns a feature switch on or off; 404 for an unknown one. */
  async setSwitch(actor: AuditActor, modId: string, enabled: boolean): Promise<backoffice.FeatureSwitchRow> {
    const row = await this.database.db.transaction().execute(async (trx) => {
      const before = await this.system.setSwitchIn(trx, modId, enabled);
      if (!before) throw fail(E.boSwitchNotFound, { message: `No feature switch "${modId}"` });
      await this.audit.append(trx, actor, {
        action: 'site.switch',
        targetType: 'feature_switch',
        targetId: modId,
        before: { enabled: before.enabled, label: before.label },
        after: { enabled, label: before.label },
      });
      return before;
    });
    await this.system.changed(`switch:${modId}`);
    return { modId: row.mod_id, parentModId: row.parent_mod_id, label: row.label, enabled };
  }

  /** The language labels the brand knows: its own map's and the picker's defaults. */
  private knownLanguages(): string[] {
    return [
      ...new Set([...Object.keys(this.brand.file().languageLabels), ...Object.keys(defaultLanguageLabelMap)]),
    ];
  }

  /** The brand config served now, its editable settings, the file's values and which are the operator's. */
  async brandConfig(): Promise<backoffice.SiteBrand> {
    const config = await this.brand.current();
    const over = await this.system.brandSettings();
    return {
      path: this.brand.path,
      config,
      settings: brandSettingsOf(config),
      defaults: brandSettingsOf(this.brand.file()),
      overridden: backoffice.brandSettingKeys.filter((k) => over[k] !== undefined),
      knownLanguages: this.knownLanguages(),
    };
  }

  /**
   * Sets the brand settings (decision 040): checked together (the default language among those
   * offered, every language known), stored as the differences from the file's values, audited with
   * the settings before and after and the reason, then every instance is told (decision 003).
   */
  async setBrand(
    actor: AuditActor,
    settings: backoffice.BrandSettings,
    reason: string,
  ): Promise<backoffice.SiteBrand> {
    const known = new Set(this.knownLanguages());
    const languages = [...new Set(settings.supportLanguages)];
    const unknown = languages.filter((l) => !known.has(l));
    if (unknown.length > 0)
      throw fail(E.boBrandInvalid, {
        message: `Unknown language ${unknown.join(', ')}: use one of ${[...known].join(', ')}`,
      });
    if (!languages.includes(settings.defaultLang))
      throw fail(E.boBrandInvalid, { message: 'The default language must be one of the languages offered' });
    const wanted: backoffice.BrandSettings = { ...settings, supportLanguages: languages };
    const defaults = brandSettingsOf(this.brand.file());
    const over: BrandSettingsOverride = {};
    for (const key of backoffice.brandSettingKeys) {
      if (JSON.stringify(wanted[key]) !== JSON.stringify(defaults[key]))
        Object.assign(over, { [key]: wanted[key] });
    }
    const changed = await this.database.db.transaction().execute(async (trx) => {
      const { before } = await this.system.changeBrandIn(trx, () => over);
      const from = { ...defaults, ...before };
      const keys = backoffice.brandSettingKeys.filter(
        (k) => JSON.stringify(from[k]) !== JSON.stringify(wanted[k]),
      );
      if (keys.length === 0) return false;
      await this.audit.append(trx, actor, {
        action: 'site.brand',
        targetType: 'site',
        targetId: 'brand',
        before: Object.fromEntries(keys.map((k) => [k, from[k]])),
        after: { ...Object.fromEntries(keys.map((k) => [k, wanted[k]])), reason },
      });
      return true;
    });
    if (changed) await this.system.changed('brand');
    return this.brandConfig();
  }
}
