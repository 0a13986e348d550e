import { messages as m, type NftCard as NftCardItem } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { TablePager } from '../../../components/ui/table-pager';
import { errorMessage } from '../../../lib/api-client';
import { formatAssetAmount } from '../../../lib/format';
import { paths } from '../../../lib/paths';

export function nftDetailsHref(id: string): string {
  return `${paths.nftDetails}?id=${encodeURIComponent(id)}`;
}

/** One item: its image, name and price with coin, linking to its details; `actions` below it. */
function NftCard({ item, actions }: { readonly item: NftCardItem; readonly actions?: ReactNode }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface">
      <Link to={nftDetailsHref(item._id)} className="group flex flex-1 flex-col focus-visible:outline-2">
        <img
          src={item.image}
          alt={item.name}
          loading="lazy"
          className="aspect-square w-full bg-raised object-cover transition-opacity group-hover:opacity-90"
        />
        <div className="flex flex-1 flex-col gap-1 p-3">
          {/* The whole name, wrapped: two cards a row at 390 px cut 'Genesis Block Sunrise' to 'Genesis Block …'. */}
          <span className="wrap-anywhere font-semibold text-ink" data-testid="nft-card-name">
            {item.name}
          </span>
          <span className="tabular-nums text-sm text-muted">
            {formatAssetAmount(item.price, item.coin)} {item.coin}
          </span>
          <span className="flex flex-wrap gap-1">
            {/* A hidden item cannot be bought, whatever its listing says (issue 46): its owner sees Hidden only. */}
            {item.status === 'HIDDEN' ? (
              <Badge tone="warning">Hidden</Badge>
            ) : item.listed ? (
              <Badge tone="success">For sale</Badge>
            ) : (
              <Badge tone="neutral">Not for sale</Badge>
            )}
          </span>
        </div>
      </Link>
      {actions ? <div className="border-t border-line p-3">{actions}</div> : null}
    </li>
  );
}

interface NftGridProps {
  readonly label: string;
  readonly items: readonly NftCardItem[] | undefined;
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly onPage: (page: number) => void;
  readonly loading: boolean;
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly emptyText: string;
  readonly actions?: (item: NftCardItem) => ReactNode;
}

/** A responsive grid of items with its loading, empty and error states and a pager below. */
export function NftGrid(props: NftGridProps) {
  const { items, loading, error } = props;
  if (error && !items)
    return <ErrorState message={errorMessage(error, m.nftLoadFailed)} onRetry={props.onRetry} />;
  if (loading && !items)
    return (
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" role="status" aria-label="Loading">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their position
          <li key={index}>
            <Skeleton className="aspect-square w-full" />
          </li>
        ))}
      </ul>
    );
  if (!items || items.length === 0) return <EmptyState message={props.emptyText} />;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={props.label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((item) => (
          <NftCard key={item._id} item={item} actions={props.actions?.(item)} />
        ))}
      </ul>
      <TablePager
        label={props.label}
        page={props.page}
        pageSize={props.pageSize}
        total={props.total}
        shown={items.length}
        onPage={props.onPage}
        style="range"
      />
    </div>
  );
}
