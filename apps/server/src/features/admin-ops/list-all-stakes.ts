import type { AdminStake, AdminStakeListQuery } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { listStakes } from './admin-lists.repository';
import { adminStakeView } from './admin-ops-view';

/** Every user's stakes for the back office, a page at a time. */
export async function listAllStakes(
  ctx: AppContext,
  query: AdminStakeListQuery,
): Promise<{ content: AdminStake[]; total: number }> {
  const { rows, total } = await listStakes(ctx.db, query);
  return { content: rows.map(adminStakeView), total };
}
