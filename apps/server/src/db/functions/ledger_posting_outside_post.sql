-- The current definition of ledger_posting_outside_post, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.ledger_posting_outside_post()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      raise exception 'ledger: postings are written by ledger_post only' using errcode = 'LD003';
    end $function$;

-- Triggers that call it:
CREATE TRIGGER ledger_posting_one_writer BEFORE INSERT ON public.ledger_posting FOR EACH ROW WHEN ((COALESCE(current_setting('ledger.writer'::text, true), ''::text) <> 'ledger_post'::text)) EXECUTE FUNCTION ledger_posting_outside_post();
