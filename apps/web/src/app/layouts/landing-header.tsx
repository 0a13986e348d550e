import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../features/session/session-context';
import { useEarlyTap } from '../../lib/early-taps';
import { homeFor, paths, readFrom } from '../../lib/paths';
import { useDismiss } from '../../lib/use-dismiss';
import { useRoutePopup } from '../../lib/use-route-popup';
import { Brand } from './brand';
import { MenuIcon } from './menu-icon';

const anchors = [
  { hash: '#home', label: 'Home' },
  { hash: '#features', label: 'Features' },
  { hash: '#markets', label: 'Markets' },
  { hash: '#support', label: 'Support' },
] as const;

const navLink = 'rounded px-3 py-2 text-sm font-medium text-muted hover:text-ink';

/**
 * The public header (landing and sign-in screens). Signed-in users get a Dashboard button that
 * knows their role; visitors get Login, which carries on any page a guard turned them away from.
 */
export function LandingHeader() {
  const session = useSession();
  const location = useLocation();
  const { open, close, toggle } = useRoutePopup();
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useDismiss(open, close, panelRef, toggleRef);
  // On a phone the menu is the way to Login: a tap before the app took the page over still opens it.
  useEarlyTap(toggleRef, toggle);

  const from = readFrom(location.state);
  const loginState = from ? { from } : undefined;

  const actions =
    session.status === 'loading' ? (
      <Skeleton className="h-10 w-40" />
    ) : (
      <>
        {session.isAuthenticated ? (
          <Link to={homeFor(session.role)} className={buttonClasses('secondary')}>
            Dashboard
          </Link>
        ) : (
          <Link to={paths.login} state={loginState} className={buttonClasses('secondary')}>
            Login
          </Link>
        )}
        <Link
          to={session.isAuthenticated ? paths.dashboard : paths.login}
          state={session.isAuthenticated ? undefined : loginState}
          className={buttonClasses('primary')}
        >
          Get Started
        </Link>
      </>
    );

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-canvas/95 backdrop-blur">
      <div ref={panelRef} className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex h-16 items-center justify-between gap-4">
          <Brand />
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {anchors.map((anchor) => (
                <li key={anchor.hash}>
                  <Link to={{ pathname: paths.home, hash: anchor.hash }} className={navLink}>
                    {anchor.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="hidden items-center gap-3 md:flex">{actions}</div>
          <button
            ref={toggleRef}
            type="button"
            className="rounded p-2 text-ink md:hidden"
            aria-expanded={open}
            aria-controls="landing-mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={toggle}
          >
            <MenuIcon open={open} />
          </button>
        </div>
        {open ? (
          <div id="landing-mobile-menu" className="border-t border-line pt-2 pb-4 md:hidden">
            <nav aria-label="Main">
              <ul className="flex flex-col">
                {anchors.map((anchor) => (
                  <li key={anchor.hash}>
                    <Link to={{ pathname: paths.home, hash: anchor.hash }} className={`${navLink} block`}>
                      {anchor.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-3 flex flex-wrap gap-3 px-3">{actions}</div>
          </div>
        ) : null}
      </div>
    </header>
  );
}
