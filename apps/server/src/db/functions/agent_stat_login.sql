-- The current definition of agent_stat_login, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.agent_stat_login()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into agent_stat_queue (member_id, at, event) values (new.id, new.last_login_at, 'LOGIN');
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER member_stat_login AFTER UPDATE OF last_login_at ON public.member FOR EACH ROW WHEN (((new.last_login_at IS NOT NULL) AND (new.last_login_at IS DISTINCT FROM old.last_login_at))) EXECUTE FUNCTION agent_stat_login();
