import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { ErrorState } from '../components/ui/error-state';
import { paths } from '../lib/paths';

/** Shown when a page throws while rendering or its code fails to load (for example after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center px-4">
      <ErrorState
        title={notFound ? 'Page not found' : 'This page failed to load'}
        message={notFound ? 'The address does not match any page.' : 'Reload the page to try again.'}
        onRetry={notFound ? undefined : () => window.location.reload()}
      />
      <Link to={paths.home} className={buttonClasses('secondary')}>
        Go to the home page
      </Link>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-ink">Page not found</h1>
      <p className="mt-2 text-sm text-muted">The address does not match any page.</p>
      <Link to={paths.home} className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to the home page
      </Link>
    </div>
  );
}
