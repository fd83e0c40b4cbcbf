import { sql } from 'kysely';
import { backoffice, defaultLanguageLabelMap } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { fail } from '../../platform/http/errors.ts';
import { brandSettingsOf, type BrandConfigStore } from '../system/brand-config.ts';
import type { BrandSettingsOverride, StatusSetting, SystemService } from '../system/system.service.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';

const E = backoffice.SiteBoErrors;
/** Changes of the registration fields, and of the customer-service links, queue on these locks. */
const REGISTER_LOCK = 35_035_060;
const SERVICE_LOCK = 35_035_061;
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

  // ---- registration fields and customer-service links (decision 052) -------------------------

  /** Every registration field's rule as stored, the editable ones marked. */
  async registerFields(): Promise<backoffice.SiteRegisterFields> {
    const rows = await this.database.db.selectFrom('register_rule').selectAll().orderBy('sort').execute();
    const editable = new Set<string>(backoffice.editableRegisterFields);
    return {
      list: rows.map((r) => ({
        field: r.field,
        enabled: r.enabled,
        required: r.required,
        minLength: r.min_length,
        maxLength: r.max_length,
        patternId: r.pattern_id,
        editable: editable.has(r.field),
      })),
    };
  }

  /**
   * Shows, hides or requires registration fields: only a shown field may be required, each field
   * once. One transaction under a lock with the audit entry (the fields changed, before and after,
   * and the reason); nothing changed writes no entry. Then every instance reloads its system
   * snapshot (decision 003): the register setting call and the registration's own checks read it.
   */
  async setRegisterFields(
    actor: AuditActor,
    fields: { field: backoffice.EditableRegisterField; enabled: boolean; required: boolean }[],
    reason: string,
  ): Promise<backoffice.SiteRegisterFields> {
    const seen = new Set<string>();
    for (const f of fields) {
      if (seen.has(f.field))
        throw fail(E.boRegisterFieldsInvalid, { message: `The field ${f.field} is given twice` });
      seen.add(f.field);
      if (f.required && !f.enabled)
        throw fail(E.boRegisterFieldsInvalid, {
          message: `The field ${f.field} cannot be required while the form does not show it`,
        });
    }
    const changed = await this.database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${REGISTER_LOCK})`.execute(trx);
      const rows = await trx
        .selectFrom('register_rule')
        .select(['field', 'enabled', 'required'])
        .where(
          'field',
          'in',
          fields.map((f) => f.field),
        )
        .forUpdate()
        .execute();
      const byField = new Map(rows.map((r) => [r.field, r]));
      const missing = fields.filter((f) => !byField.has(f.field)).map((f) => f.field);
      if (missing.length)
        throw fail(E.boRegisterFieldsInvalid, { message: `No rule for ${missing.join(', ')} on this site` });
      const diff = fields.filter((f) => {
        const r = byField.get(f.field)!;
        return r.enabled !== f.enabled || r.required !== f.required;
      });
      if (diff.length === 0) return false;
      for (const f of diff)
        await trx
          .updateTable('register_rule')
          .set({ enabled: f.enabled, required: f.required })
          .where('field', '=', f.field)
          .execute();
      const state = (r: { enabled: boolean; required: boolean }) => ({
        enabled: r.enabled,
        required: r.required,
      });
      await this.audit.append(trx, actor, {
        action: 'site.register-fields',
        targetType: 'site',
        targetId: 'register-fields',
        before: Object.fromEntries(diff.map((f) => [f.field, state(byField.get(f.field)!)])),
        after: { ...Object.fromEntries(diff.map((f) => [f.field, state(f)])), reason },
      });
      return true;
    });
    if (changed) await this.system.changed('register');
    return this.registerFields();
  }

  /** The customer-service links players get, in their order (type 4, the VIP service's, among them). */
  async serviceLinks(): Promise<backoffice.SiteServiceLinks> {
    const rows = await this.database.db
      .selectFrom('customer_service')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return { list: rows.map((r) => ({ csType: r.cs_type, name: r.name, path: r.path })) };
  }

  /**
   * Replaces the customer-service links of types 1 to 3 (the VIP service's type 4 stays as it is):
   * one transaction under a lock with the audit entry (the list before and after, the reason);
   * the same list writes no entry. Then every instance reloads (getService and the status call
   * serve the new list from the next request on).
   */
  async setServiceLinks(
    actor: AuditActor,
    links: backoffice.ServiceLink[],
    reason: string,
  ): Promise<backoffice.SiteServiceLinks> {
    const VIP = backoffice.SERVICE_VIP_TYPE;
    const wanted = links.map((l) => ({ csType: l.csType, name: l.name.trim(), path: l.path.trim() }));
    const changed = await this.database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SERVICE_LOCK})`.execute(trx);
      const rows = await trx
        .selectFrom('customer_service')
        .selectAll()
        .where('cs_type', '<>', VIP)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const before = rows.map((r) => ({ csType: r.cs_type, name: r.name, path: r.path }));
      if (JSON.stringify(before) === JSON.stringify(wanted)) return false;
      await trx.deleteFrom('customer_service').where('cs_type', '<>', VIP).execute();
      if (wanted.length)
        await trx
          .insertInto('customer_service')
          .values(wanted.map((l, sort) => ({ cs_type: l.csType, name: l.name, path: l.path, sort })))
          .execute();
      await this.audit.append(trx, actor, {
        action: 'site.service-links',
        targetType: 'site',
        targetId: 'customer-service',
        before: { links: before },
        after: { links: wanted, reason },
      });
      return true;
    });
    if (changed) await this.system.changed('customer-service');
    return this.serviceLinks();
  }
}
