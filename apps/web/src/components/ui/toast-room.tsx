import { cn } from '../../lib/cn';

/** The id the toast region looks for to place its toasts (toaster.tsx). */
export const TOAST_ROOM_ID = 'toast-room';

/**
 * The strip a layout keeps free for toasts, right under its header: it is as tall as the toasts
 * shown (0 without any) and sticks under the header, and the toasts are laid exactly over it, so a
 * toast pushes the page down instead of covering a heading, a menu item or a button. It carries no
 * script of its own (the lazily loaded toast region sizes it), so every layout can afford it.
 */
/** `className` sets where it sticks: under a 4 rem header with its border unless told otherwise. */
export function ToastRoom({ className }: { readonly className?: string }) {
  return (
    <div
      id={TOAST_ROOM_ID}
      aria-hidden="true"
      className={cn('sticky z-20 shrink-0 bg-canvas', className ?? 'top-[65px]')}
      style={{ height: 'var(--toast-room, 0px)' }}
    />
  );
}
