import { type AccountStatus, messages } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useSetUserStatus } from '../api/admin-users';

/**
 * The spec's "Delete" button: it disables the account (nothing is erased; the user is signed out and
 * their open orders are cancelled) after a confirmation, and becomes "Enable account" once disabled.
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
  const confirm = async () => {
    try {
      const response = await mutation.mutateAsync({ userId, status: disabling ? 'DISABLED' : 'ACTIVE' });
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
  };
  return (
    <>
      <Button
        variant={disabling ? 'danger' : 'success'}
        aria-label={disabling ? `Delete (disable) ${name}` : `Enable ${name}`}
        onClick={() => setOpen(true)}
      >
        {disabling ? messages.adminDisableAccount : messages.adminEnableAccount}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={disabling ? messages.confirmDisableAccount : messages.confirmEnableAccount}
        confirmLabel="Yes"
        cancelLabel="NO"
        confirmVariant={disabling ? 'danger' : 'primary'}
        onConfirm={confirm}
      />
    </>
  );
}
