import {
  messages,
  SUPPORT_DESCRIPTION_MAX,
  SUPPORT_SUBJECT_MAX,
  type SupportCreateRequest,
  supportCreateRequestSchema,
} from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { createTicket } from '../api/create-ticket';
import { supportKeys } from '../api/support-keys';

const empty: SupportCreateRequest = { subject: '', description: '' };

/** Subject (150) and description (500); the server's message is shown on success and on failure. */
export function TicketForm() {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SupportCreateRequest>({
    resolver: zodResolver(supportCreateRequestSchema),
    defaultValues: empty,
  });
  const description = watch('description') ?? '';

  const onSubmit = handleSubmit(async (form) => {
    try {
      const response = await createTicket(form);
      toast.success(response.message);
      reset(empty);
      await queryClient.invalidateQueries({ queryKey: supportKeys.mine });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Card title="Raise a ticket">
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting} className="grid gap-4">
          <Input
            label="Subject"
            maxLength={SUPPORT_SUBJECT_MAX}
            error={errors.subject?.message}
            {...register('subject')}
          />
          <Textarea
            label="Description"
            maxLength={SUPPORT_DESCRIPTION_MAX}
            hint={`${description.length}/${SUPPORT_DESCRIPTION_MAX}`}
            error={errors.description?.message}
            {...register('description')}
          />
          <div>
            <Button type="submit" loading={isSubmitting} loadingText={messages.processing}>
              Submit
            </Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
