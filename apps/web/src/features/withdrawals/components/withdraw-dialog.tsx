import { messages, type WithdrawalItem } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { requestWithdrawal, useWithdrawalTerms } from '../api/withdrawals';
import { WithdrawCodeStep } from './withdraw-code-step';

type Step =
  | { readonly kind: 'amount' }
  | { readonly kind: 'code'; readonly withdrawal: WithdrawalItem }
  | { readonly kind: 'done'; readonly withdrawal: WithdrawalItem; readonly message: string };

/** Cents of a typed USD amount, or null when it is not a plain amount with at most two decimals. */
export function usdCents(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

function centsText(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

interface WithdrawDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/**
 * Wallet → Withdraw for USD (issue 38): to the PayPal account of the profile's e-mail. The amount
 * (with Max), the fee and what arrives are shown before anything is asked; the two-factor code sends
 * the request, which holds the amount and mails a code; the mailed code confirms it. Every rule is the
 * server's: its refusals are shown as it words them.
 */
export function WithdrawDialog({ open, onOpenChange }: WithdrawDialogProps) {
  const terms = useWithdrawalTerms('USD', open);
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [amount, setAmount] = useState('');
  const [totp, setTotp] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const changeOpen = (next: boolean) => {
    if (!next) {
      setStep({ kind: 'amount' });
      setAmount('');
      setTotp('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const fee = terms.data ? usdCents(terms.data.fee) : null;
  const typed = usdCents(amount);
  const receive = typed !== null && fee !== null && typed > fee ? centsText(typed - fee) : '0.00';

  const submitAmount = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const response = await requestWithdrawal({ asset: 'USD', amount: amount.trim(), totp: totp.trim() });
      setStep({ kind: 'code', withdrawal: response.data });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title={messages.withdrawTitle}
      description={messages.withdrawTo}
    >
      {step.kind === 'amount' ? (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submitAmount();
          }}
        >
          {terms.data ? (
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">PayPal</dt>
              <dd className="break-all text-ink">{terms.data.destination}</dd>
              <dt className="text-muted">{messages.withdrawAvailable}</dt>
              <dd className="text-ink tabular-nums">{formatUsd(terms.data.available)}</dd>
              <dt className="text-muted">{messages.withdrawMinimum}</dt>
              <dd className="text-ink tabular-nums">{formatUsd(terms.data.minimum)}</dd>
            </dl>
          ) : (
            <p className="text-sm text-muted">
              {terms.error ? errorMessage(terms.error) : messages.pleaseWait}
            </p>
          )}
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <Input
                label={messages.withdrawAmountLabel}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                suffix={<span className="pr-2">USD</span>}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                disabled={busy}
              />
            </div>
            <Button
              variant="secondary"
              onClick={() => setAmount(terms.data?.available ?? '')}
              disabled={busy || !terms.data}
            >
              {messages.withdrawMax}
            </Button>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-live="polite">
            <dt className="text-muted">{messages.withdrawFee}</dt>
            <dd className="text-ink tabular-nums">{formatUsd(terms.data?.fee ?? '0')}</dd>
            <dt className="text-muted">{messages.withdrawReceive}</dt>
            <dd className="font-semibold text-ink tabular-nums" data-testid="withdraw-receive">
              {formatUsd(receive)}
            </dd>
          </dl>
          <Input
            label={messages.withdrawTotpLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={totp}
            onChange={(event) => setTotp(event.target.value)}
            disabled={busy}
          />
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => changeOpen(false)} disabled={busy}>
              {messages.withdrawCancel}
            </Button>
            <Button type="submit" loading={busy} disabled={!terms.data}>
              {messages.withdrawSubmit}
            </Button>
          </div>
        </form>
      ) : null}
      {step.kind === 'code' ? (
        <WithdrawCodeStep
          withdrawal={step.withdrawal}
          email={terms.data?.destination ?? ''}
          minutes={terms.data?.code_ttl_minutes ?? 15}
          onConfirmed={(response) =>
            setStep({ kind: 'done', withdrawal: response.data, message: response.message })
          }
        />
      ) : null}
      {step.kind === 'done' ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="text-sm text-ink">
            {step.message}
          </p>
          <div className="flex justify-end">
            <Button onClick={() => changeOpen(false)}>OK</Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
