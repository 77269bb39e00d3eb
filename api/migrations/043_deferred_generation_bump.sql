-- The change counter of migration 012 is one row, updated by a statement trigger inside each writer's transaction:
-- a second writer waits on that row lock until the first commits. For bulk writers that commit many large batches
-- on several connections at once (`pnpm content import`), that turned two connections into one (docs/decisions/046).
-- Such a writer sets `phrasereel.defer_generation_bump = on` for its transaction and bumps the counter itself right
-- after the commit. Caches stay correct: a reader that sees the new generation also sees the committed rows, and an
-- answer computed before the bump is tagged with the old generation and dropped once the bump is seen.
create or replace function bump_search_generation() returns trigger language plpgsql as $$
begin
  if current_setting('phrasereel.defer_generation_bump', true) = 'on' then
    return null;
  end if;
  update search_state set generation = generation + 1 where id = 1;
  return null;
end
$$;
