-- The current definition of agent_stat_ledger, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.agent_stat_ledger()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
    end $function$;

-- Triggers that call it:
CREATE TRIGGER ledger_posting_stat AFTER INSERT ON public.ledger_posting REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION agent_stat_ledger();
