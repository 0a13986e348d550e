import type { DepositOrder } from '@exchange/contracts';
import { messages } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalBody, ModalFooter } from '../../../components/ui/modal';
import { formatUsd } from '../../../lib/format';
import { isPositiveAmount } from '../../../shared/wallet/balances';
import type { SandboxDecision } from '../api/sandbox-order';

interface ProviderStepProps {
  readonly order: DepositOrder;
  /** Set while the payment is being approved and credited. */
  readonly busy: SandboxDecision | null;
  readonly onDecide: (decision: SandboxDecision) => void;
  readonly onBack: () => void;
}

/**
 * Step two: the amount about to be paid, shown before any money moves, and the provider's pay
 * button. The sandbox provider (embedded mode) is labelled as such: its buttons record the buyer's
 * answer the way a real checkout would, and nothing real is charged.
 */
export function ProviderStep({ order, busy, onDecide, onBack }: ProviderStepProps) {
  const [problem, setProblem] = useState<string | null>(null);

  const pay = () => {
    // Spec section 5: the payment step refuses an amount of 0 or less on its own.
    if (!isPositiveAmount(order.amount)) {
      setProblem(messages.depositAmountTooSmall);
      return;
    }
    setProblem(null);
    onDecide('approve');
  };

  return (
    <>
      <ModalBody className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md border border-line bg-raised/50 p-4 text-sm">
          <dt className="text-muted">You pay</dt>
          <dd
            className="text-right text-lg font-semibold text-ink tabular-nums"
            data-testid="deposit-pay-amount"
          >
            {formatUsd(order.amount)} {order.currency}
          </dd>
          <dt className="text-muted">Credited to</dt>
          <dd className="text-right text-ink">USD balance</dd>
          <dt className="text-muted">Order</dt>
          <dd className="truncate text-right font-mono text-xs text-muted">{order.order_id}</dd>
        </dl>

        {order.provider === 'sandbox' ? (
          <section
            aria-labelledby="sandbox-provider-title"
            className="rounded-md border border-dashed border-warning/60 bg-warning/5 p-4"
          >
            <h3 id="sandbox-provider-title" className="text-sm font-semibold text-warning">
              Sandbox payment provider
            </h3>
            <p className="mt-1 text-sm text-muted">
              Test mode: no card is charged. Paying approves this order at the sandbox, then the server checks
              the payment and credits your USD balance.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Button
                onClick={pay}
                loading={busy === 'approve'}
                disabled={busy !== null}
                loadingText={messages.processing}
              >
                Pay with sandbox
              </Button>
              <Button
                variant="secondary"
                onClick={() => onDecide('decline')}
                loading={busy === 'decline'}
                disabled={busy !== null}
              >
                Decline payment
              </Button>
            </div>
          </section>
        ) : (
          <p role="status" className="rounded-md border border-line p-4 text-sm text-muted">
            This order was opened with PayPal, whose checkout button is not part of this web build yet. No
            money has moved; you can close this window.
          </p>
        )}
      </ModalBody>
      <ModalFooter error={problem}>
        <Button variant="ghost" size="sm" onClick={onBack} disabled={busy !== null}>
          ← Change amount
        </Button>
      </ModalFooter>
    </>
  );
}
