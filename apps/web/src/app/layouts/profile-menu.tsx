import type { PublicUser } from '@exchange/contracts';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { avatarSrc, DEFAULT_AVATAR } from '../../lib/avatar';
import { paths } from '../../lib/paths';
import { useDismiss } from '../../lib/use-dismiss';
import { useRoutePopup } from '../../lib/use-route-popup';

export const profileLinks = [
  { to: paths.profile, label: 'Profile' },
  { to: paths.security, label: 'Security' },
  { to: paths.deposit, label: 'Wallet' },
  { to: paths.history, label: 'History' },
  { to: paths.kyc, label: 'KYC' },
  { to: paths.support, label: 'Help and support' },
  { to: paths.reserves, label: 'Proof of reserves' },
] as const;

export function Avatar({
  user,
  className = 'size-8',
}: {
  readonly user: PublicUser;
  readonly className?: string;
}) {
  return (
    <img
      src={avatarSrc(user.profile_pic)}
      alt=""
      className={`${className} shrink-0 rounded-full border border-line bg-raised object-cover`}
      onError={(event) => {
        // A picture that fails to load falls back to the default, once.
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}

const itemClasses = 'block w-full rounded px-3 py-2 text-left text-sm text-ink hover:bg-raised';

/** The avatar button and its dropdown: Profile, Security, Wallet, History, KYC, Help and support, Proof of reserves, Logout. */
export function ProfileMenu({
  user,
  onLogout,
}: {
  readonly user: PublicUser;
  readonly onLogout: () => void;
}) {
  const { open, close, toggle } = useRoutePopup();
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss(open, close, wrapperRef, buttonRef);

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-raised"
      >
        <Avatar user={user} />
        <span className="max-w-32 truncate text-sm font-medium text-ink">{user.name}</span>
        <span className="sr-only">account menu</span>
        <svg viewBox="0 0 20 20" className="size-4 text-muted" aria-hidden="true" fill="currentColor">
          <path d="M5.5 7.5L10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-line bg-surface p-2 shadow-2xl"
        >
          <p className="truncate px-3 py-2 text-xs text-muted">{user.email}</p>
          <ul>
            {profileLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={itemClasses}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={itemClasses}
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
