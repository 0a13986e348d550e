import {
  KYC_DOCUMENT_TYPES,
  type KycCreateRequest,
  type KycRecord,
  kycCreateRequestSchema,
  kycDobProblem,
  messages,
} from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { countryOptions } from '../../../components/ui/select-options';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { kycKeys } from '../api/kyc-keys';
import { submitKyc } from '../api/submit-kyc';
import { KycImageField } from './kyc-image-field';

type KycFormValues = z.input<typeof kycCreateRequestSchema>;
type KycFormOutput = z.output<typeof kycCreateRequestSchema>;

const today = () => new Date().toISOString().slice(0, 10);

// The date of birth must make the customer an adult today; the same rule the server applies. It is
// checked on the field itself: a refinement of the whole form would not run while any other field
// is wrong, so a future date would go unmentioned until everything else was fixed.
const formSchema = kycCreateRequestSchema.extend({
  dob: kycCreateRequestSchema.shape.dob.superRefine((dob, ctx) => {
    const problem = kycDobProblem(dob, today());
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

const countries = countryOptions();
const documentOptions = KYC_DOCUMENT_TYPES.map((type) => ({
  value: type,
  label: type === 'ID_CARD' ? 'ID Card' : 'PAN Card',
}));

/** Spec section 5: these fields take only letters and spaces; anything else never reaches them. */
function lettersOnly(event: ChangeEvent<HTMLInputElement>) {
  event.target.value = event.target.value.replace(/[^\p{L} ]/gu, '');
}

function defaultsFrom(
  record: KycRecord | null,
  known: { mobile_no?: string; country_code?: string },
): KycFormValues {
  const doc = record?.documents[0];
  return {
    first_name: record?.first_name ?? '',
    last_name: record?.last_name ?? '',
    mobile_no: record?.mobile_no ?? known.mobile_no ?? '',
    country_code: record?.country_code ?? known.country_code ?? '',
    dob: record?.dob ?? '',
    address: {
      landmark: record?.address.landmark ?? '',
      city: record?.address.city ?? '',
      state: record?.address.state ?? '',
      country: record?.address.country ?? '',
    },
    documents: [
      {
        identifier: doc?.identifier ?? ('' as KycCreateRequest['documents'][number]['identifier']),
        number: doc?.number ?? '',
        front_image: doc?.front_image ?? '',
        back_image: doc?.back_image ?? '',
      },
    ],
  };
}

interface KycFormProps {
  /** The latest submission: PENDING or APPROVED shows it read-only without Submit. */
  readonly record: KycRecord | null;
  readonly known: { mobile_no?: string; country_code?: string };
}

/** The KYC form (spec section 2 and 5): personal details, address, one document with both sides. */
export function KycForm({ record, known }: KycFormProps) {
  const queryClient = useQueryClient();
  const readOnly = record?.status === 'PENDING' || record?.status === 'APPROVED';
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<KycFormValues, unknown, KycFormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: defaultsFrom(record, known),
  });
  const docErrors = errors.documents?.[0];

  const onSubmit = handleSubmit(async (form) => {
    try {
      const response = await submitKyc(form);
      toast.success(response.message);
      queryClient.setQueryData(kycKeys.mine, {
        status: true,
        message: response.message,
        data: response.data,
      });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const text = (name: Path<KycFormValues>, label: string, letters = false, extra: object = {}) => {
    const field = register(name);
    const error = name
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      | { message?: string }
      | undefined;
    return (
      <Input
        label={label}
        readOnly={readOnly}
        error={error?.message}
        {...extra}
        {...field}
        onChange={(event) => {
          if (letters) lettersOnly(event);
          return field.onChange(event);
        }}
      />
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="KYC form">
      <fieldset disabled={isSubmitting} className="grid gap-6">
        <section className="grid gap-4 sm:grid-cols-2">
          <h2 className="text-base font-semibold text-ink sm:col-span-2">Personal details</h2>
          {text('first_name', 'First Name', true, { autoComplete: 'given-name' })}
          {text('last_name', 'Last Name', true, { autoComplete: 'family-name' })}
          <Select
            label="Country Code"
            placeholder="Select country code"
            options={countries}
            disabled={readOnly}
            error={errors.country_code?.message}
            {...register('country_code')}
          />
          {text('mobile_no', 'Mobile Number', false, { type: 'tel', inputMode: 'numeric', maxLength: 15 })}
          {text('dob', 'Date of Birth', false, { type: 'date', max: today() })}
        </section>
        <section className="grid gap-4 sm:grid-cols-2">
          <h2 className="text-base font-semibold text-ink sm:col-span-2">Address</h2>
          {text('address.landmark', 'Landmark (optional)', true)}
          {text('address.city', 'City', true)}
          {text('address.state', 'State', true)}
          {text('address.country', 'Country', true)}
        </section>
        <section className="grid gap-4 sm:grid-cols-2">
          <h2 className="text-base font-semibold text-ink sm:col-span-2">Document</h2>
          <Select
            label="Document"
            placeholder="Select document"
            options={documentOptions}
            disabled={readOnly}
            error={docErrors?.identifier?.message}
            {...register('documents.0.identifier')}
          />
          {text('documents.0.number', 'Card Number')}
          <KycImageField
            label="Front image"
            value={watch('documents.0.front_image')}
            readOnly={readOnly}
            error={docErrors?.front_image?.message}
            onChange={(name) => setValue('documents.0.front_image', name, { shouldValidate: true })}
          />
          <KycImageField
            label="Back image"
            value={watch('documents.0.back_image')}
            readOnly={readOnly}
            error={docErrors?.back_image?.message}
            onChange={(name) => setValue('documents.0.back_image', name, { shouldValidate: true })}
          />
        </section>
        {readOnly ? null : (
          <div>
            <Button type="submit" size="lg" loading={isSubmitting} loadingText={messages.processing}>
              Submit
            </Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
