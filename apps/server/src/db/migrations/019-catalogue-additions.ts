/**
 * History: this migration once added demo catalogue rows written after 012 (the Vietnamese lottery
 * vendor, the sports and e-sports lobbies) to databases seeded before them. The demo catalogue is
 * the seed's alone since issue 28, so it does nothing now; it stays listed so that databases that
 * ran it and databases that did not agree on the migration history.
 */
export async function up(): Promise<void> {}

export async function down(): Promise<void> {}
