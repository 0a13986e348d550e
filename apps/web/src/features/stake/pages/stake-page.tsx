import { messages, type StakeOption } from '@exchange/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { balanceOf, useWallet } from '../../../shared/wallet/get-wallet';
import { CompleteKycLink } from '../../kyc/components/complete-kyc-link';
import { useSession } from '../../session/session-context';
import { useCreateStake, useStakeOptions } from '../api/stakes';
import { LockedStakingModal } from '../components/locked-staking-modal';
import { StakeOptionsTable } from '../components/stake-options-table';

interface Draft {
  readonly option: StakeOption;
  readonly duration: number;
}

/**
 * /stake (spec section 2): the stake options table, then the Locked Staking modal, the confirmation
 * 'Are you sure you want to create Stake ?' naming the amount, and the post; success stores the wallet
 * and opens History on the Stakes tab. No, or a refusal by the server, returns to the modal with the
 * amount kept (and the refusal shown). A user without KYC gets 'Please Complete Your Kyc' instead.
 */
export function StakePage() {
  const session = useSession();
  const navigate = useNavigate();
  const create = useCreateStake();
  const verified = session.is_kyc_verified;
  const options = useStakeOptions(verified);
  const wallet = useWallet();
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [draft, setDraft] = useState<Draft | null>(null);
  /** The amount the modal passed; kept after No or a refusal so the modal reopens filled in. */
  const [entered, setEntered] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [openedAt, setOpenedAt] = useState(() => new Date());

  const choose = (optionId: string, duration: number | null) =>
    setChosen((current) => {
      const next = { ...current };
      if (duration === null) delete next[optionId];
      else next[optionId] = duration;
      return next;
    });

  const startStake = (option: StakeOption) => {
    const duration = chosen[option._id];
    if (duration === undefined) {
      toast.error(messages.stakeDurationRequired);
      return;
    }
    setOpenedAt(new Date());
    setEntered(null);
    setRefusal(undefined);
    setDraft({ option, duration });
  };

  const send = async () => {
    if (!draft || entered === null) return;
    try {
      const response = await create.mutateAsync({
        body: {
          stake_option_id: draft.option._id,
          starting_balance: entered,
          days: draft.duration,
        },
        idempotencyKey: newIdempotencyKey(),
      });
      toast.success(response.message);
      navigate(paths.history, { state: { type: 'stake' } });
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      setRefusal(message);
      setConfirming(false);
    }
  };

  const variant = draft?.option.variants.find((v) => v.duration === draft.duration);

  return (
    <div>
      <PageHeader
        title="Stake"
        description="Lock a coin for 30 to 120 days and earn up to 10% APY. Choose a duration on a token's row, then Stake Now."
      />
      {verified ? (
        <StakeOptionsTable
          options={options.data}
          loading={options.isFetching}
          error={options.error ? errorMessage(options.error) : undefined}
          onRetry={() => void options.refetch()}
          chosen={chosen}
          onChoose={choose}
          onStake={startStake}
        />
      ) : (
        <div className="flex flex-col items-start gap-4 rounded-lg border border-line bg-surface p-6">
          <p className="text-sm text-muted">Staking is available once your identity is verified.</p>
          <CompleteKycLink />
        </div>
      )}
      {draft && variant && !confirming ? (
        <LockedStakingModal
          option={draft.option}
          variant={variant}
          available={balanceOf(wallet.data, draft.option.symbol)}
          now={openedAt}
          initialAmount={entered ?? undefined}
          refusal={refusal}
          onCancel={() => setDraft(null)}
          onSubmit={(amount) => {
            setEntered(amount);
            setRefusal(undefined);
            setConfirming(true);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => (open ? undefined : setConfirming(false))}
        title={messages.confirmStake}
        description={
          draft && entered !== null
            ? `${entered} ${draft.option.symbol} for ${draft.duration} days`
            : undefined
        }
        onConfirm={send}
        busyText={messages.processing}
        closeOnConfirm={false}
      />
    </div>
  );
}
