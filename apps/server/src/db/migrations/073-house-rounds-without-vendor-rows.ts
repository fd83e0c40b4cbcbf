import { sql, type Kysely } from 'kysely';

/**
 * A spin in one round trip: a house round keeps no vendor-protocol rows, and the statement itself
 * asks whether the member is under a responsible-gambling limit (issue 34, decision 046).
 *
 * `seamless_spin` wrote every spin as a vendor's seamless-wallet round would arrive: a `game_round`
 * and two `game_wallet_tx` rows (the debit and credit ids a vendor sends, with their request
 * hashes, kept so that a vendor's retry answers its first result). A house round (one with a seed)
 * never comes from a vendor and is never retried by id: its `house_round` row (primary key the
 * round id, unique seed and nonce) makes it once, and the ledger's idempotency keys make each
 * movement once. Those three rows were a third of a Dice round's writes, for nothing a house round
 * reads. Vendor spins (no seed) keep them exactly as before.
 *
 * A house round whose id or nonce was used raises GW001, as a used game round did, and leaves
 * nothing (the statement is one transaction).
 *
 * Every real-money spin first read whether the member is under a loss or wager limit or a block
 * (decision 039), a statement of its own before the spin's. With `p_rg_check` the spin asks it
 * first, in its own snapshot, and raises RG001 (leaving nothing) for such a member; the caller then
 * spins in a transaction holding the member's limit lock with the limits checked, as before.
 * The new argument changes the function's signature: the old one is dropped, not overloaded.
 */
/** The argument types before this migration; it adds one boolean at the end. */
const argumentsBefore = `text, bigint, text, text, text, bigint, bigint, bytea, bytea, bigint, bigint, boolean,
  text, text, text, text, text, text, text, bytea, bytea, bigint, bigint, boolean, text, text, text, jsonb, jsonb`;

function spinFunction(version: 'before' | 'after') {
  const vendorRows = version === 'before' ? sql`true` : sql`p_seed is null`;
  const rgArgument = version === 'before' ? sql`` : sql`, p_rg_check boolean`;
  const rgCheck =
    version === 'before'
      ? sql``
      : sql`
      if p_rg_check and (
           exists (select 1 from rg_limit where member_id = p_member and kind in ('loss', 'wager'))
           or exists (select 1 from rg_setting where member_id = p_member and block_until is not null)) then
        raise exception 'member % spins under a limit', p_member using errcode = 'RG001';
      end if;
`;
  return sql`
    create or replace function seamless_spin(
      p_vendor text, p_member bigint, p_round text, p_debit_tx text, p_credit_tx text,
      p_stake bigint, p_win bigint, p_debit_hash bytea, p_credit_hash bytea,
      p_account bigint, p_house bigint, p_free_play boolean, p_currency text,
      p_product text, p_game_code text, p_game_name text,
      p_reference text, p_stake_key text, p_payout_key text, p_stake_fp bytea, p_payout_fp bytea,
      p_seed bigint, p_nonce bigint, p_claimed boolean, p_client_seed text, p_seed_hash text, p_kind text,
      p_wager jsonb, p_outcome jsonb${rgArgument}
    ) returns table (o_balance bigint, o_stake_tx bigint, o_payout_tx bigint, o_at timestamptz)
    language plpgsql as $$
    declare
      v_at timestamptz := now();
      v_memo text := case when p_free_play then 'free play' else '' end;
      v_vendor_rows boolean := ${vendorRows};
      v_stake_tx bigint;
      v_payout_tx bigint;
      v_replayed boolean;
      v_balance bigint;
      v_n integer;
    begin${rgCheck}
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
                         array[p_account, p_house], array[-p_stake, p_stake]);
      if v_replayed then
        raise exception 'ledger key % used', p_stake_key using errcode = 'GW001';
      end if;
      if p_win > 0 then
        select o_id, o_replayed into v_payout_tx, v_replayed
          from ledger_post(p_payout_key, 'BET_PAYOUT', p_reference, v_memo, p_payout_fp,
                           array[p_account, p_house], array[p_win, -p_win]);
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
    end $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ${sql.raw(`seamless_spin(${argumentsBefore})`)}`.execute(db);
  await spinFunction('after').execute(db);
}

/** The spin of migration 026 again: house rounds write their vendor-protocol rows (those played meanwhile have none). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ${sql.raw(`seamless_spin(${argumentsBefore}, boolean)`)}`.execute(db);
  await spinFunction('before').execute(db);
}
