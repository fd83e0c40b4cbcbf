-- The current definition of points_bet_insert, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.points_bet_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into points_queue (member_id, product, valid_bet)
        select n.member_id, n.product, n.valid_bet
        from changed_rows n
        where n.status = 'SETTLED' and n.valid_bet <> 0
          and coalesce(n.detail->>'freePlay', '') <> 'true';
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER bet_record_points_insert AFTER INSERT ON public.bet_record REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION points_bet_insert();
