import { messages, type StakeOption, type StakeVariantView } from '@exchange/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { formatAmount, formatDateTime } from '../../../lib/format';
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
  const [amount, setAmount] = useState(initialAmount ?? '');
  const [agreed, setAgreed] = useState(initialAmount !== undefined);
  const [errors, setErrors] = useState<{ form?: string; amount?: string; terms?: string }>({
    form: refusal,
  });
  const summary = stakeSummary(option.symbol, variant, amount.trim(), now);
  const six = (value: string | undefined) => `${formatAmount(value, 6)} ${option.symbol}`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = stakeAmountProblem(amount, variant.min_amount, available, option.symbol);
    if (problem) return setErrors({ amount: problem });
    if (!agreed) return setErrors({ terms: messages.stakeTermsRequired });
    setErrors({});
    onSubmit(amount.trim());
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={messages.stakeTermsTitle}
      description={`${option.name} (${option.symbol}), ${variant.duration} days at ${variant.apy}% APY`}
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
        {errors.form ? (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        ) : null}
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
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
        />
        <Checkbox
          label="I have read and agree to the Locked Staking terms: the amount stays locked until the redemption date."
          checked={agreed}
          onChange={(event) => {
            setAgreed(event.target.checked);
            if (event.target.checked) setErrors((current) => ({ ...current, terms: undefined }));
          }}
          error={errors.terms}
        />
      </form>
    </Modal>
  );
}
