import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './connection.ts';
import * as m001 from './migrations/001-system.ts';
import * as m002 from './migrations/002-sessions.ts';
import * as m003 from './migrations/003-accounts.ts';
import * as m004 from './migrations/004-phone-auth.ts';
import * as m005 from './migrations/005-outbox-lease.ts';
import * as m007 from './migrations/007-original-switch-ids.ts';
import * as m008 from './migrations/008-wallet.ts';
import * as m009 from './migrations/009-withdrawals.ts';
import * as m010 from './migrations/010-messages-records.ts';
import * as m012 from './migrations/012-games.ts';
import * as m013 from './migrations/013-game-wallet.ts';
import * as m014 from './migrations/014-house-games.ts';
import * as m015 from './migrations/015-lottery.ts';
import * as m016 from './migrations/016-member-profile.ts';
import * as m017 from './migrations/017-spin-round.ts';
import * as m018 from './migrations/018-lottery-bet-function.ts';
import * as m019 from './migrations/019-catalogue-additions.ts';
import * as m020 from './migrations/020-lottery-ticket-fillfactor.ts';
import * as m021 from './migrations/021-bet-wins.ts';
import * as m022 from './migrations/022-bet-win-board-index.ts';
import * as m023 from './migrations/023-lottery-free-play-and-request-hash.ts';
import * as m024 from './migrations/024-money-ceilings-and-gateway-retries.ts';
import * as m026 from './migrations/026-one-posting-path.ts';
import * as m027 from './migrations/027-agent-tree.ts';
import * as m029 from './migrations/029-agent-stats.ts';
import * as m030 from './migrations/030-lottery-prize-group.ts';
import * as m031 from './migrations/031-agent-register-switches.ts';
import * as m032 from './migrations/032-agent-team.ts';
import * as m033 from './migrations/033-agent-announcements.ts';
import * as m034 from './migrations/034-lottery-rebates-by-prize-group.ts';
import * as m035 from './migrations/035-staff-and-audit.ts';
import * as m036 from './migrations/036-agent-contracts.ts';
import * as m037 from './migrations/037-drop-member-contract-request-columns.ts';
import * as m038 from './migrations/038-agent-contract-settlement.ts';
import * as m039 from './migrations/039-agent-figures-fillfactor.ts';
import * as m040 from './migrations/040-approval-votes.ts';
import * as m041 from './migrations/041-backoffice-players.ts';
import * as m042 from './migrations/042-points-ledger.ts';
import * as m043 from './migrations/043-member-password-change-required.ts';
import * as m050 from './migrations/050-points-mall.ts';
import * as m045 from './migrations/045-game-list-order.ts';
import * as m046 from './migrations/046-back-office-content.ts';
import * as m051 from './migrations/051-responsible-gambling.ts';
import * as m053 from './migrations/053-bonus-wallet-and-promotions.ts';
import * as m052 from './migrations/052-agent-bettor-days.ts';
import * as m058 from './migrations/058-brand-settings-and-suspended-draws.ts';
import * as m049 from './migrations/049-staff-password-change.ts';
import * as m048 from './migrations/048-site-day-figures.ts';
import * as m055 from './migrations/055-referral-and-help.ts';
import * as m056 from './migrations/056-social-sign-in.ts';
import * as m054 from './migrations/054-vip-missions.ts';
import * as m057 from './migrations/057-house-originals.ts';
import * as m062 from './migrations/062-content-versions.ts';
import * as m064 from './migrations/064-house-table-originals.ts';
import * as m065 from './migrations/065-raffles.ts';
import * as m068 from './migrations/068-crash.ts';
import * as m059 from './migrations/059-feedback-handled.ts';
import * as m066 from './migrations/066-chat-room.ts';
import * as m067 from './migrations/067-house-card-originals.ts';
import * as m070 from './migrations/070-catalogue-stand-in-rtp.ts';
import * as m071 from './migrations/071-chat-group-name-unique.ts';
import * as m072 from './migrations/072-own-rebates-at-payment.ts';
import * as m073 from './migrations/073-house-rounds-without-vendor-rows.ts';
import * as m074 from './migrations/074-catalogue-stand-in-volatility.ts';
import * as m075 from './migrations/075-lottery-bet-asks-limits.ts';
import * as m076 from './migrations/076-bet-record-one-trigger.ts';
import * as m077 from './migrations/077-agent-money-queue-in-ledger-post.ts';
import * as m078 from './migrations/078-mines-start-and-settle-in-one-statement.ts';
import * as m079 from './migrations/079-mines-step-without-lock.ts';
import * as m080 from './migrations/080-spin-batch.ts';
import * as m081 from './migrations/081-agent-month-figures.ts';
import * as m082 from './migrations/082-agent-queue-in-two-halves.ts';
import * as m083 from './migrations/083-mines-batch.ts';
import * as m084 from './migrations/084-agent-team-balance.ts';
import * as m085 from './migrations/085-member-months-from-closed-days.ts';
import * as m086 from './migrations/086-ledger-rules-kept-by-its-writer.ts';
import * as m087 from './migrations/087-points-and-site-queues-in-two-halves.ts';
import * as m088 from './migrations/088-one-queue-row-a-settled-bet.ts';
import * as m089 from './migrations/089-member-days-keyed-by-day.ts';
import * as m090 from './migrations/090-house-balances-once-a-batch.ts';

/** Migrations are listed in code so a bundle or a test needs no file-system scan. */
export const migrations: Record<string, Migration> = {
  '001-system': m001,
  '002-sessions': m002,
  '003-accounts': m003,
  '004-phone-auth': m004,
  '005-outbox-lease': m005,
  '007-original-switch-ids': m007,
  '008-wallet': m008,
  '009-withdrawals': m009,
  '010-messages-records': m010,
  '012-games': m012,
  '013-game-wallet': m013,
  '014-house-games': m014,
  '015-lottery': m015,
  '016-member-profile': m016,
  '017-spin-round': m017,
  '018-lottery-bet-function': m018,
  '019-catalogue-additions': m019,
  '020-lottery-ticket-fillfactor': m020,
  '021-bet-wins': m021,
  '022-bet-win-board-index': m022,
  '023-lottery-free-play-and-request-hash': m023,
  '024-money-ceilings-and-gateway-retries': m024,
  '026-one-posting-path': m026,
  '027-agent-tree': m027,
  '029-agent-stats': m029,
  '030-lottery-prize-group': m030,
  '031-agent-register-switches': m031,
  '032-agent-team': m032,
  '033-agent-announcements': m033,
  '034-lottery-rebates-by-prize-group': m034,
  '035-staff-and-audit': m035,
  '036-agent-contracts': m036,
  '037-drop-member-contract-request-columns': m037,
  '038-agent-contract-settlement': m038,
  '039-agent-figures-fillfactor': m039,
  '040-approval-votes': m040,
  '041-backoffice-players': m041,
  '042-points-ledger': m042,
  '043-member-password-change-required': m043,
  '050-points-mall': m050,
  '045-game-list-order': m045,
  '046-back-office-content': m046,
  '051-responsible-gambling': m051,
  '052-agent-bettor-days': m052,
  '049-staff-password-change': m049,
  '048-site-day-figures': m048,
  '055-referral-and-help': m055,
  '056-social-sign-in': m056,
  '053-bonus-wallet-and-promotions': m053,
  '058-brand-settings-and-suspended-draws': m058,
  '054-vip-missions': m054,
  '057-house-originals': m057,
  '062-content-versions': m062,
  '064-house-table-originals': m064,
  '065-raffles': m065,
  '068-crash': m068,
  '059-feedback-handled': m059,
  '066-chat-room': m066,
  '067-house-card-originals': m067,
  '070-catalogue-stand-in-rtp': m070,
  '071-chat-group-name-unique': m071,
  '072-own-rebates-at-payment': m072,
  '073-house-rounds-without-vendor-rows': m073,
  '074-catalogue-stand-in-volatility': m074,
  '075-lottery-bet-asks-limits': m075,
  '076-bet-record-one-trigger': m076,
  '077-agent-money-queue-in-ledger-post': m077,
  '078-mines-start-and-settle-in-one-statement': m078,
  '079-mines-step-without-lock': m079,
  '080-spin-batch': m080,
  '081-agent-month-figures': m081,
  '082-agent-queue-in-two-halves': m082,
  '083-mines-batch': m083,
  '084-agent-team-balance': m084,
  '085-member-months-from-closed-days': m085,
  '086-ledger-rules-kept-by-its-writer': m086,
  '087-points-and-site-queues-in-two-halves': m087,
  '088-one-queue-row-a-settled-bet': m088,
  '089-member-days-keyed-by-day': m089,
  '090-house-balances-once-a-batch': m090,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(database: Database): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: with several
  // schemas in one PostgreSQL database (a test schema per file) it would find another's and fail.
  const schema =
    database.kind === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db: database.db,
    provider,
    // Work in parallel lands migrations out of number order: a database that ran a later one
    // still takes an earlier one it lacks, instead of refusing to start.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
