-- The current definition of ledger_immutable, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.ledger_immutable()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      raise exception 'ledger: % of % refused, the ledger is append-only', tg_op, tg_table_name
        using errcode = 'LD002';
    end $function$;

-- Triggers that call it:
CREATE TRIGGER ledger_account_kept BEFORE DELETE ON public.ledger_account FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_account_no_truncate BEFORE TRUNCATE ON public.ledger_account FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_posting_immutable BEFORE DELETE OR UPDATE ON public.ledger_posting FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_posting_no_truncate BEFORE TRUNCATE ON public.ledger_posting FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_transaction_immutable BEFORE DELETE OR UPDATE ON public.ledger_transaction FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_transaction_no_truncate BEFORE TRUNCATE ON public.ledger_transaction FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
