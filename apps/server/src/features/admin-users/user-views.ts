import type { AdminUserDetails, AdminUserListItem } from '@exchange/contracts';
import { formatMinor, getAsset } from '@exchange/domain';
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

export function toUserListItem(row: UserListRow): AdminUserListItem {
  const { createdAt, withdrawals_frozen_reason: _reason, ...data } = toUserData(row.user);
  return {
    ...data,
    kycdata: row.kycId && row.kycStatus ? [{ _id: row.kycId, status: row.kycStatus }] : [],
    wallet_usd: formatMinor(BigInt(row.usdMinor ?? '0'), getAsset('USD').scale),
    createdAt,
  };
}
