import { type AdminUserDetails, messages as m } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { toKycRecord } from '../kyc/kyc-view';
import { getReferralSummary } from '../referrals/get-referral-summary';
import { listReferrals } from '../referrals/list-referrals';
import { listUserWalletTransactions } from '../wallet/list-wallet-transactions';
import { findUser, kycRecordsOf } from './admin-users.repository';
import { toUserData } from './user-views';

/** How many of the newest referrals and wallet transactions the information page lists. */
const DETAIL_ROWS = 100;

/**
 * One user's information page, read-only, in the spec's shape: who they are, their wallet valued at
 * current prices, KYC submissions, referral totals and list, and newest wallet transactions.
 */
export async function getUserDetails(ctx: AppContext, userId: string): Promise<AdminUserDetails> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw new AppError('not_found', m.adminUserNotFound);
  const [wallet, kyc, summary, referrals, transactions] = await Promise.all([
    ctx.walletOf(userId),
    kycRecordsOf(ctx.db, userId),
    getReferralSummary(ctx, userId),
    listReferrals(ctx, userId, { page: 1, limit: DETAIL_ROWS }),
    listUserWalletTransactions(ctx.db, userId, { page: 1, limit: DETAIL_ROWS }),
  ]);
  return {
    userData: toUserData(user),
    referalInfo: summary,
    kycData: kyc.map(toKycRecord),
    resp: referrals.items.map((r) => ({
      _id: r._id,
      user: { name: r.referToName },
      createdAt: r.createdAt,
      ref_amount: r.ref_amount,
      asset: r.asset,
      status: r.status,
    })),
    trasationData: transactions.items,
    walletData: { wallet },
  };
}
