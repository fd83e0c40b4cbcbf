-- The current definition of agent_stat_register, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.agent_stat_register()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into agent_stat_queue (member_id, at, event)
        select n.id, n.created_at, 'REGISTER' from new_members n;
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER member_stat_register AFTER INSERT ON public.member REFERENCING NEW TABLE AS new_members FOR EACH STATEMENT EXECUTE FUNCTION agent_stat_register();
