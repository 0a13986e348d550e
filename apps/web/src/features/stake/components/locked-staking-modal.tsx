import { messages, type StakeOption, type StakeVariantView } from '@exchange/contracts';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { ruleResolver } from '../../../lib/rule-resolver';
import { stakeSummary } from '../model/stake-summary';
import { stakeAmountProblem } from '../stake-rules';

interface LockedStakingModalProps {
  readonly option: StakeOption;
  readonly variant: StakeVariantView;
  /** The spendable balance of the coin, a decimal string (undefined while loading). */
  readonly available: string | undefined;
  readonly now: Date;
  /** The amount the user last confirmed, kept when the modal reopens after a No or a server refusal. */
  readonly initialAmount?: string;
  /** The server's refusal of that amount, shown until the next Confirm. */
  readonly refusal?: string;
  readonly onCancel: () => void;
  /** Called with the amount once the form passes; the page asks for confirmation and posts. */
  readonly onSubmit: (amount: string) => void;
}

interface StakeFormValues {
  amount: string;
  agreed: boolean;
}

interface StakeFormContext {
  readonly option: StakeOption;
  readonly variant: StakeVariantView;
  readonly available: string | undefined;
}

/** The amount as the server checks it (stake-rules.ts, over the domain's), then the terms box. */
const resolver = ruleResolver<StakeFormValues, StakeFormContext>((values, { option, variant, available }) => {
  const problem = stakeAmountProblem(values.amount, variant.min_amount, available, option.symbol);
  if (problem) return { field: 'amount', message: problem };
  if (!values.agreed) return { field: 'agreed', message: messages.stakeTermsRequired };
  return null;
});

function Row({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium text-ink tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The Locked Staking modal: the stake's summary to 6 decimals, the amount and the terms box. Checks the
 * amount as the server would (stakeAmountProblem), then 'Please Checked t&c'; only a form that passes
 * reaches onSubmit. Reopened with an initial amount (it passed once, so the terms were ticked), it
 * starts filled in and ticked.
 */
export function LockedStakingModal({
  option,
  variant,
  available,
  now,
  initialAmount,
  refusal,
  onCancel,
  onSubmit,
}: LockedStakingModalProps) {
  const formId = useId();
  const { register, handleSubmit, setError, clearErrors, watch, formState } = useForm<
    StakeFormValues,
    StakeFormContext
  >({
    defaultValues: { amount: initialAmount ?? '', agreed: initialAmount !== undefined },
    resolver,
    // As before: the messages change only at Confirm, except that ticking the box clears its own.
    reValidateMode: 'onSubmit',
    context: { option, variant, available },
  });
  const { errors } = formState;
  // The server's refusal of the last amount, shown above the buttons until the next Confirm.
  useEffect(() => {
    if (refusal) setError('root.server', { type: 'server', message: refusal });
  }, [refusal, setError]);
  const amount = watch('amount');
  const summary = stakeSummary(option.symbol, variant, amount.trim(), now);
  const six = (value: string | undefined) => `${formatAmount(value, 6)} ${option.symbol}`;

  const submit = handleSubmit((values) => onSubmit(values.amount.trim()));

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={messages.stakeTermsTitle}
      description={`${option.name} (${option.symbol}), ${variant.duration} days at ${variant.apy}% APY`}
      error={errors.root?.server?.message}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Confirm
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <dl aria-label="Summary" className="rounded-md border border-line bg-raised px-4 py-2 text-sm">
          <Row label="Duration" value={`${variant.duration} days`} />
          <Row label="APY" value={`${variant.apy}%`} />
          <Row label="Minimum amount" value={six(variant.min_amount)} />
          <Row label="Available" value={available === undefined ? '-' : six(available)} />
          <Row label="Value date" value={formatDateTime(now)} />
          <Row label="Redemption date" value={summary ? formatDateTime(summary.endDate) : '-'} />
          <Row label="Estimated interest" value={summary ? six(summary.interest) : '-'} />
          <Row label="Total at maturity" value={summary ? six(summary.payout) : '-'} />
        </dl>
        <Input
          label={`Amount (${option.symbol})`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Checkbox
          label="I have read and agree to the Locked Staking terms: the amount stays locked until the redemption date."
          error={errors.agreed?.message}
          {...register('agreed', {
            onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
              if (event.target.checked) clearErrors('agreed');
            },
          })}
        />
      </form>
    </Modal>
  );
}
