import { messages, type WithdrawalTerms } from '@exchange/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { receiveOf } from '../withdrawal-rules';

interface WithdrawAmountFieldsProps {
  /** The server's terms; undefined while they load (the fee shows as 0, Max waits). */
  readonly terms: WithdrawalTerms | undefined;
  /** The asset's code, shown in the field. */
  readonly asset: string;
  /** The amount as typed (watched), for what arrives. */
  readonly amount: string;
  readonly field: UseFormRegisterReturn<'amount'>;
  readonly error: string | undefined;
  readonly onMax: () => void;
  readonly disabled: boolean;
  /** An amount of the asset as the dialog shows it ($249.00, 2.49900000 ETH). */
  readonly show: (value: string) => string;
  /** 'Fee' for PayPal, 'Network fee' for a chain. */
  readonly feeLabel: string;
  readonly receiveTestId: string;
}

/**
 * The withdraw dialogs' amount, one for USD and coins: the field (with Max), the fee and what arrives,
 * shown before anything is sent; what arrives is the domain's (withdrawal-rules.ts).
 */
export function WithdrawAmountFields({
  terms,
  asset,
  amount,
  field,
  error,
  onMax,
  disabled,
  show,
  feeLabel,
  receiveTestId,
}: WithdrawAmountFieldsProps) {
  return (
    <>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Input
            label={messages.withdrawAmountLabel}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            suffix={<span className="pr-2">{asset}</span>}
            error={error}
            disabled={disabled}
            {...field}
          />
        </div>
        <Button variant="secondary" className="mt-6" onClick={onMax} disabled={disabled || !terms}>
          {messages.withdrawMax}
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-live="polite">
        <dt className="text-muted">{feeLabel}</dt>
        <dd className="text-ink tabular-nums">{show(terms?.fee ?? '0')}</dd>
        <dt className="text-muted">{messages.withdrawReceive}</dt>
        <dd className="font-semibold text-ink tabular-nums" data-testid={receiveTestId}>
          {show(terms ? receiveOf(terms, amount) : '0')}
        </dd>
      </dl>
    </>
  );
}
