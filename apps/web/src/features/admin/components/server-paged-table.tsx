import { ADMIN_PAGE_SIZE, messages } from '@exchange/contracts';
import { type ReactNode, useId } from 'react';
import type { Column } from '../../../components/ui/data-table';
import { cn } from '../../../lib/cn';
import { RowPagedTable } from './row-paged-table';

interface ServerPagedTableProps<T> {
  readonly label: string;
  readonly columns: readonly Column<T>[];
  /** `undefined` while the first page loads. */
  readonly rows: readonly T[] | undefined;
  readonly rowKey: (row: T) => string;
  readonly total: number;
  readonly page: number;
  readonly onPageChange: (page: number) => void;
  /** Without it there is no search box. The term is applied as the box changes (spec: admin search). */
  readonly onSearch?: (term: string) => void;
  readonly search?: string;
  readonly fetching?: boolean;
  readonly error?: ReactNode;
  readonly onRetry?: () => void;
}

const alignments = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

/**
 * An admin list paged and searched on the server from column definitions: 10 rows a page, a search
 * box applied as it changes (spec section 2), and the shared shell's states and page buttons.
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

  const shell = (
    <RowPagedTable
      label={label}
      headers={columns.map((column) => ({
        id: column.id,
        header: column.header,
        className: alignments[column.align ?? 'left'],
      }))}
      rows={rows?.map((row, index) => (
        <tr key={rowKey(row)} className="border-t border-line hover:bg-raised/60">
          {columns.map((column) => (
            <td
              key={column.id}
              className={cn('px-3 py-3 align-middle', alignments[column.align ?? 'left'], column.className)}
            >
              {column.cell ? column.cell(row, (page - 1) * ADMIN_PAGE_SIZE + index) : null}
            </td>
          ))}
        </tr>
      ))}
      total={total}
      page={page}
      pageSize={ADMIN_PAGE_SIZE}
      onPage={onPageChange}
      busy={fetching}
      error={error}
      onRetry={onRetry}
    />
  );
  if (!onSearch) return shell;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={searchId} className="sr-only">
          Search {label}
        </label>
        <input
          id={searchId}
          type="search"
          defaultValue={search}
          placeholder={messages.adminSearchPlaceholder}
          // On change, not key-up: pasting with the mouse or the box's clear button type no key.
          onChange={(event) => {
            const term = event.currentTarget.value.trim();
            if (term !== search) onSearch(term);
          }}
          className="h-10 w-full rounded-md border border-line bg-raised px-3 text-sm text-ink placeholder:text-muted/80 focus-visible:border-accent sm:max-w-sm"
        />
      </div>
      {shell}
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
        {email ? <p className="wrap-anywhere text-xs text-muted">{email}</p> : null}
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
