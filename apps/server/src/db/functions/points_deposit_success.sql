-- The current definition of points_deposit_success, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.points_deposit_success()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if new.status = 'SUCCESS' and (tg_op = 'INSERT' or old.status is distinct from 'SUCCESS') then
        insert into points_queue (member_id, product, valid_bet) values (new.member_id, 'DEPOSIT', new.amount);
      end if;
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER deposit_order_points AFTER INSERT OR UPDATE OF status ON public.deposit_order FOR EACH ROW EXECUTE FUNCTION points_deposit_success();
