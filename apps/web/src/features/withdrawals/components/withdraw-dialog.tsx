import { messages, type WithdrawalItem, type WithdrawalTerms } from '@exchange/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal, ModalBody, ModalFooter, ModalForm } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { ruleResolver } from '../../../lib/rule-resolver';
import { requestWithdrawal, useWithdrawalTerms } from '../api/withdrawals';
import { amountProblem } from '../withdrawal-rules';
import { WithdrawAmountFields } from './withdraw-amount-fields';
import { WithdrawCodeStep } from './withdraw-code-step';
import { WithdrawalPauseNotice } from './withdrawal-pause-notice';

type Step =
  | { readonly kind: 'amount' }
  | { readonly kind: 'code'; readonly withdrawal: WithdrawalItem }
  | { readonly kind: 'done'; readonly withdrawal: WithdrawalItem; readonly message: string };

interface UsdWithdrawForm {
  amount: string;
  totp: string;
}

const EMPTY_FORM: UsdWithdrawForm = { amount: '', totp: '' };

/**
 * The amount through the withdraw forms' one amount model (the domain's rule over the server's
 * terms); the two-factor code is the server's to check, which words its refusal.
 */
const resolver = ruleResolver<UsdWithdrawForm, WithdrawalTerms | undefined>((values, terms) => {
  const problem = terms ? amountProblem(terms, values.amount) : null;
  return problem ? { field: 'amount', message: problem } : null;
});

interface WithdrawDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/**
 * Wallet → Withdraw for USD (issue 38): to the PayPal account of the profile's e-mail. The amount
 * (with Max), the fee and what arrives are shown before anything is asked, the amount checked by the
 * domain's rule as the server will; the two-factor code sends the request, which holds the amount and
 * mails a code; the mailed code confirms it. The server's refusals are shown as it words them.
 */
export function WithdrawDialog({ open, onOpenChange }: WithdrawDialogProps) {
  const terms = useWithdrawalTerms('USD', null, open);
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [error, setError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    reset,
    formState: { errors, isSubmitting: busy },
  } = useForm<UsdWithdrawForm>({ resolver, context: terms.data, defaultValues: EMPTY_FORM });

  const changeOpen = (next: boolean) => {
    if (!next) {
      setStep({ kind: 'amount' });
      reset(EMPTY_FORM);
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submitAmount = handleSubmit(async (form) => {
    setError(undefined);
    try {
      const response = await requestWithdrawal({
        asset: 'USD',
        amount: form.amount.trim(),
        totp: form.totp.trim(),
      });
      setStep({ kind: 'code', withdrawal: response.data });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title={messages.withdrawTitle}
      description={messages.withdrawTo}
    >
      {step.kind === 'amount' ? (
        <ModalForm onSubmit={submitAmount}>
          <ModalBody className="flex flex-col gap-4">
            {/* The pause after a security change is told at the top, before anything is typed (issue 45). */}
            <WithdrawalPauseNotice until={terms.data?.paused_until} />
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
            <WithdrawAmountFields
              terms={terms.data}
              asset="USD"
              amount={watch('amount')}
              field={register('amount')}
              error={errors.amount?.message}
              onMax={() => setValue('amount', terms.data?.available ?? '', { shouldValidate: true })}
              disabled={busy}
              show={formatUsd}
              feeLabel={messages.withdrawFee}
              receiveTestId="withdraw-receive"
            />
            <Input
              label={messages.withdrawTotpLabel}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              disabled={busy}
              {...register('totp')}
            />
          </ModalBody>
          <ModalFooter error={error}>
            <Button variant="secondary" onClick={() => changeOpen(false)} disabled={busy}>
              {messages.withdrawCancel}
            </Button>
            <Button type="submit" loading={busy} disabled={!terms.data}>
              {messages.withdrawSubmit}
            </Button>
          </ModalFooter>
        </ModalForm>
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
        <>
          <ModalBody>
            <p role="status" className="text-sm text-ink">
              {step.message}
            </p>
          </ModalBody>
          <ModalFooter>
            <Button onClick={() => changeOpen(false)}>OK</Button>
          </ModalFooter>
        </>
      ) : null}
    </Modal>
  );
}
