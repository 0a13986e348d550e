import { Toaster as Sonner } from 'sonner';

export { toast } from 'sonner';

/** One toast region for the app; success and error toasts use sonner's tinted colours. */
export function Toaster() {
  return <Sonner theme="dark" position="top-right" richColors closeButton duration={5_000} />;
}
