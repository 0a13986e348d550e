import type { SupportTicket } from '@exchange/contracts';
import type { TicketRow } from './support.repository';

/** A ticket as the API shows it. */
export function toTicketView(row: TicketRow, userName: string): SupportTicket {
  return {
    _id: row.id,
    subject: row.subject,
    description: row.description,
    status: row.status,
    answer: row.answer,
    answered_at: row.answeredAt ? row.answeredAt.toISOString() : null,
    user: { name: userName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
