import { lazy, Suspense, useState } from 'react';
import type { LogoutDialogProps } from './logout-dialog';

const LogoutDialog = lazy(async () => ({ default: (await import('./logout-dialog')).LogoutDialog }));

/**
 * The logout confirmation, loaded when it is first opened: its dialog library (Radix, with its focus
 * trap and scroll lock) then stays out of the shell every page loads first. Once loaded it stays
 * mounted, so it closes with its animation and opens at once the next time.
 */
export function LazyLogoutDialog(props: LogoutDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LogoutDialog {...props} />
    </Suspense>
  );
}
