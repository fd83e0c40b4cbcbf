import { sql, type Kysely } from 'kysely';

/**
 * Write-combining of Mines across players (issue 34; decision 062, its Mines section): as
 * `seamless_spin_batch` (migration 080) does for one-statement rounds, `house_mines_batch` takes
 * many Mines calls as arrays (one element per call) and runs each in turn, each in a block of its
 * own (`begin … exception`, a subtransaction): a start (`p_start` true: `house_mines_start`'s
 * arguments) or a step (false: a tile or, `p_tile` null, the cash-out; `house_mines_step`'s). A
 * call the function refuses (LD001 the balance, RG001 a limit, HS001 the seed moved on, GW001 not
 * new, 23505 a round open already, MN001-MN003, a constraint) leaves nothing of itself and is
 * answered as its SQLSTATE, message and constraint in its own row, while the other calls go on.
 * One statement: one transaction and one commit for all of them.
 *
 * The array arguments (a start's layout, a step's pays and multipliers) come as their text
 * literals ('{1,2}'), an array of arrays being rectangular in PostgreSQL. A step that keeps its
 * round open turns the transaction's synchronous commit off (migration 079: no money moved); a
 * call holding any start or settlement sets it back to what the session had, so their money is
 * flushed before the answer as alone. A step that finds no round open answers `o_found` false.
 * Answers one row per call, `o_i` its position (from 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function house_mines_batch(
      p_start boolean[], p_vendor text[], p_member bigint[], p_round text[], p_game_code text[],
      p_seed bigint[], p_nonce bigint[], p_client_seed text[], p_seed_hash text[], p_bet bigint[],
      p_mines integer[], p_layout text[], p_free_play boolean[], p_account bigint[], p_house bigint[],
      p_stake_fp bytea[], p_rg_check boolean[], p_tile integer[], p_end_at integer[], p_pays text[],
      p_mult_num text[], p_mult_den text[], p_currency text[], p_product text[], p_game_name text[])
    returns table(o_i integer, o_found boolean, o_open boolean, o_picks integer[], o_layout integer[],
                  o_win bigint, o_balance bigint, o_at timestamptz, o_vendor text, o_game_code text,
                  o_seed_hash text, o_client_seed text, o_nonce bigint, o_free_play boolean,
                  o_state text, o_message text, o_constraint text)
    language plpgsql as $$
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
              p_layout[i]::integer[], p_free_play[i], p_account[i], p_house[i], p_stake_fp[i], p_rg_check[i]);
            o_balance := r.o_balance;
            o_at := r.o_at;
            v_money := true;
          else
            select * into r from house_mines_step(p_round[i], p_member[i], p_tile[i], p_bet[i], p_mines[i],
              p_end_at[i], p_pays[i]::bigint[], p_mult_num[i]::text[], p_mult_den[i]::text[], p_account[i],
              p_house[i], p_currency[i], p_product[i], p_game_name[i]);
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
      if v_money then
        perform set_config('synchronous_commit', v_sync, true);
      end if;
    end $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function if exists house_mines_batch(boolean[], text[], bigint[], text[], text[], bigint[], bigint[],
      text[], text[], bigint[], integer[], text[], boolean[], bigint[], bigint[], bytea[], boolean[], integer[],
      integer[], text[], text[], text[], text[], text[], text[])
  `.execute(db);
}
