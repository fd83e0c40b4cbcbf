import { sql, type Kysely } from 'kysely';

/**
 * The agent figures' money queue is written by ledger_post itself, for the kinds the figures count,
 * in place of a statement trigger on every insert into ledger_posting (issues 29 and 34; decision
 * 028; docs/benchmarks.md session 33).
 *
 * Migration 029's `ledger_posting_stat` ran for every movement: a function call with the insert's
 * transition table, joined with ledger_transaction and ledger_account, to find that a bet's stake or
 * payout (most movements by far: two of them in every Dice round, one in every winning settlement)
 * queues nothing. Every posting has gone through ledger_post since migration 026, and ledger_post
 * knows the kind before it writes: it now queues a member's posting of a counted kind (the same
 * list) from its own arrays, with the same row the trigger wrote (the posting's time is the
 * transaction's, `now()` in both), and a bet's movement pays for nothing but one comparison.
 *
 * The queue row is written in the same statement as the postings, so it goes with them: a debit
 * refused with LD001 rolls both back, and a replayed key writes neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ledger_posting_stat on ledger_posting`.execute(db);
  await sql`drop function agent_stat_ledger()`.execute(db);
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
      insert into ledger_transaction as t (idempotency_key, kind, reference, memo, request_hash)
        values (p_key, p_kind, p_reference, p_memo, p_hash)
        on conflict (idempotency_key) do nothing
        returning t.id, t.created_at into t_id, t_at;
      if t_id is null then
        return query select t.id, t.created_at, true, t.request_hash, t.kind, t.reference
          from ledger_transaction t where t.idempotency_key = p_key;
        return;
      end if;
      insert into ledger_posting (transaction_id, account_id, amount)
        select t_id, x.a, x.m from unnest(p_accounts, p_amounts) as x(a, m);
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

export async function down(db: Kysely<unknown>): Promise<void> {
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
      insert into ledger_transaction as t (idempotency_key, kind, reference, memo, request_hash)
        values (p_key, p_kind, p_reference, p_memo, p_hash)
        on conflict (idempotency_key) do nothing
        returning t.id, t.created_at into t_id, t_at;
      if t_id is null then
        return query select t.id, t.created_at, true, t.request_hash, t.kind, t.reference
          from ledger_transaction t where t.idempotency_key = p_key;
        return;
      end if;
      insert into ledger_posting (transaction_id, account_id, amount)
        select t_id, x.a, x.m from unnest(p_accounts, p_amounts) as x(a, m);
      for i in 1 .. coalesce(array_length(p_accounts, 1), 0) loop
        update ledger_account as la set balance = la.balance + p_amounts[i]
          where la.id = p_accounts[i] and (la.allow_negative or la.balance + p_amounts[i] >= 0);
        if not found then
          raise exception 'ledger: insufficient balance on account %', p_accounts[i] using errcode = 'LD001';
        end if;
      end loop;
      return query select t_id, t_at, false, p_hash, p_kind, p_reference;
    end $$`.execute(db);
  await sql`
    create function agent_stat_ledger() returns trigger language plpgsql as $$
    begin
      insert into agent_stat_queue (member_id, at, event, kind, reference, amount)
        select a.member_id, p.created_at, 'MONEY', t.kind, t.reference, p.amount
        from new_postings p
        join ledger_transaction t on t.id = p.transaction_id
        join ledger_account a on a.id = p.account_id
        where a.member_id is not null
          and (t.kind in ('DEPOSIT', 'WITHDRAW_PAYOUT', 'BONUS_GRANT', 'REBATE', 'AGENT_REBATE')
               or (t.kind like '%TRANSFER%' and t.kind <> 'WALLET_TRANSFER') or t.kind = 'LUCKY_BAG');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ledger_posting_stat after insert on ledger_posting
      referencing new table as new_postings
      for each statement execute function agent_stat_ledger()`.execute(db);
}
