import { type AccountStatus, messages } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useSetUserStatus, useSetWithdrawalFreeze } from '../api/admin-users';
import { ReasonDialog } from './reason-dialog';

async function reported<T extends { message: string }>(action: Promise<T>): Promise<T> {
  try {
    const response = await action;
    toast.success(response.message);
    return response;
  } catch (error) {
    toast.error(errorMessage(error));
    throw error;
  }
}

/**
 * What was the spec's "Delete": 'Disable' with a required reason (nothing is erased; the customer is
 * signed out, their open orders are cancelled and they are mailed the reason), 'Enable account' once
 * disabled. Not offered on the admin's own account (the server refuses it too).
 */
export function AccountStatusAction({
  userId,
  name,
  status,
}: {
  readonly userId: string;
  readonly name: string;
  readonly status: AccountStatus;
}) {
  const [open, setOpen] = useState(false);
  const mutation = useSetUserStatus();
  const disabling = status === 'ACTIVE';
  return (
    <>
      <Button
        variant={disabling ? 'danger' : 'success'}
        aria-label={disabling ? `Disable ${name}` : `Enable ${name}`}
        onClick={() => setOpen(true)}
      >
        {disabling ? messages.adminDisableAction : messages.adminEnableAccount}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={disabling ? messages.confirmDisableAccountWithReason : messages.confirmEnableAccount}
        confirmVariant={disabling ? 'danger' : 'primary'}
        reasonRequired={disabling}
        onConfirm={(reason) =>
          reported(
            mutation.mutateAsync({
              userId,
              status: disabling ? 'DISABLED' : 'ACTIVE',
              ...(reason ? { reason } : {}),
            }),
          )
        }
      />
    </>
  );
}

/**
 * 'Freeze withdrawals' with a required reason: coin and USD withdrawals and NFT send-outs are refused
 * while trading stays on; 'Unfreeze withdrawals' lifts it. Both are audited and mailed.
 */
export function WithdrawalFreezeAction({
  userId,
  name,
  frozen,
}: {
  readonly userId: string;
  readonly name: string;
  readonly frozen: boolean;
}) {
  const [open, setOpen] = useState(false);
  const mutation = useSetWithdrawalFreeze();
  return (
    <>
      <Button
        variant="secondary"
        aria-label={frozen ? `Unfreeze withdrawals of ${name}` : `Freeze withdrawals of ${name}`}
        onClick={() => setOpen(true)}
      >
        {frozen ? messages.adminUnfreezeWithdrawals : messages.adminFreezeWithdrawals}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={frozen ? messages.confirmUnfreezeWithdrawals : messages.confirmFreezeWithdrawals}
        confirmVariant={frozen ? 'primary' : 'danger'}
        reasonRequired={!frozen}
        onConfirm={(reason) =>
          reported(mutation.mutateAsync({ userId, frozen: !frozen, ...(reason ? { reason } : {}) }))
        }
      />
    </>
  );
}
