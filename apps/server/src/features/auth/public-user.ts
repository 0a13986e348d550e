import type { PublicUser } from '@exchange/contracts';
import type { UserRow } from './auth.repository';

/**
 * Where a stored profile picture is served (the uploads feature's public route), or '' when the user
 * has none, which the web shows as the default avatar.
 */
export function profilePicUrl(filename: string | null): string {
  return filename ? `/api/v1/upload/profile-image/${filename}` : '';
}

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
    profile_pic: profilePicUrl(user.profilePic),
    status: user.status,
    createdAt: user.createdAt.toISOString(),
  };
}
