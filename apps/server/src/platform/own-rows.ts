import { type AnyColumn, and, desc, gte, lte, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * One user's rows, newest first, read from the index that starts with the user (`(user_id,
 * created_at, id)`) whatever the other users wrote since.
 *
 * With `user_id = $1` PostgreSQL drops the user from the sort order (it is a constant there), so an
 * index on time alone gives the same order, and the planner, which assumes the user's rows are spread
 * evenly through time, may take it and walk back through every newer row of every other user: a page
 * of a user last active a week ago cost 3 ms and a few thousand buffers after a burst of trading. A
 * range on the user (`>= $1 AND <= $1`) selects the same rows but keeps the user in the sort key
 * (`ORDER BY user_id DESC, ...`), which only the user's index gives without sorting.
 */
export function ownRows(owner: AnyColumn, userId: string | Placeholder): SQL {
  return and(gte(owner, userId), lte(owner, userId))!;
}

/** The order that goes with `ownRows`: the owner first, then the page's own order. */
export function ownRowsNewestFirst(owner: AnyColumn, ...order: SQL[]): SQL[] {
  return [desc(owner), ...order];
}
