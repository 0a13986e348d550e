import type { PublicUser } from '@exchange/contracts';
import { userCard } from '../../platform/user-card';
import type { UserRow } from '../accounts/accounts.repository';

/** The user as the API shows it. The response schema strips anything else that slips in. */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    _id: user.id,
    ...userCard(user),
    user_role: user.role,
    role: user.role,
    ref_code: user.refCode,
    is_kyc_verified: user.isKycVerified,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
  };
}
