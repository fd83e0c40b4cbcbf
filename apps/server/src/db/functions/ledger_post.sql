-- The current definition of ledger_post, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.ledger_post(p_key text, p_kind text, p_reference text, p_memo text, p_hash bytea, p_accounts bigint[], p_amounts bigint[], p_defer bigint DEFAULT NULL::bigint)
 RETURNS TABLE(o_id bigint, o_created_at timestamp with time zone, o_replayed boolean, o_hash bytea, o_kind text, o_reference text)
 LANGUAGE plpgsql
AS $function$
    declare
      t_id bigint;
      t_at timestamptz;
      i integer;
    begin
      if (select coalesce(sum(x), 0) from unnest(p_amounts) as x) <> 0 then
        raise exception 'ledger transaction % does not balance (sum %)', p_key,
          (select sum(x) from unnest(p_amounts) as x);
      end if;
      insert into ledger_transaction as t (idempotency_key, kind, reference, memo, request_hash)
        values (p_key, p_kind, p_reference, p_memo, p_hash)
        on conflict (idempotency_key) do nothing
        returning t.id, t.created_at into t_id, t_at;
      if t_id is null then
        return query select t.id, t.created_at, true, t.request_hash, t.kind, t.reference
          from ledger_transaction t where t.idempotency_key = p_key;
        return;
      end if;
      -- The one writer of postings (ledger_posting_one_writer refuses any other insert).
      perform set_config('ledger.writer', 'ledger_post', true);
      insert into ledger_posting (transaction_id, account_id, amount)
        select t_id, x.a, x.m from unnest(p_accounts, p_amounts) as x(a, m);
      perform set_config('ledger.writer', '', true);
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
      -- Every account by its id: one that does not exist updates nothing and is refused too.
      for i in 1 .. coalesce(array_length(p_accounts, 1), 0) loop
        -- Kept for ledger_post_deferred, which moves it before the commit once for all the
        -- transaction's movements; a block that fails takes its part back with it.
        if p_accounts[i] = p_defer then
          perform set_config('ledger.deferred', concat_ws(',', nullif(current_setting('ledger.deferred', true), ''),
            p_accounts[i] || ':' || p_amounts[i]), true);
          continue;
        end if;
        update ledger_account as la set balance = la.balance + p_amounts[i]
          where la.id = p_accounts[i] and (la.allow_negative or la.balance + p_amounts[i] >= 0);
        if not found then
          raise exception 'ledger: insufficient balance on account %', p_accounts[i] using errcode = 'LD001';
        end if;
      end loop;
      return query select t_id, t_at, false, p_hash, p_kind, p_reference;
    end $function$;
