import { z } from 'zod';

/**
 * The query fields every sortable, filterable back-office list adds to its paging fields (issue 46
 * point 7): `sort` names one of the list's own columns (a fixed list: the server turns each into its
 * column, never into text of the query), `order` is asc or desc, and `status` keeps one status. Each
 * list spreads them into its `pagingSchema` filters, so the same query serves its page and its CSV
 * download (`exportPath`), and a blank value still means none.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * `sort` (one of `columns`, `defaultSort` when missing) and `order` (left out: the list's `orderBy`,
 * or newest first).
 */
export function sortFields<const K extends readonly [string, ...string[]]>(
  columns: K,
  defaultSort: K[number],
) {
  return {
    sort: z.enum(columns).default(defaultSort as never) as z.ZodDefault<z.ZodEnum<{ [V in K[number]]: V }>>,
    order: z.enum(SORT_ORDERS).optional(),
  };
}

/** `status`: one of the list's statuses, or every row when missing. */
export function statusField<const S extends readonly [string, ...string[]]>(statuses: S) {
  return { status: z.enum(statuses).optional() };
}

/** The direction a list reads: `order` when sent, else the older `orderBy` ('asc' or 'desc'). */
export function sortOrderOf(query: { order?: SortOrder | undefined; orderBy?: string }): SortOrder {
  if (query.order) return query.order;
  return query.orderBy === 'asc' || query.orderBy === 'createdAt' ? 'asc' : 'desc';
}
