import {
  type AdminUserDetails,
  type KycRecord,
  messages as m,
  type ReferralItem,
  type ReferralSummary,
  type WalletTransaction,
} from '@exchange/contracts';
import { isCustomer } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { findUserById } from '../accounts/accounts.repository';
import { toUserData } from './user-views';

interface Page {
  readonly page: number;
  readonly limit: number;
}

/**
 * What a user's information page reads from the features that own it (KYC, referrals, the wallet's
 * history), each as that feature shows it, wired in app.ts.
 */
export interface UserDetailsSources {
  readonly kycRecordsOf: (userId: string) => Promise<KycRecord[]>;
  readonly referralSummaryOf: (userId: string) => Promise<ReferralSummary>;
  readonly referralsOf: (userId: string, page: Page) => Promise<{ items: ReferralItem[] }>;
  readonly walletTransactionsOf: (userId: string, page: Page) => Promise<{ items: WalletTransaction[] }>;
}

/** How many of the newest referrals and wallet transactions the information page lists. */
const DETAIL_ROWS = 100;

/**
 * One user's information page, read-only, in the spec's shape: who they are, their wallet valued at
 * current prices, KYC submissions, referral totals and list, and newest wallet transactions. A SYSTEM
 * account (the house's) is not a user here, as the list leaves it out: 404.
 */
export async function getUserDetails(
  ctx: AppContext,
  sources: UserDetailsSources,
  userId: string,
): Promise<AdminUserDetails> {
  const user = await findUserById(ctx.db, userId);
  if (!user || !isCustomer(user)) throw new AppError('not_found', m.adminUserNotFound);
  const [wallet, kyc, summary, referrals, transactions] = await Promise.all([
    ctx.walletOf(userId),
    sources.kycRecordsOf(userId),
    sources.referralSummaryOf(userId),
    sources.referralsOf(userId, { page: 1, limit: DETAIL_ROWS }),
    sources.walletTransactionsOf(userId, { page: 1, limit: DETAIL_ROWS }),
  ]);
  return {
    userData: toUserData(user),
    referalInfo: summary,
    kycData: kyc,
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
