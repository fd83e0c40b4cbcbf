-- The current definition of audit_log_immutable, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.audit_log_immutable()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      raise exception 'audit_log: % refused, the audit log is append-only', tg_op
        using errcode = 'AU001';
    end $function$;

-- Triggers that call it:
CREATE TRIGGER audit_log_immutable BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_immutable();
