import { sql, type Kysely } from 'kysely';

/**
 * A Mines round's start and its end, one statement each (issue 34; decision 046; docs/benchmarks.md
 * session 33), as migration 073's `seamless_spin` made a Dice round one statement.
 *
 * - `house_mines_start`: the responsible-gambling question (RG001, leaving nothing: the caller then
 *   starts in the transaction holding the member's limit lock, decision 039), the nonce taken only
 *   while the seed is still active at it with that client seed (HS001 otherwise: the caller reads
 *   the seed anew), the open row (the one-open-round-per-game index answers a second start with
 *   23505), the stake through `ledger_post` (LD001 when the balance does not cover it; GW001 when
 *   its key was used). A refused start leaves nothing, its nonce unused.
 * - `house_mines_step`: a tile (or, with a null tile, a cash-out) of the round it names, under the
 *   open row's lock: a safe tile that leaves the round open is kept; a mine, a cash-out or the tile
 *   at which the round ends (`p_end_at` safe tiles) pays the win (`p_pays[safe]`, 0 on a mine)
 *   through `ledger_post`, writes the settled betting record and the house round and deletes the
 *   open row. No row (the round ended, or is not this member's): nothing, zero rows. MN001: a round
 *   opened before this migration (it has a vendor-protocol `game_round`), which the caller ends on
 *   the old path; MN002: a cash-out before any tile; MN003: a tile open already.
 *
 * A Mines round keeps no vendor-protocol rows (`game_round`, `game_wallet_tx`) any more, as a Dice
 * round since 073: the open row, the house round (unique seed and nonce) and the ledger's keys
 * (`game:<vendor>:<round>:bet|win`, the ones the old path used) make it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function house_mines_start(
      p_vendor text, p_member bigint, p_round text, p_game_code text, p_seed bigint, p_nonce bigint,
      p_client_seed text, p_seed_hash text, p_bet bigint, p_mines integer, p_layout integer[],
      p_free_play boolean, p_account bigint, p_house bigint, p_stake_fp bytea, p_rg_check boolean
    ) returns table (o_balance bigint, o_at timestamptz)
    language plpgsql as $$
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
                         array[p_account, p_house], array[-p_bet, p_bet]);
      if v_replayed then
        raise exception 'ledger key of round % used', p_round using errcode = 'GW001';
      end if;
      select balance into v_balance from ledger_account where id = p_account;
      return query select v_balance, v_at;
    end $$`.execute(db);

  await sql`
    create or replace function house_mines_step(
      p_round text, p_member bigint, p_tile integer, p_bet bigint, p_mines integer, p_end_at integer,
      p_pays bigint[], p_mult_num text[], p_mult_den text[], p_account bigint, p_house bigint,
      p_currency text, p_product text, p_game_name text
    ) returns table (o_open boolean, o_picks integer[], o_layout integer[], o_win bigint, o_balance bigint,
                     o_at timestamptz, o_vendor text, o_game_code text, o_seed_hash text, o_client_seed text,
                     o_nonce bigint, o_free_play boolean)
    language plpgsql as $$
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
      select * into r from house_open_round
        where round_id = p_round and member_id = p_member and mines is not null for update;
      if not found then
        return;
      end if;
      if r.bet <> p_bet or r.mines <> p_mines then
        raise exception 'Mines round % is not of bet % and % mines', p_round, p_bet, p_mines;
      end if;

      v_picks := r.picks;
      if p_tile is null then
        if cardinality(v_picks) = 0 then
          raise exception 'Open a tile before cashing out' using errcode = 'MN002';
        end if;
      else
        if p_tile = any(v_picks) then
          raise exception 'This tile is open already' using errcode = 'MN003';
        end if;
        v_picks := v_picks || p_tile;
        v_hit := p_tile = any(r.layout);
        if not v_hit and cardinality(v_picks) < p_end_at then
          update house_open_round set picks = v_picks where round_id = p_round;
          return query select true, v_picks, null::integer[], 0::bigint,
            (select balance from ledger_account where id = p_account), v_at, r.vendor, r.game_code,
            r.server_seed_hash, r.client_seed, r.nonce, r.free_play;
          return;
        end if;
      end if;

      -- A round opened before this migration: the vendor path keeps its game_round, so it ends there.
      if exists (select 1 from game_round where vendor = r.vendor and round_id = r.round_id) then
        raise exception 'Mines round % was opened on the vendor path', p_round using errcode = 'MN001';
      end if;
      v_safe := cardinality(v_picks) - case when v_hit then 1 else 0 end;
      v_win := case when v_hit then 0 else p_pays[v_safe] end;
      v_reference := left(r.vendor || ':' || r.round_id, 100);
      if v_win > 0 then
        -- The fingerprint WalletService.transfer gives this movement: kind, reference and the
        -- postings as account:amount sorted by account, so a later replay of the key is judged right.
        select o_replayed into v_replayed
          from ledger_post('game:' || r.vendor || ':' || r.round_id || ':win', 'BET_PAYOUT', v_reference,
                           case when r.free_play then 'free play' else '' end,
                           sha256(convert_to('BET_PAYOUT' || chr(10) || v_reference || chr(10) ||
                             case when p_house < p_account
                               then p_house || ':' || -v_win || ',' || p_account || ':' || v_win
                               else p_account || ':' || v_win || ',' || p_house || ':' || -v_win end, 'UTF8')),
                           array[p_account, p_house], array[v_win, -v_win]);
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

      delete from house_open_round where round_id = p_round;
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
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists house_mines_step(text, bigint, integer, bigint, integer, integer, bigint[], text[], text[], bigint, bigint, text, text, text)`.execute(
    db,
  );
  await sql`drop function if exists house_mines_start(text, bigint, text, text, bigint, bigint, text, text, bigint, integer, integer[], boolean, bigint, bigint, bytea, boolean)`.execute(
    db,
  );
}
