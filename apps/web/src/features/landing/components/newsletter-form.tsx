import { messages, newsletterFormSchema } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { subscribeNewsletter } from '../api/subscribe-newsletter';

type NewsletterFormInput = z.input<typeof newsletterFormSchema>;
type NewsletterFormOutput = z.output<typeof newsletterFormSchema>;

/** A 2xx answer whose envelope says `status: false`: the spec shows its message as a warning. */
function isRefusal(error: unknown): boolean {
  if (!isApiError(error) || error.status < 200 || error.status >= 300) return false;
  const body = error.body as { status?: unknown } | undefined;
  return body?.status === false;
}

/**
 * Spec sections 5 and 8: one e-mail field ('Please enter Email' when empty, 'Please enter  valid email'
 * when malformed); the server's message as a success toast, a false status as a warning, a failure as
 * an error toast.
 */
export function NewsletterForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterFormInput, unknown, NewsletterFormOutput>({
    resolver: zodResolver(newsletterFormSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const response = await subscribeNewsletter(email);
      if (response.status === false) {
        toast.warning(response.message);
        return;
      }
      toast.success(response.message || messages.newsletterSubscribed);
      reset();
    } catch (error) {
      if (isRefusal(error)) toast.warning(errorMessage(error));
      else toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Newsletter" className="w-full max-w-md">
      <fieldset disabled={isSubmitting} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Input
            aria-label="Email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <Button type="submit" size="lg" className="h-11" loading={isSubmitting}>
          Subscribe
        </Button>
      </fieldset>
    </form>
  );
}
