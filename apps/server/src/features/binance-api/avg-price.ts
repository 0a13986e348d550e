import { formatPriceTicks, type MarketRules, marketUnits, type PriceTicks } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { recentTrades } from '../trading/trading.repository';

/** Binance's window for the average price, in minutes. */
const AVERAGE_MINUTES = 5;
/** The most trades the average reads; a busier window averages its newest ones. */
const AVERAGE_TRADES = 1000;

/**
 * GET /api/v3/avgPrice: the market's volume-weighted average trade price over the last five minutes,
 * rounded down to a tick (the quantities are whole lots, so the average is exact in bigint arithmetic
 * before that one rounding). With no trade in the window, the last trade's price; with no trade at
 * all, "0". closeTime is the last trade's time in the window (or now), as Binance answers it.
 */
export async function avgPrice(ctx: Pick<AppContext, 'db' | 'clock'>, rules: MarketRules) {
  const units = marketUnits(rules);
  const nowMs = ctx.clock.now().getTime();
  const since = nowMs - AVERAGE_MINUTES * 60_000;
  const rows = await recentTrades(ctx.db, rules.id, AVERAGE_TRADES);
  const inWindow = rows.filter((row) => row.createdAt.getTime() >= since);
  let value = 0n;
  let lots = 0n;
  for (const row of inWindow) {
    value += BigInt(row.priceTicks) * BigInt(row.quantityLots);
    lots += BigInt(row.quantityLots);
  }
  const last = rows[0];
  const ticks = lots > 0n ? value / lots : last ? BigInt(last.priceTicks) : 0n;
  return {
    mins: AVERAGE_MINUTES,
    price: formatPriceTicks(units, ticks as PriceTicks),
    closeTime: inWindow[0]?.createdAt.getTime() ?? nowMs,
  };
}
