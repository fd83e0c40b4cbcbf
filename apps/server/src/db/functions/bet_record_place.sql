-- The current definition of bet_record_place, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.bet_record_place(p_member bigint, p_vendor text, p_product text, p_game_code text, p_game_name text, p_currency text, p_bet_nos text[], p_amounts bigint[], p_details text[])
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
    declare
      k integer;
    begin
      insert into bet_record (member_id, vendor, bet_no, product, game_code, game_name, currency, bet_amount,
        status, detail)
      select p_member, p_vendor, x.bet_no, p_product, p_game_code, p_game_name, p_currency, x.amount, 'PENDING',
        x.detail::jsonb
      from unnest(p_bet_nos, p_amounts, p_details) as x(bet_no, amount, detail)
      on conflict (vendor, bet_no) do nothing;
      get diagnostics k = row_count;
      return k;
    end $function$;
