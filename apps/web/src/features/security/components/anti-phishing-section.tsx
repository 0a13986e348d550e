import { antiPhishingPhraseSchema, messages } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useAntiPhishingPhrase, useSetAntiPhishingPhrase } from '../api/sessions';

const formSchema = z.object({ phrase: antiPhishingPhraseSchema });
type FormValues = z.input<typeof formSchema>;

/** The phrase every mail to the customer starts with: set, change or remove it. */
export function AntiPhishingSection() {
  const phrase = useAntiPhishingPhrase();
  const save = useSetAntiPhishingPhrase();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { phrase: '' } });
  const current = phrase.data ?? null;
  useEffect(() => reset({ phrase: current ?? '' }), [current, reset]);

  const send = async (value: string | null) => {
    try {
      const response = await save.mutateAsync(value);
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const submit = handleSubmit(({ phrase: value }) => send(value));

  let body: React.ReactNode;
  if (phrase.isPending) body = <Skeleton className="h-10 w-64" />;
  else if (phrase.isError)
    body = <ErrorState message={errorMessage(phrase.error)} onRetry={() => void phrase.refetch()} />;
  else
    body = (
      <form onSubmit={submit} className="flex max-w-md flex-col gap-3" noValidate>
        <Input
          label={messages.antiPhishingLabel}
          maxLength={40}
          autoComplete="off"
          error={errors.phrase?.message}
          hint={current ? undefined : messages.antiPhishingNone}
          {...register('phrase')}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={save.isPending}>
            {messages.antiPhishingSave}
          </Button>
          {current ? (
            <Button
              type="button"
              variant="secondary"
              disabled={save.isPending}
              onClick={() => void send(null)}
            >
              {messages.antiPhishingRemove}
            </Button>
          ) : null}
        </div>
      </form>
    );

  return (
    <Card title={messages.antiPhishingTitle}>
      <p className="mb-4 text-sm text-muted">{messages.antiPhishingIntro}</p>
      {body}
    </Card>
  );
}
