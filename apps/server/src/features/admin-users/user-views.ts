import type { AdminUserDetails, AdminUserListItem, AuditLogItem } from '@exchange/contracts';
import { formatMinor, getAsset } from '@exchange/domain';
import { userCard } from '../../platform/user-card';
import type { AuditLogRow, UserListRow, UserRow } from './admin-users.repository';

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

export function toAuditLogItem(row: AuditLogRow): AuditLogItem {
  return {
    _id: row.line.id,
    action: row.line.action,
    admin: { _id: row.admin.id, name: row.admin.name, email: row.admin.email },
    target: row.target ? { _id: row.target.id, name: row.target.name, email: row.target.email } : null,
    details: row.line.details,
    createdAt: row.line.createdAt.toISOString(),
  };
}
