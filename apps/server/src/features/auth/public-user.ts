import type { PublicUser } from '@exchange/contracts';
import type { UserRow } from './auth.repository';

/**
 * Where a stored profile picture is served (the uploads feature's public route), or '' when the user
 * has none, which the web shows as the default avatar.
 */
function profilePicUrl(filename: string | null): string {
  return filename ? `/api/v1/upload/profile-image/${filename}` : '';
}

/** What of a user every answer that shows one reads. */
export type UserCardRow = Pick<UserRow, 'name' | 'email' | 'countryCode' | 'mobileNo' | 'profilePic'>;

/**
 * A user as every answer that shows one carries them (the user's own, the back office's lists and
 * pages): name, contact and profile picture. The picture is the user's own PROFILE_IMAGE upload,
 * carried as its public URL ('' for none).
 */
export function userCard(user: UserCardRow) {
  return {
    name: user.name,
    email: user.email,
    country_code: user.countryCode,
    mobile_no: user.mobileNo,
    profile_pic: profilePicUrl(user.profilePic),
  };
}

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
