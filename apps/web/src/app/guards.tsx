import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '../components/ui/error-state';
import { PageSpinner } from '../components/ui/spinner';
import { useSession } from '../features/session/session-context';
import { type FromLocation, paths } from '../lib/paths';

type Rule = 'user' | 'admin';

/**
 * Spec section 2: user pages need a signed-in user, admin pages a signed-in ADMIN. Everyone else
 * goes to / with the page they asked for in state.from, so logging in can bring them back.
 * While a stored token is being checked nothing is decided, so a reload does not bounce a user.
 */
function Guard({ rule, children }: { readonly rule: Rule; readonly children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <PageSpinner label="Checking your session" />;
  if (session.status === 'error') {
    return (
      <ErrorState
        title="Could not check your session"
        message="The server did not answer. Check your connection and try again."
        onRetry={() => void session.reload()}
      />
    );
  }

  const allowed = rule === 'admin' ? session.isAdmin : session.isAuthenticated;
  if (!allowed) {
    const from: FromLocation = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to={paths.home} replace state={{ from }} />;
  }
  return <>{children ?? <Outlet />}</>;
}

export function RequireUser({ children }: { readonly children?: ReactNode }) {
  return <Guard rule="user">{children}</Guard>;
}

export function RequireAdmin({ children }: { readonly children?: ReactNode }) {
  return <Guard rule="admin">{children}</Guard>;
}
