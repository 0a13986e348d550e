import { Toaster as Sonner } from 'sonner';

export { toast } from 'sonner';

/**
 * One toast region for the app. Toasts keep the dark theme's light text (sonner's tinted "rich"
 * colours put yellow or blue text on a tinted ground that fails contrast); the kind shows as a
 * coloured edge beside sonner's icon.
 */
export function Toaster() {
  // Below the header (4 rem tall), so a toast never covers its buttons.
  return (
    <Sonner
      theme="dark"
      position="top-right"
      offset={{ top: '5rem' }}
      mobileOffset={{ top: '4.5rem' }}
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
  );
}
