import type { ReferralSummary } from '@exchange/contracts';
import { formatMinor, getAsset, rescale } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import * as repo from './referrals.repository';

/**
 * The referrer's totals. Rewards are paid in USDT, which the product counts as one dollar, so the
 * earnings in $ are the USDT amount shown to cents (rounded down: never more than was paid).
 */
export async function getReferralSummary(ctx: AppContext, userId: string): Promise<ReferralSummary> {
  const { earnedMinor, used } = await repo.referralSummary(ctx.db, userId);
  const cents = rescale(earnedMinor, getAsset('USDT').scale, getAsset('USD').scale, 'down');
  return { user_earned: formatMinor(cents, getAsset('USD').scale), total_users_used: used };
}
