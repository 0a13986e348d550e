import { formatMessage, type LimitOrder, messages } from '@exchange/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatAssetPrice } from '../../../lib/format';
import { isWaitingStop } from '../model/stop-orders';

/** 'Stop 62,000 (waiting)' for a stop that has not triggered yet; null for every other order. */
export function waitingStopText(order: LimitOrder, base: string): string | null {
  if (!isWaitingStop(order)) return null;
  return formatMessage(messages.stopWaiting, { price: formatAssetPrice(order.stop_price, base) });
}

/**
 * What sets a stop or an OCO leg apart in an orders list (issue 48): an 'OCO' badge on each leg of a
 * pair, a 'Stop-market' badge on a waiting stop-market, and, while a stop waits off the book, its trigger. A triggered stop reads as the limit order it
 * became; a plain limit shows nothing here.
 */
export function OrderKindTags({ order, base }: { readonly order: LimitOrder; readonly base: string }) {
  const waiting = waitingStopText(order, base);
  if (!order.order_list_id && !waiting) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {order.order_list_id ? <Badge tone="accent">{messages.ocoBadge}</Badge> : null}
      {waiting && order.stop_order_type === 'market' ? (
        <Badge tone="accent">{messages.orderKindStopMarket}</Badge>
      ) : null}
      {waiting ? <span className="text-xs font-medium text-ink">{waiting}</span> : null}
    </span>
  );
}
