-- The current definition of bet_record_on_insert, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.bet_record_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if new.payout > new.bet_amount then
        insert into bet_win (bet_record_id, member_id, vendor, product, game_name, currency, bet_amount,
                             payout, settled_at)
          values (new.id, new.member_id, new.vendor, new.product, new.game_name, new.currency,
                  new.bet_amount, new.payout, coalesce(new.settled_at, new.bet_at))
          on conflict (bet_record_id) do nothing;
      end if;
      insert into bet_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout, free_play)
        values (new.member_id, coalesce(new.settled_at, new.bet_at), new.product, new.vendor, 1,
                new.bet_amount, new.valid_bet, new.payout, coalesce(new.detail->>'freePlay', '') = 'true');
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER bet_record_insert AFTER INSERT ON public.bet_record FOR EACH ROW WHEN ((new.status = 'SETTLED'::text)) EXECUTE FUNCTION bet_record_on_insert();
