import { type ReactNode, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../features/session/session-context';
import { cn } from '../../lib/cn';
import { LENDING_URL } from '../../lib/config';
import { paths } from '../../lib/paths';
import { useDismiss } from '../../lib/use-dismiss';
import { useRoutePopup } from '../../lib/use-route-popup';
import { Brand } from './brand';
import { LazyLogoutDialog } from './lazy-logout-dialog';
import { MenuIcon } from './menu-icon';
import { ProfileMenu, profileLinks } from './profile-menu';

const links = [
  { to: paths.buySell, label: 'Buy Crypto' },
  { to: paths.multicoin, label: 'Multicoin' },
  { to: paths.swap, label: 'Swap' },
  { to: paths.stake, label: 'Stake' },
  { to: paths.p2p, label: 'P2P' },
  { to: paths.nftMarketplace, label: 'NFT Marketplace' },
  { to: paths.history, label: 'History' },
  { to: paths.profile, label: 'Profile' },
  { to: paths.kyc, label: 'KYC' },
  { to: paths.blogNews, label: 'Blog & News' },
] as const;

/** The account links the phone menu adds below the product links, without repeating any of them. */
const phoneAccountLinks = profileLinks.filter((link) => !links.some((product) => product.to === link.to));

const navClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded px-3 py-2 text-sm font-medium whitespace-nowrap',
    isActive ? 'text-accent' : 'text-muted hover:text-ink',
  );

function LendingLink({ className }: { readonly className?: string }) {
  return (
    <a href={LENDING_URL} target="_blank" rel="noopener noreferrer" className={className}>
      Lending
      <span aria-hidden="true"> ↗</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The signed-in header: product links, the profile dropdown and a phone-sized menu. */
export function UserHeader() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { open: menuOpen, close: closeMenu, toggle: toggleMenu } = useRoutePopup();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useDismiss(menuOpen, closeMenu, panelRef, toggleRef);

  // Leave the guarded page first: signed out on it, the guard would send the user to /login. The
  // router renders a navigation as a transition, which the sign-out's update would overtake, so this
  // one is committed at once.
  const logout = async () => {
    setLogoutOpen(false);
    navigate(paths.home, { replace: true, flushSync: true });
    await session.signOut();
  };

  let account: ReactNode;
  if (session.status === 'loading') account = <Skeleton className="h-10 w-32" />;
  else if (session.user) account = <ProfileMenu user={session.user} onLogout={() => setLogoutOpen(true)} />;
  else
    account = (
      <Link
        to={paths.login}
        state={{ from: { pathname: location.pathname } }}
        className={buttonClasses('primary')}
      >
        Login
      </Link>
    );

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-canvas/95 backdrop-blur">
      <div ref={panelRef} className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex h-16 items-center justify-between gap-4">
          <Brand to={session.isAuthenticated ? paths.dashboard : paths.home} />
          <nav aria-label="Main" className="hidden xl:block">
            <ul className="flex items-center">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={navClasses}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <LendingLink className="rounded px-3 py-2 text-sm font-medium whitespace-nowrap text-muted hover:text-ink" />
              </li>
            </ul>
          </nav>
          <div className="flex items-center gap-2">
            <div className="hidden sm:block">{account}</div>
            <button
              ref={toggleRef}
              type="button"
              className="rounded p-2 text-ink xl:hidden"
              aria-expanded={menuOpen}
              aria-controls="user-mobile-menu"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={toggleMenu}
            >
              <MenuIcon open={menuOpen} />
            </button>
          </div>
        </div>
        {menuOpen ? (
          <div id="user-mobile-menu" className="border-t border-line pt-2 pb-4 xl:hidden">
            <nav aria-label="Main">
              <ul className="grid grid-cols-2 gap-1">
                {links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={(state) => cn(navClasses(state), 'block')}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <LendingLink className="block rounded px-3 py-2 text-sm font-medium text-muted hover:text-ink" />
                </li>
              </ul>
            </nav>
            {session.user ? (
              <ul className="mt-2 grid grid-cols-2 gap-1 border-t border-line pt-2 sm:hidden">
                {phoneAccountLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={(state) => cn(navClasses(state), 'block')}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    className="block w-full rounded px-3 py-2 text-left text-sm font-medium text-muted hover:text-ink"
                    onClick={() => {
                      closeMenu();
                      setLogoutOpen(true);
                    }}
                  >
                    Logout
                  </button>
                </li>
              </ul>
            ) : (
              <div className="mt-3 px-3 sm:hidden">{account}</div>
            )}
          </div>
        ) : null}
      </div>
      <LazyLogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} onConfirm={logout} variant="user" />
    </header>
  );
}
