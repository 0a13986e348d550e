import { prefetchDashboard } from '../features/dashboard/api/prefetch-dashboard';
import { paths } from '../lib/paths';
import { createQueryClient } from '../lib/query-client';
import { getAccessToken } from '../lib/session-token';
import { loadDashboardPage } from './page-loaders';

/**
 * The page a visit starts on is loaded lazily, which on a slow phone made a waterfall: the entry
 * downloaded and ran (over a second of script on a mid-range phone), then the router asked for the
 * page's chunk, and the dashboard asked for its data only once GET /auth/me had answered and its
 * chunk had loaded and rendered. main.tsx imports this module first, so the first page's chunk (and
 * the dashboard's data) are requested as soon as the entry has been parsed, beside GET /auth/me,
 * while the rest of the entry still runs. The query cache they go into is the one the app then uses;
 * it keeps one request per key, so the page's own queries join these instead of repeating them.
 * ('/' needs no page chunk: its islands, app/landing-islands.tsx, come with the entry's first import.)
 */
export const appQueryClient = createQueryClient();

const { pathname } = window.location;
// Only with a stored token: a visitor is sent to /login, and a token the server refuses is refreshed
// once by the API client, as it is for the session's own request.
if (pathname === paths.dashboard && getAccessToken() !== null) {
  void loadDashboardPage();
  prefetchDashboard(appQueryClient);
}
