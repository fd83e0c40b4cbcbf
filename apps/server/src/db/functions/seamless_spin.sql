-- The current definition of seamless_spin, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.seamless_spin(p_vendor text, p_member bigint, p_round text, p_debit_tx text, p_credit_tx text, p_stake bigint, p_win bigint, p_debit_hash bytea, p_credit_hash bytea, p_account bigint, p_house bigint, p_free_play boolean, p_currency text, p_product text, p_game_code text, p_game_name text, p_reference text, p_stake_key text, p_payout_key text, p_stake_fp bytea, p_payout_fp bytea, p_seed bigint, p_nonce bigint, p_claimed boolean, p_client_seed text, p_seed_hash text, p_kind text, p_wager jsonb, p_outcome jsonb, p_rg_check boolean, p_defer_house boolean DEFAULT false)
 RETURNS TABLE(o_balance bigint, o_stake_tx bigint, o_payout_tx bigint, o_at timestamp with time zone)
 LANGUAGE plpgsql
AS $function$
    declare
      v_at timestamptz := now();
      v_memo text := case when p_free_play then 'free play' else '' end;
      v_vendor_rows boolean := p_seed is null;
      v_stake_tx bigint;
      v_payout_tx bigint;
      v_replayed boolean;
      v_balance bigint;
      v_n integer;
    begin
      if p_rg_check and (
           exists (select 1 from rg_limit where member_id = p_member and kind in ('loss', 'wager'))
           or exists (select 1 from rg_setting where member_id = p_member and block_until is not null)) then
        raise exception 'member % spins under a limit', p_member using errcode = 'RG001';
      end if;

      if p_seed is not null then
        update house_seed set next_nonce = greatest(next_nonce, p_nonce + 1)
          where id = p_seed and active and client_seed = p_client_seed and (p_claimed or next_nonce = p_nonce);
        if not found then
          raise exception 'house seed % moved on', p_seed using errcode = 'HS001';
        end if;
      end if;

      if v_vendor_rows then
        insert into game_round as r (vendor, round_id, member_id, free_play, status, stake, payout, product,
                                     game_code, game_name, opened_at, settled_at)
          values (p_vendor, p_round, p_member, p_free_play, 'CREDITED', p_stake, p_win, p_product,
                  p_game_code, p_game_name, v_at, v_at)
          on conflict (vendor, round_id) do nothing;
        if not found then
          raise exception 'game round %:% exists', p_vendor, p_round using errcode = 'GW001';
        end if;
      end if;

      -- The stake, then the win, each one movement of the ledger (member first: the lock order).
      select o_id, o_replayed into v_stake_tx, v_replayed
        from ledger_post(p_stake_key, 'BET_STAKE', p_reference, v_memo, p_stake_fp,
                         array[p_account, p_house], array[-p_stake, p_stake],
                         case when p_defer_house then p_house end);
      if v_replayed then
        raise exception 'ledger key % used', p_stake_key using errcode = 'GW001';
      end if;
      if p_win > 0 then
        select o_id, o_replayed into v_payout_tx, v_replayed
          from ledger_post(p_payout_key, 'BET_PAYOUT', p_reference, v_memo, p_payout_fp,
                           array[p_account, p_house], array[p_win, -p_win],
                           case when p_defer_house then p_house end);
        if v_replayed then
          raise exception 'ledger key % used', p_payout_key using errcode = 'GW001';
        end if;
      end if;
      select balance into v_balance from ledger_account where id = p_account;

      insert into bet_record (member_id, vendor, bet_no, product, game_code, game_name, currency, bet_amount,
                              valid_bet, payout, status, bet_at, settled_at, detail)
        values (p_member, p_vendor, p_round, p_product, p_game_code, p_game_name, p_currency, p_stake,
                p_stake, p_win, 'SETTLED', v_at, v_at, jsonb_build_object('freePlay', p_free_play))
        on conflict (vendor, bet_no) do nothing;

      if v_vendor_rows then
        insert into game_wallet_tx (vendor, tx_id, kind, member_id, round_id, amount, request_hash,
                                    ledger_transaction_id, balance_after, created_at)
          values (p_vendor, p_debit_tx, 'DEBIT', p_member, p_round, p_stake, p_debit_hash,
                  v_stake_tx, v_balance - p_win, v_at),
                 (p_vendor, p_credit_tx, 'CREDIT', p_member, p_round, p_win, p_credit_hash,
                  v_payout_tx, v_balance, v_at)
          on conflict (vendor, tx_id) do nothing;
        get diagnostics v_n = row_count;
        if v_n <> 2 then
          raise exception 'game transaction id used' using errcode = 'GW001';
        end if;
      end if;

      if p_seed is not null then
        insert into house_round (round_id, member_id, vendor, game_code, kind, seed_id, server_seed_hash,
                                 client_seed, nonce, bet, win, free_play, balance_after, wager, outcome, played_at)
          values (p_round, p_member, p_vendor, p_game_code, p_kind, p_seed, p_seed_hash,
                  p_client_seed, p_nonce, p_stake, p_win, p_free_play, v_balance, p_wager, p_outcome, v_at)
          on conflict do nothing;
        if not found then
          raise exception 'house round % exists', p_round using errcode = 'GW001';
        end if;
      end if;

      return query select v_balance, v_stake_tx, v_payout_tx, v_at;
    end $function$;
