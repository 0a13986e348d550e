import { Toaster as Sonner } from 'sonner';

export { toast } from 'sonner';

/** One toast region for the app; success and error toasts use sonner's tinted colours. */
export function Toaster() {
  // Below the header (4 rem tall), so a toast never covers its buttons.
  return (
    <Sonner
      theme="dark"
      position="top-right"
      offset={{ top: '5rem' }}
      mobileOffset={{ top: '4.5rem' }}
      richColors
      closeButton
      duration={5_000}
    />
  );
}
