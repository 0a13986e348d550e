import { formatMessage, messages, type WithdrawalItem } from '@exchange/contracts';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { SkeletonText } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useSession } from '../../session/session-context';
import { useWithdrawalTerms } from '../api/withdrawals';
import { type AddressToSave, CoinWithdrawFormStep } from './coin-withdraw-form-step';
import { SaveAddressStep } from './save-address-step';
import { WithdrawCodeStep } from './withdraw-code-step';
import { WithdrawCoinSelect } from './withdraw-coin-select';
import { WithdrawalPauseNotice } from './withdrawal-pause-notice';

type Step =
  | { readonly kind: 'form' }
  | { readonly kind: 'code'; readonly withdrawal: WithdrawalItem; readonly save: AddressToSave | null }
  | { readonly kind: 'done'; readonly message: string; readonly save: AddressToSave | null };

interface CoinWithdrawDialogProps {
  /** The coin the dialog opens on (the wallet row it was opened from); null when closed. */
  readonly asset: string | null;
  readonly onClose: () => void;
}

/**
 * Wallet → Withdraw for a coin (issue 38): coin, then its network when it has several, then the
 * form (destination, amount, two-factor code), then the mailed code; the request then waits for
 * approval or is approved at once. The picker offers the coins that can leave (issue 45); one the
 * server still refuses (say, no hot wallet yet) says 'Coming Soon ...'.
 */
export function CoinWithdrawDialog({ asset: openedOn, onClose }: CoinWithdrawDialogProps) {
  const session = useSession();
  const open = openedOn !== null;
  const [picked, setPicked] = useState<string | null>(null);
  const [chain, setChain] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const asset = picked ?? openedOn ?? '';
  const terms = useWithdrawalTerms(asset, chain, open && step.kind === 'form');

  const close = () => {
    setPicked(null);
    setChain(null);
    setStep({ kind: 'form' });
    onClose();
  };

  let body: ReactNode;
  if (step.kind === 'code')
    body = (
      <WithdrawCodeStep
        withdrawal={step.withdrawal}
        email={session.user?.email ?? ''}
        minutes={terms.data?.code_ttl_minutes ?? 15}
        onConfirmed={(response) => setStep({ kind: 'done', message: response.message, save: step.save })}
      />
    );
  else if (step.kind === 'done') {
    const outcome = (
      <p role="status" className="text-sm text-ink">
        {step.message}
      </p>
    );
    body = step.save ? (
      <SaveAddressStep entry={step.save} lead={outcome} onDone={() => setStep({ ...step, save: null })} />
    ) : (
      <>
        <ModalBody>{outcome}</ModalBody>
        <ModalFooter>
          <Button onClick={close}>OK</Button>
        </ModalFooter>
      </>
    );
  } else {
    const chains = terms.data?.chains ?? [];
    // A coin on several networks: the customer picks one; none is picked for them (issue 47).
    const mustPick = chain === null && chains.length > 1;
    // The pause after a security change is told at the top, before anything is typed (issue 45).
    const pickers = (
      <>
        <WithdrawalPauseNotice until={terms.data?.paused_until} />
        <div className="grid gap-4 sm:grid-cols-2">
          <WithdrawCoinSelect
            value={asset}
            onChange={(next) => {
              setPicked(next);
              setChain(null);
            }}
          />
          {chains.length > 1 ? (
            <Select
              label={messages.coinWithdrawNetwork}
              placeholder={messages.coinDepositNetworkPlaceholder}
              options={chains.map((item) => ({ value: item.key, label: item.name }))}
              value={mustPick ? '' : (terms.data?.chain?.key ?? '')}
              onChange={(event) => setChain(event.target.value || null)}
            />
          ) : null}
        </div>
      </>
    );
    let state: ReactNode;
    if (terms.isPending) state = <SkeletonText lines={6} />;
    else if (terms.error)
      state =
        isApiError(terms.error) && terms.error.code === 'unprocessable' ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted">{errorMessage(terms.error)}</p>
            <Button variant="secondary" disabled>
              {messages.comingSoon}
            </Button>
          </div>
        ) : (
          <ErrorState message={errorMessage(terms.error)} onRetry={() => void terms.refetch()} />
        );
    // The form lays out its own scrolling body (the pickers at its top) and its buttons' footer.
    if (mustPick)
      state = (
        <p className="text-sm font-semibold text-ink" data-testid="withdraw-choose-network">
          {formatMessage(messages.coinWithdrawChooseNetwork, { asset, count: String(chains.length) })}
        </p>
      );
    body =
      terms.isSuccess && !mustPick ? (
        <CoinWithdrawFormStep
          key={`${terms.data.asset}:${terms.data.chain?.key ?? ''}`}
          terms={terms.data}
          lead={pickers}
          onCancel={close}
          onRequested={(withdrawal, save) => setStep({ kind: 'code', withdrawal, save })}
        />
      ) : (
        <ModalBody className="flex flex-col gap-4 pb-6">
          {pickers}
          {state}
        </ModalBody>
      );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={formatMessage(messages.coinWithdrawTitle, { asset })}
      description={messages.coinWithdrawIntro}
    >
      {body}
    </Modal>
  );
}
