export const DEFAULT_AVATAR = '/default-avatar.svg';

/**
 * A stored picture that is empty or only the uploads base path (ends with '/') means "no picture",
 * so the default avatar is shown instead of a broken image.
 */
export function avatarSrc(profilePic: string | null | undefined): string {
  const value = profilePic?.trim() ?? '';
  if (value === '' || value.endsWith('/')) return DEFAULT_AVATAR;
  return value;
}
