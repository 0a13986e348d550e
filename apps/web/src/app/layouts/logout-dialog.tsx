import { messages } from '@exchange/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

export interface LogoutDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onConfirm: () => Promise<void>;
  /** The customer and admin areas ask in different words (spec section 2). */
  readonly variant: 'user' | 'admin';
}

export function LogoutDialog({ open, onOpenChange, onConfirm, variant }: LogoutDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={variant === 'user' ? messages.logoutConfirmUser : messages.logoutConfirmAdmin}
      confirmLabel={variant === 'user' ? 'YES' : 'Yes'}
      cancelLabel={variant === 'user' ? 'No' : 'NO'}
      confirmVariant="danger"
      onConfirm={onConfirm}
      closeOnConfirm={false}
    />
  );
}
