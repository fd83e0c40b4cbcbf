-- The current definition of member_tree_on_move, as the migrations leave it (written by npm run db:functions).
CREATE OR REPLACE FUNCTION public.member_tree_on_move()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if new.upline_id is not null and exists (
        select 1 from member_tree where ancestor_id = new.id and descendant_id = new.upline_id
      ) then
        raise exception 'member %: upline % is in its own team', new.id, new.upline_id using errcode = 'AG001';
      end if;
      delete from member_tree d
        using member_tree sub, member_tree up
        where sub.ancestor_id = new.id and up.descendant_id = new.id and up.depth > 0
          and d.ancestor_id = up.ancestor_id and d.descendant_id = sub.descendant_id;
      insert into member_tree (ancestor_id, descendant_id, depth)
        select up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
        from member_tree up, member_tree sub
        where new.upline_id is not null and up.descendant_id = new.upline_id and sub.ancestor_id = new.id;
      return null;
    end $function$;

-- Triggers that call it:
CREATE TRIGGER member_tree_move AFTER UPDATE OF upline_id ON public.member FOR EACH ROW WHEN ((old.upline_id IS DISTINCT FROM new.upline_id)) EXECUTE FUNCTION member_tree_on_move();
