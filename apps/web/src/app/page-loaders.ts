/**
 * The chunks of the pages a visit most often starts on. The router loads them lazily through these
 * functions, and preload-first-page.ts calls the same ones before the app renders; the browser keeps
 * one module per URL, so a page preloaded that way is not fetched again.
 */
export const loadLandingPage = () => import('../features/landing/pages/landing-page');
export const loadDashboardPage = () => import('../features/dashboard/pages/dashboard-page');
