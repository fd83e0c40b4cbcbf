-- The current definition of bet_win_on_insert, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.bet_win_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into bet_win (bet_record_id, member_id, vendor, product, game_name, currency, bet_amount,
                           payout, settled_at)
        values (new.id, new.member_id, new.vendor, new.product, new.game_name, new.currency,
                new.bet_amount, new.payout, coalesce(new.settled_at, new.bet_at))
        on conflict (bet_record_id) do nothing;
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER bet_record_win_insert AFTER INSERT ON public.bet_record FOR EACH ROW WHEN (((new.status = 'SETTLED'::text) AND (new.payout > new.bet_amount))) EXECUTE FUNCTION bet_win_on_insert();
