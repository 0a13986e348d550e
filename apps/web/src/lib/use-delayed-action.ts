import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs an action after a delay (the spec's "after 3 seconds" redirects), and forgets it if the
 * screen goes away first, so a late timer never navigates from a page the user already left.
 */
export function useDelayedAction(): (action: () => void, delayMs: number) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback((action: () => void, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      action();
    }, delayMs);
    timers.current.add(timer);
  }, []);
}
