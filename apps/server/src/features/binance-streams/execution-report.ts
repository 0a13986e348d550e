import type { LimitOrder } from '@exchange/contracts';
import { formatMinor, parseDecimal } from '@exchange/domain';
import type { ApiOrderRow } from '../binance-api/api-orders.repository';
import { symbolOf } from '../binance-api/binance-params';
import { unitsOf } from '../trading/order-view';

/** What the process last told of an order: its cumulative fill, to tell the next fill apart. */
export interface FillMark {
  readonly filled: string;
  readonly cost: string;
}

const minor = (text: string, scale: number): bigint => parseDecimal(text, scale, 'down') ?? 0n;

/** Binance's order status for our order view, as GET /api/v3/order says it (api-order-view.ts). */
function statusOf(order: LimitOrder, api: ApiOrderRow | undefined, filledLots: bigint): string {
  if (order.status === 'filled') return 'FILLED';
  if (order.status === 'cancelled')
    return api?.timeInForce === 'IOC' || api?.type === 'MARKET' ? 'EXPIRED' : 'CANCELED';
  return filledLots > 0n ? 'PARTIALLY_FILLED' : 'NEW';
}

/**
 * The executionReport events for one order's new state, Binance's fields. `before` is what this
 * process last told of it (undefined: nothing yet, the order is new to it). A fill since gives a
 * TRADE report with the quantity and average price filled since (`l`, `L`; several fills in one batch
 * are one report); an order seen first with fills gets its NEW report first; an order that ended gets
 * CANCELED or EXPIRED. The commission of a fill is not carried by the notification: `n` is "0" and
 * GET /api/v3/myTrades has the fee.
 */
export function executionReports(
  order: LimitOrder,
  api: ApiOrderRow | undefined,
  before: FillMark | undefined,
  nowMs: number,
): Record<string, unknown>[] {
  const units = unitsOf(order.market_id);
  const [base, quote] = order.market_id.split('-') as [string, string];
  const filledLots = minor(order.filled_quantity, units.quantityScale);
  const costMinor = minor(order.filled_cost, units.quoteScale);
  const priorLots = before ? minor(before.filled, units.quantityScale) : 0n;
  const priorCost = before ? minor(before.cost, units.quoteScale) : 0n;
  const lastLots = filledLots - priorLots;
  const lastCost = costMinor - priorCost;
  const zeroQty = formatMinor(0n, units.quantityScale);
  const zeroPrice = formatMinor(0n, units.priceScale);
  const zeroQuote = formatMinor(0n, units.quoteScale);
  // price = cost / quantity, at the price's scale: cost × 10^(qty + price − quote scale) / lots.
  const lastPrice =
    lastLots > 0n
      ? formatMinor(
          (lastCost * 10n ** BigInt(units.quantityScale + units.priceScale)) /
            (lastLots * 10n ** BigInt(units.quoteScale)),
          units.priceScale,
        )
      : zeroPrice;
  const type = api?.type ?? 'LIMIT';
  const status = statusOf(order, api, filledLots);
  const created = Date.parse(order.createdAt);
  const updated = Date.parse(order.updatedAt);
  const report = (x: string, X: string, l: string, L: string, z: string, Z: string, Y: string) => ({
    e: 'executionReport',
    E: nowMs,
    s: symbolOf({ base, quote }),
    c: api?.clientOrderId ?? `web_${order.id.replaceAll('-', '')}`,
    S: order.side === 'buy' ? 'BUY' : 'SELL',
    o: type,
    f: api?.timeInForce ?? 'GTC',
    q: order.quantity,
    p: type === 'MARKET' ? zeroPrice : order.price,
    P: zeroPrice,
    F: zeroQty,
    // The OCO list an order is a leg of (issue 48); -1 for an order in none.
    g: order.order_list_id ?? -1,
    C: '',
    x,
    X,
    r: 'NONE',
    i: order.id,
    l,
    z,
    L,
    n: '0',
    N: null,
    T: x === 'NEW' ? created : updated,
    t: -1,
    I: 0,
    w: order.status === 'open',
    m: false,
    M: false,
    O: created,
    Z,
    Y,
    Q: zeroQuote,
    W: created,
    V: 'EXPIRE_MAKER',
  });
  const reports: Record<string, unknown>[] = [];
  if (!before && (lastLots > 0n || order.status !== 'open'))
    reports.push(report('NEW', 'NEW', zeroQty, zeroPrice, zeroQty, zeroQuote, zeroQuote));
  if (lastLots > 0n)
    reports.push(
      report(
        'TRADE',
        order.status === 'cancelled' ? 'PARTIALLY_FILLED' : status,
        formatMinor(lastLots, units.quantityScale),
        lastPrice,
        order.filled_quantity,
        order.filled_cost,
        formatMinor(lastCost, units.quoteScale),
      ),
    );
  if (order.status === 'cancelled')
    reports.push(
      report(status, status, zeroQty, zeroPrice, order.filled_quantity, order.filled_cost, zeroQuote),
    );
  if (!before && lastLots === 0n && order.status === 'open')
    reports.push(
      report('NEW', status, zeroQty, zeroPrice, order.filled_quantity, order.filled_cost, zeroQuote),
    );
  return reports;
}
