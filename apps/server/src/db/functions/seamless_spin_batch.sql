-- The current definition of seamless_spin_batch, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.seamless_spin_batch(p_vendor text[], p_member bigint[], p_round text[], p_debit_tx text[], p_credit_tx text[], p_stake bigint[], p_win bigint[], p_debit_hash bytea[], p_credit_hash bytea[], p_account bigint[], p_house bigint[], p_free_play boolean[], p_currency text[], p_product text[], p_game_code text[], p_game_name text[], p_reference text[], p_stake_key text[], p_payout_key text[], p_stake_fp bytea[], p_payout_fp bytea[], p_seed bigint[], p_nonce bigint[], p_claimed boolean[], p_client_seed text[], p_seed_hash text[], p_kind text[], p_wager text[], p_outcome text[], p_rg_check boolean[])
 RETURNS TABLE(o_i integer, o_balance bigint, o_stake_tx bigint, o_payout_tx bigint, o_at timestamp with time zone, o_state text, o_message text, o_constraint text)
 LANGUAGE plpgsql
AS $function$
    declare
      i integer;
      r record;
    begin
      for i in 1 .. coalesce(array_length(p_vendor, 1), 0) loop
        o_i := i;
        begin
          select * into r from seamless_spin(p_vendor[i], p_member[i], p_round[i], p_debit_tx[i],
            p_credit_tx[i], p_stake[i], p_win[i], p_debit_hash[i], p_credit_hash[i], p_account[i],
            p_house[i], p_free_play[i], p_currency[i], p_product[i], p_game_code[i], p_game_name[i],
            p_reference[i], p_stake_key[i], p_payout_key[i], p_stake_fp[i], p_payout_fp[i], p_seed[i],
            p_nonce[i], p_claimed[i], p_client_seed[i], p_seed_hash[i], p_kind[i], p_wager[i]::jsonb,
            p_outcome[i]::jsonb, p_rg_check[i], true);
          o_balance := r.o_balance;
          o_stake_tx := r.o_stake_tx;
          o_payout_tx := r.o_payout_tx;
          o_at := r.o_at;
          o_state := null;
          o_message := null;
          o_constraint := null;
        exception when others then
          get stacked diagnostics o_state = returned_sqlstate, o_message = message_text,
            o_constraint = constraint_name;
          o_balance := null;
          o_stake_tx := null;
          o_payout_tx := null;
          o_at := null;
        end;
        return next;
      end loop;
      -- The house shards' balances, once each, locked for the commit only.
      perform ledger_post_deferred();
    end $function$;
