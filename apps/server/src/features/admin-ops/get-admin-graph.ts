import type { AdminGraph } from '@exchange/contracts';
import { bucketActivity, comparedMonths, monthLabel } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { BUY_OR_SELL, type DailyCount, dailyStakes, dailyTransactions, SWAP } from './admin-stats.repository';

function points(rows: readonly DailyCount[]) {
  return rows.map((row) => ({ at: new Date(`${row.day}T00:00:00Z`), count: row.n }));
}

/**
 * Buy and sell, swap and stake activity of the current month and the two before it, counted per UTC
 * day in the database and bucketed by day of month (≤10, 11–20, >20) by the domain.
 */
export async function getAdminGraph(ctx: AppContext): Promise<AdminGraph> {
  const now = ctx.clock.now();
  const { months, start, end } = comparedMonths(now);
  const buySell = await dailyTransactions(ctx.db, BUY_OR_SELL, start, end);
  const swaps = await dailyTransactions(ctx.db, SWAP, start, end);
  const stakes = await dailyStakes(ctx.db, start, end);
  return {
    currentMonth: monthLabel(months.currentMonth),
    previousMonth: monthLabel(months.previousMonth),
    secondOldMonth: monthLabel(months.secondOldMonth),
    buysell: bucketActivity(points(buySell), now),
    swap: bucketActivity(points(swaps), now),
    stake: bucketActivity(points(stakes), now),
  };
}
