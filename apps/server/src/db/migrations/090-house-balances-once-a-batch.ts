import { sql, type Kysely } from 'kysely';

/**
 * A batch's house balances moved once, at its end (issue 34, decision 068).
 *
 * `seamless_spin_batch` and `house_mines_batch` (migrations 080, 083) run the rounds of several
 * players in one transaction. Each round's two postings updated the member's account and a shard
 * of the games house through `ledger_post`, so the house row stayed locked from a call's first
 * round that touched it until its commit (the WAL flush included), and the other call in flight,
 * holding rounds on the same shards (16 shards, a dozen rounds a call), waited for that commit:
 * sampled under the originals bench, 15 % of the backends' time was `Lock:transactionid`.
 *
 * - `ledger_post` takes `p_defer`: an account whose balance is moved later in the transaction,
 *   once for all its movements. Its postings are written as always; its amount is kept in the
 *   transaction's `ledger.deferred` setting, which a block (a subtransaction) that fails takes back
 *   with it, as it takes back the postings.
 * - `ledger_post_deferred()` moves what `ledger_post` kept, and only that: summed by account, in
 *   account order (two transactions lock the rows they share in one order), only accounts that may
 *   go negative (the house's: a member's balance is checked per movement and never deferred), and
 *   empties the setting. No caller names an amount: the ledger's writer keeps its rules.
 * - `seamless_spin`, `house_mines_start` and `house_mines_step` take `p_defer_house` (false by
 *   default: a round alone moves the house at once, as before); the two batch functions pass true
 *   and call `ledger_post_deferred()` after their loop. The house rows are locked for the commit
 *   only, and written once a shard a call instead of once a posting.
 *
 * Balances equal their postings at every commit as before: the deferred amounts are moved in the
 * same statement, before its rows reach the caller.
 *
 * The functions are patched from their current text (each replacement must match once), so the
 * migration carries the change and not five copies of the functions; `db/functions/` keeps the
 * result readable. `down` reverses the patches.
 */

interface Patch {
  /** The function's argument types as it stands before `up` (what `drop function` names). */
  before: string;
  /** The same after `up`. */
  after: string;
  name: string;
  /** [text before, text after] pairs; each "before" occurs once in the function's definition. */
  edits: [string, string][];
}

const SPIN_ARGS =
  'text, bigint, text, text, text, bigint, bigint, bytea, bytea, bigint, bigint, boolean, text, text, text, text, text, text, text, bytea, bytea, bigint, bigint, boolean, text, text, text, jsonb, jsonb, boolean';
const MINES_START_ARGS =
  'text, bigint, text, text, bigint, bigint, text, text, bigint, integer, integer[], boolean, bigint, bigint, bytea, boolean';
const MINES_STEP_ARGS =
  'text, bigint, integer, bigint, integer, integer, bigint[], text[], text[], bigint, bigint, text, text, text';
const SPIN_BATCH_ARGS =
  'text[], bigint[], text[], text[], text[], bigint[], bigint[], bytea[], bytea[], bigint[], bigint[], boolean[], text[], text[], text[], text[], text[], text[], text[], bytea[], bytea[], bigint[], bigint[], boolean[], text[], text[], text[], text[], text[], boolean[]';
const MINES_BATCH_ARGS =
  'boolean[], text[], bigint[], text[], text[], bigint[], bigint[], text[], text[], bigint[], integer[], text[], boolean[], bigint[], bigint[], bytea[], boolean[], integer[], integer[], text[], text[], text[], text[], text[], text[]';

const DEFER_HOUSE = 'p_defer_house boolean DEFAULT false)\n RETURNS';

const PATCHES: Patch[] = [
  {
    name: 'ledger_post',
    before: 'text, text, text, text, bytea, bigint[], bigint[]',
    after: 'text, text, text, text, bytea, bigint[], bigint[], bigint',
    edits: [
      ['p_amounts bigint[])\n RETURNS', 'p_amounts bigint[], p_defer bigint DEFAULT NULL::bigint)\n RETURNS'],
      [
        '      for i in 1 .. coalesce(array_length(p_accounts, 1), 0) loop\n',
        '      for i in 1 .. coalesce(array_length(p_accounts, 1), 0) loop\n' +
          '        -- Kept for ledger_post_deferred, which moves it before the commit once for all the\n' +
          "        -- transaction's movements; a block that fails takes its part back with it.\n" +
          '        if p_accounts[i] = p_defer then\n' +
          "          perform set_config('ledger.deferred', concat_ws(',', nullif(current_setting('ledger.deferred', true), ''),\n" +
          "            p_accounts[i] || ':' || p_amounts[i]), true);\n" +
          '          continue;\n' +
          '        end if;\n',
      ],
    ],
  },
  {
    name: 'seamless_spin',
    before: SPIN_ARGS,
    after: `${SPIN_ARGS}, boolean`,
    edits: [
      ['p_rg_check boolean)\n RETURNS', `p_rg_check boolean, ${DEFER_HOUSE}`],
      [
        'array[p_account, p_house], array[-p_stake, p_stake]);',
        'array[p_account, p_house], array[-p_stake, p_stake],\n' +
          '                         case when p_defer_house then p_house end);',
      ],
      [
        'array[p_account, p_house], array[p_win, -p_win]);',
        'array[p_account, p_house], array[p_win, -p_win],\n' +
          '                           case when p_defer_house then p_house end);',
      ],
    ],
  },
  {
    name: 'house_mines_start',
    before: MINES_START_ARGS,
    after: `${MINES_START_ARGS}, boolean`,
    edits: [
      ['p_rg_check boolean)\n RETURNS', `p_rg_check boolean, ${DEFER_HOUSE}`],
      [
        'array[p_account, p_house], array[-p_bet, p_bet]);',
        'array[p_account, p_house], array[-p_bet, p_bet],\n' +
          '                         case when p_defer_house then p_house end);',
      ],
    ],
  },
  {
    name: 'house_mines_step',
    before: MINES_STEP_ARGS,
    after: `${MINES_STEP_ARGS}, boolean`,
    edits: [
      ['p_game_name text)\n RETURNS', `p_game_name text, ${DEFER_HOUSE}`],
      [
        'array[p_account, p_house], array[v_win, -v_win]);',
        'array[p_account, p_house], array[v_win, -v_win],\n' +
          '                           case when p_defer_house then p_house end);',
      ],
    ],
  },
  {
    name: 'seamless_spin_batch',
    before: SPIN_BATCH_ARGS,
    after: SPIN_BATCH_ARGS,
    edits: [
      ['p_outcome[i]::jsonb, p_rg_check[i]);', 'p_outcome[i]::jsonb, p_rg_check[i], true);'],
      [
        '        return next;\n      end loop;\n',
        "        return next;\n      end loop;\n      -- The house shards' balances, once each, locked for the commit only.\n      perform ledger_post_deferred();\n",
      ],
    ],
  },
  {
    name: 'house_mines_batch',
    before: MINES_BATCH_ARGS,
    after: MINES_BATCH_ARGS,
    edits: [
      [
        'p_account[i], p_house[i], p_stake_fp[i], p_rg_check[i]);',
        'p_account[i], p_house[i], p_stake_fp[i], p_rg_check[i], true);',
      ],
      [
        'p_house[i], p_currency[i], p_product[i], p_game_name[i]);',
        'p_house[i], p_currency[i], p_product[i], p_game_name[i], true);',
      ],
      [
        '        return next;\n      end loop;\n',
        "        return next;\n      end loop;\n      -- The house shards' balances, once each, locked for the commit only.\n      perform ledger_post_deferred();\n",
      ],
    ],
  },
];

async function definitionOf(db: Kysely<unknown>, name: string): Promise<string> {
  const rows = await sql<{ definition: string }>`
    select pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.proname = ${name}`.execute(db);
  if (rows.rows.length !== 1) throw new Error(`migration 090: ${rows.rows.length} functions named ${name}`);
  return rows.rows[0]!.definition;
}

function edited(name: string, text: string, edits: [string, string][]): string {
  let out = text;
  for (const [from, to] of edits) {
    const at = out.indexOf(from);
    if (at < 0 || out.indexOf(from, at + 1) >= 0)
      throw new Error(
        `migration 090: ${name} holds ${at < 0 ? 'no' : 'more than one'} ${JSON.stringify(from)}`,
      );
    out = out.slice(0, at) + to + out.slice(at + from.length);
  }
  return out;
}

async function apply(db: Kysely<unknown>, forward: boolean): Promise<void> {
  for (const p of PATCHES) {
    const text = edited(
      p.name,
      await definitionOf(db, p.name),
      forward ? p.edits : p.edits.map(([a, b]) => [b, a] as [string, string]),
    );
    // A new argument is a new signature: the old function goes first.
    await sql.raw(`drop function ${p.name}(${forward ? p.before : p.after})`).execute(db);
    await sql.raw(text).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_post_deferred() returns void
    language plpgsql as $$
    declare
      d record;
    begin
      -- By account, in account order: two transactions lock the rows they share in the same order.
      for d in select split_part(e, ':', 1)::bigint as account, sum(split_part(e, ':', 2)::bigint)::bigint as amount
                 from unnest(string_to_array(nullif(current_setting('ledger.deferred', true), ''), ',')) as e
                 group by 1 order by 1 loop
        update ledger_account as la set balance = la.balance + d.amount
          where la.id = d.account and la.allow_negative;
        if not found then
          raise exception 'ledger: account % is not one whose balance may be moved deferred', d.account
            using errcode = 'LD001';
        end if;
      end loop;
      perform set_config('ledger.deferred', '', true);
    end $$`.execute(db);
  await apply(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await apply(db, false);
  await sql`drop function ledger_post_deferred()`.execute(db);
}
