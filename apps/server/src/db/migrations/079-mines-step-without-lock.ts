import { sql, type Kysely } from 'kysely';

/**
 * A Mines tile and a Mines settlement each write the open row once (issue 34; decision 046;
 * docs/benchmarks.md session 34), and the payout's fingerprint is one SQL function tested against
 * the wallet's.
 *
 * - `ledger_fingerprint(kind, reference, accounts, amounts)`: the request hash
 *   `WalletService.transfer` gives a movement (`fingerprint()` in wallet.service.ts: SHA-256 of the
 *   kind, the reference and the postings as `account:amount` sorted by account then amount, lines
 *   apart). `house_mines_step` re-encoded it inline; a test now holds the two equal.
 * - `house_mines_step` no longer locks the open row with `select … for update` and then writes it
 *   (two writes of the row: the lock, then the update or the delete). A safe tile that leaves the
 *   round open is one conditional `update … returning` (the tile neither open already nor a mine,
 *   the round short of `p_end_at`); anything else is one `delete … returning` of the round (a mine,
 *   the cash-out, the tile at which the round ends), then the payout, the betting record and the
 *   house round as before. A statement that found no row reads it once to say why (none: zero
 *   rows; MN002, MN003), as the locked read did. Two steps at once still serialize on the row:
 *   the second re-checks its conditions on the row the first left (or finds it gone).
 * - The safe tile that leaves the round open commits without waiting for the WAL flush
 *   (`synchronous_commit` off for that transaction only). It moves no money; the next statement
 *   that commits synchronously (this player's cash-out among them) flushes it too, so a cash-out
 *   never pays for a tile the database could still lose. Only a crash of PostgreSQL within the WAL
 *   writer's delay (200 ms) after the tile's answer can lose that tile: the round is then as
 *   before it, and the same tile opens the same way again (the layout is the seed's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // plpgsql, not sql: a SQL function is parsed and planned anew at every call of its caller's statement.
  await sql`
    create or replace function ledger_fingerprint(p_kind text, p_reference text, p_accounts bigint[], p_amounts bigint[])
    returns bytea language plpgsql immutable as $$
    declare
      v_postings text;
    begin
      if cardinality(p_accounts) = 2 then
        v_postings := case when (p_accounts[1], p_amounts[1]) <= (p_accounts[2], p_amounts[2])
          then p_accounts[1] || ':' || p_amounts[1] || ',' || p_accounts[2] || ':' || p_amounts[2]
          else p_accounts[2] || ':' || p_amounts[2] || ',' || p_accounts[1] || ':' || p_amounts[1] end;
      else
        select string_agg(x.a || ':' || x.m, ',' order by x.a, x.m) into v_postings
          from unnest(p_accounts, p_amounts) as x(a, m);
      end if;
      return sha256(convert_to(p_kind || chr(10) || p_reference || chr(10) || coalesce(v_postings, ''), 'UTF8'));
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

/** Back to migration 078's step (its text), without the fingerprint function. */
export async function down(db: Kysely<unknown>): Promise<void> {
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
  await sql`drop function if exists ledger_fingerprint(text, text, bigint[], bigint[])`.execute(db);
}
