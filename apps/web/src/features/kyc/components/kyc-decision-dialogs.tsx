import { messages } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { ruleResolver } from '../../../lib/rule-resolver';
import { verifyKyc } from '../api/admin-kyc';
import { kycKeys } from '../api/kyc-keys';

export interface KycDecisionTarget {
  readonly kycId: string;
  readonly userId: string;
  readonly decision: 'APPROVED' | 'REJECTED';
  /** The submission shares an identity with another account's (a possible duplicate). */
  readonly identityFlagged?: boolean;
}

interface DecisionForm {
  reason: string;
  payRewardDespiteMatch: boolean;
}

/** The server's rule (adminVerifyKycRequestSchema): a rejection names its reason. */
const resolver = ruleResolver<DecisionForm, { readonly rejecting: boolean }>((values, { rejecting }) =>
  rejecting && !values.reason.trim() ? { field: 'reason', message: messages.kycRejectReasonRequired } : null,
);

/**
 * The spec's confirmations before a KYC decision: Yes ('Please Wait ...' while busy) and NO. Reject
 * also asks for the reason the customer will read. Approving a possible duplicate identity says
 * that no referral reward is paid, unless the admin ticks 'Pay the referral reward despite the
 * match'. Afterwards (or when another admin was first)
 * the list is reloaded.
 */
export function KycDecisionDialog({
  target,
  onClose,
}: {
  readonly target: KycDecisionTarget | null;
  readonly onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const rejecting = target?.decision === 'REJECTED';
  const flaggedApproval = !rejecting && target?.identityFlagged === true;
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<DecisionForm, { readonly rejecting: boolean }>({
    defaultValues: { reason: '', payRewardDespiteMatch: false },
    resolver,
    // As before: the message shows after Yes and goes away as the reason is edited.
    reValidateMode: 'onSubmit',
    context: { rejecting },
  });
  const reasonError = errors.reason?.message;

  const close = () => {
    reset();
    onClose();
  };

  // A missing reason keeps the question open with its message; the dialog does not close itself.
  const decide = handleSubmit(async ({ reason, payRewardDespiteMatch }) => {
    if (!target) return;
    try {
      const response = await verifyKyc({
        kyc_id: target.kycId,
        user_id: target.userId,
        status: target.decision,
        ...(rejecting ? { reason: reason.trim() } : {}),
        ...(flaggedApproval ? { pay_referral_despite_match: payRewardDespiteMatch } : {}),
      });
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
      if (!(isApiError(error) && error.status === 409)) throw error;
    } finally {
      await queryClient.invalidateQueries({ queryKey: kycKeys.adminAll });
    }
    close();
  });

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={rejecting ? messages.confirmRejectKyc : messages.confirmApproveKyc}
      confirmLabel="Yes"
      cancelLabel="NO"
      confirmVariant={rejecting ? 'danger' : 'success'}
      busyText={messages.pleaseWait}
      closeOnConfirm={false}
      onConfirm={() => decide()}
    >
      {rejecting ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-medium text-ink">
            Reason
          </label>
          <textarea
            id={reasonId}
            maxLength={500}
            rows={3}
            {...register('reason', { onChange: () => clearErrors('reason') })}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            className="w-full rounded-md border border-line bg-raised px-3 py-2 text-sm text-ink focus-visible:border-accent"
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} role="alert" className="text-sm text-danger">
              {reasonError}
            </p>
          ) : null}
        </div>
      ) : null}
      {flaggedApproval ? (
        <div className="flex flex-col gap-3 rounded-md border border-warning/50 bg-warning/10 p-3">
          <p className="text-sm font-semibold text-warning">{messages.kycDuplicateIdentityTitle}</p>
          <p className="text-sm text-ink">{messages.kycDuplicateIdentityNote}</p>
          <Checkbox label={messages.kycPayRewardDespiteMatch} {...register('payRewardDespiteMatch')} />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
