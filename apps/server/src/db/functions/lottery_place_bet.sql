-- The current definition of lottery_place_bet, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.lottery_place_bet(p_member bigint, p_game integer, p_numero bigint, p_now timestamp with time zone, p_request_key text, p_request_hash bytea, p_free_play boolean, p_prize_mode integer, p_chase boolean, p_win_stop boolean, p_total_chase integer, p_device text, p_order_nos text[], p_play_ids integer[], p_contents text[], p_modes integer[], p_series integer[], p_multiples integer[], p_notes integer[], p_order_amounts bigint[], p_details text[], p_t_line integer[], p_t_numero bigint[], p_t_seq integer[], p_t_multiple integer[], p_t_amount bigint[], p_liability_max bigint, p_l_numero bigint[], p_l_key text[], p_l_amount bigint[], p_key text, p_reference text, p_hash bytea, p_accounts bigint[], p_amounts bigint[], p_vendor text, p_product text, p_game_code text, p_game_name text, p_currency text, p_touch_recent boolean, p_max_bet_series integer, p_rg_check boolean)
 RETURNS TABLE(o_order_no text, o_total bigint, o_replayed boolean)
 LANGUAGE plpgsql
AS $function$
    declare
      n record;
      k integer;
      replayed boolean;
    begin
      if p_rg_check and (
           exists (select 1 from rg_limit where member_id = p_member and kind in ('loss', 'wager'))
           or exists (select 1 from rg_setting where member_id = p_member and block_until is not null)) then
        raise exception 'member % bets under a limit', p_member using errcode = 'RG001';
      end if;

      if p_request_key is not null then
        -- The same key for another request: refused, never answered with the first order.
        if exists (
          select 1 from lottery_order o
          where o.member_id = p_member and o.request_key = p_request_key
            and o.request_hash is not null and o.request_hash is distinct from p_request_hash
        ) then
          raise exception 'lottery: request key % was used for another request', p_request_key
            using errcode = 'LT003';
        end if;
        return query
          select (array_agg(o.order_no order by o.line))[1], sum(o.amount)::bigint, true
          from lottery_order o where o.member_id = p_member and o.request_key = p_request_key
          having count(*) > 0;
        if found then
          return;
        end if;
      end if;
      select status, sale_start, sale_end into n from lottery_numero where id = p_numero for share;
      if not found or n.status <> 'open' or p_now < n.sale_start or p_now >= n.sale_end then
        raise exception 'lottery: numero % is not on sale', p_numero using errcode = 'LT001';
      end if;
      -- Free play risks no real money: it takes no share of what a number may cost the house.
      if not p_free_play and p_liability_max > 0 and coalesce(array_length(p_l_key, 1), 0) > 0 then
        with up as (
          insert into lottery_liability as l (numero_id, number_key, amount)
          select x.numero_id, x.number_key, x.amount
          from unnest(p_l_numero, p_l_key, p_l_amount) as x(numero_id, number_key, amount)
          order by x.numero_id, x.number_key
          on conflict (numero_id, number_key) do update set amount = l.amount + excluded.amount
            where l.amount + excluded.amount <= p_liability_max
          returning 1
        ) select count(*) into k from up;
        if k <> array_length(p_l_key, 1) then
          raise exception 'lottery: a number is sold out' using errcode = 'LT002';
        end if;
      end if;
      with o as (
        insert into lottery_order (order_no, member_id, game_id, play_id, content, betting_mode_id, series,
          multiple, notes, prize_mode_id, chase, win_stop, total_chase, amount, request_key, request_hash, line,
          device, free_play, max_bet_series)
        select x.order_no, p_member, p_game, x.play_id, x.content, x.mode, x.series, x.multiple, x.notes,
          p_prize_mode, p_chase, p_win_stop, p_total_chase, x.amount, p_request_key,
          case when p_request_key is null then null else p_request_hash end, x.line - 1, p_device, p_free_play,
          p_max_bet_series
        from unnest(p_order_nos, p_play_ids, p_contents, p_modes, p_series, p_multiples, p_notes, p_order_amounts)
          with ordinality as x(order_no, play_id, content, mode, series, multiple, notes, amount, line)
        returning id, line
      ), t as (
        insert into lottery_ticket (order_id, numero_id, member_id, seq, multiple, amount)
        select o.id, x.numero_id, p_member, x.seq, x.multiple, x.amount
        from unnest(p_t_line, p_t_numero, p_t_seq, p_t_multiple, p_t_amount)
          with ordinality as x(line, numero_id, seq, multiple, amount, ord)
        join o on o.line = x.line
        -- Ids in the order given (a chase's details in draw order), whatever join the plan picks.
        order by x.ord
        returning 1
      ) select count(*) into k from t;
      if k <> coalesce(array_length(p_t_line, 1), 0) then
        raise exception 'lottery: % tickets written of %', k, array_length(p_t_line, 1);
      end if;
      perform bet_record_place(p_member, p_vendor, p_product, p_game_code, p_game_name, p_currency,
        p_order_nos, p_order_amounts, p_details);
      if p_touch_recent then
        insert into lottery_recent (member_id, game_id, played_at) values (p_member, p_game, now())
        on conflict (member_id, game_id) do update set played_at = now();
      end if;
      -- The money last: the house account's row lock is then held for the shortest time.
      select r.o_replayed into replayed
      from ledger_post(p_key, 'BET_STAKE', p_reference, '', p_hash, p_accounts, p_amounts) as r;
      if replayed then
        raise exception 'lottery: stake key % used before', p_key;
      end if;
      return query select p_order_nos[1], (select sum(a)::bigint from unnest(p_order_amounts) as a), false;
    end $function$;
