import type { ReferralItem } from '@exchange/contracts';
import { formatMinor, getAsset, isAssetCode } from '@exchange/domain';
import type { DbOrTx } from '../../platform/db';
import * as repo from './referrals.repository';

/** The referrals the signed-in user made, newest first, a page at a time. */
export async function listReferrals(
  ctx: { readonly db: DbOrTx },
  userId: string,
  query: { page: number; limit: number; search?: string },
): Promise<{ items: ReferralItem[]; total: number }> {
  const { rows, total } = await repo.listReferralsOf(ctx.db, userId, query);
  const items = rows.map(({ referral, referrerName, referredName }) => {
    const scale = isAssetCode(referral.asset) ? getAsset(referral.asset).scale : 0;
    return {
      _id: referral.id,
      referByName: referrerName,
      referToName: referredName,
      ref_amount: formatMinor(BigInt(referral.amount), scale),
      asset: referral.asset,
      status: referral.status,
      createdAt: referral.createdAt.toISOString(),
      updatedAt: referral.updatedAt.toISOString(),
    };
  });
  return { items, total };
}
