-- The current definition of house_mines_start, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.house_mines_start(p_vendor text, p_member bigint, p_round text, p_game_code text, p_seed bigint, p_nonce bigint, p_client_seed text, p_seed_hash text, p_bet bigint, p_mines integer, p_layout integer[], p_free_play boolean, p_account bigint, p_house bigint, p_stake_fp bytea, p_rg_check boolean, p_defer_house boolean DEFAULT false)
 RETURNS TABLE(o_balance bigint, o_at timestamp with time zone)
 LANGUAGE plpgsql
AS $function$
    declare
      v_at timestamptz;
      v_replayed boolean;
      v_balance bigint;
    begin
      if p_rg_check and (
           exists (select 1 from rg_limit where member_id = p_member and kind in ('loss', 'wager'))
           or exists (select 1 from rg_setting where member_id = p_member and block_until is not null)) then
        raise exception 'member % plays under a limit', p_member using errcode = 'RG001';
      end if;

      update house_seed set next_nonce = next_nonce + 1
        where id = p_seed and active and client_seed = p_client_seed and next_nonce = p_nonce;
      if not found then
        raise exception 'house seed % moved on', p_seed using errcode = 'HS001';
      end if;

      insert into house_open_round (round_id, member_id, vendor, game_code, seed_id, server_seed_hash,
                                    client_seed, nonce, bet, mines, layout, moves, free_play)
        values (p_round, p_member, p_vendor, p_game_code, p_seed, p_seed_hash, p_client_seed, p_nonce,
                p_bet, p_mines, p_layout, '[]'::jsonb, p_free_play)
        returning opened_at into v_at;

      select o_replayed into v_replayed
        from ledger_post('game:' || p_vendor || ':' || p_round || ':bet', 'BET_STAKE',
                         left(p_vendor || ':' || p_round, 100),
                         case when p_free_play then 'free play' else '' end, p_stake_fp,
                         array[p_account, p_house], array[-p_bet, p_bet],
                         case when p_defer_house then p_house end);
      if v_replayed then
        raise exception 'ledger key of round % used', p_round using errcode = 'GW001';
      end if;
      select balance into v_balance from ledger_account where id = p_account;
      return query select v_balance, v_at;
    end $function$;
