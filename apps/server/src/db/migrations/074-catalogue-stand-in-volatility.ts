import { sql, type Kysely } from 'kysely';

/**
 * Issue 34, a catalogue that never pretends (decision 058): a slot title's volatility is its
 * stand-in's, computed, not a random draw. The seed of an empty database writes it; this rewrites
 * the invented ones (LOW to VERY_HIGH at random) of a database seeded before, by the seed's number
 * ranges as migration 070 does for the return: every slot title (100001-110000) opens Lucky Lotus,
 * whose exact standard deviation per unit bet is 2.59 (variance 6.714342 over all its stop
 * combinations with their free spins), LOW in the stated bands (below 4); the other seeded titles
 * (5xxxxx, 6xxxxx) state none. Written down as proven when this was written: a migration knows no
 * domain module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update game set volatility = case when node_id ~ '^1' then 'LOW' else null end
    where (node_id ~ '^1[0-9]{5}$' and node_id::int <= 110000 and game_type = 'RNG')
       or node_id ~ '^[56][0-9]{5}$'`.execute(db);
}

/** The invented classes are not written back: a downgrade keeps the true ones. */
export async function down(): Promise<void> {}
