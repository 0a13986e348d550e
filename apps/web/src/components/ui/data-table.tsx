import { messages } from '@exchange/contracts';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { cn } from '../../lib/cn';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { SearchBox } from './search-box';
import { searchableText } from './searchable-text';
import type { ServerPaging } from './server-paging';
import { Skeleton } from './skeleton';
import { TablePager, type TablePagerProps } from './table-pager';
import { useAnsweredQuery } from './use-answered-query';

export type { ServerPaging } from './server-paging';

export interface Column<T> {
  readonly id: string;
  readonly header: ReactNode;
  /** Cell content; without it the cell shows the row's field named by `id`. */
  readonly cell?: (row: T, index: number) => ReactNode;
  readonly align?: 'left' | 'right' | 'center';
  readonly className?: string;
  /** The header's aria-sort, for a column the list is sorted by (or can be). */
  readonly sort?: 'ascending' | 'descending' | 'none';
  /** The column's name where the header is not plain text (a sort button): a phone card's label. */
  readonly label?: string;
}

export interface DataTableProps<T> {
  readonly columns: readonly Column<T>[];
  /**
   * `undefined` while the first load is in flight. Without `server`, every row in hand: the table
   * searches and pages them itself; with it, the one page the server sent.
   */
  readonly rows: readonly T[] | undefined;
  readonly server?: ServerPaging;
  /** What the pager says: 'Showing 1–10 of 23' (default), or the admin lists' 'Page 1 of 3 · 23 rows'. */
  readonly pager?: TablePagerProps['style'];
  /** The search box's accessible name; 'Search <label>' by default. */
  readonly searchLabel?: string;
  /** A Clear Filter button beside the search box: on by default for rows in hand, off for the server's. */
  readonly clearFilter?: boolean;
  /** Narrower cell padding, for the back-office lists whose ten columns must fit 1366 px. */
  readonly compact?: boolean;
  readonly rowKey: (row: T, index: number) => string;
  /** Names the table for screen readers (a visually hidden caption). */
  readonly label: string;
  readonly loading?: boolean;
  /** A load failure; shown in place of the rows with a retry button when `onRetry` is given. */
  readonly error?: ReactNode;
  readonly onRetry?: () => void;
  /** 'No data found' by default; admin lists pass 'No Data Found'. */
  readonly emptyMessage?: ReactNode;
  readonly pageSize?: number;
  /** Rows in hand only (default on); a server list is searchable when it has `onSearch`. */
  readonly searchable?: boolean;
  readonly searchPlaceholder?: string;
  /** Extra controls beside the search box; on a phone the box has a line of its own, they wrap below. */
  readonly toolbar?: ReactNode;
  /** The spec's lists scroll back to the top of the page when the page changes. */
  readonly scrollOnPageChange?: boolean;
  /** The key of a row to mark as new (the order or transaction the user just made). */
  readonly highlightKey?: string | null;
  /**
   * Placeholder rows while loading, and the class of each placeholder cell. A table whose row count
   * and row height are known ahead (the wallet's assets) sets both, so nothing below it moves when
   * the data arrives.
   */
  readonly skeletonRows?: number;
  readonly skeletonCellClassName?: string;
}

export const DEFAULT_PAGE_SIZE = 10;
const SKELETON_ROWS = 5;

function defaultCell<T>(row: T, id: string): ReactNode {
  const value = (row as Record<string, unknown>)[id];
  if (value === null || value === undefined || value === '') return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const alignments = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

/*
 * Below 640 px a row becomes a stacked card: each cell a line with its column's name on the left
 * (from data-label), so status and actions stay on screen instead of behind a sideways scroll; the
 * name never shrinks (a cell that may break anywhere broke it: 'DETAIL S', issue 46). */
const cardTable = 'max-sm:block';
const cardRow = 'max-sm:mb-3 max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-line max-sm:p-3';
const cardCell =
  'max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:text-muted max-sm:before:uppercase max-sm:before:content-[attr(data-label)]';

/**
 * The one table of the app, with designed loading, empty and error states, a search box and pages of
 * 10 rows. Two modes: rows in hand (searched over every field value and paged here, with Clear
 * Filter) or, with `server`, one page of a list the server pages and searches.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
  server,
  pager = 'range',
  searchLabel = `Search ${label}`,
  clearFilter = server === undefined,
  compact = false,
  loading = false,
  error,
  onRetry,
  emptyMessage = messages.noDataFound,
  pageSize = DEFAULT_PAGE_SIZE,
  searchable = true,
  searchPlaceholder = 'Search',
  toolbar,
  scrollOnPageChange = true,
  highlightKey = null,
  skeletonRows = SKELETON_ROWS,
  skeletonCellClassName = 'h-4 w-full max-w-32',
}: DataTableProps<T>) {
  const [search, setSearch] = useState(server?.search ?? '');
  const [localPage, setLocalPage] = useState(1);
  const answered = useAnsweredQuery(rows, server, loading);
  const term = useDeferredValue(server ? '' : search.trim().toLowerCase());

  const indexed = useMemo(
    () => (server ? [] : (rows ?? []).map((row) => ({ row, text: searchableText(row) }))),
    [rows, server],
  );
  const filtered = useMemo(
    () => (term ? indexed.filter((entry) => entry.text.includes(term)) : indexed),
    [indexed, term],
  );

  let current: number;
  let total: number;
  let visible: readonly T[];
  if (server) {
    current = server.page;
    total = server.total;
    visible = answered ? (rows ?? []) : [];
  } else {
    total = filtered.length;
    // Rows may shrink under the current page (a search, a reload); show the last page that exists.
    current = Math.min(localPage, Math.max(1, Math.ceil(total / pageSize)));
    const start = (current - 1) * pageSize;
    visible = filtered.slice(start, start + pageSize).map((entry) => entry.row);
  }
  const offset = (current - 1) * pageSize;
  const showSkeleton =
    (rows === undefined && (loading || (server !== undefined && !error))) || (!answered && !error);

  const goTo = (next: number) => {
    if (server) server.onPageChange(next);
    else setLocalPage(next);
    if (scrollOnPageChange && typeof window.scrollTo === 'function')
      window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const onSearch = (value: string) => {
    setSearch(value);
    if (!server) {
      setLocalPage(1);
      return;
    }
    const next = value.trim();
    if (next === (server.search ?? '') || !server.onSearch) return;
    server.onSearch(next);
    server.onPageChange(1);
  };
  const padX = compact ? 'px-3' : 'px-4';
  const hasSearch = server ? server.onSearch !== undefined : searchable;

  let body: ReactNode;
  if (showSkeleton) {
    body = Array.from({ length: skeletonRows }, (_, rowIndex) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity but their position
      <tr key={`skeleton-${rowIndex}`} className="border-t border-line">
        {columns.map((column) => (
          <td key={column.id} className={cn(padX, 'py-3')}>
            <Skeleton className={skeletonCellClassName} />
          </td>
        ))}
      </tr>
    ));
  } else if (error) {
    body = (
      <tr className="max-sm:block">
        <td colSpan={columns.length} className="max-sm:block">
          <ErrorState message={error} onRetry={onRetry} />
        </td>
      </tr>
    );
  } else if (visible.length === 0) {
    body = (
      <tr className="max-sm:block">
        <td colSpan={columns.length} className="max-sm:block">
          <EmptyState message={emptyMessage} />
        </td>
      </tr>
    );
  } else {
    body = visible.map((row, rowIndex) => {
      const index = offset + rowIndex;
      const key = rowKey(row, index);
      const highlighted = highlightKey !== null && key === highlightKey;
      return (
        <tr
          key={key}
          data-highlighted={highlighted || undefined}
          aria-current={highlighted ? 'true' : undefined}
          className={cn(
            'border-t border-line hover:bg-raised/60',
            cardRow,
            highlighted && 'highlight-new outline outline-1 -outline-offset-1 outline-accent',
          )}
        >
          {columns.map((column) => (
            <td
              key={column.id}
              data-label={column.label ?? (typeof column.header === 'string' ? column.header : undefined)}
              className={cn(
                padX,
                'py-3 align-middle',
                alignments[column.align ?? 'left'],
                cardCell,
                column.className,
              )}
            >
              {column.cell ? column.cell(row, index) : defaultCell(row, column.id)}
            </td>
          ))}
        </tr>
      );
    });
  }

  return (
    <div className="flex flex-col gap-3">
      {hasSearch || toolbar ? (
        <div className="flex flex-wrap items-center gap-2 max-sm:[&>:first-child]:basis-full">
          {hasSearch ? (
            <SearchBox
              label={searchLabel}
              value={search}
              onChange={onSearch}
              placeholder={searchPlaceholder}
              onClear={clearFilter ? () => onSearch('') : undefined}
            />
          ) : null}
          {toolbar}
        </div>
      ) : null}

      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll a table wider than the screen (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-line bg-surface focus-visible:outline-2 focus-visible:outline-accent max-sm:border-0 max-sm:bg-transparent"
      >
        <table
          className={cn('min-w-full text-sm tabular-nums', cardTable)}
          aria-busy={loading || !answered || undefined}
        >
          <caption className="sr-only">{label}</caption>
          <thead className="bg-raised/60 text-xs tracking-wide text-muted uppercase max-sm:sr-only">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={column.sort}
                  className={cn(
                    padX,
                    'py-3 font-medium whitespace-nowrap',
                    alignments[column.align ?? 'left'],
                  )}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block">{body}</tbody>
        </table>
      </section>

      {!showSkeleton && !error && total > 0 ? (
        <TablePager
          label={label}
          page={current}
          pageSize={pageSize}
          total={total}
          shown={visible.length}
          onPage={goTo}
          style={pager}
        />
      ) : null}
    </div>
  );
}
