import type { AdminUserDetails, AdminUserListItem } from '@exchange/contracts';
import { formatMinor, getAsset, USD_CENTS_SCALE, type WalletValuation } from '@exchange/domain';
import { userCard } from '../../platform/user-card';
import type { UserListRow, UserRow } from './admin-users.repository';

export function toUserData(user: UserRow): AdminUserDetails['userData'] {
  return {
    _id: user.id,
    ...userCard(user),
    status: user.status,
    role: user.role,
    is_kyc_verified: user.isKycVerified,
    withdrawals_frozen: user.withdrawalsFrozenAt !== null,
    withdrawals_frozen_reason: user.withdrawalsFrozenReason,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Values a user's balance rows (the list's `balances`) at today's prices: ledger/wallet-valuation. */
export type ValueBalances = (
  balances: readonly { asset: string; kind: string; balance: bigint }[],
) => WalletValuation;

/**
 * A row of the user list. Its Wallet (`wallet_usd`) is the customer's whole wallet at today's prices
 * (issue 46) when `value` is given, else their available USD.
 */
export function toUserListItem(row: UserListRow, value?: ValueBalances): AdminUserListItem {
  const { createdAt, withdrawals_frozen_reason: _reason, ...data } = toUserData(row.user);
  return {
    ...data,
    kycdata: row.kycId && row.kycStatus ? [{ _id: row.kycId, status: row.kycStatus }] : [],
    wallet_usd: value
      ? formatMinor(
          value((row.balances ?? []).map((b) => ({ ...b, balance: BigInt(b.balance) }))).totalCents,
          USD_CENTS_SCALE,
        )
      : formatMinor(BigInt(row.usdMinor ?? '0'), getAsset('USD').scale),
    createdAt,
  };
}
