-- The current definition of ledger_post_deferred, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.ledger_post_deferred()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    declare
      d record;
    begin
      -- By account, in account order: two transactions lock the rows they share in the same order.
      for d in select split_part(e, ':', 1)::bigint as account, sum(split_part(e, ':', 2)::bigint)::bigint as amount
                 from unnest(string_to_array(nullif(current_setting('ledger.deferred', true), ''), ',')) as e
                 group by 1 order by 1 loop
        update ledger_account as la set balance = la.balance + d.amount
          where la.id = d.account and la.allow_negative;
        if not found then
          raise exception 'ledger: account % is not one whose balance may be moved deferred', d.account
            using errcode = 'LD001';
        end if;
      end loop;
      perform set_config('ledger.deferred', '', true);
    end $function$;
