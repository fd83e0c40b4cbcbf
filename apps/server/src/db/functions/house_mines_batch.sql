-- The current definition of house_mines_batch, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.house_mines_batch(p_start boolean[], p_vendor text[], p_member bigint[], p_round text[], p_game_code text[], p_seed bigint[], p_nonce bigint[], p_client_seed text[], p_seed_hash text[], p_bet bigint[], p_mines integer[], p_layout text[], p_free_play boolean[], p_account bigint[], p_house bigint[], p_stake_fp bytea[], p_rg_check boolean[], p_tile integer[], p_end_at integer[], p_pays text[], p_mult_num text[], p_mult_den text[], p_currency text[], p_product text[], p_game_name text[])
 RETURNS TABLE(o_i integer, o_found boolean, o_open boolean, o_picks integer[], o_layout integer[], o_win bigint, o_balance bigint, o_at timestamp with time zone, o_vendor text, o_game_code text, o_seed_hash text, o_client_seed text, o_nonce bigint, o_free_play boolean, o_state text, o_message text, o_constraint text)
 LANGUAGE plpgsql
AS $function$
    declare
      i integer;
      r record;
      v_sync text := current_setting('synchronous_commit');
      v_money boolean := false;
    begin
      for i in 1 .. coalesce(array_length(p_start, 1), 0) loop
        o_i := i;
        o_found := true; o_open := null; o_picks := null; o_layout := null; o_win := null;
        o_balance := null; o_at := null; o_vendor := null; o_game_code := null; o_seed_hash := null;
        o_client_seed := null; o_nonce := null; o_free_play := null;
        o_state := null; o_message := null; o_constraint := null;
        begin
          if p_start[i] then
            select * into r from house_mines_start(p_vendor[i], p_member[i], p_round[i], p_game_code[i],
              p_seed[i], p_nonce[i], p_client_seed[i], p_seed_hash[i], p_bet[i], p_mines[i],
              p_layout[i]::integer[], p_free_play[i], p_account[i], p_house[i], p_stake_fp[i], p_rg_check[i], true);
            o_balance := r.o_balance;
            o_at := r.o_at;
            v_money := true;
          else
            select * into r from house_mines_step(p_round[i], p_member[i], p_tile[i], p_bet[i], p_mines[i],
              p_end_at[i], p_pays[i]::bigint[], p_mult_num[i]::text[], p_mult_den[i]::text[], p_account[i],
              p_house[i], p_currency[i], p_product[i], p_game_name[i], true);
            if not found then
              o_found := false;
            else
              o_open := r.o_open; o_picks := r.o_picks; o_layout := r.o_layout; o_win := r.o_win;
              o_balance := r.o_balance; o_at := r.o_at; o_vendor := r.o_vendor;
              o_game_code := r.o_game_code; o_seed_hash := r.o_seed_hash; o_client_seed := r.o_client_seed;
              o_nonce := r.o_nonce; o_free_play := r.o_free_play;
              if not r.o_open then
                v_money := true;
              end if;
            end if;
          end if;
        exception when others then
          get stacked diagnostics o_state = returned_sqlstate, o_message = message_text,
            o_constraint = constraint_name;
          o_found := null; o_open := null; o_picks := null; o_layout := null; o_win := null;
          o_balance := null; o_at := null; o_vendor := null; o_game_code := null; o_seed_hash := null;
          o_client_seed := null; o_nonce := null; o_free_play := null;
        end;
        return next;
      end loop;
      -- The house shards' balances, once each, locked for the commit only.
      perform ledger_post_deferred();
      if v_money then
        perform set_config('synchronous_commit', v_sync, true);
      end if;
    end $function$;
