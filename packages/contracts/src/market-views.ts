import { z } from 'zod';
import { decimalString, envelope } from './envelope';
import { ORDER_SIDES } from './trading';

/**
 * The order books' public views (spec section 3): depth and recent trades, as GET answers and as the
 * 'depth:' and 'trades:' WebSocket frames. Split from trading.ts, which keeps the orders themselves.
 */

// ---------------------------------------------------------------- Public market views

export const marketParamsSchema = z.object({ marketId: z.string().max(32) });

/** One aggregated price level: USDT price and base quantity resting there. */
export const depthLevelSchema = z.object({ price: decimalString, quantity: decimalString });
export type DepthLevelView = z.infer<typeof depthLevelSchema>;

/** GET /market/depth/:marketId: up to 20 levels a side, best first. Also the 'depth:<market>' frame. */
export const marketDepthSchema = z.object({
  market_id: z.string(),
  bids: z.array(depthLevelSchema),
  asks: z.array(depthLevelSchema),
});
export type MarketDepth = z.infer<typeof marketDepthSchema>;
export const marketDepthResponseSchema = envelope(marketDepthSchema);
export type MarketDepthResponse = z.infer<typeof marketDepthResponseSchema>;

/** A public trade: the maker's price, base quantity, USDT cost; `side` is the taker's side. */
export const publicTradeSchema = z.object({
  id: z.string(),
  market_id: z.string(),
  price: decimalString,
  quantity: decimalString,
  cost: decimalString,
  side: z.enum(ORDER_SIDES),
  createdAt: z.string(),
});
export type PublicTrade = z.infer<typeof publicTradeSchema>;

/** GET /market/trades/:marketId: the last 50 trades, newest first. */
export const marketTradesResponseSchema = envelope(z.array(publicTradeSchema));
export type MarketTradesResponse = z.infer<typeof marketTradesResponseSchema>;

// ---------------------------------------------------------------- WebSocket

/** Public channel family: 'depth:BTC-USDT' carries a `marketDepthSchema` after each book change. */
export const DEPTH_CHANNEL_PREFIX = 'depth:';
export function depthChannel(marketId: string): string {
  return `${DEPTH_CHANNEL_PREFIX}${marketId}`;
}

/** Public channel family: 'trades:BTC-USDT' carries the last 50 trades (newest first) after each trade. */
export const TRADES_CHANNEL_PREFIX = 'trades:';
export function tradesChannel(marketId: string): string {
  return `${TRADES_CHANNEL_PREFIX}${marketId}`;
}
export const tradesFrameSchema = z.array(publicTradeSchema);
