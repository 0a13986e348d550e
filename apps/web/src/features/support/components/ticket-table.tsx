import { displayedTicketStatus, messages, type SupportTicket } from '@exchange/contracts';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useMyTickets } from '../api/get-my-tickets';
import { TicketThreadDialog } from './ticket-thread';

export const ticketColumns: readonly Column<SupportTicket>[] = [
  {
    id: 'createdAt',
    header: 'Date',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
  },
  {
    id: 'subject',
    header: 'Subject',
    cell: (row) => (
      <span className="flex max-w-xs flex-col">
        <span className="wrap-anywhere font-medium text-ink">{row.subject}</span>
        <span className="wrap-anywhere text-xs text-muted">{row.description}</span>
      </span>
    ),
  },
  {
    id: 'answer',
    header: 'Answer',
    cell: (row) =>
      row.answer ? (
        <span className="block max-w-xs wrap-anywhere">{row.answer}</span>
      ) : (
        <span className="text-muted">Awaiting reply</span>
      ),
  },
  {
    id: 'status',
    header: 'Status',
    align: 'center',
    // The spec shows INACTIVE as PENDING, in PENDING's colour.
    cell: (row) => <StatusBadge status={displayedTicketStatus(row.status)} />,
  },
];

/**
 * The user's tickets with the administrator's answer and the status; View opens the conversation,
 * where the customer replies (issue 46 point 7).
 */
export function TicketTable() {
  const tickets = useMyTickets();
  const [open, setOpen] = useState<string | null>(null);
  const columns: readonly Column<SupportTicket>[] = [
    ...ticketColumns,
    {
      id: 'thread',
      header: messages.supportThreadTitle,
      cell: (row) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`View ${row.subject}`}
          onClick={() => setOpen(row._id)}
        >
          {messages.supportView}
        </Button>
      ),
    },
  ];
  return (
    <>
      <TicketThreadDialog ticketId={open} onClose={() => setOpen(null)} />
      <DataTable
        label="Your tickets"
        columns={columns}
        rows={tickets.data}
        rowKey={(row) => row._id}
        loading={tickets.isFetching}
        error={tickets.error ? errorMessage(tickets.error) : undefined}
        onRetry={() => void tickets.refetch()}
        emptyMessage={messages.noDataFound}
      />
    </>
  );
}
