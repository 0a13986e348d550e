import { messages, type Role } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useSetUserRole } from '../api/user-role';

/**
 * Issue 46 point 6: a role changes on the user's page, not only through the API. 'Make admin' or
 * 'Make customer' asks first, then the server changes it in one audited transaction and signs the
 * user out everywhere. The page does not offer it on the admin's own account (the server refuses
 * that too).
 */
export function UserRoleAction({
  userId,
  name,
  role,
}: {
  readonly userId: string;
  readonly name: string;
  readonly role: Role;
}) {
  const [open, setOpen] = useState(false);
  const mutation = useSetUserRole();
  const next: Role = role === 'ADMIN' ? 'USER' : 'ADMIN';
  const label = next === 'ADMIN' ? messages.userRoleMakeAdmin : messages.userRoleMakeCustomer;
  const confirm = async () => {
    try {
      const response = await mutation.mutateAsync({ userId, role: next });
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
  };
  return (
    <>
      <Button variant="secondary" aria-label={`${label}: ${name}`} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={next === 'ADMIN' ? messages.confirmMakeAdmin : messages.confirmMakeCustomer}
        onConfirm={confirm}
        closeOnConfirm
      />
    </>
  );
}
