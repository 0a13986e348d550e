import { Button } from './button';

export interface TablePagerProps {
  /** The table's label; the pager is the navigation '<label> pages'. */
  readonly label: string;
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  /** Rows on the current page. */
  readonly shown: number;
  readonly onPage: (page: number) => void;
  /**
   * 'range' (the user lists): 'Showing 1–10 of 23', 'Page 1 of 3' and arrows; `{ noun }` (the admin
   * lists): 'Page 1 of 3 · 23 rows' with Previous and Next.
   */
  readonly style: 'range' | { readonly noun: string };
}

/** The previous/next pager under a list, with what the current page shows of how many. */
export function TablePager({ label, page, pageSize, total, shown, onPage, style }: TablePagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const offset = (page - 1) * pageSize;
  if (style !== 'range')
    return (
      <nav
        aria-label={`${label} pages`}
        className="flex items-center justify-between gap-3 text-sm text-muted"
      >
        <p aria-live="polite">
          Page {page} of {pageCount} · {total} {style.noun}
        </p>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      </nav>
    );
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-between gap-3 text-sm text-muted">
      <p aria-live="polite">
        Showing {offset + 1}–{offset + shown} of {total}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <span aria-hidden="true">←</span>
        </Button>
        <span className="tabular-nums">
          Page {page} of {pageCount}
        </span>
        <Button
          variant="secondary"
          size="sm"
          aria-label="Next page"
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          <span aria-hidden="true">→</span>
        </Button>
      </div>
    </nav>
  );
}
