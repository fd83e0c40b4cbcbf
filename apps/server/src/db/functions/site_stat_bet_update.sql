-- The current definition of site_stat_bet_update, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.site_stat_bet_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into site_stat_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout)
        select o.member_id, coalesce(o.settled_at, o.bet_at), o.product, o.vendor, -1, -o.bet_amount,
               -o.valid_bet, -o.payout
        from previous_rows o
        where o.status = 'SETTLED'
        union all
        select n.member_id, coalesce(n.settled_at, n.bet_at), n.product, n.vendor, 1, n.bet_amount,
               n.valid_bet, n.payout
        from changed_rows n
        where n.status = 'SETTLED';
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER bet_record_site_update AFTER UPDATE ON public.bet_record REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION site_stat_bet_update();
