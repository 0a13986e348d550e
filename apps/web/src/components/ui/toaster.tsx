import { type RefObject, useEffect, useRef } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_ROOM_ID } from './toast-room';

export { toast } from 'sonner';

/** Space between the header and a toast, and below the last toast. */
const GAP_PX = 8;

/**
 * Lays the toasts over the layout's toast room and sizes the room to them: the room's top (under the
 * header, or under a phone menu that made the header taller) becomes the toasts' top, and the lowest
 * toast's bottom the room's height. Re-measured when a toast comes, moves (enters, stacks, expands on
 * hover) or goes, and on scroll and resize, as the room's top can change with them.
 */
function useToastRoom(region: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = document.documentElement;
    // A custom property on the root restyles the whole page: set one only when it changes.
    const set = (name: string, value: string) => {
      if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
    };
    let frame = 0;
    const measure = () => {
      frame = 0;
      const room = document.getElementById(TOAST_ROOM_ID);
      if (!room) {
        root.style.removeProperty('--toast-top');
        set('--toast-room', '0px');
        return;
      }
      const above = room.previousElementSibling?.getBoundingClientRect().bottom ?? 0;
      const top = Math.round(Math.max(room.getBoundingClientRect().top, above, 0));
      set('--toast-top', `${top}px`);
      const toasts = region.current?.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])') ?? [];
      let bottom = top;
      for (const shown of toasts) bottom = Math.max(bottom, shown.getBoundingClientRect().bottom);
      set('--toast-room', toasts.length > 0 ? `${Math.ceil(bottom - top + GAP_PX)}px` : '0px');
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const changes = new MutationObserver(schedule);
    if (region.current) {
      changes.observe(region.current, { subtree: true, childList: true, attributes: true });
      region.current.addEventListener('transitionend', schedule);
    }
    const resizes = new ResizeObserver(schedule);
    resizes.observe(document.body);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      resizes.disconnect();
      region.current?.removeEventListener('transitionend', schedule);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      root.style.setProperty('--toast-room', '0px');
    };
  }, [region]);
}

/**
 * One toast region for the app. Toasts keep the dark theme's light text (sonner's tinted "rich"
 * colours put yellow or blue text on a tinted ground that fails contrast); the kind shows as a
 * coloured edge beside sonner's icon. They sit in the layout's toast room under the header, which
 * grows to hold them, so a toast never covers a control (issue 45).
 */
export function Toaster() {
  const region = useRef<HTMLDivElement>(null);
  useToastRoom(region);
  const top = `calc(var(--toast-top, 4rem) + ${GAP_PX}px)`;
  return (
    <div ref={region}>
      <Sonner
        theme="dark"
        position="top-right"
        offset={{ top }}
        mobileOffset={{ top }}
        closeButton
        duration={5_000}
        toastOptions={{
          classNames: {
            success: '!border-l-4 !border-l-emerald-500',
            error: '!border-l-4 !border-l-red-500',
            warning: '!border-l-4 !border-l-amber-400',
            info: '!border-l-4 !border-l-sky-400',
          },
        }}
      />
    </div>
  );
}
