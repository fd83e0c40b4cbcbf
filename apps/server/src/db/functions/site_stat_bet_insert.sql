-- The current definition of site_stat_bet_insert, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.site_stat_bet_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into site_stat_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout)
        select n.member_id, coalesce(n.settled_at, n.bet_at), n.product, n.vendor, 1, n.bet_amount,
               n.valid_bet, n.payout
        from changed_rows n
        where n.status = 'SETTLED';
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER bet_record_site_insert AFTER INSERT ON public.bet_record REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION site_stat_bet_insert();
