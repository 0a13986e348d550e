import type { SortOrder } from '@exchange/contracts';
import { and, asc, type Column, desc, eq, gt, gte, lt, lte, or, type SQL } from 'drizzle-orm';

/**
 * How a back-office list is ordered: one of its whitelisted columns (the contracts' `sort` names a
 * key of the list's table of columns, so no text from the request reaches the query), the direction,
 * and the row's id after it, so that equal values keep one fixed order across pages and downloads.
 */
export interface ListSort {
  readonly column: Column;
  readonly id: Column;
  readonly order: SortOrder;
}

/** The list's sort: `columns[sort]` (a key the contracts' enum allowed) and `id` to break ties. */
export function listSort<K extends string>(
  columns: Readonly<Record<K, Column>>,
  id: Column,
  sort: K,
  order: SortOrder,
): ListSort {
  return { column: columns[sort], id, order };
}

/** ORDER BY the sorted column, then the id, both in the list's direction. */
export function sortOrderBy(sort: ListSort): SQL[] {
  const direction = sort.order === 'asc' ? asc : desc;
  return [direction(sort.column), direction(sort.id)];
}

/** Where the next keyset page starts: the sorted value and the id of the last row already read. */
export interface KeysetCursor {
  readonly value: unknown;
  readonly id: string;
}

/**
 * The rows after `cursor` in the list's order (none: from the first). Written as `column >= value
 * AND (column > value OR (column = value AND id > last id))` (mirrored for desc): the first half lets
 * an index on (column, id) start the scan at the cursor, so page n costs as much as page 1. The values
 * are bound through the column's own encoder (a Date for a timestamp, a string for a numeric).
 */
export function afterCursor(sort: ListSort, cursor: KeysetCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const { column, id } = sort;
  const [from, beyond] = sort.order === 'asc' ? [gte, gt] : [lte, lt];
  return and(
    from(column, cursor.value),
    or(beyond(column, cursor.value), and(eq(column, cursor.value), beyond(id, cursor.id))),
  );
}

/** Only rows in one status (the contracts' `status`), or every row when none is asked. */
export function statusIs(column: Column, status: string | undefined): SQL | undefined {
  return status === undefined ? undefined : eq(column, status);
}

/** The OFFSET of a 1-based page. */
export function pageOffset(query: { readonly page: number; readonly limit: number }): number {
  return (query.page - 1) * query.limit;
}
