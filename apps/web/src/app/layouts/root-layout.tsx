import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../features/session/session-context';
import { SessionProvider } from '../../features/session/session-provider';

/**
 * The private channel's listeners (live-events.tsx) and the schemas they check frames with load only
 * once someone is signed in: a visitor's landing page has no use for them, and building those zod
 * schemas was the largest single piece of script on its first load on a phone.
 */
const LiveEvents = lazy(async () => ({ default: (await import('./live-events')).LiveEvents }));

/**
 * Spec section 2: every route change scrolls to the top. A link to an anchor (/#features) scrolls to
 * that section instead, once the page has rendered it.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger; the scroll must run on every change of it
  useLayoutEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (typeof window.scrollTo === 'function') window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** While signed in, balances, orders, coin deposits and KYC decisions follow the private channel. */
function LiveBalances() {
  const signedIn = useSession().isAuthenticated;
  return signedIn ? (
    <Suspense fallback={null}>
      <LiveEvents />
    </Suspense>
  ) : null;
}

/**
 * Above every route: the session, so guards and headers share one, and the scroll rule. It sits in
 * the route tree (not around the router) so tests mount exactly the routes the app runs.
 */
export function RootLayout() {
  return (
    <SessionProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-accent focus:px-3 focus:py-2 focus:text-on-accent"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <LiveBalances />
      <Outlet />
    </SessionProvider>
  );
}
