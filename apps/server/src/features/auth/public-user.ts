import type { PublicUser } from '@exchange/contracts';
import type { UserRow } from './auth.repository';

/** The user as the API shows it. The response schema strips anything else that slips in. */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    country_code: user.countryCode,
    mobile_no: user.mobileNo,
    user_role: user.role,
    role: user.role,
    ref_code: user.refCode,
    is_kyc_verified: user.isKycVerified,
    profile_pic: user.profilePic ?? '',
    status: user.status,
    createdAt: user.createdAt.toISOString(),
  };
}
