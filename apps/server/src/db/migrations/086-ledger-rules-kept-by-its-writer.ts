import { sql, type Kysely } from 'kysely';

/**
 * The ledger's rules kept by its one writer, `ledger_post`, once a movement, instead of by a
 * trigger and two foreign keys on every posting (issue 34; decision 065; docs/benchmarks.md
 * session 42).
 *
 * Every posting has gone through `ledger_post` since migration 026, and it already held what the
 * per-posting checks held: the postings' transaction is the header it has just inserted, and each
 * account is updated by its id (a missing account updates nothing and is refused, LD001). Yet each
 * posting still paid for two foreign-key lookups (each a query of its own, with a row lock) and,
 * at commit, the deferred `ledger_posting_balanced` trigger summing its transaction's postings
 * again, once per posting. In a winning Dice round (a stake and a payout: four postings) that was
 * eight of its fourteen key lookups and four sums: about 11 % of PostgreSQL's CPU (a profile of
 * `originals-rounds`: all the lookups 13 %, the sums 4 %).
 *
 * Now:
 * - `ledger_post` refuses a movement whose amounts do not sum to zero before writing anything
 *   (the trigger's words: "does not balance"), and marks its own insert of postings with a
 *   transaction-local setting.
 * - A posting inserted any other way is refused at once (`ledger_posting_one_writer`, SQLSTATE
 *   LD003): no path can write a posting without the header, the accounts and the balance
 *   `ledger_post` guarantees. The trigger's WHEN is evaluated per row without calling a function.
 * - The two foreign keys of `ledger_posting` and the balance trigger are dropped. Headers and
 *   postings were already append-only (026); an account is now kept too (a DELETE or TRUNCATE of
 *   `ledger_account` is refused with LD002), so no posting can lose its account. The wallet's
 *   audit (balances against postings, transactions that do not balance) reads the same.
 *
 * `down` puts the keys, the trigger and migration 077's `ledger_post` back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createLedgerPost(db, true);
  await sql`
    create function ledger_posting_outside_post() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger: postings are written by ledger_post only' using errcode = 'LD003';
    end $$`.execute(db);
  await sql`
    create trigger ledger_posting_one_writer before insert on ledger_posting
      for each row when (coalesce(current_setting('ledger.writer', true), '') <> 'ledger_post')
      execute function ledger_posting_outside_post()`.execute(db);
  await sql`
    create trigger ledger_account_kept before delete on ledger_account
      for each row execute function ledger_immutable()`.execute(db);
  await sql`
    create trigger ledger_account_no_truncate before truncate on ledger_account
      for each statement execute function ledger_immutable()`.execute(db);
  await sql`drop trigger ledger_posting_balanced on ledger_posting`.execute(db);
  await sql`drop function ledger_transaction_balanced()`.execute(db);
  await sql`alter table ledger_posting drop constraint ledger_posting_transaction_id_fkey`.execute(db);
  await sql`alter table ledger_posting drop constraint ledger_posting_account_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_posting add constraint ledger_posting_account_id_fkey
      foreign key (account_id) references ledger_account(id) on delete restrict`.execute(db);
  await sql`
    alter table ledger_posting add constraint ledger_posting_transaction_id_fkey
      foreign key (transaction_id) references ledger_transaction(id) on delete restrict`.execute(db);
  await sql`
    create function ledger_transaction_balanced() returns trigger language plpgsql as $$
    declare total numeric;
    begin
      select coalesce(sum(amount), 0) into total from ledger_posting where transaction_id = new.transaction_id;
      if total <> 0 then
        raise exception 'ledger transaction % does not balance (sum %)', new.transaction_id, total;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_posting_balanced after insert or update on ledger_posting
      deferrable initially deferred for each row execute function ledger_transaction_balanced()`.execute(db);
  await sql`drop trigger ledger_account_no_truncate on ledger_account`.execute(db);
  await sql`drop trigger ledger_account_kept on ledger_account`.execute(db);
  await sql`drop trigger ledger_posting_one_writer on ledger_posting`.execute(db);
  await sql`drop function ledger_posting_outside_post()`.execute(db);
  await createLedgerPost(db, false);
}

/** `ledger_post` with the movement's own checks (up) or as migration 077 left it (down). */
async function createLedgerPost(db: Kysely<unknown>, checked: boolean): Promise<void> {
  // The lines this migration adds, left out by `down`.
  const only = (text: string) => sql.raw(checked ? text : '');
  await sql`
    create or replace function ledger_post(
      p_key text, p_kind text, p_reference text, p_memo text, p_hash bytea,
      p_accounts bigint[], p_amounts bigint[]
    ) returns table (o_id bigint, o_created_at timestamptz, o_replayed boolean, o_hash bytea, o_kind text, o_reference text)
    language plpgsql as $$
    declare
      t_id bigint;
      t_at timestamptz;
      i integer;
    begin
      ${only(`if (select coalesce(sum(x), 0) from unnest(p_amounts) as x) <> 0 then
        raise exception 'ledger transaction % does not balance (sum %)', p_key,
          (select sum(x) from unnest(p_amounts) as x);
      end if;`)}
      insert into ledger_transaction as t (idempotency_key, kind, reference, memo, request_hash)
        values (p_key, p_kind, p_reference, p_memo, p_hash)
        on conflict (idempotency_key) do nothing
        returning t.id, t.created_at into t_id, t_at;
      if t_id is null then
        return query select t.id, t.created_at, true, t.request_hash, t.kind, t.reference
          from ledger_transaction t where t.idempotency_key = p_key;
        return;
      end if;
      ${only(`-- The one writer of postings (ledger_posting_one_writer refuses any other insert).
      perform set_config('ledger.writer', 'ledger_post', true);`)}
      insert into ledger_posting (transaction_id, account_id, amount)
        select t_id, x.a, x.m from unnest(p_accounts, p_amounts) as x(a, m);
      ${only(`perform set_config('ledger.writer', '', true);`)}
      -- The agent figures' money movements (decision 028): transfers between a member's own wallets
      -- move nothing in or out of the member and are left out.
      if p_kind in ('DEPOSIT', 'WITHDRAW_PAYOUT', 'BONUS_GRANT', 'REBATE', 'AGENT_REBATE', 'LUCKY_BAG')
         or (p_kind like '%TRANSFER%' and p_kind <> 'WALLET_TRANSFER') then
        insert into agent_stat_queue (member_id, at, event, kind, reference, amount)
          select a.member_id, t_at, 'MONEY', p_kind, p_reference, x.m
          from unnest(p_accounts, p_amounts) as x(a, m)
          join ledger_account a on a.id = x.a
          where a.member_id is not null;
      end if;
      ${only(`-- Every account by its id: one that does not exist updates nothing and is refused too.`)}
      for i in 1 .. coalesce(array_length(p_accounts, 1), 0) loop
        update ledger_account as la set balance = la.balance + p_amounts[i]
          where la.id = p_accounts[i] and (la.allow_negative or la.balance + p_amounts[i] >= 0);
        if not found then
          raise exception 'ledger: insufficient balance on account %', p_accounts[i] using errcode = 'LD001';
        end if;
      end loop;
      return query select t_id, t_at, false, p_hash, p_kind, p_reference;
    end $$`.execute(db);
}
