import type { LimitOrder } from '@exchange/contracts';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonText } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatAmount, formatAssetPrice, formatDateTime, priceDecimals } from '../../../lib/format';
import { useCancelOrder, useFilledOrders, useOpenOrders } from '../api/orders';
import { averageFillPrice } from '../model/average-fill';
import { pairedOrders } from '../model/stop-orders';
import { CancelAllButton } from './cancel-all-button';
import { cancelOrderLabel, cancelOrderQuestion } from './cancel-order-text';
import { OrderKindTags, waitingStopText } from './order-kind-tags';

const SHOWN = 5;

function OrderLine({ order, coin, action }: { order: LimitOrder; coin: string; action?: React.ReactNode }) {
  const filled = order.status === 'filled';
  const average = averageFillPrice(order.filled_cost, order.filled_quantity, priceDecimals(coin));
  const waiting = waitingStopText(order, coin);
  return (
    <li
      className={cn(
        'flex items-center justify-between gap-3 border-t border-line py-2 first:border-t-0',
        // An OCO's two legs stand together, joined by a line down their left edge.
        order.order_list_id && !filled ? 'border-l-2 border-l-accent pl-2' : undefined,
      )}
    >
      <div className="min-w-0 text-sm tabular-nums">
        <p
          className={cn(
            'flex flex-wrap items-center gap-x-2 font-semibold',
            order.side === 'buy' ? 'text-success' : 'text-danger',
          )}
        >
          <span>
            {order.side === 'buy' ? 'Buy' : 'Sell'}{' '}
            {formatAmount(filled ? order.filled_quantity : order.quantity, 6)} {coin}
          </span>
          {filled ? null : <OrderKindTags order={order} base={coin} />}
        </p>
        <p className="text-xs text-muted">
          {filled && average
            ? `avg ${formatAssetPrice(average, coin)} USDT`
            : `${waiting ? 'then ' : ''}${order.stop_order_type === 'market' ? 'at market' : `at ${formatAssetPrice(order.price, coin)} USDT`} · filled ${formatAmount(order.filled_quantity, 6)}`}
          {' · '}
          {formatDateTime(order.createdAt)}
        </p>
      </div>
      {action ?? <StatusBadge status={order.status} />}
    </li>
  );
}

function OpenList({ coin, marketId }: { coin: string; marketId: string }) {
  const orders = useOpenOrders();
  const cancel = useCancelOrder();
  const [cancelling, setCancelling] = useState<LimitOrder | null>(null);
  // An OCO's legs are listed next to each other, wherever the pair's first leg stands.
  const mine = pairedOrders(orders.data?.filter((order) => order.market_id === marketId) ?? []);

  const confirmCancel = async () => {
    if (!cancelling) return;
    // The hook stores the wallet and refetches the lists and balances before this settles.
    try {
      const response = await cancel.mutateAsync({ market_id: cancelling.market_id, order_id: cancelling.id });
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  if (orders.isError)
    return <ErrorState title="Could not load your orders" onRetry={() => void orders.refetch()} />;
  if (!orders.data) return <SkeletonText lines={3} />;
  if (mine.length === 0) return <p className="py-2 text-sm text-muted">No open orders on {marketId}.</p>;
  return (
    <>
      <div className="flex justify-end">
        <CancelAllButton count={mine.length} marketId={marketId} />
      </div>
      <ul aria-label="Open orders">
        {mine.slice(0, SHOWN).map((order) => (
          <OrderLine
            key={order.id}
            order={order}
            coin={coin}
            action={
              <Button
                size="sm"
                variant="secondary"
                aria-label={cancelOrderLabel(order, coin)}
                onClick={() => setCancelling(order)}
              >
                Cancel
              </Button>
            }
          />
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title="Are You sure you want to Cancel this Order ?"
        description={cancelling ? cancelOrderQuestion(cancelling, coin) : undefined}
        confirmVariant="danger"
        onConfirm={confirmCancel}
      />
    </>
  );
}

function FillsList({ coin, marketId }: { coin: string; marketId: string }) {
  const orders = useFilledOrders();
  const mine = orders.data?.filter((order) => order.market_id === marketId) ?? [];
  if (orders.isError)
    return <ErrorState title="Could not load your fills" onRetry={() => void orders.refetch()} />;
  if (!orders.data) return <SkeletonText lines={3} />;
  if (mine.length === 0) return <p className="py-2 text-sm text-muted">No fills on {marketId} yet.</p>;
  return (
    <ul aria-label="Recent fills">
      {mine.slice(0, SHOWN).map((order) => (
        <OrderLine key={order.id} order={order} coin={coin} />
      ))}
    </ul>
  );
}

/** Under the form: the user's open orders on this market, cancellable in place, and recent fills. */
export function MyOrdersPanel({
  coin,
  marketId,
}: {
  readonly coin: string;
  readonly marketId: string | null;
}) {
  if (!marketId) return null;
  return (
    <section aria-labelledby="my-orders-title" className="rounded-lg border border-line bg-surface p-4">
      <h2 id="my-orders-title" className="mb-2 text-base font-semibold text-ink">
        Your orders
      </h2>
      <Tabs
        label="Your orders"
        items={[
          { id: 'open', label: 'Open orders', content: <OpenList coin={coin} marketId={marketId} /> },
          { id: 'fills', label: 'Recent fills', content: <FillsList coin={coin} marketId={marketId} /> },
        ]}
      />
    </section>
  );
}
