import { ADMIN_PAGE_SIZE, messages } from '@exchange/contracts';
import type { ReactNode } from 'react';

/**
 * What every admin list passes the shared table (spec section 2): 10 rows a page from the server,
 * 'Page 1 of 3 · 23 rows' under it, 'No Data Found', the spec's search placeholder, and the narrower
 * cells that fit ten columns in 1366 px.
 */
export const ADMIN_LIST = {
  pageSize: ADMIN_PAGE_SIZE,
  pager: { noun: 'rows' },
  emptyMessage: messages.noDataFoundAdmin,
  searchPlaceholder: messages.adminSearchPlaceholder,
  compact: true,
} as const;

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
