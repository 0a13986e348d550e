import { avatarSrc } from '../../../lib/avatar';
import { API_BASE_PATH } from '../../../lib/config';

/** A stored upload name is served by the public profile-picture route; anything else as it is. */
export function profilePictureSrc(profilePic: string | null | undefined): string {
  const value = profilePic?.trim() ?? '';
  if (/^[0-9a-f-]{36}\.(png|jpg|gif)$/.test(value)) return `${API_BASE_PATH}/upload/profile-image/${value}`;
  return avatarSrc(value);
}

export function KycUserAvatar({
  profilePic,
  size = 40,
}: {
  readonly profilePic: string;
  readonly size?: number;
}) {
  return (
    <img
      src={profilePictureSrc(profilePic)}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-full border border-line bg-raised object-cover"
      style={{ width: size, height: size }}
    />
  );
}
