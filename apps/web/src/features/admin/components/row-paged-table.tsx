import { messages } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

/** A column heading: plain text, or text with its own id and classes (alignment). */
export type HeaderCell =
  | string
  | { readonly id: string; readonly header: ReactNode; readonly className?: string };

interface RowPagedTableProps {
  readonly label: string;
  readonly headers: readonly HeaderCell[];
  /** The rows of the current page; undefined while the first page loads. */
  readonly rows: readonly ReactNode[] | undefined;
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly onPage: (page: number) => void;
  readonly busy?: boolean;
  readonly error?: ReactNode;
  readonly onRetry?: () => void;
}

const cellOf = (h: HeaderCell) => (typeof h === 'string' ? { id: h, header: h, className: 'text-left' } : h);

/**
 * The one shell of every admin list whose pages come from the server (admin lists page and search
 * there): designed loading, error and 'No Data Found' states, and previous/next buttons that scroll
 * back to the top. ServerPagedTable builds its rows from column definitions and renders this.
 */
export function RowPagedTable(props: RowPagedTableProps) {
  const { rows, total, page, pageSize } = props;
  const headers = props.headers.map(cellOf);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const go = (next: number) => {
    props.onPage(next);
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  let body: ReactNode;
  if (props.error)
    body = (
      <tr>
        <td colSpan={headers.length}>
          <ErrorState message={props.error} onRetry={props.onRetry} />
        </td>
      </tr>
    );
  else if (!rows)
    body = Array.from({ length: 5 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <tr key={i} className="border-t border-line">
        {headers.map((h) => (
          <td key={h.id} className="px-3 py-3">
            <Skeleton className="h-4 w-full max-w-24" />
          </td>
        ))}
      </tr>
    ));
  else if (rows.length === 0)
    body = (
      <tr>
        <td colSpan={headers.length}>
          <EmptyState message={messages.noDataFoundAdmin} />
        </td>
      </tr>
    );
  else body = rows;
  return (
    <div>
      <section
        aria-label={props.label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll a table wider than the screen (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-line bg-surface focus-visible:outline-2 focus-visible:outline-accent"
      >
        <table className="min-w-full text-sm tabular-nums" aria-busy={props.busy || undefined}>
          <caption className="sr-only">{props.label}</caption>
          <thead className="bg-raised/60 text-xs tracking-wide text-muted uppercase">
            <tr>
              {headers.map((h) => (
                <th
                  key={h.id}
                  scope="col"
                  className={cn('px-3 py-3 font-medium whitespace-nowrap', h.className)}
                >
                  {h.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </section>
      {total > 0 ? (
        <nav
          aria-label={`${props.label} pages`}
          className="mt-3 flex items-center justify-between gap-3 text-sm text-muted"
        >
          <p aria-live="polite">
            Page {page} of {pageCount} · {total} rows
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => go(page - 1)}>
              Previous
            </Button>
            <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => go(page + 1)}>
              Next
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
