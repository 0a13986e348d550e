import { type AdminSupportTicket, displayedTicketStatus } from '@exchange/contracts';
import { type BadgeTone, StatusBadge } from '../../../components/ui/badge';

/** Admin support colours (spec section 4): ACTIVE green, PENDING yellow, CLOSED red. */
const TONES: Record<string, BadgeTone> = {
  ACTIVE: 'success',
  SUCCESS: 'success',
  PENDING: 'warning',
  CLOSED: 'danger',
};

/** A ticket's status as the admin screens show it (INACTIVE reads PENDING), in its colour. */
export function TicketStatus({ status }: { readonly status: AdminSupportTicket['status'] }) {
  const shown = displayedTicketStatus(status);
  return <StatusBadge status={shown} tone={TONES[shown] ?? 'neutral'} />;
}
