import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open state for a menu or drawer that closes itself when the user navigates: it remembers the
 * location it was opened at and counts as open only while that is still the current one; once the
 * location changes it forgets it, so coming back to that page later does not bring the menu back
 * over it (it did: the phone menu reappeared over the wallet and took the next tap).
 */
export function useRoutePopup() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  useEffect(() => {
    setOpenAt((current) => (current === here ? current : null));
  }, [here]);
  const open = openAt === here;
  const close = useCallback(() => setOpenAt(null), []);
  const toggle = useCallback(() => setOpenAt((current) => (current === here ? null : here)), [here]);
  return { open, close, toggle };
}
