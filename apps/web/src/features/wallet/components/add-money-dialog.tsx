import { type DepositOrder, messages } from '@exchange/contracts';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { useAddUsdAmount } from '../api/add-usd-amount';
import { createDepositOrder } from '../api/create-deposit-order';
import { decideSandboxOrder, type SandboxDecision } from '../api/sandbox-order';
import { DepositAmountStep } from './deposit-amount-step';
import { ProviderStep } from './provider-step';

type Step =
  | { readonly kind: 'amount' }
  | { readonly kind: 'provider'; readonly order: DepositOrder }
  | { readonly kind: 'done'; readonly amount: string; readonly message: string; readonly pending: boolean };

interface AddMoneyDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** Called once the server has credited (or accepted as pending) a deposit (the wallet is already stored). */
  readonly onDeposited: () => void;
}

/**
 * Spec section 4, Deposit: Add Money → amount → Continue → the provider's pay button → the server
 * captures and credits. Each request carries its own Idempotency-Key, so a retried click never
 * opens, approves or credits twice; an approval that went through is not repeated when only the
 * credit has to be retried.
 */
export function AddMoneyDialog({ open, onOpenChange, onDeposited }: AddMoneyDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState<SandboxDecision | null>(null);
  const [opening, setOpening] = useState(false);
  const approvedOrder = useRef<string | null>(null);
  const addUsd = useAddUsdAmount();

  const reset = () => {
    setStep({ kind: 'amount' });
    setAmount('');
    approvedOrder.current = null;
  };

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const openOrder = async (value: string) => {
    setAmount(value);
    setOpening(true);
    try {
      const response = await createDepositOrder({ amount: value }, newIdempotencyKey());
      setStep({ kind: 'provider', order: response.data.order });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setOpening(false);
    }
  };

  const credit = async (order: DepositOrder) => {
    try {
      const response = await addUsd.mutateAsync({
        body: { amount: order.amount, order_id: order.order_id },
        idempotencyKey: newIdempotencyKey(),
      });
      const pending = response.message === messages.depositPending;
      if (pending) toast.info(response.message);
      else toast.success(response.message);
      setStep({ kind: 'done', amount: order.amount, message: response.message, pending });
      onDeposited();
    } catch (error) {
      // Deposit failures read as the server words them (spec section 8).
      toast.error(errorMessage(error, messages.transactionFailed));
    }
  };

  const decide = async (decision: SandboxDecision) => {
    if (step.kind !== 'provider') return;
    const { order } = step;
    setBusy(decision);
    try {
      if (decision === 'decline') {
        await decideSandboxOrder(order.order_id, 'decline', newIdempotencyKey());
        toast.error(messages.transactionFailed, {
          description: 'The payment was declined; nothing was charged.',
        });
        reset();
        return;
      }
      if (approvedOrder.current !== order.order_id) {
        await decideSandboxOrder(order.order_id, 'approve', newIdempotencyKey());
        approvedOrder.current = order.order_id;
      }
    } catch {
      // Spec section 8: the provider reporting an error is 'Transaction Failed'.
      toast.error(messages.transactionFailed);
      setBusy(null);
      return;
    }
    await credit(order);
    setBusy(null);
  };

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title="Add Money"
      description={step.kind === 'amount' ? 'Deposit US dollars to your wallet.' : undefined}
      dismissible={busy === null && !opening}
    >
      {step.kind === 'amount' ? (
        <DepositAmountStep defaultAmount={amount} onContinue={openOrder} onCancel={() => changeOpen(false)} />
      ) : null}
      {step.kind === 'provider' ? (
        <ProviderStep order={step.order} busy={busy} onDecide={decide} onBack={reset} />
      ) : null}
      {step.kind === 'done' ? (
        <>
          <ModalBody className="flex flex-col gap-4">
            <div role="status" className="flex flex-col gap-4">
              <p className="text-lg font-semibold text-ink">
                {step.pending ? step.message : `${formatUsd(step.amount)} added to your USD balance`}
              </p>
              <p className="text-sm text-muted">Your wallet refreshes in 3 seconds.</p>
            </div>
          </ModalBody>
          <ModalFooter>
            <Button onClick={() => changeOpen(false)}>Done</Button>
          </ModalFooter>
        </>
      ) : null}
    </Modal>
  );
}
