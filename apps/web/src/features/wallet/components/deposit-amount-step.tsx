import { depositAmountTextSchema } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ModalBody, ModalFooter, ModalForm } from '../../../components/ui/modal';

const amountFormSchema = z.object({ amount: depositAmountTextSchema });

type AmountForm = z.input<typeof amountFormSchema>;

interface DepositAmountStepProps {
  readonly defaultAmount: string;
  /** Opens the provider order; a rejection is reported by the caller and keeps the form. */
  readonly onContinue: (amount: string) => Promise<void>;
  readonly onCancel: () => void;
}

/**
 * Step one of Add Money: the amount in USD, checked with the same rules the server applies (spec
 * section 5: empty, zero or negative gives 'Please enter deposit amount'). Typed as text so the
 * amount stays a decimal string from the keyboard to the API.
 */
export function DepositAmountStep({ defaultAmount, onContinue, onCancel }: DepositAmountStepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AmountForm>({
    resolver: zodResolver(amountFormSchema),
    defaultValues: { amount: defaultAmount },
  });

  const onSubmit = handleSubmit(async ({ amount }) => {
    await onContinue(amount.trim());
  });

  return (
    <ModalForm onSubmit={onSubmit}>
      <ModalBody>
        <Input
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          suffix={<span className="pr-2">USD</span>}
          hint="Between $1.00 and $100,000.00, paid through the payment provider."
          error={errors.amount?.message}
          disabled={isSubmitting}
          {...register('amount')}
        />
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Continue
        </Button>
      </ModalFooter>
    </ModalForm>
  );
}
