import type { AssetCode } from '../assets';
import { type EntryDraft, ORDER_RELEASE_KIND, releasePostings } from '../ledger';
import type { MarketRules } from '../markets';
import type { ExactCost, MarketUnits } from '../matching/market-units';
import type { BookEvent, BookSide } from '../matching/types';
import type { Minor } from '../money';
import { assert } from '../result';
import { settleTrade } from './settle-trade';

/** What settling needs of a stored limit order: its fills so far, its hold and its status. */
export interface SettlingOrder {
  readonly id: string;
  readonly userId: string;
  readonly side: BookSide;
  readonly quantityLots: bigint;
  readonly filledLots: bigint;
  readonly cancelledLots: bigint;
  readonly filledCost: bigint;
  readonly filledQuote: Minor;
  readonly feeQuote: Minor;
  readonly lockAsset: string;
  readonly lockedRemaining: Minor;
  readonly status: 'open' | 'filled' | 'cancelled';
}

/** One trades row to store; `entryReference` names the journal entry that settled it. */
export interface TradeRow {
  readonly makerOrderId: string;
  readonly takerOrderId: string;
  readonly makerUserId: string;
  readonly takerUserId: string;
  readonly takerSide: BookSide;
  readonly priceTicks: bigint;
  readonly quantityLots: bigint;
  readonly cost: ExactCost;
  readonly buyerFee: Minor;
  readonly sellerFee: Minor;
  /** The base asset's minor units that changed hands. */
  readonly baseAmount: Minor;
  /** Quote minor units the buyer paid (cost and fee) and the seller received (cost less fee). */
  readonly buyerQuote: Minor;
  readonly sellerQuote: Minor;
  readonly entryReference: string;
}

/** Everything one market command changes in storage, decided without reading anything. */
export interface SettledEvents<O extends SettlingOrder> {
  /** Every order an event named, in the order first named, with its new fills, hold and status. */
  readonly orders: O[];
  /** The journal entries to post, in order: each trade's settlement, then each hold given back. */
  readonly entries: EntryDraft[];
  readonly trades: TradeRow[];
}

const openLotsOf = (o: SettlingOrder) => o.quantityLots - o.filledLots - o.cancelledLots;

/**
 * Turns the engine's events of one market command into what must be stored: every trade settles in
 * one ledger entry (see `settleTrade`, referenced `trade:<market>:<seq>:<n>`, n counting the
 * command's events from 1) and one trades row; a cancel or a reduce adds to the order's cancelled
 * quantity; an order that left the book (filled or cancelled) gives back whatever its hold still has
 * (`order-release:<id>`). `orders` must hold every order an event names, as stored before the
 * command; they are not changed, the result carries updated copies. Pure: the caller loads and saves.
 */
export function settleBookEvents<O extends SettlingOrder>(input: {
  readonly rules: MarketRules;
  readonly units: MarketUnits;
  readonly seq: bigint;
  readonly events: readonly BookEvent[];
  readonly orders: ReadonlyMap<string, O>;
}): SettledEvents<O> {
  const { rules, units, seq, events } = input;
  type Mutable = { -readonly [K in keyof O]: O[K] };
  const touched = new Map<string, Mutable>();
  const get = (id: string): Mutable => {
    let order = touched.get(id);
    if (!order) {
      const stored = input.orders.get(id);
      assert(stored, `order ${id} of a book event is given`);
      order = { ...stored } as Mutable;
      touched.set(id, order);
    }
    return order;
  };
  const entries: EntryDraft[] = [];
  const trades: TradeRow[] = [];

  events.forEach((event, i) => {
    if (event.type === 'trade') {
      const maker = get(event.makerOrderId);
      const taker = get(event.takerOrderId);
      const buy = event.takerSide === 'buy' ? taker : maker;
      const sell = event.takerSide === 'buy' ? maker : taker;
      const totals = (o: Mutable) => ({
        filledCost: o.filledCost as ExactCost,
        filledQuote: o.filledQuote,
        feeQuote: o.feeQuote,
      });
      const settled = settleTrade({
        rules,
        units,
        price: event.price,
        quantity: event.quantity,
        takerSide: event.takerSide,
        buyer: { userId: buy.userId, totals: totals(buy) },
        seller: { userId: sell.userId, totals: totals(sell) },
      });
      const reference = `trade:${rules.id}:${seq}:${i + 1}`;
      entries.push({
        kind: 'TRADE',
        reference,
        userId: null,
        postings: settled.postings,
        memo: { market: rules.id, maker: maker.id, taker: taker.id },
      });
      buy.filledLots += event.quantity;
      buy.filledCost = settled.buyer.totals.filledCost;
      buy.filledQuote = settled.buyer.totals.filledQuote;
      buy.feeQuote = settled.buyer.totals.feeQuote;
      buy.lockedRemaining -= settled.buyer.quote;
      sell.filledLots += event.quantity;
      sell.filledCost = settled.seller.totals.filledCost;
      sell.filledQuote = settled.seller.totals.filledQuote;
      sell.feeQuote = settled.seller.totals.feeQuote;
      sell.lockedRemaining -= settled.baseAmount;
      assert(buy.lockedRemaining >= 0n && sell.lockedRemaining >= 0n, 'fills stay within their holds');
      trades.push({
        makerOrderId: maker.id,
        takerOrderId: taker.id,
        makerUserId: maker.userId,
        takerUserId: taker.userId,
        takerSide: event.takerSide,
        priceTicks: event.price,
        quantityLots: event.quantity,
        cost: settled.cost,
        buyerFee: settled.buyer.fee,
        sellerFee: settled.seller.fee,
        baseAmount: settled.baseAmount,
        buyerQuote: settled.buyer.quote,
        sellerQuote: settled.seller.quote,
        entryReference: reference,
      });
    } else if (event.type === 'cancelled' || event.type === 'reduced') {
      get(event.orderId).cancelledLots += event.quantity;
    } else {
      get(event.orderId);
    }
  });

  for (const order of touched.values()) {
    const open = openLotsOf(order);
    assert(open >= 0n, `order ${order.id} never fills or cancels past its quantity`);
    if (open > 0n) continue;
    order.status = order.cancelledLots > 0n ? 'cancelled' : 'filled';
    if (order.lockedRemaining > 0n) {
      entries.push({
        kind: ORDER_RELEASE_KIND,
        reference: `order-release:${order.id}`,
        userId: order.userId,
        postings: releasePostings(order.userId, order.lockAsset as AssetCode, order.lockedRemaining),
      });
      order.lockedRemaining = 0n;
    }
  }
  return { orders: [...touched.values()] as O[], entries, trades };
}
