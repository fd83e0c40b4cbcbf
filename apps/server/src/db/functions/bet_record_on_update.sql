-- The current definition of bet_record_on_update, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.bet_record_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into bet_queue (member_id, at, product, vendor, bets, bet_amount, valid_bet, payout, free_play)
        select o.member_id, coalesce(o.settled_at, o.bet_at), o.product, o.vendor, -1, -o.bet_amount,
               -o.valid_bet, -o.payout, coalesce(o.detail->>'freePlay', '') = 'true'
        from previous_rows o
        where o.status = 'SETTLED'
        union all
        select n.member_id, coalesce(n.settled_at, n.bet_at), n.product, n.vendor, 1, n.bet_amount,
               n.valid_bet, n.payout, coalesce(n.detail->>'freePlay', '') = 'true'
        from changed_rows n
        where n.status = 'SETTLED';
      insert into bet_win (bet_record_id, member_id, vendor, product, game_name, currency, bet_amount,
                           payout, settled_at)
        select n.id, n.member_id, n.vendor, n.product, n.game_name, n.currency, n.bet_amount, n.payout,
               coalesce(n.settled_at, n.bet_at)
        from changed_rows n
        where n.status = 'SETTLED' and n.payout > n.bet_amount
        on conflict (bet_record_id) do update
          set bet_amount = excluded.bet_amount, payout = excluded.payout, settled_at = excluded.settled_at;
      -- Only a record that was a winner can have a row to take away.
      delete from bet_win w
        using previous_rows o
        where w.bet_record_id = o.id and o.status = 'SETTLED' and o.payout > o.bet_amount
          and not exists (
            select 1 from changed_rows n
            where n.id = o.id and n.status = 'SETTLED' and n.payout > n.bet_amount);
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER bet_record_update AFTER UPDATE ON public.bet_record REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bet_record_on_update();
