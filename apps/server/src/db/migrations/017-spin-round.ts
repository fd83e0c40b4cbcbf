import { sql, type Kysely } from 'kysely';

/**
 * A fresh game round in one statement (decision 019, 020; the house games' spin budget).
 *
 * `seamless_spin` does in one round trip what `SeamlessWallet.play` did in about eighteen: the
 * round written settled, the stake and the win as two ledger transactions (BET_STAKE, BET_PAYOUT
 * when the win is above 0), the betting record placed and settled, both vendor transaction ids
 * claimed with their results, and, for a house game, the nonce of its seed taken and the round
 * kept. Being one statement it is one database transaction when none is open: any refusal
 * leaves nothing.
 *
 * The ledger's rules hold as in `ledger_post` (migration 008): every movement is its own
 * transaction row under its idempotency key, with postings summing to zero (the deferred
 * ledger_posting_balanced trigger still checks them) and the request fingerprint the app
 * computed. The member's balance is updated once by the net of both movements, refused with
 * SQLSTATE LD001 unless it covers the stake on its own (the debit comes before the credit, so the
 * win never pays for its own stake); the house once likewise. Member row first, house row last:
 * the ledger's lock order.
 *
 * Raised SQLSTATEs: LD001 balance does not cover the stake; GW001 not a fresh round (an id, a
 * ledger key or the round was used before: the caller takes the general path, half by half,
 * which answers replays and conflicts); HS001 the seed is not the caller's view of it (rotated,
 * client seed changed, or its nonce taken elsewhere: the caller reads the seed again).
 *
 * The nonce: the caller names the one it expects the seed to be at (it keeps the seed between
 * rounds, so a round needs no read first) and the function takes it only if the seed is still
 * there; or the caller claimed it already (p_claimed, an atomic increment of its own, the way
 * after a miss) and the function only checks the seed is still active with that client seed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function seamless_spin(
      p_vendor text, p_member bigint, p_round text, p_debit_tx text, p_credit_tx text,
      p_stake bigint, p_win bigint, p_debit_hash bytea, p_credit_hash bytea,
      p_account bigint, p_house bigint, p_free_play boolean, p_currency text,
      p_product text, p_game_code text, p_game_name text,
      p_reference text, p_stake_key text, p_payout_key text, p_stake_fp bytea, p_payout_fp bytea,
      p_seed bigint, p_nonce bigint, p_claimed boolean, p_client_seed text, p_seed_hash text, p_kind text,
      p_wager jsonb, p_outcome jsonb
    ) returns table (o_balance bigint, o_stake_tx bigint, o_payout_tx bigint, o_at timestamptz)
    language plpgsql as $$
    declare
      v_at timestamptz := now();
      v_memo text := case when p_free_play then 'free play' else '' end;
      v_stake_tx bigint;
      v_payout_tx bigint;
      v_balance bigint;
      v_net bigint := p_stake - p_win;
      v_n integer;
    begin
      if p_seed is not null then
        update house_seed set next_nonce = greatest(next_nonce, p_nonce + 1)
          where id = p_seed and active and client_seed = p_client_seed and (p_claimed or next_nonce = p_nonce);
        if not found then
          raise exception 'house seed % moved on', p_seed using errcode = 'HS001';
        end if;
      end if;

      insert into game_round as r (vendor, round_id, member_id, free_play, status, stake, payout, product,
                                   game_code, game_name, opened_at, settled_at)
        values (p_vendor, p_round, p_member, p_free_play, 'CREDITED', p_stake, p_win, p_product,
                p_game_code, p_game_name, v_at, v_at)
        on conflict (vendor, round_id) do nothing;
      if not found then
        raise exception 'game round %:% exists', p_vendor, p_round using errcode = 'GW001';
      end if;

      insert into ledger_transaction as t (idempotency_key, kind, reference, memo, request_hash)
        values (p_stake_key, 'BET_STAKE', p_reference, v_memo, p_stake_fp)
        on conflict (idempotency_key) do nothing
        returning t.id into v_stake_tx;
      if v_stake_tx is null then
        raise exception 'ledger key % used', p_stake_key using errcode = 'GW001';
      end if;
      if p_win > 0 then
        insert into ledger_transaction as t (idempotency_key, kind, reference, memo, request_hash)
          values (p_payout_key, 'BET_PAYOUT', p_reference, v_memo, p_payout_fp)
          on conflict (idempotency_key) do nothing
          returning t.id into v_payout_tx;
        if v_payout_tx is null then
          raise exception 'ledger key % used', p_payout_key using errcode = 'GW001';
        end if;
        insert into ledger_posting (transaction_id, account_id, amount) values
          (v_stake_tx, p_account, -p_stake), (v_stake_tx, p_house, p_stake),
          (v_payout_tx, p_account, p_win), (v_payout_tx, p_house, -p_win);
      else
        insert into ledger_posting (transaction_id, account_id, amount) values
          (v_stake_tx, p_account, -p_stake), (v_stake_tx, p_house, p_stake);
      end if;

      update ledger_account as a set balance = a.balance - v_net
        where a.id = p_account and (a.allow_negative or a.balance - p_stake >= 0)
        returning a.balance into v_balance;
      if v_balance is null then
        raise exception 'ledger: insufficient balance on account %', p_account using errcode = 'LD001';
      end if;
      if v_net <> 0 then
        update ledger_account as a set balance = a.balance + v_net
          where a.id = p_house and (a.allow_negative or a.balance + v_net >= 0);
        if not found then
          raise exception 'ledger: insufficient balance on account %', p_house using errcode = 'LD001';
        end if;
      end if;

      insert into bet_record (member_id, vendor, bet_no, product, game_code, game_name, currency, bet_amount,
                              valid_bet, payout, status, bet_at, settled_at, detail)
        values (p_member, p_vendor, p_round, p_product, p_game_code, p_game_name, p_currency, p_stake,
                p_stake, p_win, 'SETTLED', v_at, v_at, jsonb_build_object('freePlay', p_free_play))
        on conflict (vendor, bet_no) do nothing;

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

      if p_seed is not null then
        insert into house_round (round_id, member_id, vendor, game_code, kind, seed_id, server_seed_hash,
                                 client_seed, nonce, bet, win, free_play, balance_after, wager, outcome, played_at)
          values (p_round, p_member, p_vendor, p_game_code, p_kind, p_seed, p_seed_hash,
                  p_client_seed, p_nonce, p_stake, p_win, p_free_play, v_balance, p_wager, p_outcome, v_at);
      end if;

      return query select v_balance, v_stake_tx, v_payout_tx, v_at;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists seamless_spin`.execute(db);
}
