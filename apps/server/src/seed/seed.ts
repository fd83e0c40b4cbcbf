import type { Kysely } from 'kysely';
import type { Database } from '../db/connection.ts';
import {
  SEED_REFERENCE,
  dayMs,
  demoAnnouncements,
  demoBanners,
  demoCountries,
  demoCustomerService,
  demoDomains,
  demoHelp,
  demoRegisterRules,
  demoResources,
  demoSwitches,
} from './demo-content.ts';
import { seedAccounts } from './accounts.ts';
import { seedGamesCatalogue } from './games-catalogue.ts';
import { scheduleDemoBets } from '../modules/lottery/lottery-demo-bets.ts';

export interface SeedOptions {
  /**
   * Marks the database for the demo member's lottery bets, which a job places once the numeros
   * exist (modules/lottery/lottery-demo-bets.ts): a demo start asks for them (DEMO_LOTTERY_BETS,
   * set by `npm start`); tests and e2e servers do not, so their demo member has no lottery orders.
   */
  lotteryDemoBets?: boolean;
}

/** True when the database holds no platform data yet. */
export async function isEmpty(database: Database): Promise<boolean> {
  const row = await database.db
    .selectFrom('feature_switch')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/** Seeds the demo data into an empty database, in one transaction. Deterministic. */
export async function seedDemoData(database: Database, options: SeedOptions = {}): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const json = (v: unknown) => JSON.stringify(v);
    await trx
      .insertInto('system_setting')
      .values([
        { key: 'status', value: json({ maintenance: false, maintenanceUntil: null, blockedCountries: [] }) },
        {
          key: 'cdn',
          value: json({
            imageCDNs: ['/cdn/img1', '/cdn/img2'],
            launchGameCDNs: ['/cdn/launch1', '/cdn/launch2'],
          }),
        },
        { key: 'analytics', value: json({ gtagId: '' }) },
        // The front-end template the original's /wps/system/templates names (decision 014).
        { key: 'template', value: json({ templateId: 'WEB1' }) },
      ])
      .execute();
    // Parents first: the tree's foreign key points upwards.
    await trx
      .insertInto('feature_switch')
      .values(
        demoSwitches.map((s, i) => ({
          mod_id: s.modId,
          parent_mod_id: s.parent,
          enabled: s.enabled,
          label: s.label,
          sort: i,
        })),
      )
      .execute();
    await trx
      .insertInto('register_rule')
      .values(
        demoRegisterRules.map(([field, enabled, required, pattern_id, min_length, max_length], sort) => ({
          field,
          enabled,
          required,
          pattern_id,
          min_length,
          max_length,
          sort,
        })),
      )
      .execute();
    await trx
      .insertInto('country')
      .values(
        demoCountries.map((c, sort) => ({
          country_code: c.code,
          dialing_code: c.dial,
          name: c.name,
          number_lengths: json(c.lengths),
          sort,
        })),
      )
      .execute();
    await trx
      .insertInto('resource')
      .values(
        demoResources.map((r, sort) => ({
          name: r.name,
          resource_type: r.type,
          url: r.url,
          qr_code_url: r.qr,
          label_name_en: r.label,
          image_url: r.image,
          sort,
        })),
      )
      .execute();
    await trx
      .insertInto('customer_service')
      .values(demoCustomerService.map((c, sort) => ({ cs_type: c.csType, name: c.name, path: c.path, sort })))
      .execute();
    await trx
      .insertInto('help_article')
      .values(
        demoHelp.map((h, sort) => ({
          id: h.id,
          category_id: h.cat,
          category_title: h.catTitle,
          title: h.title,
          content: h.html,
          sort,
        })),
      )
      .execute();
    await trx
      .insertInto('domain')
      .values(demoDomains.map((domain, sort) => ({ domain, sort })))
      .execute();
    await trx
      .insertInto('announcement')
      .values(
        demoAnnouncements.map((a) => ({
          type: a.type,
          title: a.title,
          content: a.html,
          execution: 'B',
          published_at: new Date(SEED_REFERENCE - a.daysAgo * dayMs),
        })),
      )
      .execute();
    await trx
      .insertInto('banner')
      .values(
        demoBanners.map((b, sort) => ({
          group_code: b.group,
          title: b.title,
          image_url: b.image,
          link_url: b.link,
          sort,
        })),
      )
      .execute();
    // The demo game catalogue (about 10,000 titles): demo data, so the seed's, never a migration's.
    await seedGamesCatalogue(trx as unknown as Kysely<unknown>);
    await seedAccounts(database, trx);
    if (options.lotteryDemoBets) await scheduleDemoBets(trx);
  });
}
