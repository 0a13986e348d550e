import type { ChartPoint } from '@exchange/contracts';
import type { AssetCode } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { chartPoints } from './market-data.repository';
import { DAY_MS, HISTORY_STEP_MS } from './price-provider';
import { formatUsd } from './tickers';

/** The spec's chart: the last 30 points of one day of data, five minutes apart. */
export const CHART_POINTS = 30;

export async function getPriceChart(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  asset: AssetCode,
): Promise<ChartPoint[]> {
  const points = await chartPoints(ctx.db, asset, ctx.clock.now(), {
    bucketSeconds: HISTORY_STEP_MS / 1000,
    limit: CHART_POINTS,
    windowMs: DAY_MS,
  });
  return points.map((point) => ({ time: point.time, price: formatUsd(point.usd) }));
}
