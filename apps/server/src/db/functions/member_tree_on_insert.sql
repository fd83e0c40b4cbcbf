-- The current definition of member_tree_on_insert, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.member_tree_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into member_tree (ancestor_id, descendant_id, depth)
        select new.id, new.id, 0
        union all
        select t.ancestor_id, new.id, t.depth + 1 from member_tree t
          where new.upline_id is not null and t.descendant_id = new.upline_id;
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER member_tree_insert AFTER INSERT ON public.member FOR EACH ROW EXECUTE FUNCTION member_tree_on_insert();
