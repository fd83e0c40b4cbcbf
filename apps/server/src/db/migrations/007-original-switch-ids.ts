import { sql, type Kysely } from 'kysely';

/**
 * Feature switches under the ids the original client looks up (issue #12, decision 014). A
 * database seeded before keeps its on/off choices under the new names, and gets the switches it
 * lacked; an empty database (migrated before its first seed) is left to the seed. The list is
 * written out here, not imported: a migration must do the same thing whatever the code becomes.
 */
const renames: [from: string, to: string][] = [
  ['MOBILEREG3', 'MOBILENUMREG3'],
  ['REGSMSVERIF3', 'REGMOBVERF3'],
  ['MOBILEREGPWD3', 'MOBILENUMPASSREG3'],
  ['PWDEXPIRY3', 'PWDEXPFORCECHANGE3'],
  ['SMSLOGIN3', 'MOBILEVERCODELOGIN3'],
];

/** mod_id, parent, enabled, label: parents before children. */
const added: [string, string | null, boolean, string][] = [
  ['MOBILELOGIN3', 'LOGIN3', true, 'Login with mobile number and password'],
  ['SITE3', null, true, 'Site modules'],
  ['HOMEPAGE', 'SITE3', true, 'Home page'],
  ['INBOX3', 'SITE3', true, 'Platform messages (inbox)'],
  ['CBS3', 'SITE3', false, 'Live chat rooms'],
  ['REWCEN3', 'SITE3', false, 'Reward centre'],
  ['PTSYS3', 'SITE3', false, 'Points system'],
  ['PAYMENTPASS3', 'SITE3', false, 'Payment password'],
  ['MYRBT3', 'SITE3', false, 'My rebate'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // The renamed switches are leaves: no child row points at them, so the key can change in place.
  for (const [from, to] of renames) {
    await sql`update feature_switch set mod_id = ${to} where mod_id = ${from}
      and not exists (select 1 from feature_switch where mod_id = ${to})`.execute(db);
  }
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
  for (const [from, to] of renames) {
    await sql`update feature_switch set mod_id = ${from} where mod_id = ${to}`.execute(db);
  }
}
