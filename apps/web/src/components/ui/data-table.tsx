import { messages } from '@exchange/contracts';
import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { Skeleton } from './skeleton';

export interface Column<T> {
  readonly id: string;
  readonly header: ReactNode;
  /** Cell content; without it the cell shows the row's field named by `id`. */
  readonly cell?: (row: T, index: number) => ReactNode;
  readonly align?: 'left' | 'right' | 'center';
  readonly className?: string;
}

export interface DataTableProps<T> {
  readonly columns: readonly Column<T>[];
  /** `undefined` while the first load is in flight. */
  readonly rows: readonly T[] | undefined;
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
  readonly searchable?: boolean;
  readonly searchPlaceholder?: string;
  /** Extra controls beside the search box. */
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

/**
 * Every primitive value inside a row, lower-cased, so a search term matches any field (including
 * nested ones such as `from.currency_code`) whether or not a column shows it.
 */
export function searchableText(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value).toLowerCase();
  if (depth >= 4 || typeof value !== 'object') return '';
  const parts = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return parts
    .map((part) => searchableText(part, depth + 1))
    .filter(Boolean)
    .join('\u0000');
}

function defaultCell<T>(row: T, id: string): ReactNode {
  const value = (row as Record<string, unknown>)[id];
  if (value === null || value === undefined || value === '') return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const alignments = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

/*
 * Below 640 px a row becomes a stacked card: each cell a line with its column's name on the left
 * (from data-label), so status and actions stay on screen instead of behind a sideways scroll.
 */
const cardTable = 'max-sm:block';
const cardRow = 'max-sm:mb-3 max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-line max-sm:p-3';
const cardCell =
  'max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:before:text-xs max-sm:before:text-muted max-sm:before:uppercase max-sm:before:content-[attr(data-label)]';

/**
 * The spec's reusable table: client-side search over every field value, a Clear Filter button,
 * pages of 10 rows with previous and next arrows, and designed loading, empty and error states.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
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
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDeferredValue(search.trim().toLowerCase());

  const indexed = useMemo(() => (rows ?? []).map((row) => ({ row, text: searchableText(row) })), [rows]);
  const filtered = useMemo(
    () => (term ? indexed.filter((entry) => entry.text.includes(term)) : indexed),
    [indexed, term],
  );

  const pageCount = Math.max(1, Math.ceil(filtered.length / pageSize));
  // Rows may shrink under the current page (a search, a reload); show the last page that exists.
  const current = Math.min(page, pageCount);
  const offset = (current - 1) * pageSize;
  const visible = filtered.slice(offset, offset + pageSize);
  const showSkeleton = loading && rows === undefined;

  const goTo = (next: number) => {
    setPage(next);
    if (scrollOnPageChange && typeof window.scrollTo === 'function')
      window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  let body: ReactNode;
  if (showSkeleton) {
    body = Array.from({ length: skeletonRows }, (_, rowIndex) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity but their position
      <tr key={`skeleton-${rowIndex}`} className="border-t border-line">
        {columns.map((column) => (
          <td key={column.id} className="px-4 py-3">
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
    body = visible.map(({ row }, rowIndex) => {
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
              data-label={typeof column.header === 'string' ? column.header : undefined}
              className={cn(
                'px-4 py-3 align-middle',
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
      {searchable || toolbar ? (
        <div className="flex flex-wrap items-center gap-2">
          {searchable ? (
            <>
              <label htmlFor={searchId} className="sr-only">
                Search {label}
              </label>
              <input
                id={searchId}
                type="search"
                value={search}
                onChange={(event) => onSearch(event.target.value)}
                placeholder={searchPlaceholder}
                className="h-10 w-full min-w-0 flex-1 rounded-md border border-line bg-raised px-3 text-sm text-ink placeholder:text-muted/80 focus-visible:border-accent sm:max-w-xs"
              />
              <Button variant="secondary" onClick={() => onSearch('')}>
                Clear Filter
              </Button>
            </>
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
        <table className={cn('min-w-full text-sm tabular-nums', cardTable)} aria-busy={loading || undefined}>
          <caption className="sr-only">{label}</caption>
          <thead className="bg-raised/60 text-xs tracking-wide text-muted uppercase max-sm:sr-only">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cn(
                    'px-4 py-3 font-medium whitespace-nowrap',
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

      {!showSkeleton && !error && filtered.length > 0 ? (
        <nav
          aria-label={`${label} pages`}
          className="flex items-center justify-between gap-3 text-sm text-muted"
        >
          <p aria-live="polite">
            Showing {offset + 1}–{offset + visible.length} of {filtered.length}
          </p>
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label="Previous page"
              disabled={current <= 1}
              onClick={() => goTo(current - 1)}
            >
              <span aria-hidden="true">←</span>
            </Button>
            <span className="tabular-nums">
              Page {current} of {pageCount}
            </span>
            <Button
              variant="secondary"
              size="sm"
              aria-label="Next page"
              disabled={current >= pageCount}
              onClick={() => goTo(current + 1)}
            >
              <span aria-hidden="true">→</span>
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
