import type { LimitOrder } from '@exchange/contracts';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toaster';
import { useServerPaging } from '../../../components/ui/use-server-paging';
import { errorMessage } from '../../../lib/api-client';
import { formatAmount, formatAssetPrice, formatDateTime, priceDecimals } from '../../../lib/format';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import {
  type ClosedOrderStatus,
  useCancelOrder,
  useClosedOrders,
  useOpenOrders,
} from '../../trading/api/orders';
import { CancelAllButton } from '../../trading/components/cancel-all-button';
import { cancelOrderLabel, cancelOrderQuestion } from '../../trading/components/cancel-order-text';
import { OrderKindTags } from '../../trading/components/order-kind-tags';
import { averageFillPrice } from '../../trading/model/average-fill';
import { pairedOrders } from '../../trading/model/stop-orders';
import type { HistoryHighlight } from '../history-tabs';

/** The market's base coin ('BTC' of 'BTC-USDT'), whose tick sets the price decimals. */
const baseOf = (row: LimitOrder) => row.market_id.split('-')[0] ?? '';

const orderColumns: readonly Column<LimitOrder>[] = [
  {
    id: 'createdAt',
    header: 'Date',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
  },
  {
    id: 'market_id',
    header: 'Market',
    cell: (row) => <span className="whitespace-nowrap">{row.market_id}</span>,
  },
  {
    id: 'side',
    header: 'Side',
    cell: (row) => (
      <span
        className={
          row.side === 'buy' ? 'font-semibold text-success uppercase' : 'font-semibold text-danger uppercase'
        }
      >
        {row.side}
      </span>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    // A stop-limit or an OCO leg (issue 48) says so, with a waiting stop's trigger under it.
    cell: (row) => (
      <span className="flex flex-col items-start gap-1">
        <span className="whitespace-nowrap">{row.stop_price ? 'Stop-limit' : 'Limit'}</span>
        <OrderKindTags order={row} base={baseOf(row)} />
      </span>
    ),
  },
  {
    id: 'price',
    header: 'Limit price',
    align: 'right',
    cell: (row) => formatAssetPrice(row.price, baseOf(row)),
  },
  {
    id: 'average',
    header: 'Avg fill price',
    align: 'right',
    cell: (row) =>
      formatAssetPrice(
        averageFillPrice(row.filled_cost, row.filled_quantity, priceDecimals(baseOf(row))),
        baseOf(row),
      ),
  },
  { id: 'quantity', header: 'Quantity', align: 'right', cell: (row) => formatAmount(row.quantity, 6) },
  {
    id: 'filled_quantity',
    header: 'Filled',
    align: 'right',
    cell: (row) => formatAmount(row.filled_quantity, 6),
  },
  { id: 'status', header: 'Status', align: 'center', cell: (row) => <StatusBadge status={row.status} /> },
];

/**
 * Orders that left the book with one status: Completed lists the filled ones (with their average fill
 * price), Cancelled the cancelled ones (with what had filled before); paged and searched (by market)
 * on the server, which counts them all. The CSV follows the same status and search.
 */
function ClosedOrders({
  status,
  label,
  highlight,
}: {
  readonly status: ClosedOrderStatus;
  readonly label: string;
  readonly highlight: string | null;
}) {
  const { query, server } = useServerPaging();
  const orders = useClosedOrders({ ...query, status });
  return (
    <DataTable
      label={label}
      toolbar={
        <ExportCsvButton
          listPath="/wallet/limitorder/market/get-order-history"
          name={status === 'filled' ? 'orders' : 'cancelled-orders'}
          query={{ search: query.search, status }}
        />
      }
      columns={orderColumns}
      rows={orders.data?.rows}
      rowKey={(row) => row.id}
      server={server(orders.data?.total)}
      clearFilter
      highlightKey={highlight}
      loading={orders.isFetching}
      error={orders.error ? errorMessage(orders.error) : undefined}
      onRetry={() => void orders.refetch()}
    />
  );
}

/** Open orders, each with Cancel: a confirmation, then the cancel call, then both lists and the wallet reload. */
function OpenOrders({ highlight }: { readonly highlight: string | null }) {
  const orders = useOpenOrders();
  const cancel = useCancelOrder();
  const [cancelling, setCancelling] = useState<LimitOrder | null>(null);

  // The spec reloads the page after a cancel; the hook refetches the lists and balances instead.
  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      const response = await cancel.mutateAsync({ market_id: cancelling.market_id, order_id: cancelling.id });
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const columns: readonly Column<LimitOrder>[] = [
    ...orderColumns,
    {
      id: 'action',
      header: 'Action',
      align: 'center',
      cell: (row) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={cancelOrderLabel(row, baseOf(row), row.market_id)}
          onClick={() => setCancelling(row)}
        >
          Cancel
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label="Open orders"
        toolbar={<CancelAllButton count={orders.data?.length ?? 0} marketId={null} />}
        columns={columns}
        rows={orders.data ? pairedOrders(orders.data) : undefined}
        rowKey={(row) => row.id}
        highlightKey={highlight}
        loading={orders.isFetching}
        error={orders.error ? errorMessage(orders.error) : undefined}
        onRetry={() => void orders.refetch()}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title="Are You sure you want to Cancel this Order ?"
        description={
          cancelling ? cancelOrderQuestion(cancelling, baseOf(cancelling), cancelling.market_id) : undefined
        }
        confirmVariant="danger"
        onConfirm={confirmCancel}
      />
    </>
  );
}

/**
 * History's Order Transaction tab (spec section 2): Completed lists the filled orders with their
 * average fill price, Open the pending ones, each cancellable, and Cancelled (issue 45) the cancelled
 * ones, which are not completed. After placing an order the user lands on its list with the new row
 * highlighted.
 */
export function OrderTransactionsTab({ highlight = null }: { readonly highlight?: HistoryHighlight | null }) {
  const id = highlight && highlight.id !== 'newest' ? highlight.id : null;
  return (
    <Tabs
      label="Order Transaction"
      defaultValue={highlight?.open ? 'open' : 'completed'}
      items={[
        {
          id: 'completed',
          label: 'Completed',
          content: <ClosedOrders status="filled" label="Completed orders" highlight={id} />,
        },
        { id: 'open', label: 'Open', content: <OpenOrders highlight={id} /> },
        {
          id: 'cancelled',
          label: 'Cancelled',
          content: <ClosedOrders status="cancelled" label="Cancelled orders" highlight={id} />,
        },
      ]}
    />
  );
}
