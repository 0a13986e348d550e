import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False on the server and while React hydrates the prerendered landing page, true in every other
 * render. A part that is not in the prerendered HTML renders only once this is true, so hydration
 * finds exactly what the HTML has; outside hydration it is true from the first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
