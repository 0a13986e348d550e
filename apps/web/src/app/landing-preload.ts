/**
 * The landing page is most visits' first page and its chunk is loaded lazily, which on a slow phone
 * made a waterfall: the entry downloaded, then ran (over a second of script on a mid-range phone),
 * and only then did the router ask for the landing chunk and its imports. main.tsx imports this module
 * first, so on '/' the landing chunk is requested as soon as the entry has been parsed, while the rest
 * of the entry still runs. The router loads the page through the same function; the browser keeps one
 * module per URL, so the page is fetched once.
 */
export const loadLandingPage = () => import('../features/landing/pages/landing-page');

if (typeof window !== 'undefined' && window.location.pathname === '/') void loadLandingPage();
