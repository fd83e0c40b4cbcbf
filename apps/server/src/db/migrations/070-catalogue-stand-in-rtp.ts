import { sql, type Kysely } from 'kysely';

/**
 * Issue 34, a catalogue that never pretends (decision 058): the demo catalogue's titles open their
 * sandbox stand-ins (contract stand-ins.ts), so the return a card shows is the stand-in's proven
 * one, or none where it depends on the bet. The seed of an empty database writes these figures;
 * this rewrites the invented ones (a random 94.00-97.50 % per slot) of a database seeded before,
 * the seed's titles by their number ranges (slots 100001-110000, category titles 5xxxxx, vendor
 * lobbies 6xxxxx).
 *
 * History, so the figures are written down as they were proven when it was written, not read from
 * the contract (a migration knows no domain module): a slot opens Lucky Lotus (95.92 %); fishing,
 * bingo, poker rooms and sports lobbies open Plinko, Keno, HiLo and Wheel (99 %); a live roulette
 * table European Roulette (36/37, 97.29 % rounded down); the other live and card tables (Baccarat,
 * Sic Bo, Dragon Tiger, Blackjack, Teen Patti) return what the bet chosen returns, so none. The
 * seed's 10,030 titles gave the same figures by this rule as by the contract's when written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update game set rtp_bp = case
      when node_id ~ '^1' then 9592
      when game_type in ('FISH', 'BINGO', 'PVP', 'SPORTS', 'ESPORTS') then 9900
      when game_type = 'LIVE' and names->>'EN' ~* 'roulette' then 9729
      else null
    end
    where (node_id ~ '^1[0-9]{5}$' and node_id::int <= 110000 and game_type = 'RNG')
       or node_id ~ '^[56][0-9]{5}$'`.execute(db);
}

/** The invented figures are not written back: a downgrade keeps the true ones. */
export async function down(): Promise<void> {}
