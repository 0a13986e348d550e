import { type RefObject, useEffect } from 'react';

/**
 * Taps on the prerendered landing page before the app took it over. The page paints from its HTML and
 * loads its scripts after that paint (vite.config.ts, loadScriptsAfterPaint), so for a moment a button
 * has no handler: the boot script keeps the buttons tapped then (and starts the scripts at once), and
 * hands them over here, just before hydration. From hydration on React delivers taps itself.
 */
declare global {
  interface Window {
    /** Set by the boot script: stops keeping taps and gives the buttons tapped so far. */
    __takeEarlyTaps?: () => Element[];
  }
}

let early: Element[] = [];

/** Called once, right before hydrateRoot: the buttons tapped before the app was there. */
export function takeEarlyTaps(): void {
  early = window.__takeEarlyTaps?.() ?? [];
}

/** True once for a button that was tapped before hydration (it is then forgotten). */
export function consumeEarlyTap(element: Element | null): boolean {
  const at = element ? early.indexOf(element) : -1;
  if (at < 0) return false;
  early = early.filter((_, i) => i !== at);
  return true;
}

/**
 * A prerendered button answers a tap that came before the app: once hydrated (the same DOM node
 * React adopted), `act` runs as its click would have.
 */
export function useEarlyTap(ref: RefObject<Element | null>, act: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; later taps reach onClick.
  useEffect(() => {
    if (consumeEarlyTap(ref.current)) act();
  }, []);
}
