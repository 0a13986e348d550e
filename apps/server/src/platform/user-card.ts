import type { users } from '../db/schema';

/**
 * Where a stored profile picture is served (the uploads feature's public route), or '' when the user
 * has none, which the web shows as the default avatar.
 */
function profilePicUrl(filename: string | null): string {
  return filename ? `/api/v1/upload/profile-image/${filename}` : '';
}

/** What of a user every answer that shows one reads. */
export type UserCardRow = Pick<
  typeof users.$inferSelect,
  'name' | 'email' | 'countryCode' | 'mobileNo' | 'profilePic'
>;

/**
 * A user as every answer that shows one carries them (the user's own, the back office's lists and
 * pages): name, contact and profile picture. The picture is the user's own PROFILE_IMAGE upload,
 * carried as its public URL ('' for none). Shared by every feature that shows a user, so it lives
 * here rather than in any one of them.
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
