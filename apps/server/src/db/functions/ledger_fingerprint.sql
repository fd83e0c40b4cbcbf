-- The current definition of ledger_fingerprint, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.ledger_fingerprint(p_kind text, p_reference text, p_accounts bigint[], p_amounts bigint[])
 RETURNS bytea
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
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
    end $function$;
