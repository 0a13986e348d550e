import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { FlashValue } from '../../../components/ui/flash-value';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { movedTotal } from '../../../shared/wallet/live-valuation';
import { useLiveWalletCurrencies } from '../../../shared/wallet/use-live-wallet';
import { useDashboardFigures } from '../api/get-dashboard';

/**
 * Spec section 2: current value and total invested, in dollars to 2 decimals. The current value
 * follows the ticker socket (the server's figure moved by what live prices change in the wallet's
 * valuation), flashing as it moves.
 */
export function TotalAssetValueCard() {
  const figures = useDashboardFigures();
  const wallet = useLiveWalletCurrencies();
  let body: ReactNode;
  if (figures.isPending) {
    // The same labels and line heights as the figures, so nothing below moves when they arrive.
    body = (
      <div role="status" aria-label="Loading">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted">Current value</dt>
            <dd className="flex h-9 items-center">
              <Skeleton className="h-7 w-40" />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Total invested</dt>
            <dd className="flex h-9 items-center">
              <Skeleton className="h-7 w-40" />
            </dd>
          </div>
        </dl>
      </div>
    );
  } else if (figures.isError) {
    body = <ErrorState message={errorMessage(figures.error)} onRetry={() => void figures.refetch()} />;
  } else {
    const currentValue = movedTotal(figures.data.current_value, wallet.changeCents);
    body = (
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">Current value</dt>
          <dd className="text-3xl font-semibold text-ink tabular-nums" data-testid="current-value">
            <FlashValue value={currentValue}>{formatUsd(currentValue)}</FlashValue>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Total invested</dt>
          <dd className="text-3xl font-semibold text-ink tabular-nums" data-testid="total-invested">
            {formatUsd(figures.data.total_invested)}
          </dd>
        </div>
      </dl>
    );
  }
  return <Card title="Total Asset Value">{body}</Card>;
}
