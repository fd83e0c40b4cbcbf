-- The current definition of points_bet_update, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.points_bet_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into points_queue (member_id, product, valid_bet)
        select o.member_id, o.product, -o.valid_bet
        from previous_rows o
        where o.status = 'SETTLED' and o.valid_bet <> 0
          and coalesce(o.detail->>'freePlay', '') <> 'true'
        union all
        select n.member_id, n.product, n.valid_bet
        from changed_rows n
        where n.status = 'SETTLED' and n.valid_bet <> 0
          and coalesce(n.detail->>'freePlay', '') <> 'true';
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER bet_record_points_update AFTER UPDATE ON public.bet_record REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION points_bet_update();
