import { sql, type Kysely } from 'kysely';

/**
 * The agent register centre's switches (issue 29; research/agent-contracts.md §1.2, §7): the
 * Account page (REGCEN), its three tabs (register a downline, create a link, manage links: on)
 * and the link URL formats (off: the code is the first host label). A database seeded before gets
 * them; an empty one (migrated before its first seed) is left to the seed, as in migration 007.
 * Without the rows the service treats the tabs as open and the formats as off.
 */
const added: [string, string | null, boolean, string][] = [
  ['REGCEN', null, true, 'Agent centre: register centre (Account page)'],
  ['AGEREGDOWN3', 'REGCEN', true, 'Agents register downlines'],
  ['CREATEAFF3', 'REGCEN', true, 'Agents create registration links'],
  ['AFFMAN3', 'REGCEN', true, 'Agents manage their registration links'],
  ['SUFAFFCODE3', 'REGCEN', false, 'Registration link URL: code as ?affiliateCode='],
  ['SIMPLIFIEDURL3', 'REGCEN', false, 'Registration link URL: code as ?r='],
  ['AFFURLEXT3', 'REGCEN', false, 'Registration link URL: /register.html appended'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [modId, parent, enabled, label] of added) {
    await sql`
      insert into feature_switch (mod_id, parent_mod_id, enabled, label, sort)
      select ${modId}::text, ${parent}::text, ${enabled}::boolean, ${label}::text, coalesce(max(sort), 0) + 1 from feature_switch
      having exists (select 1 from feature_switch where mod_id = 'LOGIN3')
      on conflict (mod_id) do nothing`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [modId] of [...added].reverse()) {
    await sql`delete from feature_switch where mod_id = ${modId}`.execute(db);
  }
}
