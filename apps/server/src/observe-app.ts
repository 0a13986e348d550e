import { MARKETS } from '@exchange/domain';
import type { TradingRuntime } from './features/trading/trading-runtime';
import type { AppContext } from './platform/app-context';
import type { Metrics } from './platform/metrics';
import type { Scheduler } from './platform/scheduled-jobs';
import type { WsHub } from './platform/ws-hub';

/** Points the scrape-time gauges at this process's live parts. */
export function observeApp(
  ctx: AppContext,
  metrics: Metrics,
  parts: { hub: WsHub; scheduler: Scheduler; trading: TradingRuntime },
): void {
  const assets = [...new Set(['USDT' as const, ...MARKETS.map((m) => m.base)])];
  metrics.observe({
    sockets: () => parts.hub.connectionCount(),
    leadership: () => [...parts.scheduler.leadership(), ...(ctx.jobLeadership?.() ?? [])],
    rejectedTicks: () => ctx.prices.rejectedTicks?.() ?? [],
    priceAges: () => {
      const now = ctx.clock.now().getTime();
      return assets.flatMap((asset) => {
        const point = ctx.prices.latest(asset);
        return point ? [{ asset, seconds: Math.max(0, now - point.at.getTime()) / 1000 }] : [];
      });
    },
  });
  parts.trading.engine.onCommitted((state, effects) => {
    const market = state.rules.id;
    for (const order of effects.orders) metrics.orderUpdates.inc({ market, status: order.status });
    if (effects.fills) metrics.fills.inc({ market }, effects.fills);
    if (effects.orders.length > 0) metrics.batchSize.observe({ market }, effects.orders.length);
  });
  parts.trading.engine.onRoundWritten(({ seconds, commands }) => {
    metrics.roundWrite.observe(seconds);
    metrics.roundCommands.observe(commands);
  });
}
