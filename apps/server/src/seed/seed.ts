import type { Kysely } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import {
  SEED_REFERENCE,
  dayMs,
  demoAnnouncements,
  demoBanners,
  demoCustomerService,
  demoDomains,
  demoHelp,
  demoResources,
} from './demo-content.ts';
import {
  referenceCountries,
  referenceRegisterRules,
  referenceResources,
  referenceSettings,
  referenceSwitches,
} from './reference-data.ts';
import { seedAccounts } from './accounts.ts';
import { seedDemoAgents } from './demo-agents.ts';
import { seedDemoChat } from './demo-chat.ts';
import { seedDemoGoods } from './demo-goods.ts';
import { seedDemoContentVersions } from './demo-content-versions.ts';
import { seedDemoPromotionRules } from './demo-promotions.ts';
import { seedGamesCatalogue } from './games-catalogue.ts';
import { scheduleDemoBets } from '../modules/lottery/lottery-demo-bets.ts';

export interface SeedOptions {
  /**
   * Marks the database for the demo member's lottery bets, which a job places once the numeros
   * exist (modules/lottery/lottery-demo-bets.ts): a demo start asks for them (DEMO_LOTTERY_BETS,
   * set by `npm start`); tests and e2e servers do not, so their demo member has no lottery orders.
   */
  lotteryDemoBets?: boolean;
  /**
   * Opens the chat room with a few messages of the demo players in its Lobby (seed/demo-chat.ts):
   * a demo start asks for it (DEMO_CHAT, set by `npm start`); tests and e2e servers do not, so
   * their rooms stay closed and empty.
   */
  demoChat?: boolean;
}

/** True when the database holds no platform data yet (not even the reference data). */
export async function isEmpty(database: Database): Promise<boolean> {
  const row = await database.db
    .selectFrom('feature_switch')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/** Whether the demo accounts were seeded here (their passwords are printed at start then). */
export async function hasDemoAccounts(database: Database): Promise<boolean> {
  const row = await database.db
    .selectFrom('member')
    .select('id')
    // By the unique index on the name, then the seed's mark: a member who registered as "demo" is not one.
    .where((eb) => eb(eb.fn('lower', ['username']), '=', 'demo'))
    .where('register_url', '=', 'seed')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What an empty database gets at a server's first start (main.ts, the ops CLI), in one
 * transaction: always the reference data; the demo content only when `demo` asks for it
 * (SEED_DEMO=1, which production refuses: config.ts). A database seeded without it never gets it
 * later: it is not empty any more.
 */
export async function seedNewDatabase(
  database: Database,
  options: SeedOptions & { demo: boolean },
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await seedReferenceData(trx);
    if (options.demo) await seedDemoContent(database, trx, options);
  });
}

/** The reference data and the demo content, as every test database and benchmark has them. */
export function seedDemoData(database: Database, options: SeedOptions = {}): Promise<void> {
  return seedNewDatabase(database, { ...options, demo: true });
}

/**
 * What a working site needs, production included (reference-data.ts says why each is there).
 * Lottery games, ledger kinds, the wallet configuration, deposit channels and banks come from the
 * migrations, not from here.
 */
export async function seedReferenceData(trx: Kysely<DB>): Promise<void> {
  await trx
    .insertInto('system_setting')
    .values(referenceSettings.map((s) => ({ key: s.key, value: JSON.stringify(s.value) })))
    .execute();
  // Parents first: the tree's foreign key points upwards.
  await trx
    .insertInto('feature_switch')
    .values(
      referenceSwitches.map((s, i) => ({
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
      referenceRegisterRules.map(([field, enabled, required, pattern_id, min_length, max_length], sort) => ({
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
      referenceCountries.map((c, sort) => ({
        country_code: c.code,
        dialing_code: c.dial,
        name: c.name,
        number_lengths: JSON.stringify(c.lengths),
        sort,
      })),
    )
    .execute();
  await insertResources(trx, referenceResources, 0);
}

/**
 * The demo content, after the reference data: demo accounts with published passwords (printed at
 * start), their money and messages, the 10,000-title game catalogue, announcements, banners, help,
 * customer service, the site's placeholder domains and links, and when asked the demo member's
 * lottery bets, and the agent tree under agent1 with its players' history (demo-agents.ts). Never in
 * production (config.ts refuses SEED_DEMO there); further demo data belongs here.
 */
export async function seedDemoContent(
  database: Database,
  trx: Kysely<DB>,
  options: SeedOptions = {},
): Promise<void> {
  // After the logo (reference data), in their listed order.
  await insertResources(trx, demoResources, referenceResources.length);
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
  // Placeholder addresses (.example): a real site lists its own, or none.
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
        audience: a.audience ?? 'ALL',
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
  await seedDemoAgents(database, trx);
  await seedDemoGoods(trx);
  // The demo content in Burmese, Chinese, Thai and Vietnamese (decision 047).
  await seedDemoContentVersions(trx);
  await seedDemoPromotionRules(trx);
  if (options.lotteryDemoBets) await scheduleDemoBets(trx);
  if (options.demoChat) await seedDemoChat(trx);
}

async function insertResources(
  trx: Kysely<DB>,
  resources: readonly { name: string; type: string; url: string; qr: string; label: string; image: string }[],
  firstSort: number,
): Promise<void> {
  await trx
    .insertInto('resource')
    .values(
      resources.map((r, i) => ({
        name: r.name,
        resource_type: r.type,
        url: r.url,
        qr_code_url: r.qr,
        label_name_en: r.label,
        image_url: r.image,
        sort: firstSort + i,
      })),
    )
    .execute();
}
