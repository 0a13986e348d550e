import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open state for a menu or drawer that closes itself when the user navigates: it remembers the
 * location it was opened at, and counts as open only while that is still the current one.
 */
export function useRoutePopup() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here;
  const close = useCallback(() => setOpenAt(null), []);
  const toggle = useCallback(() => setOpenAt((current) => (current === here ? null : here)), [here]);
  return { open, close, toggle };
}
