import { ADMIN_PAGE_SIZE, messages } from '@exchange/contracts';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

interface ServerPagedTableProps<T> {
  readonly label: string;
  readonly columns: readonly Column<T>[];
  /** `undefined` while the first page loads. */
  readonly rows: readonly T[] | undefined;
  readonly rowKey: (row: T) => string;
  readonly total: number;
  readonly page: number;
  readonly onPageChange: (page: number) => void;
  /** Without it there is no search box. The term is applied on key-up (spec: admin search). */
  readonly onSearch?: (term: string) => void;
  readonly search?: string;
  readonly fetching?: boolean;
  readonly error?: ReactNode;
  readonly onRetry?: () => void;
}

const alignments = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

/**
 * An admin list paged and searched on the server: 10 rows a page, 'No Data Found' when empty,
 * previous and next buttons, and a return to the top of the page on a page change (spec section 2).
 */
export function ServerPagedTable<T>({
  label,
  columns,
  rows,
  rowKey,
  total,
  page,
  onPageChange,
  onSearch,
  search = '',
  fetching = false,
  error,
  onRetry,
}: ServerPagedTableProps<T>) {
  const searchId = useId();
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const goTo = (next: number) => {
    onPageChange(next);
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  let body: ReactNode;
  if (rows === undefined && !error)
    body = Array.from({ length: 5 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <tr key={i} className="border-t border-line">
        {columns.map((column) => (
          <td key={column.id} className="px-4 py-3">
            <Skeleton className="h-4 w-full max-w-24" />
          </td>
        ))}
      </tr>
    ));
  else if (error)
    body = (
      <tr>
        <td colSpan={columns.length}>
          <ErrorState message={error} onRetry={onRetry} />
        </td>
      </tr>
    );
  else if (!rows || rows.length === 0)
    body = (
      <tr>
        <td colSpan={columns.length}>
          <EmptyState message={messages.noDataFoundAdmin} />
        </td>
      </tr>
    );
  else
    body = rows.map((row, index) => (
      <tr key={rowKey(row)} className="border-t border-line hover:bg-raised/60">
        {columns.map((column) => (
          <td
            key={column.id}
            className={cn('px-4 py-3 align-middle', alignments[column.align ?? 'left'], column.className)}
          >
            {column.cell ? column.cell(row, (page - 1) * ADMIN_PAGE_SIZE + index) : null}
          </td>
        ))}
      </tr>
    ));

  return (
    <div className="flex flex-col gap-3">
      {onSearch ? (
        <div>
          <label htmlFor={searchId} className="sr-only">
            Search {label}
          </label>
          <input
            id={searchId}
            type="search"
            defaultValue={search}
            placeholder={messages.adminSearchPlaceholder}
            onKeyUp={(event) => {
              const term = event.currentTarget.value.trim();
              if (term !== search) onSearch(term);
            }}
            className="h-10 w-full rounded-md border border-line bg-raised px-3 text-sm text-ink placeholder:text-muted/80 focus-visible:border-accent sm:max-w-sm"
          />
        </div>
      ) : null}
      {/* Focusable so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable). */}
      <section
        className="overflow-x-auto rounded-lg border border-line bg-surface"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={label}
      >
        <table className="min-w-full text-sm tabular-nums" aria-busy={fetching || undefined}>
          <caption className="sr-only">{label}</caption>
          <thead className="bg-raised/60 text-xs tracking-wide text-muted uppercase">
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
          <tbody>{body}</tbody>
        </table>
      </section>
      {rows && rows.length > 0 ? (
        <nav
          aria-label={`${label} pages`}
          className="flex items-center justify-between gap-3 text-sm text-muted"
        >
          <p aria-live="polite">
            Page {page} of {pageCount} · {total} rows
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

/** A user cell: picture, name, e-mail and phone. */
export function UserCell({
  picture,
  name,
  email,
  phone,
}: {
  readonly picture: ReactNode;
  readonly name: string;
  readonly email?: string;
  readonly phone?: string;
}) {
  return (
    <div className="flex min-w-48 items-center gap-3">
      {picture}
      <div className="min-w-0">
        <p className="font-medium text-ink">{name}</p>
        {email ? <p className="break-all text-xs text-muted">{email}</p> : null}
        {phone ? <p className="text-xs text-muted">{phone}</p> : null}
      </div>
    </div>
  );
}

/** A long id cut to its first and last characters, with the whole id as a tooltip. */
export function ShortId({ id }: { readonly id: string | null | undefined }) {
  if (!id) return <span className="text-muted">-</span>;
  return (
    <span title={id} className="font-mono text-xs">
      {id.length > 12 ? `${id.slice(0, 6)}…${id.slice(-4)}` : id}
    </span>
  );
}
