-- The current definition of ledger_transaction_balanced, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.ledger_transaction_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    declare total numeric;
    begin
      select coalesce(sum(amount), 0) into total from ledger_posting where transaction_id = new.transaction_id;
      if total <> 0 then
        raise exception 'ledger transaction % does not balance (sum %)', new.transaction_id, total;
      end if;
      return null;
    end $function$;

-- Triggers that call it:
CREATE CONSTRAINT TRIGGER ledger_posting_balanced AFTER INSERT OR UPDATE ON public.ledger_posting DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();
