/**
 * The theme's colours (index.css's @theme), by token. Charts draw on a canvas (lightweight-charts) or
 * into SVG attributes (recharts), which cannot take `var(--color-…)`, so they read the values the page
 * has at runtime instead of keeping copies of the hex codes.
 */
export const THEME_COLOURS = [
  'canvas',
  'surface',
  'raised',
  'line',
  'ink',
  'muted',
  'accent',
  'info',
  'success',
  'warning',
  'danger',
] as const;

export type ThemeColour = (typeof THEME_COLOURS)[number];

/**
 * Used while the page has no stylesheet (unit tests, the prerender): a plain colour every canvas and
 * SVG accepts, rather than an empty string a chart library would refuse.
 */
const WITHOUT_STYLESHEET = 'gray';

/** The current value of the theme's `--color-<token>`, e.g. themeColour('accent'). */
export function themeColour(token: ThemeColour): string {
  if (typeof document === 'undefined' || typeof getComputedStyle !== 'function') return WITHOUT_STYLESHEET;
  const value = getComputedStyle(document.documentElement).getPropertyValue(`--color-${token}`).trim();
  return value || WITHOUT_STYLESHEET;
}
