-- The current definition of agent_stat_bet_update, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.agent_stat_bet_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into agent_stat_queue (member_id, at, event, product, bets, bet_amount, valid_bet, payout)
        select v.member_id, v.at, 'BET', v.product, v.bets, v.bet_amount, v.valid_bet, v.payout
        from previous_rows o
        join changed_rows n on n.id = o.id
        cross join lateral (
          select o.member_id, coalesce(o.settled_at, o.bet_at) as at, o.product, -1 as bets,
                 -o.bet_amount as bet_amount, -o.valid_bet as valid_bet, -o.payout as payout
          where o.status = 'SETTLED'
          union all
          select n.member_id, coalesce(n.settled_at, n.bet_at), n.product, 1, n.bet_amount, n.valid_bet,
                 n.payout
          where n.status = 'SETTLED'
        ) v
        where (o.status = 'SETTLED' or n.status = 'SETTLED')
          and (o.status, o.member_id, o.product, o.bet_amount, o.valid_bet, o.payout,
               coalesce(o.settled_at, o.bet_at))
              is distinct from
              (n.status, n.member_id, n.product, n.bet_amount, n.valid_bet, n.payout,
               coalesce(n.settled_at, n.bet_at));
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER bet_record_stat_update AFTER UPDATE ON public.bet_record REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_stat_bet_update();
