-- The current definition of house_mines_step, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.house_mines_step(p_round text, p_member bigint, p_tile integer, p_bet bigint, p_mines integer, p_end_at integer, p_pays bigint[], p_mult_num text[], p_mult_den text[], p_account bigint, p_house bigint, p_currency text, p_product text, p_game_name text, p_defer_house boolean DEFAULT false)
 RETURNS TABLE(o_open boolean, o_picks integer[], o_layout integer[], o_win bigint, o_balance bigint, o_at timestamp with time zone, o_vendor text, o_game_code text, o_seed_hash text, o_client_seed text, o_nonce bigint, o_free_play boolean)
 LANGUAGE plpgsql
AS $function$
    declare
      r house_open_round%rowtype;
      v_at timestamptz := now();
      v_picks integer[];
      v_hit boolean := false;
      v_safe integer;
      v_win bigint;
      v_reference text;
      v_replayed boolean;
      v_balance bigint;
    begin
      if p_tile is not null then
        -- A safe tile that leaves the round open: kept in one write, its commit not waiting for the
        -- WAL flush (no money moves; the next synchronous commit flushes it).
        update house_open_round set picks = picks || p_tile
          where round_id = p_round and member_id = p_member and bet = p_bet and mines = p_mines
            and not (p_tile = any(picks)) and not (p_tile = any(layout)) and cardinality(picks) + 1 < p_end_at
          returning * into r;
        if found then
          perform set_config('synchronous_commit', 'off', true);
          return query select true, r.picks, null::integer[], 0::bigint,
            (select balance from ledger_account where id = p_account), v_at, r.vendor, r.game_code,
            r.server_seed_hash, r.client_seed, r.nonce, r.free_play;
          return;
        end if;
      end if;

      -- Anything else ends the round: a mine, the cash-out, the tile at which it ends.
      delete from house_open_round
        where round_id = p_round and member_id = p_member and mines is not null
          and case when p_tile is null then cardinality(picks) > 0 else not (p_tile = any(picks)) end
        returning * into r;
      if not found then
        select * into r from house_open_round
          where round_id = p_round and member_id = p_member and mines is not null;
        if not found then
          return;
        end if;
        if p_tile is null then
          raise exception 'Open a tile before cashing out' using errcode = 'MN002';
        end if;
        raise exception 'This tile is open already' using errcode = 'MN003';
      end if;
      if r.bet <> p_bet or r.mines <> p_mines then
        raise exception 'Mines round % is not of bet % and % mines', p_round, p_bet, p_mines;
      end if;
      v_picks := r.picks;
      if p_tile is not null then
        v_picks := v_picks || p_tile;
        v_hit := p_tile = any(r.layout);
      end if;

      -- A round opened before migration 078: the vendor path keeps its game_round, so it ends there.
      if exists (select 1 from game_round where vendor = r.vendor and round_id = r.round_id) then
        raise exception 'Mines round % was opened on the vendor path', p_round using errcode = 'MN001';
      end if;
      v_safe := cardinality(v_picks) - case when v_hit then 1 else 0 end;
      v_win := case when v_hit then 0 else p_pays[v_safe] end;
      v_reference := left(r.vendor || ':' || r.round_id, 100);
      if v_win > 0 then
        select o_replayed into v_replayed
          from ledger_post('game:' || r.vendor || ':' || r.round_id || ':win', 'BET_PAYOUT', v_reference,
                           case when r.free_play then 'free play' else '' end,
                           ledger_fingerprint('BET_PAYOUT', v_reference, array[p_account, p_house], array[v_win, -v_win]),
                           array[p_account, p_house], array[v_win, -v_win],
                           case when p_defer_house then p_house end);
        if v_replayed then
          raise exception 'ledger key of round % used', p_round using errcode = 'GW001';
        end if;
      end if;
      select balance into v_balance from ledger_account where id = p_account;

      insert into bet_record (member_id, vendor, bet_no, product, game_code, game_name, currency, bet_amount,
                              valid_bet, payout, status, bet_at, settled_at, detail)
        values (p_member, r.vendor, r.round_id, p_product, r.game_code, p_game_name, p_currency, r.bet,
                r.bet, v_win, 'SETTLED', r.opened_at, v_at, jsonb_build_object('freePlay', r.free_play))
        on conflict (vendor, bet_no) do nothing;

      insert into house_round (round_id, member_id, vendor, game_code, kind, seed_id, server_seed_hash,
                               client_seed, nonce, bet, win, free_play, balance_after, wager, outcome, played_at)
        values (r.round_id, p_member, r.vendor, r.game_code, 'mines', r.seed_id, r.server_seed_hash,
                r.client_seed, r.nonce, r.bet, v_win, r.free_play, v_balance,
                jsonb_build_object('kind', 'mines', 'bet', r.bet, 'mines', r.mines, 'picks', to_jsonb(v_picks)),
                jsonb_build_object('game', 'mines', 'bet', r.bet, 'mines', r.mines, 'layout', to_jsonb(r.layout),
                                   'picks', to_jsonb(v_picks), 'hit', case when v_hit then p_tile end,
                                   'safe', v_safe, 'multiplier',
                                   jsonb_build_object('num', case when v_hit then '0' else p_mult_num[v_safe] end,
                                                      'den', case when v_hit then '1' else p_mult_den[v_safe] end),
                                   'totalWin', v_win),
                v_at)
        on conflict do nothing;
      if not found then
        raise exception 'house round % exists', p_round using errcode = 'GW001';
      end if;

      return query select false, v_picks, r.layout, v_win, v_balance, v_at, r.vendor, r.game_code,
        r.server_seed_hash, r.client_seed, r.nonce, r.free_play;
    end $function$;
